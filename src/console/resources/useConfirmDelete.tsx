import { useMemo } from 'react'
import { Alert, App, Tag, Typography } from 'antd'
import type { TaskUsesResponse } from '../../generated/types'
import { entitiesUsedByTasks } from '../../schema/task-kinds'
import { useConsole } from '../ConsoleContext'
import { useTranslate } from '../i18n/translate'
import { enumColor, enumLabel, fieldOf } from './fields'

interface DeleteQuestion {
  title: string
  /** Said under the title, unless tasks that have not ended use the records. */
  content?: string
  ids: number[]
  remove: () => Promise<void>
}

/**
 * The question before a delete. Records that tasks can use (materials, works) first ask the
 * server what uses them: the dialog lists those tasks, and while one of them has not ended it
 * says so and offers no delete, as the server would refuse it.
 */
export function useConfirmDelete(entity: string) {
  const t = useTranslate()
  const { modal } = App.useApp()
  const { registry, http, locale } = useConsole()
  const tracked = useMemo(() => entitiesUsedByTasks(registry.tasks).has(entity), [registry, entity])

  return async ({ title, content, ids, remove }: DeleteQuestion) => {
    const endpoint = registry.endpoints.get('task/uses')
    const uses = tracked && endpoint ? await http.request<TaskUsesResponse>({ method: 'POST', path: endpoint.path, body: { entity, ids } }).catch(() => undefined) : undefined
    const task = registry.entities.get('task')
    const kind = task && fieldOf(registry, task, 'kind')
    const status = task && fieldOf(registry, task, 'status')
    modal.confirm({
      title,
      content: (
        <>
          {(uses?.active || content) && <p style={{ margin: 0 }}>{uses?.active ? t('list.inUse.blocked', { count: uses.active }) : content}</p>}
          {uses && uses.total > 0 && (
            <div className="record-uses">
              {uses.active > 0 ? <Alert type="warning" showIcon message={t('list.inUse.wait')} /> : <Typography.Text type="secondary">{t('list.inUse.ended', { count: uses.total })}</Typography.Text>}
              <ul aria-label={t('list.inUse.tasks')}>
                {uses.tasks.map((use) => (
                  <li key={`${use.id}-${use.record_id}`}>
                    <span>
                      #{use.id} {kind ? enumLabel(kind, use.kind, locale) : use.kind} · {use.title}
                    </span>{' '}
                    {status && <Tag color={enumColor(status, use.status)}>{enumLabel(status, use.status, locale)}</Tag>}
                  </li>
                ))}
              </ul>
              {uses.total > uses.tasks.length && <Typography.Text type="secondary">{t('list.inUse.more', { count: uses.total - uses.tasks.length })}</Typography.Text>}
            </div>
          )}
        </>
      ),
      okButtonProps: { danger: true, disabled: Boolean(uses?.active) },
      okText: t('buttons.delete'),
      cancelText: t('buttons.cancel'),
      onOk: remove,
    })
  }
}
