import { AppError, fieldError } from '../errors/AppError'
import { fenToYuan, publicColumns, rowToRecord } from '../db/records'
import { changeMoney, changeQuota, type Quota } from '../ledger/ledger'
import { oncePerKey } from '../db/once-per-key'
import { amountIn, exchangeRate, mayTransfer, type Kind } from './rules'
import { readGroup } from '../settings/settings-store'
import { tableOf } from '../db/table-of'
import { namedHandler, requireCaller, type RequestContext } from '../engine/handler-context'
import { asSchemaDb, type Db } from '../db/connect'

const FLAG = {
  money: 'can_transfer_money',
  digital_man_count: 'can_transfer_digital_man',
  digital_man_advanced_count: 'can_transfer_digital_man_advanced',
  digital_voice_count: 'can_transfer_digital_voice',
} as const satisfies Record<Kind, string>

/**
 * Balance or a quota from the caller to one of its own children: the sender's ledger row,
 * the receiver's and the transfer record commit together. Locks are taken parent first,
 * always down the tree, so concurrent transfers cannot wait on each other in a circle.
 */
const transfer = namedHandler(['platform/transfer'], {
  async run(ctx) {
    const caller = requireCaller(ctx)
    const kind = ctx.body.kind
    const to = ctx.body.to_user_id
    const units = amountIn(kind, ctx.body.amount, ctx.locale)
    const key = ctx.body.idempotency_key ? `${caller.id}:${ctx.body.idempotency_key}` : null
    const records = tableOf(ctx.services, 'transfer_record')
    const entity = ctx.services.registry.entities.get('transfer_record')!

    const id = await oncePerKey(key, () => ctx.services.db.transaction().execute(async (trx) => {
      if (key) {
        const earlier = await trx.selectFrom(records).select(['id', 'to_user_id', 'kind', 'money', 'count']).where('idempotency_key', '=', key).executeTakeFirst()
        if (earlier) {
          const same = earlier.to_user_id === to && earlier.kind === kind && Number(kind === 'money' ? earlier.money : earlier.count) === units
          if (!same) throw new AppError('IDEMPOTENCY_KEY_REUSED')
          return earlier.id
        }
      }
      await assertMayTransfer(ctx, trx, kind)
      const child = await trx.selectFrom(tableOf(ctx.services, 'user')).select('id').where('id', '=', to).where('parent_id', '=', caller.id).executeTakeFirst()
      if (!child) throw fieldError('TRANSFER_NOT_CHILD', '/to_user_id', ctx.locale, { id: to })
      const now = ctx.services.now().toISOString()
      const inserted = await trx
        .insertInto(records)
        .values({
          from_user_id: caller.id,
          to_user_id: to,
          kind,
          money: kind === 'money' ? units : 0,
          count: kind === 'money' ? 0 : units,
          remark: ctx.body.remark ?? '',
          idempotency_key: key,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      const related = { type: 'transfer_record', id: inserted.id }
      const remark = ctx.body.remark ?? ''
      const move = (userId: number, amount: number, type: 'transfer_out' | 'transfer_in') =>
        kind === 'money'
          ? changeMoney(trx, ctx.services, { userId, type, amount, operatorId: caller.id, related, remark })
          : changeQuota(trx, ctx.services, kind, { userId, type, amount, operatorId: caller.id, related, remark })
      await move(caller.id, -units, 'transfer_out').catch((error: unknown) => {
        if (error instanceof AppError && (error.code === 'INSUFFICIENT_BALANCE' || error.code === 'INSUFFICIENT_QUOTA')) throw fieldError(error.code, '/amount', ctx.locale)
        throw error
      })
      await move(to, units, 'transfer_in')
      return inserted.id
    }))
    const row = await asSchemaDb(ctx.services.db).selectFrom(records).select(publicColumns(entity)).where('id', '=', id).executeTakeFirstOrThrow()
    return rowToRecord(entity, row)
  },
})

/** Whole yuan of balance for units of a quota, at the platform's exchange number, when that exchange is offered. */
const exchange = namedHandler(['platform/exchange'], {
  async run(ctx) {
    const caller = requireCaller(ctx)
    const quota = ctx.body.quota
    const yuan = ctx.body.yuan
    const rate = await exchangeRateNow(ctx, quota)
    if (rate <= 0) throw fieldError('EXCHANGE_NOT_OFFERED', '/quota', ctx.locale)
    const key = ctx.body.idempotency_key ? `exchange:${caller.id}:${ctx.body.idempotency_key}` : undefined
    // Both rows say what went for what, so either ledger read alone tells the whole exchange.
    const detail = { key: 'exchange', params: { money: fenToYuan(yuan * 100), count: yuan * rate, rate, quota: { key: `quota.${quota}` } } }
    const change = { userId: caller.id, type: 'exchange' as const, operatorId: caller.id, detail }
    return oncePerKey(key, () => ctx.services.db.transaction().execute(async (trx) => {
      const spent = await changeMoney(trx, ctx.services, { ...change, amount: -yuan * 100, idempotencyKey: key && `${key}:money` }).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'INSUFFICIENT_BALANCE') throw fieldError('INSUFFICIENT_BALANCE', '/yuan', ctx.locale)
        throw error
      })
      const got = await changeQuota(trx, ctx.services, quota, { ...change, amount: yuan * rate, idempotencyKey: key && `${key}:quota` })
      return { money: fenToYuan(spent.balanceAfter), quota, count: got.balanceAfter, added: yuan * rate }
    }))
  },
})

async function exchangeRateNow(ctx: RequestContext, quota: Quota): Promise<number> {
  const group = ctx.services.registry.configGroups.get('platform')
  return group ? exchangeRate(await readGroup(ctx.services, group), quota) : 0
}

/** The sender's can_transfer flag for this kind, set by its own parent; an admin has no parent to ask. */
async function assertMayTransfer(ctx: RequestContext, trx: Db, kind: Kind): Promise<void> {
  const caller = requireCaller(ctx)
  if (caller.role === 'admin') return
  const row = await trx.selectFrom(tableOf(ctx.services, 'user')).select(FLAG[kind]).where('id', '=', caller.id).executeTakeFirstOrThrow()
  if (!mayTransfer(row[FLAG[kind]])) throw fieldError('TRANSFER_NOT_ALLOWED', '/kind', ctx.locale)
}

export const transferHandlers = {
  'transfers.transfer': transfer,
  'transfers.exchange': exchange,
}
