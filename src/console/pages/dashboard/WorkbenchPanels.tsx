import { useEffect, useRef } from 'react'
import { Alert, Button, Card, Col, Empty, List, Row, Space, Typography } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { Link, useNavigate } from 'react-router'
import { useList } from '@refinedev/core'
import type { PlatformAccount, Task, Work } from '../../../generated/types'
import type { Role } from '../../../schema/types'
import { consoleRoutes, routeAllows } from '../../../schema/route-access'
import { useTranslate } from '../../i18n/translate'
import { useConsole, useLabel } from '../../ConsoleContext'
import { FieldValue } from '../../resources/FieldValue'
import { fieldOf } from '../../resources/fields'
import { listRoutes } from '../../creation/task-routes'
import { useLiveRecords } from '../../creation/useLiveRecords'
import type { LivePayload } from '../../providers/liveProvider'

const RECENT = 5
const LATEST_WORKS = 6

/** What a workbench shows beside the figures for an account that makes videos: where to start, what runs, what came out, what needs the owner. */
export function WorkbenchPanels({ role, holdings }: { role: Role; holdings: Record<string, string | number> | undefined }) {
  const { registry } = useConsole()
  const routes = consoleRoutes(registry)
  const pathOf = (resource: string) => routes.find((route) => route.resource === resource && routeAllows(route.roles, role))?.path
  return (
    <>
      <AccountsToRenew role={role} listPath={pathOf('platform_account')} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <StartCreating role={role} holdings={holdings} />
        </Col>
        <Col xs={24} xl={14}>
          <RecentTasks />
        </Col>
        <Col xs={24}>
          <LatestWorks listPath={pathOf('work')} />
        </Col>
      </Row>
    </>
  )
}

/** Each task form the role may submit, in the menu's order, with what is left of the count it is paid from. */
function StartCreating({ role, holdings }: { role: Role; holdings: Record<string, string | number> | undefined }) {
  const t = useTranslate()
  const label = useLabel()
  const { registry } = useConsole()
  const navigate = useNavigate()
  const user = registry.entities.get('user')!
  const starts = registry.navigation.groups.flatMap((group) =>
    group.children
      .filter((child) => child.page === 'task-submit' && child.task && registry.tasks.get(child.task)?.roles.includes(role))
      .map((child) => ({ path: `${group.path}/${child.path}`, kind: registry.tasks.get(child.task!)! })),
  )
  return (
    <Card title={t('workbench.start')} size="small" className="workbench-start">
      <Row gutter={[12, 12]}>
        {starts.map(({ path, kind }) => {
          const ledger = kind.cost?.ledger
          const left = ledger && ledger !== 'money' && holdings ? Number(holdings[ledger]) : undefined
          return (
            <Col key={path} xs={24} sm={12}>
              <Button block icon={<PlusOutlined />} onClick={() => navigate(path)}>
                {label(kind.label, kind.name)}
              </Button>
              {left === undefined ? null : (
                <Typography.Text className="workbench-left" type={left > 0 ? 'secondary' : 'warning'}>
                  {t('workbench.left', { what: label(fieldOf(registry, user, ledger!).label, ledger!), count: left })}
                </Typography.Text>
              )}
            </Col>
          )
        })}
      </Row>
    </Card>
  )
}

/** The newest tasks, moving live: running ones with their progress, finished ones with how they ended. */
function RecentTasks() {
  const t = useTranslate()
  const { registry } = useConsole()
  const task = registry.entities.get('task')!
  const [status, kind, progress] = ['status', 'kind', 'progress'].map((name) => fieldOf(registry, task, name))
  // Read by the live callback, which Refine keeps from the first render.
  const shown = useRef<{ ids: Set<string>; read: () => void }>({ ids: new Set(), read: () => undefined })
  const live = useLiveRecords<Task>((payload: LivePayload) => {
    // A shown task's progress moves by the stream alone; a task not shown (just submitted), or changes the stream may have missed, read the list again.
    if (payload.resync || payload.records.some((r) => !shown.current.ids.has(String(r.id)))) shown.current.read()
  })
  const { result, query } = useList<Task>({ resource: 'task', pagination: { currentPage: 1, pageSize: RECENT }, sorters: [{ field: 'id', order: 'desc' }], liveMode: 'manual', onLiveEvent: live.onLiveEvent })
  useEffect(() => {
    shown.current = { ids: new Set(result.data.map((r) => String(r.id))), read: () => void query.refetch() }
  }, [result.data, query])
  const rows = live.merge(result.data)
  return (
    <Card title={t('workbench.tasks')} size="small" loading={query.isLoading} className="workbench-tasks">
      {rows.length === 0 ? (
        <Empty description={t('workbench.noTasks')} />
      ) : (
        <List
          dataSource={rows}
          renderItem={(row) => {
            const to = listRoutes(registry, row.kind)[0]?.path
            return (
              <List.Item>
                <Space direction="vertical" size={2} style={{ width: '100%' }}>
                  <Space wrap size="small">
                    {to ? <Link to={to}>{row.title || `#${row.id}`}</Link> : <span>{row.title || `#${row.id}`}</span>}
                    <FieldValue field={kind!} value={row.kind} record={row as never} />
                    <FieldValue field={status!} value={row.status} record={row as never} />
                  </Space>
                  {row.status === 'queued' || row.status === 'running' ? <FieldValue field={progress!} value={row.progress} record={row as never} /> : null}
                </Space>
              </List.Item>
            )
          }}
        />
      )}
    </Card>
  )
}

/** The newest works, each by its cover and title, opening the works list. */
function LatestWorks({ listPath }: { listPath: string | undefined }) {
  const t = useTranslate()
  const { result, query } = useList<Work>({ resource: 'work', pagination: { currentPage: 1, pageSize: LATEST_WORKS }, sorters: [{ field: 'created_at', order: 'desc' }] })
  return (
    <Card title={t('workbench.works')} size="small" loading={query.isLoading} extra={listPath ? <Link to={listPath}>{t('workbench.allWorks')}</Link> : null}>
      {result.data.length === 0 ? (
        <Empty description={t('workbench.noWorks')} />
      ) : (
        <Row gutter={[12, 12]}>
          {result.data.map((work) => (
            <Col key={work.id} xs={12} sm={8} lg={4}>
              <figure className="workbench-work">
                {work.cover_url ? <img src={work.cover_url} alt="" loading="lazy" /> : <span className="workbench-work-blank" aria-hidden />}
                <Typography.Text ellipsis={{ tooltip: work.title }}>{work.title}</Typography.Text>
              </figure>
            </Col>
          ))}
        </Row>
      )}
    </Card>
  )
}

/** Platform accounts the platform no longer accepts: only their owner authorizing again brings them back, so the workbench says so first. */
function AccountsToRenew({ role, listPath }: { role: Role; listPath: string | undefined }) {
  const t = useTranslate()
  const { registry } = useConsole()
  const allowed = registry.resources.get('platform_account')?.roles.includes(role) ?? false
  const { result } = useList<PlatformAccount>({
    resource: 'platform_account',
    pagination: { currentPage: 1, pageSize: 5 },
    filters: [{ field: 'status', operator: 'eq', value: 'reauthorize' }],
    queryOptions: { enabled: allowed },
  })
  if (!allowed || (result.total ?? 0) === 0) return null
  return (
    <Alert
      type="warning"
      showIcon
      message={t('workbench.renew', { count: result.total ?? 0 })}
      description={result.data.map((account) => account.nickname).join('、')}
      action={listPath ? <Link to={listPath}>{t('workbench.renewOpen')}</Link> : null}
    />
  )
}
