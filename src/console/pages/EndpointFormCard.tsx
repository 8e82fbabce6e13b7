import { useMemo, useState } from 'react'
import { App, Card } from 'antd'
import { useConsole } from '../ConsoleContext'
import { endpointForm } from '../forms/form-schema'
import { SchemaForm } from '../forms/SchemaForm'

export interface EndpointFormCardProps {
  /** The endpoint file whose request body is the form, e.g. platform/change_pwd. */
  endpoint: string
  title: string
  initial?: Record<string, unknown>
  /** Said once the call has succeeded. */
  saved: string
  /** Empty the form after a save (a password is not left typed in). */
  clearAfterSave?: boolean
  onSaved?: () => Promise<void> | void
}

/** A card holding the generated form of one endpoint's body, sent as it is; field errors land on their fields. */
export function EndpointFormCard({ endpoint: id, title, initial, saved, clearAfterSave, onSaved }: EndpointFormCardProps) {
  const { message } = App.useApp()
  const { registry, http, locale } = useConsole()
  const form = useMemo(() => endpointForm(registry, id, locale), [registry, id, locale])
  const [saving, setSaving] = useState(false)
  // A new key empties the form.
  const [round, setRound] = useState(0)

  const submit = async (values: Record<string, unknown>) => {
    setSaving(true)
    try {
      await http.request({ method: 'POST', path: registry.endpoints.get(id)!.path, body: values })
      await onSaved?.()
      message.success(saved)
      if (clearAfterSave) setRound((n) => n + 1)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Card title={title} style={{ maxWidth: 720 }}>
      <SchemaForm key={`${locale}-${round}`} schema={form.schema} uiSchema={form.uiSchema} initial={initial} saving={saving} onSubmit={submit} />
    </Card>
  )
}
