import { Image, Tag } from 'antd'
import { useTranslate } from '@refinedev/core'
import dayjs from 'dayjs'
import { useConsole } from '../ConsoleContext'
import { enumColor, enumLabel, relationTitle, type FieldInfo } from './fields'
import { RichTextView } from '../rich-text/RichTextView'
import { htmlToPlainText } from '../rich-text/plain-text'
import './field-value.css'

/**
 * A field's value as lists (`cell`, the default) and detail pages (`detail`) show it;
 * `record` supplies the titles of related records.
 */
export function FieldValue({ field, value, record, layout = 'cell' }: { field: FieldInfo; value: unknown; record?: Record<string, unknown>; layout?: 'cell' | 'detail' }) {
  const t = useTranslate()
  const { locale } = useConsole()
  if (value === null || value === undefined || value === '') return <span className="field-muted">—</span>
  switch (field.kind) {
    case 'money':
      return (
        <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {String(value)} <span className="field-muted">{t('money.currency')}</span>
        </span>
      )
    case 'datetime':
      return <span style={{ whiteSpace: 'nowrap' }}>{dayjs(String(value)).format(field.schema.format === 'date' ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH:mm:ss')}</span>
    case 'flag':
    case 'boolean':
      return value === 1 || value === true ? <Tag color="blue">{t('value.yes')}</Tag> : <Tag>{t('value.no')}</Tag>
    case 'enum': {
      const color = enumColor(field, value)
      return color ? <Tag color={color}>{enumLabel(field, value, locale)}</Tag> : <span>{enumLabel(field, value, locale)}</span>
    }
    case 'relation': {
      // The related record's title where the caller may see it, else its id.
      const title = relationTitle(record, field.name)
      return title === undefined ? <span className="field-muted">#{String(value)}</span> : <span title={`#${String(value)}`}>{title}</span>
    }
    case 'image':
      return <Image src={String(value)} width={32} height={32} style={{ objectFit: 'contain' }} alt="" />
    case 'richText':
      // The server sanitised it when it was saved; a list has room for its words only.
      return layout === 'detail' ? <RichTextView html={String(value)} /> : <Ellipsis text={htmlToPlainText(String(value))} />
    default:
      return <Ellipsis text={typeof value === 'object' ? JSON.stringify(value) : String(value)} />
  }
}

/** Plain CSS ellipsis with a native title: antd's measured ellipsis costs a layout pass per cell. */
function Ellipsis({ text }: { text: string }) {
  return (
    <span title={text} style={{ display: 'inline-block', maxWidth: 280, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', verticalAlign: 'bottom' }}>
      {text}
    </span>
  )
}
