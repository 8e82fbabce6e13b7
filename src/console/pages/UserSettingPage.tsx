import { useMemo, useState } from 'react'
import { App, Card, Space } from 'antd'
import { useTranslate } from '@refinedev/core'
import { useConsole } from '../ConsoleContext'
import { endpointForm } from '../forms/form-schema'
import { SchemaForm } from '../forms/SchemaForm'
import { ProfileForm } from './ProfileForm'

const CHANGE_PASSWORD = 'platform/change_pwd'

/** /user/setting: the own profile, and the password (changing it signs out every other session of the account). */
export default function UserSettingPage() {
  const t = useTranslate()
  const { message } = App.useApp()
  const { registry, http, locale } = useConsole()
  const form = useMemo(() => endpointForm(registry, CHANGE_PASSWORD, locale), [registry, locale])
  const [saving, setSaving] = useState(false)
  // A new key empties the form after a change.
  const [round, setRound] = useState(0)
  const endpoint = registry.endpoints.get(CHANGE_PASSWORD)!

  const submit = async (values: Record<string, unknown>) => {
    setSaving(true)
    try {
      await http.request({ method: 'POST', path: endpoint.path, body: values })
      message.success(t('user.password.changed'))
      setRound((n) => n + 1)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <ProfileForm />
      <Card title={t('user.password.title')} style={{ maxWidth: 720 }}>
        <SchemaForm key={`${locale}-${round}`} schema={form.schema} uiSchema={form.uiSchema} saving={saving} onSubmit={submit} />
      </Card>
    </Space>
  )
}
