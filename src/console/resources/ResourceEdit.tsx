import { useMemo } from 'react'
import { Edit } from '@refinedev/antd'
import { useForm } from '@refinedev/core'
import { useTranslate } from '../i18n/translate'
import { useParams } from 'react-router'
import { Skeleton } from 'antd'
import { useConsole } from '../ConsoleContext'
import { PageTitle } from '../layout/PageHeading'
import { titleParams } from './page-titles'
import { formDefinition } from '../forms/form-schema'
import { SchemaForm } from '../forms/SchemaForm'
import { FORM_PAGE_CONTENT } from './form-page'

/** The edit page of any resource: the record read through its get endpoint, saved through its update endpoint. */
export default function ResourceEdit({ resource }: { resource: string }) {
  const { registry, locale } = useConsole()
  const t = useTranslate()
  const { id } = useParams()
  const def = registry.resources.get(resource)!
  const form = useMemo(() => formDefinition(registry, def, 'update', locale), [registry, def, locale])
  const { onFinish, mutation, query } = useForm({ resource, action: 'edit', id, redirect: 'list' })
  // The form takes the record once, when it opens, so it waits for the record as the server has it
  // now: one cached from an earlier visit may predate a save, and saving it would undo that save.
  const record = query?.isFetchedAfterMount ? query.data?.data : undefined
  return (
    <Edit title={<PageTitle back>{t('page.edit', titleParams(def, registry.entities.get(def.entity), locale))}</PageTitle>} goBack={false} contentProps={FORM_PAGE_CONTENT} isLoading={query?.isLoading} canDelete={false}>
      {record ? (
        <SchemaForm key={`${locale}:${record.id}`} schema={form.schema} uiSchema={form.uiSchema} initial={record} saving={mutation.isPending} onSubmit={onFinish} />
      ) : (
        <Skeleton active />
      )}
    </Edit>
  )
}
