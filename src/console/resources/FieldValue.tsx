import { Image, Tag } from 'antd'
import { useTranslate } from '../i18n/translate'
import dayjs from 'dayjs'
import { useConsole } from '../ConsoleContext'
import { enumColor, enumLabel, relationTitle, type FieldInfo } from './fields'
import { formatMoney } from './money'
import { RichTextView } from '../rich-text/RichTextView'
import { htmlToPlainText } from '../rich-text/plain-text'
import { DATE_FORMAT, DATE_TIME_FORMAT, LIST_TIME_FORMAT } from './column-width'
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
          {formatMoney(String(value))} <span className="field-muted">{t('money.currency')}</span>
        </span>
      )
    case 'datetime': {
      // A list shows a time to the minute, the seconds in its title; a detail page shows them all.
      const time = dayjs(String(value))
      if (field.schema.format === 'date') return <span style={{ whiteSpace: 'nowrap' }}>{time.format(DATE_FORMAT)}</span>
      const whole = time.format(DATE_TIME_FORMAT)
      return layout === 'cell' ? (
        <span style={{ whiteSpace: 'nowrap' }} title={whole}>
          {time.format(LIST_TIME_FORMAT)}
        </span>
      ) : (
        <span style={{ whiteSpace: 'nowrap' }}>{whole}</span>
      )
    }
    case 'flag':
    case 'boolean':
      return value === 1 || value === true ? <Tag color="blue">{t('value.yes')}</Tag> : <Tag>{t('value.no')}</Tag>
    case 'enum': {
      const name = enumLabel(field, value, locale)
      return (
        <Tag color={enumColor(field, value)} className="field-tag" title={name}>
          {name}
        </Tag>
      )
    }
    case 'relation': {
      // The related record's title where the caller may see it, else its id.
      const title = relationTitle(record, field.name)
      if (title === undefined) return <span className="field-muted">#{String(value)}</span>
      return (
        <span className={layout === 'cell' ? 'field-ellipsis' : undefined} title={`${title} #${String(value)}`}>
          {title}
        </span>
      )
    }
    case 'image':
      return <Image src={String(value)} width={32} height={32} style={{ objectFit: 'contain' }} alt="" />
    case 'richText':
      // The server sanitised it when it was saved; a list has room for its words only.
      return layout === 'detail' ? <RichTextView html={String(value)} /> : <Ellipsis text={htmlToPlainText(String(value))} />
    default: {
      const text = typeof value === 'object' ? JSON.stringify(value) : String(value)
      return layout === 'detail' ? <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{text}</span> : <Ellipsis text={text} />
    }
  }
}

/**
 * One line as wide as its column, cut with an ellipsis, whole in the native tooltip: antd's
 * measured ellipsis and Tooltip cost a layout pass and a component per cell.
 */
function Ellipsis({ text }: { text: string }) {
  return (
    <span className="field-ellipsis" title={text}>
      {text}
    </span>
  )
}
