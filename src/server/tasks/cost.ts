import type { CostLedger, TaskKindDef } from '../../schema/types'
import { changeMoney, changeQuota, type LedgerChange } from '../ledger/ledger'
import { readGroup } from '../settings/settings-store'
import type { Db } from '../db/connect'
import type { Services } from '../services'

/** What a task costs: nothing, or an amount of money (fen) or quota units. */
export interface TaskCharge {
  ledger: CostLedger
  amount: number
}

/** The task's cost as its kind declares it, from the submitted input and the rate now set. */
export async function chargeFor(services: Services, kind: TaskKindDef, input: Record<string, unknown>): Promise<TaskCharge | null> {
  const cost = kind.cost
  if (!cost) return null
  const rate = typeof cost.rate === 'number' ? cost.rate : await settingRate(services, cost.rate.setting)
  const times = cost.per === 'task' ? 1 : 'field' in cost.per ? Number(input[cost.per.field]) : [...String(input[cost.per.length] ?? '')].length
  const amount = rate * times
  return amount > 0 ? { ledger: cost.ledger, amount } : null
}

async function settingRate(services: Services, setting: string): Promise<number> {
  const [groupName, key] = setting.split('.') as [string, string]
  const group = services.registry.configGroups.get(groupName)!
  return Number((await readGroup(services, group))[key])
}

/** A task's cost as stored on it, and which run of the task (a retry is a new run) the ledger rows belong to. */
export interface TaskCost {
  id: number
  ownerId: number
  ledger: string
  amount: number
  run: number
}

/** Take the cost from the owner's balance or quota, in the transaction that creates (or retries) the task. */
export function reserve(trx: Db, services: Services, task: TaskCost, operatorId: number): Promise<unknown> {
  return move(trx, services, task, { type: 'consume', amount: -task.amount, operatorId, key: `task:${task.id}:reserve:${task.run}`, remark: `Task ${task.id}` })
}

/** Give the reserved cost back, in the transaction that marks the task failed or cancelled. */
export function release(trx: Db, services: Services, task: TaskCost, operatorId: number | null): Promise<unknown> {
  return move(trx, services, task, { type: 'refund', amount: task.amount, operatorId, key: `task:${task.id}:release:${task.run}`, remark: `Task ${task.id} did not finish` })
}

function move(trx: Db, services: Services, task: TaskCost, change: { type: 'consume' | 'refund'; amount: number; operatorId: number | null; key: string; remark: string }): Promise<unknown> {
  const entry: LedgerChange = {
    userId: task.ownerId,
    type: change.type,
    amount: change.amount,
    operatorId: change.operatorId,
    related: { type: 'task', id: task.id },
    remark: change.remark,
    // The key makes a repeated reserve or release of the same run a no-op instead of a second charge.
    idempotencyKey: change.key,
  }
  return task.ledger === 'money' ? changeMoney(trx, services, entry) : changeQuota(trx, services, task.ledger as Exclude<CostLedger, 'money'>, entry)
}
