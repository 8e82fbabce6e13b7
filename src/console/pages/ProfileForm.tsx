import { useMemo, useState } from 'react'
import { App, Card } from 'antd'
import { useGetIdentity, useInvalidateAuthStore, useTranslate } from '@refinedev/core'
import type { Identity } from '../providers/authProvider'
import { useConsole } from '../ConsoleContext'
import { endpointForm } from '../forms/form-schema'
import { SchemaForm } from '../forms/SchemaForm'

const EDIT_PROFILE = 'platform/edit_user_info'

/** The signed-in account's own profile (name, nickname, avatar, introduction), as edit_user_info declares it. */
export function ProfileForm() {
  const t = useTranslate()
  const { message } = App.useApp()
  const { registry, http, locale, forgetIdentity } = useConsole()
  const { data: identity } = useGetIdentity<Identity>()
  const invalidateAuth = useInvalidateAuthStore()
  const form = useMemo(() => endpointForm(registry, EDIT_PROFILE, locale), [registry, locale])
  const [saving, setSaving] = useState(false)
  const endpoint = registry.endpoints.get(EDIT_PROFILE)!

  const submit = async (values: Record<string, unknown>) => {
    setSaving(true)
    try {
      await http.request({ method: 'POST', path: endpoint.path, body: values })
      // The header and the info page show the profile: read it again.
      forgetIdentity()
      await invalidateAuth()
      message.success(t('user.profile.saved'))
    } finally {
      setSaving(false)
    }
  }

  return (
    <Card title={t('user.profile.title')} style={{ maxWidth: 720 }}>
      {identity ? <SchemaForm key={`${locale}-${identity.id}`} schema={form.schema} uiSchema={form.uiSchema} initial={identity as unknown as Record<string, unknown>} saving={saving} onSubmit={submit} /> : null}
    </Card>
  )
}
