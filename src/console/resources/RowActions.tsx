import type { MouseEvent, ReactNode } from 'react'
import { App, Dropdown, theme } from 'antd'
import { DeleteOutlined, DownOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons'
import { useDelete, useGo, useNavigation, type BaseKey, type BaseRecord } from '@refinedev/core'
import { useTranslate } from '../i18n/translate'
import type { ResourceAction } from '../../schema/types'
import { useConsole, useLabel } from '../ConsoleContext'
import { useConfirmDelete } from './useConfirmDelete'
import { appliesTo, fillLink, isPlainClick, newTabRel, playsSound, rowMatches, soundQuery } from './actions'
import { fetchPlayable, useSoundPreview } from '../forms/useSoundPreview'
import './row-actions.css'

/** Named actions shown as words in the row; more than this and the rest go under "More". */
const INLINE_ACTIONS = 1

export interface RowPermissions {
  show: boolean
  edit: boolean
  delete: boolean
  /** Only rows with these field values may be deleted (resource "deleteWhen"). */
  deleteWhen?: Record<string, unknown>
  /** The signed-in account's id, for conditions naming "$me". */
  me?: unknown
}

/** The named actions a row shows as words, and those under "More": past two, only the first stays. */
export function splitActions<T>(actions: readonly T[]): { inline: T[]; rest: T[] } {
  const inline = actions.length > INLINE_ACTIONS + 1 ? actions.slice(0, INLINE_ACTIONS) : [...actions]
  return { inline, rest: actions.slice(inline.length) }
}

/**
 * Show, edit and delete for the rows of a list, as plain icon links with one set of hooks
 * for the whole table. Refine's and antd's buttons each run their own hooks, effects and
 * styles; sixty of them took a third of the time a page of 20 rows needs to appear. `cell`
 * draws a row's; `sound`, drawn once beside the table, plays what a row's sound action asks for.
 */
export function useRowActions(resource: string, allowed: RowPermissions, actions: ResourceAction[] = [], openAction?: (action: ResourceAction, record: BaseRecord) => void) {
  const t = useTranslate()
  const label = useLabel()
  const go = useGo()
  const { showUrl, editUrl } = useNavigation()
  const { mutate: remove } = useDelete()
  const { registry, http, locale } = useConsole()
  const { message } = App.useApp()
  const sound = useSoundPreview((problem) => void message.error(problem), t('voice.previewFailed'))
  const askDelete = useConfirmDelete(registry.resources.get(resource)?.entity ?? resource)
  const { token } = theme.useToken()

  // A real link, so a middle click or "open in new tab" works; a plain click navigates in the app.
  const link = (label: string, icon: ReactNode, url: string) => (
    <a
      className="row-action"
      href={url}
      title={label}
      aria-label={label}
      style={{ color: token.colorLink }}
      onClick={(event: MouseEvent) => {
        if (!isPlainClick(event)) return
        event.preventDefault()
        go({ to: url })
      }}
    >
      {icon}
    </a>
  )

  const confirmDelete = (id: BaseKey) =>
    void askDelete({ title: t('list.deleteConfirm'), ids: [Number(id)], remove: () => new Promise<void>((resolve) => remove({ resource, id }, { onSettled: () => resolve() })) })

  // Named actions are words, not icons: "Adjust balance" has no icon anyone would guess.
  const follow = (url: string) => (event: MouseEvent) => {
    if (!isPlainClick(event)) return
    event.preventDefault()
    go({ to: url })
  }
  const named = (action: ResourceAction, record: BaseRecord, className: string) => {
    const text = label(action.label, action.name)
    const color = action.danger ? token.colorErrorText : token.colorLink
    if (action.link) {
      const url = fillLink(action.link, record)
      if (action.newTab) return <a key={action.name} className={className} href={url} target="_blank" rel={newTabRel(url)} style={{ color }}>{text}</a>
      return <a key={action.name} className={className} href={url} style={{ color }} onClick={follow(url)}>{text}</a>
    }
    return (
      <button key={action.name} type="button" className={className} style={{ color }} onClick={() => run(action, record)}>
        {wordsOf(action, record)}
      </button>
    )
  }
  // A sound (a voice trying a sentence) plays with the press, no dialog first; pressed again, it stops.
  const soundKey = (action: ResourceAction, record: BaseRecord) => `${action.name}:${String(record.id)}`
  const wordsOf = (action: ResourceAction, record: BaseRecord) => (playsSound(registry, action) && sound.playing === soundKey(action, record) ? t('voice.stop') : label(action.label, action.name))
  const run = (action: ResourceAction, record: BaseRecord) => {
    if (!playsSound(registry, action)) return openAction?.(action, record)
    const path = registry.endpoints.get(action.endpoint!)!.path
    sound.toggle(soundKey(action, record), async () => fetchPlayable(await http.downloadUrl(path, soundQuery(registry, action, record, locale)), locale))
  }
  // Past a couple of words the column would crowd out the data, so the rest wait in a menu. There the
  // whole item is the control, not only its words: the menu runs an action, on a click anywhere on
  // the item and on Enter. A link stays a link (a middle click, a new tab), which antd stretches over
  // its item; Enter, which reaches the item alone, follows it as a click would.
  const more = (rest: ResourceAction[], record: BaseRecord) => (
    <Dropdown
      trigger={['click']}
      autoFocus
      menu={{
        items: rest.map((action) => ({ key: action.name, label: action.link ? named(action, record, 'row-action-menu-item') : wordsOf(action, record), danger: action.danger })),
        onClick: ({ key, domEvent }) => {
          const action = rest.find((a) => a.name === key)
          if (!action) return
          if (!action.link) run(action, record)
          else if (domEvent.type === 'keydown') (domEvent.target as HTMLElement).querySelector('a')?.click()
        },
      }}
    >
      <button type="button" className="row-action row-action-text" style={{ color: token.colorLink }}>
        {t('actions.more')} <DownOutlined style={{ fontSize: 10, marginLeft: 4 }} />
      </button>
    </Dropdown>
  )

  const namedActions = (record: BaseRecord) => {
    const { inline, rest } = splitActions(actions.filter((action) => appliesTo(action, record, allowed.me)))
    return (
      <>
        {inline.map((action) => named(action, record, 'row-action row-action-text'))}
        {rest.length > 0 && more(rest, record)}
      </>
    )
  }

  // A record shared from above (`_readonly`) is there to use, not to change.
  const cell = (record: BaseRecord) => {
    const id = record.id!
    return (
    <span className="row-actions">
      {allowed.show && link(t('buttons.show'), <EyeOutlined />, showUrl(resource, id))}
      {allowed.edit && !record._readonly && link(t('buttons.edit'), <EditOutlined />, editUrl(resource, id))}
      {allowed.delete && !record._readonly && rowMatches(allowed.deleteWhen, record, allowed.me) && (
        <button type="button" className="row-action" title={t('buttons.delete')} aria-label={t('buttons.delete')} style={{ color: token.colorErrorText }} onClick={() => confirmDelete(id)}>
          <DeleteOutlined />
        </button>
      )}
      {namedActions(record)}
    </span>
    )
  }
  return { cell, sound: sound.audio }
}
