import { useEffect, useMemo, useRef, useState } from 'react'
import { Alert, App, Button, Card, Col, Row, Space, Statistic, Typography } from 'antd'
import { useScreenAtLeast } from '../layout/useScreen'
import { Link, useSearchParams } from 'react-router'
import { SwapOutlined } from '@ant-design/icons'
import { useOne } from '@refinedev/core'
import { useQuery } from '@tanstack/react-query'
import type { Task, TaskTemplate } from '../../generated/types'
import { ApiError } from '../providers/ApiError'
import { useTranslate } from '../i18n/translate'
import { useConsole, useLabel } from '../ConsoleContext'
import { PageHeading } from '../layout/PageHeading'
import { useRouteTitle } from '../layout/useRouteTitle'
import { useNavigationChild } from '../pages/useNavigationChild'
import { endpointForm } from '../forms/form-schema'
import { SchemaForm } from '../forms/SchemaForm'
import { fieldOf } from '../resources/fields'
import NotFoundPage from '../pages/NotFoundPage'
import { MediaToolsAlert } from './MediaToolsAlert'
import { newVisit, submissionKey } from '../providers/submission-key'
import { ProviderStatus } from './ProviderStatus'
import { TaskCard } from './TaskCard'
import './task-card.css'
import { countedBy, estimateCost, fenToYuan, type CostEstimate } from './task-cost'
import { CostLeft } from './CostLeft'
import { KIND_NOTES } from './kind-notes'
import { listRoutes, submitRoutes } from './task-routes'
import { useLiveRecords } from './useLiveRecords'
import { useTaskActions } from './useTaskActions'
import { useTaskEstimate } from './useTaskEstimate'
import { BatchRows, SaveTemplate, type Row as VariableRow } from './TemplateBatch'
import { batchInputs, firstGap, templateVariables } from './template-fill'

/**
 * A task-submit route (navigation.json "task": the kind): the form of the kind's input, the very
 * body its submit call validates, what it will cost, and once sent the new task, moving live.
 */
