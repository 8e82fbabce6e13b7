import { Alert, Button, Card, Col, Flex, Progress, Row, Space, Tag, Typography } from 'antd'
import { Link } from 'react-router'
import dayjs from 'dayjs'
import type { Task } from '../../generated/types'
import { useTranslate } from '../i18n/translate'
import { useConsole, useLabel } from '../ConsoleContext'
import { enumColor, enumLabel, fieldOf } from '../resources/fields'
import { localizedText } from '../resources/FieldValue'
import { MediaPreview } from '../resources/MediaPreview'
import { sizeText } from '../resources/units'
import { LIST_TIME_FORMAT } from '../resources/column-width'
import { fenToYuan } from './task-cost'
import { taskActions, type TaskAction } from './useTaskActions'
import './task-card.css'

/** One video a task made, as its result lists it. */
interface TaskOutput {
  url: string
  cover_url?: string
  duration?: number
  width?: number
  height?: number
  size?: number
  /** A mixed cut's or a topic video's pieces: which part of which material, in order. */
  clips?: { material_id: number; name?: string; start: number; end: number; hold?: number }[]
  /** Its subtitle lines, each with when it shows. */
  lines?: { start: number; end: number; text: string }[]
}

const PROGRESS_STATUS = { queued: 'normal', running: 'active', succeeded: 'success', failed: 'exception', cancelled: 'normal' } as const

export interface TaskCardProps {
  task: Task
  /** Runs one of the shared calls (useTaskActions); without it the card shows none. */
  act?: (action: TaskAction, task: Task) => void
}

/**
 * A task as it stands: its status, a progress bar with what it is doing, why it failed, what it
 * costs, the buttons its state allows, and the videos it made, to play and download.
 */
