import { useMemo, useState } from 'react'
import { Create } from '@refinedev/antd'
import { useForm } from '@refinedev/core'
import { useTranslate } from '../i18n/translate'
import { useConsole } from '../ConsoleContext'
import { PageTitle } from '../layout/PageHeading'
import { titleParams } from './page-titles'
import { formDefinition } from '../forms/form-schema'
import { SchemaForm } from '../forms/SchemaForm'
import { linkedValues } from '../forms/linked-values'
import { FORM_PAGE_CONTENT } from './form-page'
import { FormNotices, useFormStart } from '../forms/FormNotices'

/** The create page of any resource: a form over its create endpoint's body schema. */
export default function ResourceCreate({ resource }: { resource: string }) {
  const { registry, locale } = useConsole()
  const t = useTranslate()
  const def = registry.resources.get(resource)!
  const form = useMemo(() => formDefinition(registry, def, 'create', locale), [registry, def, locale])
  const { onFinish, mutation } = useForm({ resource, action: 'create', redirect: 'list' })
  // A link may start the form ("send to a release plan" from a work), over what the server says it should start from.
  const [linked] = useState(() => linkedValues(form.schema, window.location.search))
  const { ready, start } = useFormStart(def.form.notices)
  return (
    <Create title={<PageTitle back>{t('page.create', titleParams(def, registry.entities.get(def.entity), locale))}</PageTitle>} goBack={false} contentProps={FORM_PAGE_CONTENT}>
      <FormNotices notices={start.notices} />
      {ready ? <SchemaForm key={locale} schema={form.schema} uiSchema={form.uiSchema} initial={{ ...start.values, ...linked }} saving={mutation.isPending} onSubmit={onFinish} /> : null}
    </Create>
  )
}
