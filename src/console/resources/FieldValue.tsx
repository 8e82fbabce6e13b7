import { Image, Progress, Tag, Typography } from 'antd'
import { useTranslate } from '../i18n/translate'
import dayjs from 'dayjs'
import { Link } from 'react-router'
import { useGetIdentity } from '@refinedev/core'
import type { Identity } from '../providers/authProvider'
import { resourceAllows } from '../providers/accessControlProvider'
import { useConsole } from '../ConsoleContext'
import { enumColor, enumLabel, relationTitle, type FieldInfo } from './fields'
import { formatMoney } from './money'
import { sizeText } from './units'
import { RichTextView } from '../rich-text/RichTextView'
import { htmlToPlainText } from '../rich-text/plain-text'
import { MediaPreview } from './MediaPreview'
import { messageText } from '../../schema/messages'
import { DATE_FORMAT, DATE_TIME_FORMAT, LIST_TIME_FORMAT } from './column-width'
import './field-value.css'

/** Shown where a picture does not load (a platform's avatar address that has expired): a plain frame, not the browser's broken image. */
const IMAGE_FALLBACK = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="4" fill="#f0f0f0"/><path d="M8 22l5-6 4 4 3-3 4 5z" fill="#bfbfbf"/><circle cx="20" cy="11" r="2.5" fill="#bfbfbf"/></svg>')}`

