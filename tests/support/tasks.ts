import type { TestServer } from '../api/harness'
import type { Task as TaskRecord } from '../../src/generated/types'

export interface Task {
  id: number
  kind: string
  title: string
  status: TaskRecord['status']
  progress: number
  stage: Record<string, string>
  result: Record<string, unknown>
  error: Record<string, string>
  attempts: number
  runs: number
  cost_state: string
  cost_amount: number
  cost_ledger: string
  owner_id: number
  reference: string
}

/**
 * The task once it has `status` (and passes `also`), read through task/detail as a person's
 * console would. Fails early, with the task as it stands, when it ends any other way.
 */
export async function waitForTask(server: Pick<TestServer, 'call'>, token: string, id: number, status: Task['status'], also: (task: Task) => boolean = () => true, timeoutMs = 60_000): Promise<Task> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const res = await server.call<Task>('GET', '/task/detail', { token, query: { id } })
    const task = res.body.data
    if (res.body.code !== 1) throw new Error(`task/detail ${id}: ${res.body.msg}`)
    if (task.status === status && also(task)) return task
    const ended = ['succeeded', 'failed', 'cancelled'].includes(task.status)
    if ((ended && task.status !== status) || Date.now() > until) throw new Error(`Task ${id} did not come to ${status}: ${JSON.stringify(task)}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
