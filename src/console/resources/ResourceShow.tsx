import { Descriptions } from 'antd'
import { Show } from '@refinedev/antd'
import { useShow } from '@refinedev/core'
import { useTranslate } from '../i18n/translate'
import { useParams } from 'react-router'
import { useConsole, useLabel } from '../ConsoleContext'
import { PageTitle } from '../layout/PageHeading'
import { recordFields } from './fields'
import { FieldValue } from './FieldValue'

/** The detail page of any resource: every public field of the record, labelled and formatted by its schema. */
export default function ResourceShow({ resource }: { resource: string }) {
  const { registry } = useConsole()
  const label = useLabel()
  const t = useTranslate()
  const { id } = useParams()
  const def = registry.resources.get(resource)!
  const entity = registry.entities.get(def.entity)!
  const { query } = useShow({ resource, id })
  const record = query.data?.data
  const fields = recordFields(registry, entity)
  return (
    <Show title={<PageTitle back>{`${t('actions.show')} · ${label(def.label, def.name)}`}</PageTitle>} goBack={false} isLoading={query.isLoading} canDelete={Boolean(def.endpoints.delete)} canEdit={Boolean(def.endpoints.update)}>
      <Descriptions bordered column={1} size="middle" items={fields.map((f) => ({ key: f.name, label: label(f.label, f.name), children: <FieldValue field={f} value={record?.[f.name]} record={record} layout="detail" /> }))} />
    </Show>
  )
}
