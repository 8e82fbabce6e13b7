import type { EntityDef, JsonSchema, Label, Locale, Registry, ResourceDef } from '../../schema/types'
import { resolveRef } from '../../schema/entity'
import { enumValueLabel } from '../../schema/enum-labels'

/** How a field is shown and edited, chosen by its schema (type, format, enum, x-widget), never per page. */
export type FieldKind = 'money' | 'datetime' | 'flag' | 'boolean' | 'enum' | 'enumList' | 'image' | 'media' | 'progress' | 'shareLink' | 'relation' | 'richText' | 'count' | 'fileSize' | 'seconds' | 'fileFormat' | 'integer' | 'number' | 'textList' | 'message' | 'text'

/** Where a record carries the titles of the records its x-relation fields point to. */
export const TITLES = '_titles'

export interface FieldInfo {
  name: string
  schema: JsonSchema
  label?: Label
  kind: FieldKind
}

/** The fields a record shows, in declaration order: its public schema's, less the titles that go with relations. */
export function recordFields(registry: Pick<Registry, 'schemas'>, entity: EntityDef): FieldInfo[] {
  return Object.keys(entity.schema.properties as object)
    .filter((name) => name !== TITLES)
    .map((name) => fieldOf(registry, entity, name))
}

/** The fields a resource's detail page shows: those its `show` names, in order, else every field of the record. */
export function detailFields(registry: Pick<Registry, 'schemas'>, def: Pick<ResourceDef, 'show'>, entity: EntityDef): FieldInfo[] {
  return def.show ? def.show.fields.map((name) => fieldOf(registry, entity, name)) : recordFields(registry, entity)
}

/** The title the server sent for a relation field's record, if the caller may see it. */
export function relationTitle(record: Record<string, unknown> | undefined, field: string): string | undefined {
  const titles = record?.[TITLES] as Record<string, string | null> | undefined
  return titles?.[field] ?? undefined
}

/** What an enum value is called in the locale (x-enum-labels, in the order of enum), else the value itself. */
export function enumLabel(field: Pick<FieldInfo, 'schema'>, value: unknown, locale: Locale): string {
  return enumValueLabel(field.schema, value, locale)
}

/** Tag colours for the values of an enum without x-enum-colors, by position: told apart, none alarming. */
const ENUM_PALETTE = ['blue', 'green', 'purple', 'cyan', 'gold', 'geekblue', 'magenta', 'lime']

/**
 * The tag colour of an enum value: the one x-enum-colors gives it, else one by the value's
 * position, so every enum reads as a tag; undefined (antd's grey) for a value not in the enum.
 */
export function enumColor(field: Pick<FieldInfo, 'schema'>, value: unknown): string | undefined {
  const colors = field.schema['x-enum-colors'] as string[] | undefined
  const index = (field.schema.enum as unknown[] | undefined)?.indexOf(value) ?? -1
  if (index < 0) return undefined
  return colors ? colors[index] : ENUM_PALETTE[index % ENUM_PALETTE.length]
}

/**
 * A field of an entity's public schema, with `$ref`s resolved; a field whose values are the
 * task kinds (x-enum-from) is an enum of them, named by their labels.
 */
export function fieldOf(registry: Pick<Registry, 'schemas'> & Partial<Pick<Registry, 'tasks'>>, entity: EntityDef, name: string): FieldInfo {
  let schema = ((entity.schema.properties as Record<string, JsonSchema>)[name] ?? {}) as JsonSchema
  if (typeof schema.$ref === 'string') schema = { ...(resolveRef(schema.$ref, entity.schema, registry.schemas) as JsonSchema), ...schema, $ref: undefined }
  if (schema['x-enum-from'] === 'tasks' && registry.tasks) {
    const kinds = [...registry.tasks.values()]
    schema = { ...schema, enum: kinds.map((k) => k.name), 'x-enum-labels': kinds.map((k) => k.label) }
  }
  return { name, schema, label: schema['x-label'] as Label | undefined, kind: kindOf(schema) }
}

function kindOf(schema: JsonSchema): FieldKind {
  const types = ([] as unknown[]).concat(schema.type ?? []).filter((t) => t !== 'null')
  if (schema.format === 'money') return 'money'
  if (schema.format === 'date-time' || schema.format === 'date') return 'datetime'
  if (schema['x-widget'] === 'image') return 'image'
  if (schema['x-widget'] === 'media') return 'media'
  if (schema['x-widget'] === 'progress') return 'progress'
  if (schema['x-widget'] === 'share-link') return 'shareLink'
  if (schema['x-widget'] === 'count') return 'count'
  if (schema['x-widget'] === 'file-size') return 'fileSize'
  if (schema['x-widget'] === 'seconds') return 'seconds'
  if (schema['x-widget'] === 'file-format') return 'fileFormat'
  if (schema.contentMediaType === 'text/html') return 'richText'
  if (schema['x-messages']) return 'message'
  if (typeof schema['x-relation'] === 'string') return 'relation'
  // A 0/1 enum reads as yes/no, unless x-enum-labels names its values (enabled/disabled).
  if (Array.isArray(schema.enum)) return isFlag(schema.enum) && !schema['x-enum-labels'] ? 'flag' : 'enum'
  const items = schema.items as JsonSchema | undefined
  if (types[0] === 'array' && Array.isArray(items?.enum)) return 'enumList'
  if (types[0] === 'array' && items?.type === 'string') return 'textList'
  if (types[0] === 'boolean') return 'boolean'
  if (types[0] === 'integer') return 'integer'
  if (types[0] === 'number') return 'number'
  return 'text'
}

/** The platform's 0/1 switches (is_default, can_transfer_money, ...) read as yes/no. */
function isFlag(values: unknown[]): boolean {
  return values.length === 2 && values.includes(0) && values.includes(1)
}
