import { Tag } from 'antd'
import type { BaseRecord } from '@refinedev/core'
import type { EntityDef } from '../../schema/types'
import { useTranslate } from '../i18n/translate'
import { useConsole } from '../ConsoleContext'
import { sizeText } from '../resources/units'
import './relation-option.css'

/** The field of an entity drawn with a given widget ("image", "seconds", "file-size"), if it has one. */
function fieldWith(entity: EntityDef, widget: string): string | undefined {
  const properties = (entity.schema.properties ?? {}) as Record<string, Record<string, unknown>>
  return Object.keys(properties).find((name) => properties[name]?.['x-widget'] === widget)
}

/**
 * One record in a picker: its title, and what tells it apart at a glance where its entity has
 * them: a thumbnail, its length (or a still's size in pixels), its file size, and whose it is
 * when it is not the person's own (a platform or partner library's).
 */
export function RelationOption({ entity, title, record }: { entity: EntityDef; title: string; record?: BaseRecord }) {
  const t = useTranslate()
  const { locale } = useConsole()
  if (!record) return <span className="relation-option-title">{title}</span>
  const thumb = fieldWith(entity, 'image')
  const seconds = fieldWith(entity, 'seconds')
  const size = fieldWith(entity, 'file-size')
  const facts: string[] = []
  const length = seconds ? Number(record[seconds] ?? 0) : 0
  if (length > 0) facts.push(t('task.seconds', { seconds: new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(length) }))
  else if (record.width && record.height) facts.push(`${String(record.width)} × ${String(record.height)}`)
  if (size && Number(record[size]) > 0) facts.push(sizeText(Number(record[size])))
  const owner = entity.owner && record._readonly ? (record._titles as Record<string, string | null> | undefined)?.[entity.owner] : undefined
  const picture = thumb ? String(record[thumb] ?? '') : ''
  return (
    <span className="relation-option">
      {thumb ? picture ? <img className="relation-option-thumb" src={picture} alt="" loading="lazy" /> : <span className="relation-option-thumb" aria-hidden /> : null}
      <span className="relation-option-text">
        <span className="relation-option-title">{title}</span>
        {facts.length > 0 || owner ? (
          <span className="relation-option-facts">
            {facts.join(' · ')}
            {owner ? <Tag className="relation-option-owner">{t('relation.sharedBy', { owner })}</Tag> : null}
          </span>
        ) : null}
      </span>
    </span>
  )
}