export default function TaskSubmitPage() {
  const t = useTranslate()
  const label = useLabel()
  const { message } = App.useApp()
  const { registry, http, locale } = useConsole()
  const title = useRouteTitle()
  const child = useNavigationChild()
  const kind = child?.task ? registry.tasks.get(child.task) : undefined
  const form = useMemo(() => (kind ? endpointForm(registry, kind.endpoint, locale, { sections: kind.sections }) : undefined), [registry, kind, locale])
  const [values, setValues] = useState<Record<string, unknown>>({})
  const [saving, setSaving] = useState(false)
  // The form sent again unchanged (its answer lost, a second click) is one task: see submission-key.ts.
  const visit = useRef(newVisit())
  const [submitted, setSubmitted] = useState<Task>()
  const [rows, setRows] = useState<VariableRow[]>([{}])
  const [queued, setQueued] = useState<number>()
  const [search, setSearch] = useSearchParams()
  const templateId = Number(search.get('template')) || undefined
  const detail = registry.endpoints.get('task_template/detail')
  const { data: template } = useQuery({
    queryKey: ['task-template', templateId],
    queryFn: () => http.request<TaskTemplate>({ method: 'GET', path: detail!.path, query: { id: templateId } }),
    enabled: Boolean(kind?.batch && templateId && detail),
  })
  // The form starts from the template; what it holds counts (its variables, its cost) before anything is typed.
  useEffect(() => {
    if (template) setValues(template.input as Record<string, unknown>)
  }, [template])
  const wide = useScreenAtLeast('xl')
  const { data: settings } = useQuery({
    queryKey: ['platform-config'],
    queryFn: () => http.request<Record<string, unknown>>({ method: 'GET', path: registry.endpoints.get('platform/get_platform_config')!.path, quiet: true }),
    enabled: Boolean(kind?.cost && typeof kind.cost.rate !== 'number'),
  })
  const variablesNow = kind?.batch ? templateVariables(values) : []
  const measured = useTaskEstimate(kind, values, variablesNow.length === 0)
  if (!kind || !form) return <NotFoundPage />

  // A kind that takes batches makes one task per row while the form holds {{variables}}.
  const variables = variablesNow
  const inputs = variables.length > 0 ? batchInputs(values, rows) : [values]
  const estimate = sumCosts(inputs.map((input) => estimateCost(kind.cost, settings, input, measured.estimate?.size)))
  const templates = [...registry.resources.values()].find((resource) => resource.entity === 'task_template')
  const note = KIND_NOTES[kind.name]?.(values, t)
  const lists = listRoutes(registry, kind.name)
  // The kinds listed together with this one (clip and mixed cut; the clones), in this page's menu group: alternatives to switch to.
  const group = child?.route.split('/')[1]
  const family = new Set(lists.flatMap((route) => route.tasks))
  const others = submitRoutes(registry, [...family]).filter((route) => route.path !== child?.route && route.task !== kind.name && route.path.split('/')[1] === group)

  const summary = (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {note?.figures.map((figure) => <Statistic key={figure.title} title={figure.title} value={figure.value} suffix={figure.suffix} />)}
      <CostFigure estimate={estimate} quotaLabel={(name) => label(fieldOf(registry, registry.entities.get('user')!, name).label, name)} />
      {measured.refusal ? <Alert type="warning" showIcon message={measured.refusal} className="task-limit-refusal" /> : null}
      {measured.refusal ? null : measured.estimate?.notices.map((notice) => <Alert key={notice} type="info" showIcon message={notice} className="task-notice" />)}
      {measured.estimate && !measured.refusal && measured.estimate.limits.outputSeconds !== undefined ? (
        <Typography.Text type="secondary" className="task-size">
          {t('task.size', { count: measured.estimate.size.variants, seconds: Math.round(measured.estimate.size.output_seconds * 10) / 10, limit: measured.estimate.limits.outputSeconds })}
        </Typography.Text>
      ) : null}
    </Space>
  )

  const submit = async (body: Record<string, unknown>) => {
    if (variables.length > 0 && kind.batch) return submitBatch(body, kind.batch.endpoint)
    setSaving(true)
    try {
      const task = await http.request<Task>({ method: 'POST', path: registry.endpoints.get(kind.endpoint)!.path, body, idempotencyKey: submissionKey(visit.current, body) })
      visit.current = newVisit()
      setSubmitted(task)
      message.success(t('task.submitted', { title: task.title }))
    } finally {
      setSaving(false)
    }
  }

  const submitBatch = async (body: Record<string, unknown>, endpoint: string) => {
    const gap = firstGap(rows, variables)
    if (gap) {
      message.error(t('template.gap', { n: gap.row + 1, variable: gap.variable }))
      return
    }
    setSaving(true)
    try {
      const inputs = { inputs: batchInputs(body, rows) }
      const done = await http.request<{ count: number }>({ method: 'POST', path: registry.endpoints.get(endpoint)!.path, body: inputs, idempotencyKey: submissionKey(visit.current, inputs) })
      visit.current = newVisit()
      setQueued(done.count)
      message.success(t('template.queued', { count: done.count }))
    } catch (error) {
      throw error instanceof ApiError ? onFormFields(error, t) : error
    } finally {
      setSaving(false)
    }
  }

  return (
    <div>
      <PageHeading
        title={title}
        extra={
          <Space wrap>
            {kind.batch && templates ? (
              <Link to={templates.route}>
                <Button>{label(templates.label, templates.name)}</Button>
              </Link>
            ) : null}
            {others.map((route) => (
              <Link key={route.path} to={route.path}>
                <Button icon={<SwapOutlined />}>
                  {t('task.switchTo', { kind: label(registry.tasks.get(route.task)!.label, route.task) })}
                </Button>
              </Link>
            ))}
            {lists.map((route) => (
              <Link key={route.path} to={route.path}>
                <Button>{label(route.label, route.name)}</Button>
              </Link>
            ))}
          </Space>
        }
      />
      <div className="list-page-content">
        <MediaToolsAlert />
        {kind.providers ? <ProviderStatus capabilities={kind.providers} /> : null}
        {queued ? (
          <Alert
            type="success"
            showIcon
            style={{ marginBottom: 16 }}
            message={t('template.queued', { count: queued })}
            description={lists[0] ? <Link to={lists[0].path}>{t('task.seeAll', { page: label(lists[0].label, lists[0].name) })}</Link> : undefined}
          />
        ) : null}
        {submitted ? <SubmittedTask key={submitted.id} id={submitted.id} first={submitted} list={lists[0] ? { path: lists[0].path, label: label(lists[0].label, lists[0].name) } : undefined} /> : null}
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={16}>
            {/* The kind's name, unless the page is named so already (the mixed-cut editor). */}
            <Card
              title={template ? t('template.from', { name: template.name }) : label(kind.label, kind.name) !== title ? label(kind.label, kind.name) : undefined}
              extra={kind.batch ? <SaveTemplate kind={kind.name} values={values} template={template} onSaved={(saved) => setSearch({ template: String(saved.id) })} /> : null}
            >
              {kind.batch && !template ? <Typography.Paragraph type="secondary">{t('template.formHint', { example: '{{shop}}' })}</Typography.Paragraph> : null}
              <SchemaForm
                key={`${locale}-${template?.id ?? ''}`}
                schema={form.schema}
                uiSchema={form.uiSchema}
                initial={template?.input as Record<string, unknown> | undefined}
                saving={saving}
                onSubmit={submit}
                onChange={setValues}
                fieldProblems={note?.problems}
                submitLabel={variables.length > 0 ? t('template.submitBatch', { count: rows.length }) : t('task.submit')}
                // The videos of a batch, then what sending costs: just above the button, where they are read before sending (the cost beside the form on a wide screen).
                footer={
                  <>
                    {variables.length > 0 && kind.batch ? <BatchRows variables={variables} rows={rows} onChange={setRows} max={kind.batch.max} /> : null}
                    {wide ? null : (
                      <Card size="small" className="task-summary" style={{ marginBottom: 16 }}>
                        {summary}
                      </Card>
                    )}
                  </>
                }
              />
            </Card>
          </Col>
          {wide ? (
            <Col xl={8}>
              {/* Beside a long form, what sending costs stays in sight as the form scrolls. */}
              <Card title={t('task.summary')} className="task-summary task-summary-beside">
                {summary}
              </Card>
            </Col>
          ) : null}
        </Row>
      </div>
    </div>
  )
}

