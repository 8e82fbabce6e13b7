import { useRef, useState } from 'react'
import '../creation/task-card.css'
import { Alert, Button, Flex, Modal, Progress, Space, Typography } from 'antd'
import { AudioOutlined, UploadOutlined } from '@ant-design/icons'
import type { WidgetProps } from '@rjsf/utils'
import { useInvalidate } from '@refinedev/core'
import { useTranslate } from '../i18n/translate'
import { useConsole } from '../ConsoleContext'
import type { ApiError } from '../providers/ApiError'
import { sendMaterial } from '../creation/send-material'
import { useRecorder } from '../creation/useRecorder'
import { RelationPicker, type RelationWhere } from './RelationWidget'

/** The longest recording the clone takes (the server's limit too). */
const MAX_SECONDS = 300
/** The shortest it takes. */
const MIN_SECONDS = 5

/**
 * A material field ("x-widget": "material", or "recording" for a voice sample): one of the
 * library's materials, or a new file uploaded into it from here, or (recording) a recording made
 * now in the browser. Whatever arrives goes through material upload, is probed by the server,
 * and the field takes the new material.
 */
export function MaterialWidget({ id, value, onChange, onBlur, disabled, readonly, required, schema, uiSchema, registry: form }: WidgetProps) {
  const t = useTranslate()
  const { registry, http } = useConsole()
  const invalidate = useInvalidate()
  const records = uiSchema?.['ui:options']?.record === true
  const accept = String(uiSchema?.['ui:options']?.accept ?? 'video/*,audio/*,image/*')
  const upload = [...registry.endpoints.values()].find((e) => e.files && e.entity === 'material' && e.method === 'POST')
  const input = useRef<HTMLInputElement>(null)
  const [sending, setSending] = useState<{ name: string; percent: number; probing: boolean }>()
  const [problem, setProblem] = useState<string>()
  const [known, setKnown] = useState<string>()
  const [recording, setRecording] = useState(false)
  // An upload ends after other fields may have changed: rjsf's onChange of that earlier render would write their old values back.
  const change = useRef(onChange)
  change.current = onChange

  const send = async (file: File) => {
    if (!upload) return
    setProblem(undefined)
    setSending({ name: file.name, percent: 0, probing: false })
    try {
      const material = await sendMaterial(file, {}, upload.path, registry, http, {
        onProgress: (sent, total) => setSending({ name: file.name, percent: total > 0 ? Math.round((sent / total) * 100) : 0, probing: false }),
        onProbing: () => setSending({ name: file.name, percent: 100, probing: true }),
      })
      setKnown(material.name)
      change.current(material.id)
      void invalidate({ resource: 'material', invalidates: ['list'] })
      return true
    } catch (error) {
      setProblem((error as ApiError).message)
      return false
    } finally {
      setSending(undefined)
    }
  }

  const busy = sending !== undefined
  return (
    <Space direction="vertical" size={8} style={{ width: '100%' }}>
      <RelationPicker id={id} entity={String(schema['x-relation'])} where={schema['x-relation-where'] as RelationWhere | undefined} usable value={value} known={known} clearable={!required} disabled={disabled || readonly || busy} onChange={(v) => onChange(v)} onBlur={() => onBlur(id, value)} width="100%" />
      {upload && !readonly ? (
        <Flex gap={8} wrap>
          <Button icon={<UploadOutlined />} disabled={disabled || busy} onClick={() => input.current?.click()}>
            {t('materialField.upload')}
          </Button>
          {records ? (
            <Button icon={<AudioOutlined />} disabled={disabled || busy} onClick={() => setRecording(true)}>
              {t('materialField.record')}
            </Button>
          ) : null}
          <input
            ref={input}
            type="file"
            accept={accept}
            hidden
            aria-label={t('materialField.upload')}
            onChange={(event) => {
              const file = event.target.files?.[0]
              event.target.value = ''
              if (file) void send(file)
            }}
          />
        </Flex>
      ) : null}
      {sending ? (
        <div aria-live="polite">
          <Typography.Text type="secondary">{sending.probing ? t('materialField.probing', { name: sending.name }) : t('materialField.sending', { name: sending.name })}</Typography.Text>
          <Progress percent={sending.percent} size="small" status="active" aria-label={t('materialField.sending', { name: sending.name })} />
        </div>
      ) : null}
      {problem ? <Alert type="error" showIcon message={problem} closable onClose={() => setProblem(undefined)} /> : null}
      {recording ? (
        <RecorderDialog
          onClose={() => setRecording(false)}
          onUse={async (blob) => {
            const extension = blob.type.includes('ogg') ? 'ogg' : blob.type.includes('mp4') ? 'm4a' : 'webm'
            const sent = await send(new File([blob], `${t('materialField.recordingName', { time: new Date().toLocaleString() }).replace(/[\\/:*?"<>|]/g, '-')}.${extension}`, { type: blob.type }))
            if (!sent) return
            // The words the dialog asked to be read first are what the sample begins with.
            const wordsField = schema['x-recording-words']
            if (typeof wordsField === 'string') (form.formContext as { setField?: (name: string, value: unknown) => void }).setField?.(wordsField, t('recorder.firstWords'))
            setRecording(false)
          }}
        />
      ) : null}
    </Space>
  )
}

