import { EditButton, ListButton, RefreshButton, Show } from '@refinedev/antd'
import { useCan, useDelete, useNavigation, useShow } from '@refinedev/core'
import { Button } from 'antd'
import { DeleteOutlined } from '@ant-design/icons'
import { useTranslate } from '../i18n/translate'
import { useParams } from 'react-router'
import { useConsole, useLabel } from '../ConsoleContext'
import { PageTitle } from '../layout/PageHeading'
import { detailFields } from './fields'
import { FieldValue } from './FieldValue'
import { DetailList } from './DetailList'
import { titleParams } from './page-titles'
import { useConfirmDelete } from './useConfirmDelete'

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
  // Delete asks as the list's row delete does: what uses the record (tasks), then whether to go on.
  const askDelete = useConfirmDelete(def.entity)
  const { mutate: remove } = useDelete()
  const { list } = useNavigation()
  const mayDelete = useCan({ resource, action: 'delete', params: { id } }).data?.can === true && Boolean(def.endpoints.delete)
  const confirmDelete = () =>
    void askDelete({
      title: t('list.deleteConfirm'),
      ids: [Number(id)],
      remove: () => new Promise<void>((resolve) => remove({ resource, id: id! }, { onSettled: () => resolve(), onSuccess: () => list(resource) })),
    })
  return (
    <Show
      title={<PageTitle back>{t('page.show', titleParams(def, entity, locale))}</PageTitle>}
      goBack={false}
      isLoading={query.isLoading}
      canEdit={Boolean(def.endpoints.update)}
      headerButtons={({ listButtonProps, editButtonProps, refreshButtonProps }) => (
        <>
          {listButtonProps && <ListButton {...listButtonProps} />}
          {editButtonProps && <EditButton {...editButtonProps} />}
          {mayDelete && (
            <Button danger icon={<DeleteOutlined />} onClick={confirmDelete}>
              {t('buttons.delete')}
            </Button>
          )}
          <RefreshButton {...refreshButtonProps} />
        </>
      )}
    >
      <DetailList items={fields.map((f) => ({ key: f.name, label: label(f.label, f.name), children: <FieldValue field={f} value={record?.[f.name]} record={record} layout="detail" /> }))} />
    </Show>
  )
}
