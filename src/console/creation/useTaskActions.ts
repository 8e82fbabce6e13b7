import { App } from 'antd'
import type { Task } from '../../generated/types'
import { useTranslate } from '../i18n/translate'
import { useConsole } from '../ConsoleContext'
import { submissionKey } from '../providers/submission-key'

/** The calls every task kind shares (DESIGN §5a), as the engine names them. */
const CALLS = { cancel: 'task/cancel', retry: 'task/retry', delete: 'task/del' } as const

export type TaskAction = keyof typeof CALLS

/** Which of the shared calls a task in this state takes; the server decides again. */
export function taskActions(task: Pick<Task, 'status'>): TaskAction[] {
  switch (task.status) {
    case 'queued':
    case 'running':
      return ['cancel']
    case 'failed':
    case 'cancelled':
      return ['retry', 'delete']
    default:
      return ['delete']
  }
}

/**
 * Cancel, retry and delete, each asked again first: cancel loses the work done so far, delete
 * the task's record (the works it made stay), and a retry reserves the cost again. `changed`
 * hears the task as it now stands (undefined once deleted).
 */
export function useTaskActions(changed: (task: Task | undefined, id: number) => void) {
  const t = useTranslate()
  const { modal, message } = App.useApp()
  const { registry, http } = useConsole()

  const call = async (action: TaskAction, task: Task) => {
    const path = registry.endpoints.get(CALLS[action])!.path
    const body = action === 'delete' ? { ids: [task.id] } : { id: task.id }
    // A second click, or the same call sent again after its answer was lost, retries the task
    // once: the key is the task as it stood, so a later retry of a later failure is a new one.
    const idempotencyKey = action === 'retry' ? submissionKey(`retry${task.id}`, { id: task.id, updated_at: task.updated_at }) : undefined
    const answer = await http.request<Task | { deleted: number }>({ method: 'POST', path, body, idempotencyKey })
    message.success(t(`task.${action}.done`, { title: task.title }))
    changed(action === 'delete' ? undefined : (answer as Task), task.id)
  }

  return (action: TaskAction, task: Task) => {
    modal.confirm({
      title: t(`task.${action}.confirmTitle`),
      content: t(`task.${action}.confirm`, { title: task.title }),
      okText: t(`task.${action}`),
      // A retry is asked too: it reserves the cost again.
      okButtonProps: { danger: action !== 'retry' },
      cancelText: t('buttons.cancel'),
      // A refusal is said by the call's notice; the dialog closes either way.
      onOk: () => call(action, task).catch(() => undefined),
    })
  }
}