/** A figure (an amount, a count, a size, a length): digits of one width, so a column's figures line up, and never broken. */
const FIGURE = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const

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
        <span style={FIGURE}>
          {formatMoney(String(value))} <span className="field-muted">{t('money.currency')}</span>
        </span>
      )
    case 'count':
      // A number of things (views, tokens, quota) with its thousands grouped, as the locale groups them.
      return <span style={FIGURE}>{new Intl.NumberFormat(locale).format(Number(value))}</span>
    case 'fileSize':
      return <span style={FIGURE}>{sizeText(Number(value))}</span>
    case 'fileFormat':
      return <span title={String(value)}>{fileFormat(String(value), record)}</span>
    case 'seconds':
      // A length of nothing is a still, or a file with no time at all: its size in pixels tells more, or nothing does.
      if (Number(value) === 0) return record?.width && record.height ? <span style={FIGURE}>{`${String(record.width)} × ${String(record.height)}`}</span> : <span className="field-muted">—</span>
      return <span style={FIGURE}>{t('task.seconds', { seconds: new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(Number(value)) })}</span>
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
    case 'enumList': {
      // Each value of an array of enum values (the roles an assistant serves) as its own tag.
      const items = { schema: field.schema.items as FieldInfo['schema'] }
      const values = Array.isArray(value) ? value : []
      if (values.length === 0) return <span className="field-muted">—</span>
      return (
        <span className="field-tags">
          {values.map((v) => (
            <Tag key={String(v)} color={enumColor(items, v)} className="field-tag">
              {enumLabel(items, v, locale)}
            </Tag>
          ))}
        </span>
      )
    }
    case 'textList': {
      // Texts kept in order (a plan's titles, used in turn): one a line on a detail page, joined in a list cell.
      const texts = Array.isArray(value) ? value.map(String) : []
      if (texts.length === 0) return <span className="field-muted">—</span>
      if (layout === 'cell') return <Ellipsis text={texts.join(' · ')} />
      return (
        <ol className="field-text-list">
          {texts.map((text, index) => (
            <li key={index}>{text}</li>
          ))}
        </ol>
      )
    }
    case 'relation': {
      // The related record's title where the caller may see it, else its id.
      const title = relationTitle(record, field.name)
      if (title === undefined) return <span className="field-muted">#{String(value)}</span>
      // On a detail page the record leads to its own (a work to the task that made it).
      if (layout === 'detail') return <RelationLink entity={String(field.schema['x-relation'])} id={value} title={title} />
      return (
        <span className={layout === 'cell' ? 'field-ellipsis' : undefined} title={`${title} #${String(value)}`}>
          {title}
        </span>
      )
    }
    case 'image':
      return <Image src={String(value)} width={32} height={32} style={{ objectFit: 'contain' }} alt="" fallback={IMAGE_FALLBACK} />
    case 'media':
      return <MediaPreview url={String(value)} kind={record?.kind} poster={stringOf(record?.cover_url) ?? stringOf(record?.thumb_url)} title={stringOf(record?.name) ?? stringOf(record?.title)} layout={layout} />
    case 'progress':
      return <Progress percent={Number(value)} size="small" style={{ minWidth: 80, margin: 0 }} />
    case 'shareLink':
      return <ShareLink code={String(value)} layout={layout} />
    case 'message': {
      // What the platform wrote (a ledger row's task, an exchange), in the page's language.
      const text = messageText(field.schema, value, locale)
      if (text === undefined) return <span className="field-muted">—</span>
      return layout === 'detail' ? <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{text}</span> : <Ellipsis text={text} />
    }
    case 'richText':
      // The server sanitised it when it was saved; a list has room for its words only.
      return layout === 'detail' ? <RichTextView html={String(value)} /> : <Ellipsis text={htmlToPlainText(String(value))} />
    default: {
      // A text the server wrote in both locales (a task's stage, why it failed) reads in the console's.
      const localized = localizedText(value, locale)
      if (localized === '') return <span className="field-muted">—</span>
      const text = localized ?? (typeof value === 'object' ? JSON.stringify(value) : String(value))
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

/** An authorization link's code as the address to send, with a button that copies it whole. */
function ShareLink({ code, layout }: { code: string; layout: 'cell' | 'detail' }) {
  const t = useTranslate()
  const url = `${window.location.origin}/batchAuthorization?link=${encodeURIComponent(code)}`
  return (
    <span className={layout === 'cell' ? 'field-share-link' : undefined}>
      <Typography.Text copyable={{ text: url, tooltips: [t('shareLink.copy'), t('shareLink.copied')] }}>
        <a href={url} target="_blank" rel="noreferrer" className={layout === 'cell' ? 'field-ellipsis' : undefined} title={url}>
          {url}
        </a>
      </Typography.Text>
    </span>
  )
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined
}

/** { "zh-CN": …, "en-US": … } in the locale ('' for {}), else undefined: the value is no such text. */
export function localizedText(value: unknown, locale: string): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined
  const texts = value as Record<string, unknown>
  const keys = Object.keys(texts)
  if (keys.length === 0) return ''
  if (!keys.every((k) => /^[a-z]{2}-[A-Z]{2}$/.test(k) && typeof texts[k] === 'string')) return undefined
  return (texts[locale] ?? texts['en-US'] ?? texts[keys[0]!]) as string
}

/** A related record's title, a link to its detail page where the signed-in role may open one. */
function RelationLink({ entity, id, title }: { entity: string; id: unknown; title: string }) {
  const { registry } = useConsole()
  const role = useGetIdentity<Identity>().data?.role
  const screen = role ? [...registry.resources.values()].find((r) => r.entity === entity && resourceAllows(registry, r.name, 'show', role)) : undefined
  if (!screen) return <span title={`${title} #${String(id)}`}>{title}</span>
  return (
    <Link to={`${screen.route}/show/${String(id)}`} title={`${title} #${String(id)}`}>
      {title}
    </Link>
  )
}

/**
 * A file's format as people name it: the extension it is kept under ("MP4"), not ffprobe's list
 * of the formats its container may be ("mov,mp4,m4a,3gp,3g2,mj2"), which stays in the title.
 */
export function fileFormat(value: string, record: Record<string, unknown> | undefined): string {
  const kept = typeof record?.url === 'string' ? /\.([a-z0-9]{2,5})$/i.exec(record.url.split('?')[0]!)?.[1] : undefined
  return (kept ?? value.split(',')[0]!).toUpperCase()
}
