import { Suspense, lazy, useRef, useState, type Key } from 'react'
import { useNavigate } from 'react-router'
import { Button, Empty, Space, Table, theme } from 'antd'
import { DeleteOutlined, SwapOutlined } from '@ant-design/icons'
import { useQueryClient } from '@tanstack/react-query'
import { useDeleteMany, useGetIdentity, type BaseRecord } from '@refinedev/core'
import { useTranslate } from '../i18n/translate'
import type { Identity } from '../providers/authProvider'
import { resourceAllows } from '../providers/accessControlProvider'
import { useConsole, useLabel } from '../ConsoleContext'
import { enumLabel, fieldOf, type FieldInfo } from './fields'
import { CELL_PADDING, actionsWidth, columnWidth, fitColumnWidths, leastColumnWidth, textWidth } from './column-width'
import { FieldValue } from './FieldValue'
import { ListHeading } from './ListHeading'
import { ListFilters, linkedFilters, toCrudFilters } from './ListFilters'
import { splitActions, useRowActions } from './RowActions'
import { listSpinning } from './first-page'
import { listTotal } from './list-total'
import { HEADERS } from './headers'
import { headerQueryKey } from './header-props'
import { actionFields, actionsFor, openDownload, rowMatches } from './actions'
import { filterParams } from '../providers/dataProvider'
import { useScrollRegion, useTableBoxWidth } from './useTableBox'
import type { TableRef } from 'antd/es/table'
import type { ResourceAction } from '../../schema/types'
import { useConfirmDelete } from './useConfirmDelete'
import { defaultSortOrder, useListTable } from './useListTable'
import { CreateButton, RefreshButton } from './ListButtons'
import './resource-list.css'

const ActionModal = lazy(() => import('./ActionModal'))

/** antd's selection column, with its checkboxes. */
const SELECTION_WIDTH = 32
/**
 * The most of the table's box the actions column may cover while pinned to the right. Wider
 * (a phone, a tablet with the menu open), it scrolls with the columns instead of hiding them.
 */
const PINNED_ACTIONS_SHARE = 0.4

/**
 * The list page of any resource, from its resource file alone: declared columns,
 * filters and sort, pagination, row actions, bulk delete with confirmation, refresh,
 * and an empty state.
 */
