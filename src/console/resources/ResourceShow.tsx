import { EditButton, ListButton, RefreshButton, Show } from '@refinedev/antd'
import { Suspense, lazy, useState, type MouseEvent } from 'react'
import { useCan, useDelete, useGetIdentity, useGo, useNavigation, useShow } from '@refinedev/core'
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
import { actionsFor, appliesTo, fillLink, isPlainClick, newTabRel } from './actions'
import type { Identity } from '../providers/authProvider'
import type { ResourceAction } from '../../schema/types'
const ActionModal = lazy(() => import('./ActionModal'))

/**
 * The detail page of any resource: the fields its `show` names (else every public field), labelled
 * and formatted by their schema, and the actions its list offers on this row (a plan's pause and
 * cancel), so what a row can do is also done from the record's own page.
 */
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
  const go = useGo()
  const identity = useGetIdentity<Identity>().data
  const [open, setOpen] = useState<ResourceAction>()
  const recordActions = record ? actionsFor(registry, def, identity?.role).filter((action) => action.on === 'row' && appliesTo(action, record, identity?.id)) : []
  // A record shared from above (`_readonly`) is there to use, not to change.
  const mayDelete = useCan({ resource, action: 'delete', params: { id } }).data?.can === true && Boolean(def.endpoints.delete) && !record?._readonly
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
      canEdit={Boolean(def.endpoints.update) && !record?._readonly}
      headerButtons={({ listButtonProps, editButtonProps, refreshButtonProps }) => (
        <>
          {listButtonProps && <ListButton {...listButtonProps} />}
          {editButtonProps && <EditButton {...editButtonProps} />}
          {recordActions.map((action) => {
            const text = label(action.label, action.name)
            if (!action.link) return <Button key={action.name} danger={action.danger} onClick={() => setOpen(action)}>{text}</Button>
            const url = fillLink(action.link, record!)
            if (action.newTab) return <Button key={action.name} href={url} target="_blank" rel={newTabRel(url)}>{text}</Button>
            // A real link, so a middle click opens a tab; a plain click navigates in the app.
            const follow = (event: MouseEvent) => {
              if (!isPlainClick(event)) return
              event.preventDefault()
              go({ to: url })
            }
            return <Button key={action.name} href={url} onClick={follow}>{text}</Button>
          })}
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
      {open && record ? (
        <Suspense fallback={null}>
          <ActionModal resource={resource} action={open} record={record} onClose={() => setOpen(undefined)} />
        </Suspense>
      ) : null}
    </Show>
  )
}
