import { plusApplies, type CostLedger, type TaskKindDef } from '../../schema/types'
import { changeMoney, changeQuota, type LedgerChange } from '../ledger/ledger'
import { outputMinutes, valueOf, type WorkSize } from './limits'
import type { Db } from '../db/connect'
import type { Services } from '../services'

/** What a task costs: nothing, or an amount of money (fen) or quota units. */
export interface TaskCharge {
  ledger: CostLedger
  amount: number
}

/** What a kind's cost is counted at now: its rate, and the amount it may add once. */
export interface Rates {
  rate: number
  plus: number
}

/** The rates a kind's cost is counted at now, each a number or the business rule holding it. Null for a free kind. */
export async function rateOf(services: Services, kind: TaskKindDef): Promise<Rates | null> {
  if (!kind.cost) return null
  const [rate, plus] = await Promise.all([valueOf(services, kind.cost.rate), kind.cost.plus ? valueOf(services, kind.cost.plus.rate) : 0])
  return { rate, plus }
}

/** The task's cost as its kind declares it: the rate times what it counts in the input, or in what the work measures, and what it adds for this input. */
export function chargeOf(kind: TaskKindDef, rates: Rates | null, input: Record<string, unknown>, size: WorkSize | undefined): TaskCharge | null {
  const cost = kind.cost
  if (!cost || rates === null) return null
  const per = cost.per
  if (per === 'outputMinute' && !size) throw new Error(`Task kind ${kind.name} is counted by minutes of output, and its handler measured nothing.`)
  const times = per === 'task' ? 1 : per === 'outputMinute' ? outputMinutes(size!) : 'field' in per ? Number(input[per.field]) : [...String(input[per.length] ?? '')].length
  const amount = rates.rate * times + (plusApplies(cost, input) ? rates.plus : 0)
  return amount > 0 ? { ledger: cost.ledger, amount } : null
}

/** A task's cost as stored on it, and which run of the task (a retry is a new run) the ledger rows belong to. */
export interface TaskCost {
  id: number
  /** What the ledger rows name the task by, so a person knows which work the cost was for; its number when it has none. */
  title?: string
  ownerId: number
  ledger: string
  amount: number
  run: number
}

/** Take the cost from the owner's balance or quota, in the transaction that creates (or retries) the task. */
export function reserve(trx: Db, services: Services, task: TaskCost, operatorId: number): Promise<unknown> {
  return move(trx, services, task, { type: 'consume', amount: -task.amount, operatorId, key: `task:${task.id}:reserve:${task.run}`, detail: 'task.consume' })
}

/** Give the reserved cost back, in the transaction that marks the task failed or cancelled. */
export function release(trx: Db, services: Services, task: TaskCost, operatorId: number | null): Promise<unknown> {
  return move(trx, services, task, { type: 'refund', amount: task.amount, operatorId, key: `task:${task.id}:release:${task.run}`, detail: 'task.refund' })
}

function move(trx: Db, services: Services, task: TaskCost, change: { type: 'consume' | 'refund'; amount: number; operatorId: number | null; key: string; detail: 'task.consume' | 'task.refund' }): Promise<unknown> {
  const entry: LedgerChange = {
    userId: task.ownerId,
    type: change.type,
    amount: change.amount,
    operatorId: change.operatorId,
    related: { type: 'task', id: task.id },
    // A task made by a handler that left its title empty is still told apart by its number.
    detail: { key: change.detail, params: { title: task.title || `#${task.id}` } },
    // The key makes a repeated reserve or release of the same run a no-op instead of a second charge.
    idempotencyKey: change.key,
  }
  return task.ledger === 'money' ? changeMoney(trx, services, entry) : changeQuota(trx, services, task.ledger as Exclude<CostLedger, 'money'>, entry)
}
