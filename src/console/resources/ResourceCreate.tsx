import { useMemo } from 'react'
import { Create } from '@refinedev/antd'
import { useForm } from '@refinedev/core'
import { useTranslate } from '../i18n/translate'
import { useConsole, useLabel } from '../ConsoleContext'
import { PageTitle } from '../layout/PageHeading'
import { formDefinition } from '../forms/form-schema'
import { SchemaForm } from '../forms/SchemaForm'

/** The create page of any resource: a form over its create endpoint's body schema. */
export default function ResourceCreate({ resource }: { resource: string }) {
  const { registry, locale } = useConsole()
  const label = useLabel()
  const t = useTranslate()
  const def = registry.resources.get(resource)!
  const form = useMemo(() => formDefinition(registry, def, 'create', locale), [registry, def, locale])
  const { onFinish, mutation } = useForm({ resource, action: 'create', redirect: 'list' })
  return (
    <Create title={<PageTitle back>{`${t('actions.create')} · ${label(def.label, def.name)}`}</PageTitle>} goBack={false} footerButtons={() => null}>
      <SchemaForm key={locale} schema={form.schema} uiSchema={form.uiSchema} saving={mutation.isPending} onSubmit={onFinish} />
    </Create>
  )
}