export function TaskCard({ task, act }: TaskCardProps) {
  const t = useTranslate()
  const label = useLabel()
  const { registry, locale } = useConsole()
  const entity = registry.entities.get('task')!
  const status = fieldOf(registry, entity, 'status')
  const costState = fieldOf(registry, entity, 'cost_state')
  const kind = registry.tasks.get(task.kind)
  const stage = localizedText(task.stage, locale)
  const error = localizedText(task.error, locale)
  const outputs = ((task.result as { outputs?: TaskOutput[] }).outputs ?? []).filter((o) => typeof o?.url === 'string')
  // What the provider that did the work says it is ("local render, no lip sync"), shown with what it made.
  const describe = localizedText((task.result as { describe?: unknown }).describe, locale)
  const detail = registry.resources.get('task')?.endpoints.get ? `${registry.resources.get('task')!.route}/show/${task.id}` : undefined
  const works = [...registry.resources.values()].find((r) => r.entity === 'work' && !r.hideInMenu)
  const worksLink = works ? `${works.route}?${worksFilter(task.id)}` : undefined
  const title = task.title || (kind ? label(kind.label, kind.name) : `#${task.id}`)

  return (
    <Card
      size="small"
      className="task-card"
      data-task-id={task.id}
      data-status={task.status}
      title={
        <Flex gap={8} align="center" wrap style={{ minWidth: 0, padding: '8px 0' }}>
          <Typography.Text strong ellipsis={{ tooltip: title }} style={{ maxWidth: '100%' }}>
            {detail ? <Link to={detail}>{title}</Link> : title}
          </Typography.Text>
          {kind ? <Tag color="blue">{label(kind.label, kind.name)}</Tag> : null}
          <Tag color={enumColor(status, task.status)} className="task-status">
            {enumLabel(status, task.status, locale)}
          </Tag>
        </Flex>
      }
      extra={
        act ? (
          <Space size={4} wrap>
            {taskActions(task).map((action) => (
              <Button key={action} size="small" danger={action !== 'retry'} onClick={() => act(action, task)}>
                {t(`task.${action}`)}
              </Button>
            ))}
          </Space>
        ) : null
      }
    >
      <Space direction="vertical" size={8} style={{ width: '100%' }}>
        <Progress percent={task.progress} status={PROGRESS_STATUS[task.status]} aria-label={t('task.progressOf', { title })} />
        {stage && (task.status === 'queued' || task.status === 'running') ? (
          <Typography.Text type="secondary" className="task-stage">
            {stage}
          </Typography.Text>
        ) : null}
        {error ? <Alert type={task.status === 'failed' ? 'error' : 'warning'} showIcon message={error} className="task-error" /> : null}
        <Flex gap="4px 16px" wrap className="task-meta">
          <Typography.Text type="secondary">
            {t('task.submittedAt', { time: dayjs(task.created_at).format(LIST_TIME_FORMAT) })}
          </Typography.Text>
          <Typography.Text type="secondary">
            {t('task.cost', { amount: costText(task, t, (name) => label(fieldOf(registry, registry.entities.get('user')!, name).label, name)) })}
            {task.cost_state !== 'none' ? (
              <Tag color={enumColor(costState, task.cost_state)} style={{ marginInlineStart: 6 }}>
                {enumLabel(costState, task.cost_state, locale)}
              </Tag>
            ) : null}
          </Typography.Text>
          {task.attempts > 1 ? <Typography.Text type="secondary">{t('task.attempts', { attempts: task.attempts, max: task.max_attempts })}</Typography.Text> : null}
        </Flex>
        {describe && task.status === 'succeeded' ? (
          <div>
            <Tag color="orange" className="task-describe" style={{ whiteSpace: 'normal' }}>
              {describe}
            </Tag>
          </div>
        ) : null}
        {outputs.length > 0 ? (
          <>
            <Row gutter={[12, 12]} className="task-outputs">
              {outputs.map((output, i) => (
                <Col key={output.url} xs={12} sm={8} md={6} xl={4}>
                  <MediaPreview url={output.url} poster={output.cover_url} title={outputs.length > 1 ? `${title} #${i + 1}` : title} />
                  <Typography.Text type="secondary" className="task-output-facts">
                    {[outputs.length > 1 ? `#${i + 1}` : '', output.duration ? t('task.seconds', { seconds: output.duration.toFixed(1) }) : '', output.width && output.height ? `${output.width}×${output.height}` : '', output.size ? sizeText(output.size) : '']
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography.Text>
                  {output.clips?.length || output.lines?.length ? <OutputParts output={output} /> : null}
                </Col>
              ))}
            </Row>
            {worksLink ? <Link to={worksLink}>{t('task.works', { count: outputs.length })}</Link> : null}
          </>
        ) : null}
      </Space>
    </Card>
  )
}

/** What one video is made of, folded: each clip (which material, from when to when) and each line with when it shows. */
function OutputParts({ output }: { output: TaskOutput }) {
  const t = useTranslate()
  const range = (from: number, to: number) => t('task.range', { from: from.toFixed(1), to: to.toFixed(1) })
  return (
    <details className="task-output-parts">
      <summary>{t('task.madeOf')}</summary>
      {output.clips?.length ? (
        <ol aria-label={t('task.clips')}>
          {output.clips.map((clip, i) => (
            <li key={i}>
              {clip.name ?? `#${clip.material_id}`} {range(clip.start, clip.end)}
              {clip.hold ? ` ${t('task.held', { seconds: clip.hold.toFixed(1) })}` : ''}
            </li>
          ))}
        </ol>
      ) : null}
      {output.lines?.length ? (
        <ol aria-label={t('task.lines')}>
          {output.lines.map((line, i) => (
            <li key={i}>
              <Typography.Text type="secondary" style={{ fontSize: 'inherit' }}>
                {range(line.start, line.end)}
              </Typography.Text>{' '}
              {line.text}
            </li>
          ))}
        </ol>
      ) : null}
    </details>
  )
}

/** Refine's list filters in the address (syncWithLocation), as the works list reads them. */
function worksFilter(taskId: number): string {
  return `filters[0][field]=task_id&filters[0][operator]=eq&filters[0][value]=${taskId}`
}

function costText(task: Task, t: (key: string, options?: unknown) => string, quotaLabel: (name: string) => string): string {
  if (!task.cost_ledger || task.cost_state === 'none') return t('task.free')
  return task.cost_ledger === 'money' ? `${fenToYuan(task.cost_amount)} ${t('money.currency')}` : `${task.cost_amount} × ${quotaLabel(task.cost_ledger)}`
}

