import type { Label, TaskKindDef } from '../../schema/types'
import type { Db } from '../db/connect'
import { type Services } from '../services'
import { tableOf } from '../db/table-of'
import { reserve, type TaskCharge } from './cost'
import type { WorkSize } from './limits'
import { recordUses } from './uses'
import { randomUUID } from 'node:crypto'

export const QUEUED: Label = { 'zh-CN': '排队中', 'en-US': 'In the queue' }

export interface NewTask {
  kind: TaskKindDef
  ownerId: number
  title: string
  input: Record<string, unknown>
  charge?: TaskCharge | null
  /** What its handler measured it to make. */
  size?: WorkSize
  /** Who the charge is booked by: the submitter, or the owner for work that came due by itself. */
  chargedBy?: number
  /** Not before this many seconds from now (a post's slot). */
  delaySeconds?: number
  /** The id of the request that submitted it; work that came due by itself gets a new one. */
  reference?: string
}

/**
 * One task row, the records it uses, its cost reserved and its job queued, in the caller's
 * transaction: a task exists exactly when it is paid for and queued. Answers its id; the caller
 * wakes the queue once the transaction has committed.
 */
export async function insertTask(trx: Db, services: Services, task: NewTask): Promise<number> {
  const now = services.now().toISOString()
  const { kind, charge } = task
  const row = await trx
    .insertInto(tableOf(services, 'task'))
    .values({
      kind: kind.name,
      title: task.title.slice(0, 80),
      owner_id: task.ownerId,
      status: 'queued',
      progress: 0,
      stage: JSON.stringify(QUEUED),
      input: JSON.stringify(task.input),
      size: JSON.stringify(task.size ?? {}),
      result: '{}',
      error: '{}',
      attempts: 0,
      runs: 1,
      max_attempts: kind.attempts,
      cost_ledger: charge?.ledger ?? '',
      cost_amount: charge?.amount ?? 0,
      cost_state: charge ? 'reserved' : 'none',
      worker: '',
      steps: '{}',
      reference: task.reference ?? randomUUID(),
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const taskId = row.id
  await recordUses(trx, services, taskId, kind, task.input)
  if (charge) await reserve(trx, services, { id: taskId, title: task.title.slice(0, 80), ownerId: task.ownerId, ledger: charge.ledger, amount: charge.amount, run: 1 }, task.chargedBy ?? task.ownerId)
  await services.tasks.queue.enqueue(trx, taskId, task.delaySeconds)
  return taskId
}

/**
 * A task for work that came due by itself (a kind's `due`), queued only if `claim` marks the work
 * as taken in the same transaction (an account's renewal column still empty): when another worker
 * claimed it a moment ago, the task and its job go with the rollback. Answers whether it was queued.
 */
export async function queueClaimed(services: Services, task: NewTask, claim: (trx: Db, taskId: number) => Promise<boolean>): Promise<boolean> {
  return services.db
    .transaction()
    .execute(async (trx) => {
      const taskId = await insertTask(trx, services, task)
      if (!(await claim(trx, taskId))) throw new ClaimedElsewhere()
      return true
    })
    .catch((error: unknown) => {
      if (error instanceof ClaimedElsewhere) return false
      throw error
    })
}

class ClaimedElsewhere extends Error {}