/** Recording a voice sample: a script to read, a level meter and a clock while it records, and the take to hear back. */
function RecorderDialog({ onClose, onUse }: { onClose: () => void; onUse: (blob: Blob) => Promise<void> }) {
  const t = useTranslate()
  const { state, start, stop, reset } = useRecorder(MAX_SECONDS)
  const [using, setUsing] = useState(false)
  const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`
  const tooShort = state.phase === 'recorded' && state.seconds < MIN_SECONDS

  return (
    <Modal
      open
      title={t('recorder.title')}
      onCancel={() => {
        reset()
        onClose()
      }}
      footer={null}
      destroyOnHidden
      width={560}
    >
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('recorder.hint', { min: MIN_SECONDS })}
        </Typography.Paragraph>
        <div>
          <Typography.Text type="secondary">{t('recorder.firstWordsHint')}</Typography.Text>
          <blockquote className="recorder-script">
            <strong>{t('recorder.firstWords')}</strong>
          </blockquote>
          <blockquote className="recorder-script">{t('recorder.script')}</blockquote>
        </div>
        {state.phase === 'refused' ? <Alert type="warning" showIcon message={t(`recorder.refused.${state.reason}`)} /> : null}
        {state.phase === 'recording' ? (
          <div>
            <Flex justify="space-between">
              <Typography.Text strong>{t('recorder.recording')}</Typography.Text>
              <Typography.Text aria-live="off">{clock(state.seconds)}</Typography.Text>
            </Flex>
            <Progress percent={Math.round(state.level * 100)} showInfo={false} strokeColor={state.level > 0.9 ? '#F53F3F' : '#00B42A'} aria-label={t('recorder.level')} />
          </div>
        ) : null}
        {state.phase === 'recorded' ? (
          <div>
            <audio controls src={state.url} style={{ width: '100%' }} aria-label={t('recorder.takeLabel')} />
            <Typography.Text type={tooShort ? 'danger' : 'secondary'}>{tooShort ? t('recorder.tooShort', { seconds: state.seconds.toFixed(1), min: MIN_SECONDS }) : t('recorder.take', { length: clock(state.seconds) })}</Typography.Text>
          </div>
        ) : null}
        <Flex gap={8} wrap justify="flex-end">
          {state.phase === 'recording' ? (
            <Button type="primary" danger onClick={stop}>
              {t('recorder.stop')}
            </Button>
          ) : state.phase === 'recorded' ? (
            <>
              <Button onClick={() => void start()} disabled={using}>
                {t('recorder.again')}
              </Button>
              <Button
                type="primary"
                loading={using}
                disabled={tooShort}
                onClick={async () => {
                  setUsing(true)
                  try {
                    await onUse(state.blob)
                  } finally {
                    setUsing(false)
                  }
                }}
              >
                {t('recorder.use')}
              </Button>
            </>
          ) : (
            <Button type="primary" icon={<AudioOutlined />} loading={state.phase === 'asking'} onClick={() => void start()}>
              {t('recorder.start')}
            </Button>
          )}
        </Flex>
      </Space>
    </Modal>
  )
}