export default function ResourceList({ resource }: { resource: string }) {
  const navigate = useNavigate()
  const { registry, http, locale, firstPage } = useConsole()
  const t = useTranslate()
  const label = useLabel()
  const { token } = theme.useToken()
  const def = registry.resources.get(resource)!
  const entity = registry.entities.get(def.entity)!
  const config = registry.endpoints.get(def.endpoints.list!)!.list!
  const field = (name: string) => fieldOf(registry, entity, name)
  const labelOf = (f: FieldInfo) => label(f.label, f.name)

  // Read once: a plain link's filters start the list, and the filter bar then owns them.
  const [linked] = useState(() => linkedFilters(def.list.filters, window.location.search))
  // Refresh reads the panel above the list again too (the balances, a chart's figures), and so does a live change to the list's records.
  const queryClient = useQueryClient()
  const Header = def.header ? HEADERS[def.header] : undefined
  const refreshHeader = () => (Header ? queryClient.invalidateQueries({ queryKey: headerQueryKey(resource) }) : Promise.resolve())
  const { tableProps, searchFormProps, sorters, filters, tableQuery } = useListTable<BaseRecord>({
    resource,
    syncWithLocation: true,
    pagination: { pageSize: config.pageSize },
    sorters: { initial: [config.defaultSort] },
    filters: { initial: linked },
    onSearch: (values) => toCrudFilters(def.list.filters, values),
    queryOptions: firstPage?.queryOptions(resource),
    onLiveEvent: () => void refreshHeader(),
  })
  // The row buttons depend on the role alone (the page's guard has loaded it), so they are decided here once.
  const identity = useGetIdentity<Identity>().data
  const role = identity?.role
  const can = (action: string) => (role ? resourceAllows(registry, resource, action, role) : false)
  const canDelete = can('delete')
  const permissions = { show: can('show'), edit: can('edit'), delete: canDelete, deleteWhen: def.deleteWhen, me: identity?.id }
  const actions = actionsFor(registry, def, role)
  const [open, setOpen] = useState<{ action: ResourceAction; record?: BaseRecord }>()
  // A download with nothing to choose opens at once; one with a choice (a file format) asks first.
  const isPlainDownload = (action: ResourceAction) => Boolean(action.endpoint && registry.endpoints.get(action.endpoint)?.download && actionFields(registry, action).length === 0)
  const { cell: rowActions, sound: rowSound } = useRowActions(resource, permissions, actions.filter((a) => a.on === 'row'), (action, record) => setOpen({ action, record }))
  // A list with nothing to do on a row (records kept by the platform itself) has no actions column.
  const hasRowActions = permissions.show || permissions.edit || permissions.delete || actions.some((a) => a.on === 'row')
  // Every column has a width (the resource's, else its type's), so the table is exactly as wide as its
  // columns: it fills the page when they fit, and scrolls when they do not, every column reachable.
  // Its texts may narrow first (leastColumnWidth), so that a list that can fit the page does.
  const listColumns = def.list.columns.map((column) => {
    const f = field(column.field)
    const title = labelOf(f)
    const sortable = def.list.sort.includes(column.field)
    const values = f.kind === 'enum' ? f.schema : f.kind === 'enumList' ? (f.schema.items as FieldInfo['schema']) : undefined
    const enumNames = values ? (values.enum as unknown[]).map((v) => enumLabel({ schema: values }, v, locale)) : undefined
    const measures = { title, sortable, declared: column.width, enumNames }
    return { name: column.field, field: f, title, sortable, width: columnWidth(f, measures), least: leastColumnWidth(f, measures) }
  })
  const rowIcons = [permissions.show, permissions.edit, permissions.delete].filter(Boolean).length
  const { inline: inlineActions, rest: menuActions } = splitActions(actions.filter((a) => a.on === 'row'))
  const actionsColumnWidth = Math.max(
    textWidth(t('table.actions')) + CELL_PADDING,
    actionsWidth(rowIcons, inlineActions.map((a) => label(a.label, a.name)), menuActions.length > 0 ? t('actions.more') : undefined),
  )
  const [selected, setSelected] = useState<Key[]>([])
  const { mutate: deleteMany, mutation: { isPending: deleting } } = useDeleteMany()
  const filtered = filters.some((f) => 'value' in f && f.value !== undefined && f.value !== '')
  const table = useRef<TableRef>(null)
  const { width: measured, placeholder } = useTableBoxWidth(table, tableProps.dataSource)
  const boxWidth = measured ?? 0
  const pinActions = boxWidth === 0 || actionsColumnWidth <= boxWidth * PINNED_ACTIONS_SHARE
  const besideColumns = (canDelete ? SELECTION_WIDTH : 0) + (hasRowActions ? actionsColumnWidth : 0)
  // Until the box is measured, the full widths.
  const widths = boxWidth === 0 ? listColumns.map((c) => c.width) : fitColumnWidths(listColumns, boxWidth - besideColumns)
  const columns = listColumns.map((c, i) => ({ ...c, width: widths[i]! }))
  const tableWidth = columns.reduce((sum, c) => sum + c.width, 0) + besideColumns
  // The table is exactly as wide as its columns (tableLayout fixed, scroll.x): it overflows exactly when they are wider than the box.
  const sideways = boxWidth > 0 && tableWidth > boxWidth + 1
  useScrollRegion(table, tableProps.dataSource, sideways, `${label(def.label, def.name)}: ${t('list.scrollHint')}`)

  const askDelete = useConfirmDelete(def.entity)
  const confirmBulkDelete = () =>
    void askDelete({
      title: t('list.bulkDelete'),
      content: t('list.bulkDeleteConfirm', { count: selected.length }),
      ids: selected.map(Number),
      remove: () =>
        new Promise<void>((resolve) =>
          deleteMany({ resource, ids: selected as (string | number)[] }, { onSettled: () => resolve(), onSuccess: () => setSelected([]) }),
        ),
    })

  return (
    <ListHeading
      title={label(def.label, def.name)}
      extra={
        <Space wrap>
          {canDelete && selected.length > 0 && (
            <Button danger icon={<DeleteOutlined />} onClick={confirmBulkDelete} loading={deleting}>
              {t('list.bulkDelete')} ({selected.length})
            </Button>
          )}
          {actions
            .filter((a) => a.on === 'page')
            .map((action) =>
              action.link ? (
                // A link to another page of the console (the form that makes this screen's records): a link, opened as one.
                <Button
                  key={action.name}
                  href={action.link}
                  onClick={(event) => {
                    event.preventDefault()
                    void navigate(action.link!)
                  }}
                >
                  {label(action.label, action.name)}
                </Button>
              ) : (
                <Button key={action.name} danger={action.danger} onClick={() => (isPlainDownload(action) ? void http.downloadUrl(registry.endpoints.get(action.endpoint!)!.path, { ...filterParams(filters), lang: locale }).then(openDownload, () => undefined) : setOpen({ action }))}>
                  {label(action.label, action.name)}
                </Button>
              ),
            )}
          <RefreshButton resource={resource} onClick={() => void Promise.all([tableQuery.refetch(), refreshHeader()])} />
          {/* Decided by the role, as the row buttons are: Refine's own check answers a moment later, and the button would push in beside the others. */}
          {can('create') && <CreateButton resource={resource} />}
        </Space>
      }
    >
      {/* No boundary of its own: were its code not here yet, the page waits for it (the page before stays up),
          rather than showing without it and moving down when it arrives. Its code loads with the list's. */}
      {Header ? <Header resource={resource} /> : null}
      <ListFilters formProps={searchFormProps} filters={def.list.filters} fieldOf={field} labelOf={labelOf} />
      {/* The table scrolls inside its box, not the page; a narrow window is told there is more beside. */}
      {sideways ? (
        <div className="table-scroll-hint">
          <SwapOutlined /> {t('list.scrollHint')}
        </div>
      ) : null}
      {/* Until the table's box is known, a box to measure (useTableBox.ts). */}
      {measured === undefined ? (
        <div ref={placeholder} />
      ) : (
        <Table
          {...tableProps}
          ref={table}
          loading={listSpinning(tableQuery)}
          rowKey="id"
          className="resource-table"
          size="middle"
          tableLayout="fixed"
          scroll={{ x: tableWidth }}
          rowSelection={
            canDelete
              ? {
                  selectedRowKeys: selected,
                  onChange: setSelected,
                  getCheckboxProps: (record: BaseRecord) => ({ disabled: Boolean(record._readonly) || !rowMatches(def.deleteWhen, record, identity?.id), 'aria-label': t('list.selectRow', { id: record.id }) }),
                }
              : undefined
          }
          pagination={{
            ...tableProps.pagination,
            showSizeChanger: true,
            ...listTotal(tableQuery.data, t, locale),
            locale: { items_per_page: t('pagination.itemsPerPage') },
          }}
          locale={{
            emptyText: tableQuery.isError ? (
              // A refused list says why where its rows would be, and stays empty: there are no rows to spin for.
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span style={{ color: token.colorError }}>{tableQuery.error.message}</span>}>
                <Button size="small" loading={tableQuery.isFetching} onClick={() => void tableQuery.refetch()}>
                  {t('list.retry')}
                </Button>
              </Empty>
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(filtered ? 'list.emptyFiltered' : 'list.empty')} />
            ),
          }}
        >
          {columns.map(({ name, field: f, title, sortable, width }) => (
            <Table.Column
              key={name}
              dataIndex={name}
              title={title}
              width={width}
              // column-NAME marks a column's header and cells (tests find them by it).
              className={f.kind === 'text' || f.kind === 'message' || f.kind === 'richText' || f.kind === 'relation' ? `column-${name}` : `column-${name} cell-nowrap`}
              sorter={sortable ? { multiple: undefined } : false}
              defaultSortOrder={defaultSortOrder(name, sorters)}
              render={(value: unknown, record: BaseRecord) => <FieldValue field={f} value={value} record={record} />}
            />
          ))}
          {hasRowActions ? <Table.Column<BaseRecord> key="actions" className="column-actions" title={t('table.actions')} width={actionsColumnWidth} fixed={pinActions ? 'right' : false} render={(_, record) => rowActions(record)} /> : null}
        </Table>
      )}
      {rowSound}
      {open ? (
        <Suspense fallback={null}>
          <ActionModal resource={resource} action={open.action} record={open.record} filters={filterParams(filters)} onClose={() => setOpen(undefined)} />
        </Suspense>
      ) : null}
    </ListHeading>
  )
}
