import { Show } from '@refinedev/antd'
import { useShow } from '@refinedev/core'
import { useTranslate } from '../i18n/translate'
import { useParams } from 'react-router'
import { useConsole, useLabel } from '../ConsoleContext'
import { PageTitle } from '../layout/PageHeading'
import { detailFields } from './fields'
import { FieldValue } from './FieldValue'
import { DetailList } from './DetailList'
import { titleParams } from './page-titles'

/** The detail page of any resource: the fields its `show` names (else every public field), labelled and formatted by their schema. */
export default function ResourceShow({ resource }: { resource: string }) {
  const { registry, locale } = useConsole()
  const label = useLabel()
  const t = useTranslate()
  const { id } = useParams()
  const def = registry.resources.get(resource)!
  const entity = registry.entities.get(def.entity)!
  const { query } = useShow({ resource, id })
  const record = query.data?.data
  const fields = detailFields(registry, def, entity)
  return (
    <Show title={<PageTitle back>{t('page.show', titleParams(def, entity, locale))}</PageTitle>} goBack={false} isLoading={query.isLoading} canDelete={Boolean(def.endpoints.delete)} canEdit={Boolean(def.endpoints.update)}>
      <DetailList items={fields.map((f) => ({ key: f.name, label: label(f.label, f.name), children: <FieldValue field={f} value={record?.[f.name]} record={record} layout="detail" /> }))} />
    </Show>
  )
}
