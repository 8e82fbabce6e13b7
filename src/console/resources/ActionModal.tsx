import { useEffect, useMemo, useRef, useState } from 'react'
import { App, Modal } from 'antd'
import { useInvalidate, type BaseKey } from '@refinedev/core'
import { useTranslate } from '../i18n/translate'
import { useQueryClient } from '@tanstack/react-query'
import type { ResourceAction } from '../../schema/types'
import { useConsole, useLabel } from '../ConsoleContext'
import { endpointForm } from '../forms/form-schema'
import { SchemaForm } from '../forms/SchemaForm'
import { FormNotices, useFormStart } from '../forms/FormNotices'
import { fetchPlayable, useSoundPreview } from '../forms/useSoundPreview'
import { actionFields, openDownload } from './actions'
import { headerQueryKey } from './header-props'
import { ApiError } from '../providers/ApiError'
import { newVisit, submissionKey } from '../providers/submission-key'

export interface ActionModalProps {
  resource: string
  action: ResourceAction
  /** The row a row action was opened on. */
  record?: Record<string, unknown>
  /** The list's filters as query parameters: a download exports what the list shows. */
  filters?: Record<string, unknown>
  onClose: () => void
}

/**
 * An endpoint action's form in a dialog: the body of its endpoint, the row's id bound and
 * the row's values as a start. Field errors from the server land on their fields; the
 * dialog closes only once the call has succeeded, and the list is read again. A download's
 * form (an export's file format) opens its link instead, with the list's filters. An action
 * with nothing to ask (pause a plan) has no dialog: it runs at once, a dangerous one once confirmed.
 */
export default function ActionModal({ resource, action, record, filters, onClose }: ActionModalProps) {
  const t = useTranslate()
  const label = useLabel()
  const { message, modal } = App.useApp()
  const { registry, http, locale } = useConsole()
  const invalidate = useInvalidate()
  const queryClient = useQueryClient()
  const endpoint = registry.endpoints.get(action.endpoint!)!
  const form = useMemo(() => endpointForm(registry, endpoint.id, locale, { fields: actionFields(registry, action) }), [registry, endpoint.id, locale, action])
  const [saving, setSaving] = useState(false)
  // One visit per dialog opened: it closes once its call is taken.
  const visit = useRef(newVisit())
  // A sound a "plays" endpoint makes starts with the press, and the same button stops it: no player below.
  const sound = useSoundPreview((problem) => void message.error(problem), t('voice.previewFailed'))
  const playsSound = endpoint.plays === 'audio/mpeg'
  // A video it makes: seen below the form, and asked for again with other words as often as wanted.
  const [playing, setPlaying] = useState<string>()
  useEffect(() => () => (playing ? URL.revokeObjectURL(playing) : undefined), [playing])
  const title = label(action.label, action.name)
  // What to know before filling it in (the rates open now), and what it starts with.
  const { ready, start } = useFormStart(action.notices)

  const send = async (values: Record<string, unknown>) => {
    if (playsSound) {
      sound.toggle('sound', async () => fetchPlayable(await http.downloadUrl(endpoint.path, { ...values, ...(record ? { [action.rowId]: record.id } : {}), lang: locale }), locale))
      return
    }
    if (endpoint.plays) {
      setSaving(true)
      try {
        setPlaying(await fetchPlayable(await http.downloadUrl(endpoint.path, { ...values, ...(record ? { [action.rowId]: record.id } : {}), lang: locale }), locale))
      } catch (error) {
        // A refusal of the record itself (a voice that failed) is said aloud; a field's lands on its field.
        if (error instanceof ApiError && error.fieldErrors.length === 0) message.error(error.message)
        throw error
      } finally {
        setSaving(false)
      }
      return
    }
    if (endpoint.download) {
      openDownload(await http.downloadUrl(endpoint.path, { ...filters, ...values, lang: locale }))
      onClose()
      return
    }
    setSaving(true)
    try {
      const body = { ...values, ...(record ? { [action.rowId]: record.id } : {}) }
      // Money and quota moved from this dialog move once: the same form sent again (a second
      // click, a call whose answer was lost) carries the same key and gets the first answer.
      await http.request({ method: 'POST', path: endpoint.path, body, idempotencyKey: endpoint.idempotent ? submissionKey(visit.current, body) : undefined })
      message.success(t('actions.done', { action: title }))
      await Promise.all([invalidate({ resource, invalidates: ['list', 'detail'], id: record?.id as BaseKey | undefined }), queryClient.invalidateQueries({ queryKey: headerQueryKey(resource) })])
      onClose()
    } finally {
      setSaving(false)
    }
  }

  // What the row is called: a name, else the entity's x-title (an order's number), else its id.
  const titleField = registry.entities.get(registry.resources.get(resource)?.entity ?? '')?.title
  const subject = record ? String(record.name || record.username || (titleField && record[titleField]) || record.id) : undefined
  const heading = subject ? `${title} · ${subject}` : title

  const submit = (values: Record<string, unknown>) =>
    action.danger
      ? new Promise<void>((resolve, reject) =>
          modal.confirm({
            title: heading,
            content: t('actions.confirm', { action: title }),
            okButtonProps: { danger: true },
            okText: t('actions.ok'),
            cancelText: t('buttons.cancel'),
            onOk: () => send(values).then(resolve, reject),
            onCancel: () => resolve(),
          }),
        )
      : send(values)

  const immediate = !endpoint.plays && !endpoint.download && actionFields(registry, action).length === 0
  const started = useRef(false)
  useEffect(() => {
    if (!immediate || started.current) return
    started.current = true
    // A refusal is said by the request itself; either way there is nothing left open.
    submit({}).catch(() => undefined).finally(onClose)
  })
  if (immediate) return null

  return (
    <Modal open title={heading} onCancel={onClose} footer={null} destroyOnHidden width={560}>
      <FormNotices notices={start.notices} />
      {ready ? (
        <SchemaForm schema={form.schema} uiSchema={form.uiSchema} initial={endpoint.plays ? undefined : start.values ? { ...record, ...start.values } : record} saving={saving} onSubmit={submit} submitLabel={playsSound && sound.playing ? t('voice.stop') : endpoint.download ? title : undefined} />
      ) : null}
      {playsSound ? sound.audio : null}
      {playing ? <video src={playing} controls autoPlay style={{ display: 'block', width: '100%', marginTop: 16 }} aria-label={title} /> : null}
    </Modal>
  )
}
