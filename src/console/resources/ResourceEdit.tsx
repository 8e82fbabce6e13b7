import { useMemo } from 'react'
import { Edit } from '@refinedev/antd'
import { useForm } from '@refinedev/core'
import { useTranslate } from '../i18n/translate'
import { useParams } from 'react-router'
import { Skeleton } from 'antd'
import { useConsole, useLabel } from '../ConsoleContext'
import { PageTitle } from '../layout/PageHeading'
import { formDefinition } from '../forms/form-schema'
import { SchemaForm } from '../forms/SchemaForm'

/** The edit page of any resource: the record read through its get endpoint, saved through its update endpoint. */
export default function ResourceEdit({ resource }: { resource: string }) {
  const { registry, locale } = useConsole()
  const label = useLabel()
  const t = useTranslate()
  const { id } = useParams()
  const def = registry.resources.get(resource)!
  const form = useMemo(() => formDefinition(registry, def, 'update', locale), [registry, def, locale])
  const { onFinish, mutation, query } = useForm({ resource, action: 'edit', id, redirect: 'list' })
  const record = query?.data?.data
  return (
    <Edit title={<PageTitle back>{`${t('actions.edit')} · ${label(def.label, def.name)}`}</PageTitle>} goBack={false} footerButtons={() => null} isLoading={query?.isLoading} canDelete={false}>
      {record ? (
        <SchemaForm key={`${locale}:${record.id}`} schema={form.schema} uiSchema={form.uiSchema} initial={record} saving={mutation.isPending} onSubmit={onFinish} />
      ) : (
        <Skeleton active />
      )}
    </Edit>
  )
}