/** What a batch reserves: the sum of its tasks' costs, counted in the units of them all. */
function sumCosts(estimates: CostEstimate[]): CostEstimate {
  const [first] = estimates
  if (!first || first.kind !== 'known' || estimates.length === 1) return first ?? { kind: 'free' }
  const known = estimates.filter((e): e is Extract<CostEstimate, { kind: 'known' }> => e.kind === 'known')
  return { ...first, units: known.reduce((sum, e) => sum + e.units, 0), total: known.reduce((sum, e) => sum + e.total, 0) }
}

/** A batch refused for one of its videos: said on the field of the form, naming the video (/inputs/2/script is video 3's script). */
function onFormFields(error: ApiError, t: ReturnType<typeof useTranslate>): ApiError {
  if (error.fieldErrors.length === 0) return error
  const fields = error.fieldErrors.map((e) => {
    const match = /^\/inputs\/(\d+)(\/.*)?$/.exec(e.path)
    return match ? { path: match[2] ?? '', message: t('template.inVideo', { n: Number(match[1]) + 1, message: e.message }) } : e
  })
  return new ApiError(error.message, error.statusCode, error.code, fields, error.failure)
}

/** What the submission will reserve; said as a rule when the rate is not the account's to read. */
function CostFigure({ estimate, quotaLabel }: { estimate: CostEstimate; quotaLabel: (ledger: string) => string }) {
  const t = useTranslate()
  const label = useLabel()
  if (estimate.kind === 'free') return <Statistic title={t('task.costEstimate')} value={t('task.free')} />
  if (estimate.kind === 'unknown') {
    return (
      <div>
        <Typography.Text type="secondary">{t('task.costEstimate')}</Typography.Text>
        <Typography.Paragraph style={{ margin: 0 }}>{t(`task.chargedPer.${countedBy(estimate.per)}`)}</Typography.Paragraph>
      </div>
    )
  }
  const money = estimate.ledger === 'money'
  const amount = money ? fenToYuan(estimate.total) : String(estimate.total)
  const unit = money ? t('money.currency') : quotaLabel(estimate.ledger)
  const rate = money ? `${fenToYuan(estimate.rate)} ${unit}` : `${estimate.rate} ${unit}`
  return (
    <div>
      <Statistic title={t('task.costEstimate')} value={amount} suffix={unit} />
      <Typography.Text type="secondary" className="task-cost-rule">
        {t(`task.costRule.${countedBy(estimate.per)}`, { rate, count: estimate.units })}
      </Typography.Text>
      <CostLeft ledger={estimate.ledger} total={estimate.total} unit={unit} />
      {estimate.plus ? (
        <Typography.Paragraph type="secondary" className="task-cost-plus" style={{ margin: 0 }}>
          {t('task.costPlus', { amount: money ? `${fenToYuan(estimate.plus.amount)} ${unit}` : `${estimate.plus.amount} ${unit}`, what: label(estimate.plus.label, '') })}
        </Typography.Paragraph>
      ) : null}
    </div>
  )
}

/** The task just submitted, followed live until it ends, with the way to the list of them all. */
function SubmittedTask({ id, first, list }: { id: number; first: Task; list?: { path: string; label: string } }) {
  const t = useTranslate()
  const refetch = useRef(() => undefined as unknown)
  // Changes the stream may have missed (it opened only now): read the task again.
  const live = useLiveRecords<Task>((payload) => payload.resync && refetch.current())
  const { result, query } = useOne<Task>({ resource: 'task', id, liveMode: 'manual', onLiveEvent: live.onLiveEvent })
  refetch.current = () => query.refetch()
  const act = useTaskActions(() => void query.refetch())
  const [task] = live.merge([result ?? first])
  return (
    <Space direction="vertical" size={8} style={{ width: '100%', marginBottom: 16 }} className="submitted-task">
      <TaskCard task={task!} act={act} />
      {list ? <Link to={list.path}>{t('task.seeAll', { page: list.label })}</Link> : null}
    </Space>
  )
}
