import type { EntityDef, Label, Locale, ResourceDef } from '../../schema/types'

export type RecordPage = 'show' | 'create' | 'edit'

/** What one record of a screen is called: the resource's `record`, else its entity's x-label, else the screen's name. */
export function recordLabel(def: Pick<ResourceDef, 'record' | 'label'>, entity: Pick<EntityDef, 'label'> | undefined): Label {
  return def.record ?? entity?.label ?? def.label
}

/**
 * The words a page title template gets: `screen` (Merchants), `record` (Merchant) and
 * `recordInSentence` (merchant, for "New merchant"; an acronym such as "ICP filing" keeps its case).
 */
export function titleParams(def: Pick<ResourceDef, 'record' | 'label' | 'name'>, entity: Pick<EntityDef, 'label'> | undefined, locale: Locale): Record<string, string> {
  const screen = def.label[locale] ?? def.name
  const record = recordLabel(def, entity)[locale] ?? screen
  const recordInSentence = /^\p{Lu}\p{Ll}/u.test(record) ? record[0]!.toLowerCase() + record.slice(1) : record
  return { screen, record, recordInSentence }
}
