import { useMemo, useState } from 'react'
import { App, Skeleton } from 'antd'
import { useTranslate } from '../../i18n/translate'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { secretFields } from '../../../schema/config-groups'
import type { ConfigGroupDef } from '../../../schema/types'
import { useConsole } from '../../ConsoleContext'
import { objectForm } from '../../forms/form-schema'
import { SchemaForm } from '../../forms/SchemaForm'
import { ApiError } from '../../providers/ApiError'

/** What get_config and set_config answer for a group. */
export interface GroupValues {
  group: string
  values: Record<string, unknown>
  secrets_set: string[]
}

export interface GroupCalls {
  read(): Promise<GroupValues>
  write(values: Record<string, unknown>): Promise<GroupValues>
}

/** The form of one settings group, filled with its stored values; secrets show only whether they are set. */
export function ConfigGroupForm({ group, calls }: { group: ConfigGroupDef; calls: GroupCalls }) {
  const t = useTranslate()
  const { message } = App.useApp()
  const { locale } = useConsole()
  const queryClient = useQueryClient()
  const queryKey = ['config-group', group.name]
  const { data } = useQuery({ queryKey, queryFn: () => calls.read() })
  const [saving, setSaving] = useState(false)

  const form = useMemo(() => {
    const secretsSet = data?.secrets_set ?? []
    const ui = Object.fromEntries(
      secretFields(group).map((name) => [name, { 'ui:widget': 'password', 'ui:placeholder': t(secretsSet.includes(name) ? 'config.secret.set' : 'config.secret.unset') }]),
    )
    return objectForm(group.schema, locale, { ui })
  }, [group, locale, data, t])

  if (!data) return <Skeleton active />

  const submit = async (values: Record<string, unknown>) => {
    setSaving(true)
    try {
      queryClient.setQueryData(queryKey, await calls.write(values))
      message.success(t('config.saved'))
    } catch (error) {
      // set_config reports fields under /values/; the form knows them by name.
      if (error instanceof ApiError) {
        throw new ApiError(error.message, error.statusCode, error.code, error.fieldErrors.map((e) => ({ ...e, path: e.path.replace(/^\/values/, '') })))
      }
      throw error
    } finally {
      setSaving(false)
    }
  }

  // Keyed by the stored values, so a save (or another admin's change) refills the form.
  return <SchemaForm key={`${locale}-${JSON.stringify(data)}`} schema={form.schema} uiSchema={form.uiSchema} initial={data.values} saving={saving} onSubmit={submit} />
}
