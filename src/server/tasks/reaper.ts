import type { Label } from '../../schema/types'
import { type Services } from '../services'
import { tableOf } from '../db/table-of'
import { failIn } from './runner'
import type { TaskEngine } from './task-engine'
import type { TaskHandlers } from './task-handler'

const GAVE_UP: Label = { 'zh-CN': '处理该任务的进程多次中断，已停止重试', 'en-US': 'The workers running this task stopped too many times; it was not tried again' }

/**
 * Running tasks whose worker stopped renewing the lease (killed, machine gone): each goes back
 * to the queue, or fails with its cost given back once it has used up its tries. The conditional
 * update lets one worker of many take each task back.
 */
export async function reapExpiredLeases(engine: TaskEngine, services: Services, handlers: TaskHandlers): Promise<number> {
  const tasks = tableOf(services, 'task')
  const now = services.now().toISOString()
  const expired = await services.db.selectFrom(tasks).select(['id', 'attempts', 'max_attempts']).where('status', '=', 'running').where('lease_until', '<', now).limit(50).execute()
  let taken = 0
  for (const task of expired) {
    await services.db.transaction().execute(async (trx) => {
      if (task.attempts >= task.max_attempts) {
        if (await failIn(trx, services, handlers, task.id, undefined, GAVE_UP)) taken++
        return
      }
      const back = await trx
        .updateTable(tasks)
        .set({ status: 'queued', worker: '', lease_until: null, updated_at: now })
        .where('id', '=', task.id)
        .where('status', '=', 'running')
        .where('lease_until', '<', now)
        .executeTakeFirst()
      if (Number(back.numUpdatedRows) === 0) return
      await engine.queue.enqueue(trx, task.id)
      taken++
    })
  }
  if (taken > 0) {
    engine.queue.wake()
    engine.changed()
  }
  return taken
}
