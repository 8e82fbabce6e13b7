import { useEffect, useRef, useState } from 'react'
import { Button, Empty, Flex, Pagination, Segmented, Select, Space, Spin } from 'antd'
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons'
import { Link } from 'react-router'
import { useList, type CrudFilter } from '@refinedev/core'
import type { Task } from '../../generated/types'
import { useTranslate } from '../i18n/translate'
import { useConsole, useLabel } from '../ConsoleContext'
import { PageHeading } from '../layout/PageHeading'
import '../layout/list-page.css'
import { useRouteTitle } from '../layout/useRouteTitle'
import { useNavigationChild } from '../pages/useNavigationChild'
import { enumLabel, fieldOf } from '../resources/fields'
import type { LivePayload } from '../providers/liveProvider'
import { MediaToolsAlert } from './MediaToolsAlert'
import { TaskCard } from './TaskCard'
import { useLiveRecords } from './useLiveRecords'
import { useTaskActions } from './useTaskActions'
import { submitRoutes, type TaskRoute } from './task-routes'

const PAGE_SIZE = 10
const ALL = ''

/**
 * A task-list route (navigation.json "tasks": the kinds it shows): the tasks of those kinds,
 * newest first, each moving live with the stream (task/events) without reading the list again,
 * with the buttons its state allows and the videos it made.
 */
export default function TaskListPage() {
  const t = useTranslate()
  const label = useLabel()
  const { registry, locale } = useConsole()
  const title = useRouteTitle()
  const child = useNavigationChild()
  const kinds = (child?.tasks ?? []).filter((name) => registry.tasks.has(name))
  // "All" is every kind of this page (kind_in), not every kind there is.
  const allKinds = kinds.length > 1
  const [kind, setKind] = useState(allKinds ? ALL : (kinds[0] ?? ALL))
  const [status, setStatus] = useState<string>(ALL)
  const [page, setPage] = useState(1)
  const statusField = fieldOf(registry, registry.entities.get('task')!, 'status')

  const filters: CrudFilter[] = [
    kind ? { field: 'kind', operator: 'eq' as const, value: kind } : { field: 'kind', operator: 'in' as const, value: kinds },
    ...(status ? [{ field: 'status', operator: 'eq' as const, value: status }] : []),
  ]
  // Read by the live callback, which Refine keeps from the first render.
  const shown = useRef<{ ids: Set<string>; refetch: () => void }>({ ids: new Set(), refetch: () => undefined })
  const live = useLiveRecords<Task>((payload: LivePayload) => {
    // A task this page has not read (just submitted elsewhere), or changes the stream may have missed: read the page again.
    if (payload.resync || payload.records.some((r) => !shown.current.ids.has(String(r.id)) && kinds.includes(String(r.kind)))) shown.current.refetch()
  })
  const { result, query } = useList<Task>({
    resource: 'task',
    pagination: { currentPage: page, pageSize: PAGE_SIZE },
    sorters: [{ field: 'id', order: 'desc' }],
    filters,
    liveMode: 'manual',
    onLiveEvent: live.onLiveEvent,
  })
  const rows = live.merge(result.data)
  useEffect(() => {
    shown.current = { ids: new Set(result.data.map((r) => String(r.id))), refetch: () => void query.refetch() }
  }, [result.data, query])
  const act = useTaskActions(() => void query.refetch())

  return (
    <div className="list-page">
      <PageHeading
        title={title}
        extra={
          <Space wrap>
            {onePerKind(submitRoutes(registry, kinds), child?.route).map((route) => (
              <Link key={route.path} to={route.path}>
                <Button icon={<PlusOutlined />}>{label(registry.tasks.get(route.task)!.label, route.task)}</Button>
              </Link>
            ))}
            <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} loading={query.isFetching}>
              {t('buttons.refresh')}
            </Button>
          </Space>
        }
      />
      <div className="list-page-content">
        <MediaToolsAlert />
        <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
          {kinds.length > 1 ? (
            <Segmented
              aria-label={t('task.kind')}
              value={kind}
              onChange={(value) => {
                setKind(String(value))
                setPage(1)
              }}
              options={[...(allKinds ? [{ value: ALL, label: t('value.any') }] : []), ...kinds.map((name) => ({ value: name, label: label(registry.tasks.get(name)!.label, name) }))]}
            />
          ) : null}
          <Select
            aria-label={label(statusField.label, 'status')}
            value={status}
            onChange={(value: string) => {
              setStatus(value)
              setPage(1)
            }}
            style={{ minWidth: 140 }}
            options={[{ value: ALL, label: t('task.anyStatus') }, ...(statusField.schema.enum as string[]).map((value) => ({ value, label: enumLabel(statusField, value, locale) }))]}
          />
        </Flex>
        <Spin spinning={query.isLoading}>
          {rows.length === 0 && !query.isLoading ? (
            <Empty description={t(query.isError ? 'task.listFailed' : status || kind !== (allKinds ? ALL : kinds[0]) ? 'list.emptyFiltered' : 'task.none')} />
          ) : (
            <Space direction="vertical" size={12} style={{ width: '100%' }} className="task-list">
              {rows.map((task) => (
                <TaskCard key={task.id} task={task} act={act} />
              ))}
            </Space>
          )}
        </Spin>
        {(result.total ?? 0) > PAGE_SIZE ? (
          <Flex justify="flex-end" style={{ marginTop: 16 }}>
            <Pagination current={page} pageSize={PAGE_SIZE} total={result.total} onChange={setPage} showSizeChanger={false} showTotal={(total) => t('list.total', { total })} />
          </Flex>
        ) : null}
      </div>
    </div>
  )
}

/** One submit page a kind: several may submit it (the create-video form is also the dashboard's), and the one in this page's menu group is offered. */
function onePerKind(routes: TaskRoute[], here: string | undefined): TaskRoute[] {
  const group = here?.split('/')[1]
  const sameGroupFirst = [...routes].sort((a, b) => Number(b.path.split('/')[1] === group) - Number(a.path.split('/')[1] === group))
  return sameGroupFirst.filter((route, i) => sameGroupFirst.findIndex((r) => r.task === route.task) === i)
}
