import { AppError } from '../errors/AppError'
import { type Services } from '../services'
import { tableOf } from '../db/table-of'
import type { ExpressionBuilder } from 'kysely'
import type { Db } from '../db/connect'
import type { Database } from '../../generated/database'
import { messagesOf, type Message } from '../../schema/messages'
import { resolveRef } from '../../schema/entity'
import type { JsonSchema } from '../../schema/types'

/** A database handle inside the caller's transaction: a change and its ledger row commit together or not at all. */
type Trx = Db

export type MoneyChangeType = 'recharge' | 'card' | 'transfer_in' | 'transfer_out' | 'exchange' | 'consume' | 'refund' | 'adjust'
export type Quota = 'digital_man_count' | 'digital_man_advanced_count' | 'digital_voice_count'

export interface LedgerChange {
  userId: number
  type: MoneyChangeType
  /** Fen for money, units for a quota; negative takes. */
  amount: number
  /** Who made it happen; null for the platform itself. */
  operatorId: number | null
  related?: { type: string; id: number }
  /** Words a person typed (a transfer's note, an adjustment's reason), kept as typed. */
  remark?: string
  /** What the platform says about the change, a message of the ledger's `detail` field, read in each reader's language. */
  detail?: Message
  /** A retried request carrying the same key is applied once: the first result is answered again. */
  idempotencyKey?: string
}

export interface Applied {
  logId: number
  /** Fen or units after the change. */
  balanceAfter: number
  /** True when the key had been applied already and nothing changed now. */
  replayed: boolean
}

/**
 * Change an account's balance (integer fen) and write its user_money_log row, in the
 * caller's transaction. The balance never goes below zero: the update itself checks it,
 * so two changes racing on one account cannot both spend the same fen.
 *
 * ```ts
 * await services.db.transaction().execute((trx) => changeMoney(trx, services, { userId, type: 'recharge', amount: 1250, operatorId: adminId }))
 * ```
 */
export function changeMoney(trx: Trx, services: Pick<Services, 'registry' | 'now'>, change: LedgerChange): Promise<Applied> {
  return apply(trx, services, change, { column: 'money', log: 'user_money_log', short: 'INSUFFICIENT_BALANCE' })
}

/** The same for one of an account's quotas, with its user_quota_log row. */
export function changeQuota(trx: Trx, services: Pick<Services, 'registry' | 'now'>, quota: Quota, change: LedgerChange): Promise<Applied> {
  return apply(trx, services, change, { column: quota, log: 'user_quota_log', short: 'INSUFFICIENT_QUOTA', quota })
}

interface Target {
  column: 'money' | Quota
  log: 'user_money_log' | 'user_quota_log'
  short: 'INSUFFICIENT_BALANCE' | 'INSUFFICIENT_QUOTA'
  quota?: Quota
}

async function apply(trx: Trx, services: Pick<Services, 'registry' | 'now'>, change: LedgerChange, target: Target): Promise<Applied> {
  if (!Number.isSafeInteger(change.amount) || change.amount === 0) throw new Error(`A ledger change needs a whole, non-zero amount, not ${change.amount}.`)
  const users = tableOf(services, 'user')
  const logs = tableOf(services, target.log)
  if (change.detail) assertDeclared(services, target.log, change.detail)
  if (change.idempotencyKey) {
    const earlier = await trx.selectFrom(logs).select(['id', 'user_id', 'amount', 'balance_after']).where('idempotency_key', '=', change.idempotencyKey).executeTakeFirst()
    if (earlier) {
      if (earlier.user_id !== change.userId || earlier.amount !== change.amount) throw new AppError('IDEMPOTENCY_KEY_REUSED')
      return { logId: earlier.id, balanceAfter: earlier.balance_after, replayed: true }
    }
  }
  const now = services.now().toISOString()
  // A column added after an account was created holds NULL for it: that is a zero balance.
  const after = (eb: ExpressionBuilder<Database, 'account'>) => eb(eb.fn.coalesce(target.column, eb.lit(0)), '+', change.amount)
  const updated = await trx
    .updateTable(users)
    .set((eb) => ({ [target.column]: after(eb), updated_at: now }))
    .where('id', '=', change.userId)
    .where((eb) => eb(after(eb), '>=', 0))
    .executeTakeFirst()
  if (Number(updated.numUpdatedRows) === 0) {
    const exists = await trx.selectFrom(users).select('id').where('id', '=', change.userId).executeTakeFirst()
    throw exists ? new AppError(target.short) : new AppError('RECORD_NOT_FOUND', { entity: 'Account', id: change.userId })
  }
  const { [target.column]: balance } = await trx.selectFrom(users).select(target.column).where('id', '=', change.userId).executeTakeFirstOrThrow()
  const row = await trx
    .insertInto(logs)
    .values({
      user_id: change.userId,
      ...(target.quota ? { quota: target.quota } : {}),
      type: change.type,
      amount: change.amount,
      balance_after: Number(balance),
      operator_id: change.operatorId,
      related_type: change.related?.type ?? '',
      related_id: change.related?.id ?? null,
      remark: change.remark ?? '',
      detail: change.detail ? JSON.stringify(change.detail) : null,
      idempotency_key: change.idempotencyKey ?? null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { logId: row.id, balanceAfter: Number(balance), replayed: false }
}

/** A message the ledger's schema does not declare would show as nothing to its reader: refused while it is written. */
function assertDeclared(services: Pick<Services, 'registry'>, log: Target['log'], detail: Message): void {
  const entity = services.registry.entities.get(log)!
  let field = (entity.schema.properties as Record<string, JsonSchema>).detail
  if (typeof field?.$ref === 'string') field = resolveRef(field.$ref, entity.schema, services.registry.schemas) as JsonSchema
  const messages = messagesOf(field)
  const keys = [detail.key, ...Object.values(detail.params ?? {}).flatMap((param) => (typeof param === 'object' ? [param.key] : []))]
  const missing = keys.find((key) => !messages?.[key])
  if (missing) throw new Error(`Ledger message "${missing}" is not declared in x-messages of the detail field of ${entity.file}.`)
}
