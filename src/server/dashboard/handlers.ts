import { sql, type ExpressionBuilder } from 'kysely'
import type { Database } from '../../generated/database'
import { fenToYuan } from '../db/records'
import { dateRange, type DateRange } from './date-range'
import { tableOf } from '../db/table-of'
import type { Caller } from '../access/caller'
import { namedHandler, requireCaller, type NamedHandler, type RequestContext } from '../engine/handler-context'

const ROLE_TYPES = { partner: 1, merchant: 2, agent: 3 } as const
const QUOTAS = ['digital_man_count', 'digital_man_advanced_count', 'digital_voice_count'] as const

/**
 * The home page's and the workbench's figures: every sum is taken in SQL over the accounts
 * the caller reaches, so a partner's figures are its branch's and a merchant's its own.
 */
const data = namedHandler(['platform/dashboard_data'], {
  async run(ctx) {
    const caller = requireCaller(ctx)
    const range = dateRange(ctx.query, ctx.services.now(), ctx.locale)
    const accounts = tableOf(ctx.services, 'user')
    const logs = tableOf(ctx.services, 'user_money_log')
    const db = ctx.services.db
    const inReach = reach(ctx, caller)

    const byRole = await db.selectFrom(accounts).select(['user_type', sql<number>`count(*)`.as('n')]).where(inReach).where('id', '!=', caller.id).groupBy('user_type').execute()
    const created = await db.selectFrom(accounts).select(sql<number>`count(*)`.as('n')).where(inReach).where('id', '!=', caller.id).where('created_at', '>=', range.from).where('created_at', '<', range.to).executeTakeFirstOrThrow()
    const holdings = await db
      .selectFrom(accounts)
      .select([sql<number>`coalesce(sum(money), 0)`.as('money'), ...QUOTAS.map((q) => sql<number>`coalesce(sum(${sql.ref(q)}), 0)`.as(q))])
      .where(inReach)
      .executeTakeFirstOrThrow()
    const ledger = (eb: ExpressionBuilder<Database, typeof logs>) => eb.and([eb('user_id', 'in', eb.selectFrom(accounts).select('id').where(inReach)), eb('created_at', '>=', range.from), eb('created_at', '<', range.to)])
    // A task's reserve and its refund are one cost, not spending and income: rows of tasks are
    // counted as each task's net, once it has ended, on the day it was reserved; a reserve of a
    // task still queued or running is held, reported apart.
    const notTask = (eb: ExpressionBuilder<Database, typeof logs>) => eb('related_type', '!=', 'task')
    const byType = await db
      .selectFrom(logs)
      .select(['type', sql<number>`sum(case when amount > 0 then amount else 0 end)`.as('in'), sql<number>`sum(case when amount < 0 then -amount else 0 end)`.as('out')])
      .where(ledger)
      .where(notTask)
      .groupBy('type')
      .orderBy('type')
      .execute()
    const costs = taskCosts(ctx, inReach)
    const spentByTask = await db
      .selectFrom(costs)
      .select([sql<number>`coalesce(sum(-net), 0)`.as('spent')])
      .where('ended', '=', 1)
      .where('at', '>=', range.from)
      .where('at', '<', range.to)
      .executeTakeFirstOrThrow()
    const held = await db.selectFrom(costs).select(sql<number>`coalesce(sum(-net), 0)`.as('held')).where('ended', '=', 0).executeTakeFirstOrThrow()
    if (spentByTask.spent !== 0) byType.push({ type: 'consume', in: 0, out: spentByTask.spent })

    // Buckets of an hour (of a minute where the offset is not whole hours), folded into local days here.
    const width = range.offsetMinutes % 60 === 0 ? 13 : 16
    const bucket = sql<string>`substr(created_at, 1, ${sql.lit(width)})`
    const moneyBuckets = await db
      .selectFrom(logs)
      .select([bucket.as('bucket'), sql<number>`sum(case when amount > 0 then amount else 0 end)`.as('in'), sql<number>`sum(case when amount < 0 then -amount else 0 end)`.as('out')])
      .where(ledger)
      .where(notTask)
      .groupBy(bucket)
      .execute()
    const atBucket = sql<string>`substr(at, 1, ${sql.lit(width)})`
    const spentBuckets = await db
      .selectFrom(costs)
      .select([atBucket.as('bucket'), sql<number>`sum(-net)`.as('out')])
      .where('ended', '=', 1)
      .where('at', '>=', range.from)
      .where('at', '<', range.to)
      .groupBy(atBucket)
      .execute()
    const accountBuckets = await db.selectFrom(accounts).select([bucket.as('bucket'), sql<number>`count(*)`.as('n')]).where(inReach).where('id', '!=', caller.id).where('created_at', '>=', range.from).where('created_at', '<', range.to).groupBy(bucket).execute()

    const days = new Map(range.days.map((date) => [date, { date, in: 0, out: 0, created: 0 }]))
    for (const row of moneyBuckets) {
      const day = days.get(range.localDay(row.bucket))
      if (day) (day.in += row.in, day.out += row.out)
    }
    for (const row of spentBuckets) {
      const day = days.get(range.localDay(row.bucket))
      if (day) day.out += row.out
    }
    for (const row of accountBuckets) {
      const day = days.get(range.localDay(row.bucket))
      if (day) day.created += row.n
    }
    const orders = await orderFigures(ctx, inReach, range)
    const cards = await cardFigures(ctx, inReach, range)
    const count = (type: number) => (byRole.find((r) => r.user_type === type)?.n ?? 0)
    return {
      start: range.start,
      end: range.end,
      accounts: { partner: count(ROLE_TYPES.partner), merchant: count(ROLE_TYPES.merchant), agent: count(ROLE_TYPES.agent), created_in_range: created.n },
      holdings: { money: fenToYuan(holdings.money), ...Object.fromEntries(QUOTAS.map((q) => [q, Number((holdings as Record<string, unknown>)[q])])) },
      money: {
        in: fenToYuan(byType.reduce((sum, r) => sum + r.in, 0)),
        out: fenToYuan(byType.reduce((sum, r) => sum + r.out, 0)),
        held: fenToYuan(held.held),
        by_type: byType.map((r) => ({ type: r.type, in: fenToYuan(r.in), out: fenToYuan(r.out) })),
      },
      orders,
      cards,
      daily: [...days.values()].map((d) => ({ date: d.date, money_in: fenToYuan(d.in), money_out: fenToYuan(d.out), accounts_created: d.created })),
    }
  },
})

/** Recharge orders of the accounts in reach, each counted on the day its own step happened. */
async function orderFigures(ctx: RequestContext, inReach: ReturnType<typeof reach>, range: DateRange) {
  const accounts = tableOf(ctx.services, 'user')
  const orders = tableOf(ctx.services, 'recharge_order')
  const between = (column: string) => sql<number>`sum(case when ${sql.ref(column)} >= ${range.from} and ${sql.ref(column)} < ${range.to} then 1 else 0 end)`
  const row = await ctx.services.db
    .selectFrom(orders)
    .select([
      between('created_at').as('placed'),
      between('credited_at').as('credited'),
      between('cancelled_at').as('cancelled'),
      sql<number>`sum(case when credited_at >= ${range.from} and credited_at < ${range.to} then price else 0 end)`.as('credited_amount'),
      sql<number>`sum(case when status = 'created' then 1 else 0 end)`.as('awaiting'),
    ])
    .where((eb) => eb('user_id', 'in', eb.selectFrom(accounts).select('id').where(inReach)))
    .executeTakeFirstOrThrow()
  return {
    placed: (row.placed ?? 0),
    credited: (row.credited ?? 0),
    cancelled: (row.cancelled ?? 0),
    credited_amount: fenToYuan((row.credited_amount ?? 0)),
    awaiting: (row.awaiting ?? 0),
  }
}

/** Recharge cards issued and redeemed by accounts in reach within the range, and those they hold unused now. */
async function cardFigures(ctx: RequestContext, inReach: ReturnType<typeof reach>, range: DateRange) {
  const accounts = tableOf(ctx.services, 'user')
  const cards = tableOf(ctx.services, 'recharge_card')
  const db = ctx.services.db
  const reached = (column: 'issuer_id' | 'used_by' | 'holder_id') => (eb: ExpressionBuilder<Database, 'recharge_card'>) => eb(column, 'in', eb.selectFrom(accounts).select('id').where(inReach))
  const issued = await db.selectFrom(cards).select(sql<number>`count(*)`.as('n')).where(reached('issuer_id')).where('created_at', '>=', range.from).where('created_at', '<', range.to).executeTakeFirstOrThrow()
  const used = await db
    .selectFrom(cards)
    .select([sql<number>`count(*)`.as('n'), sql<number>`coalesce(sum(money), 0)`.as('money')])
    .where(reached('used_by'))
    .where('used_at', '>=', range.from)
    .where('used_at', '<', range.to)
    .executeTakeFirstOrThrow()
  const held = await db.selectFrom(cards).select(sql<number>`count(*)`.as('n')).where(reached('holder_id')).where('status', '=', 0).executeTakeFirstOrThrow()
  return { issued: issued.n, used: used.n, used_money: fenToYuan(used.money), unused_held: held.n }
}

/**
 * Each money-paid task of the accounts in reach: what its ledger rows come to (a reserve, less
 * what was given back, over every run), when it was first reserved, and whether it has ended.
 */
function taskCosts(ctx: RequestContext, inReach: ReturnType<typeof reach>) {
  const accounts = tableOf(ctx.services, 'user')
  const tasks = tableOf(ctx.services, 'task')
  return ctx.services.db
    .selectFrom(`${tableOf(ctx.services, 'user_money_log')} as l`)
    .innerJoin(`${tasks} as t`, 't.id', 'l.related_id')
    .select([sql<number>`sum(l.amount)`.as('net'), sql<string>`min(l.created_at)`.as('at'), sql<number>`max(case when t.status in ('queued', 'running') then 0 else 1 end)`.as('ended')])
    .where('l.related_type', '=', 'task')
    .where((eb) => eb('l.user_id', 'in', eb.selectFrom(accounts).select('id').where(inReach)))
    .groupBy('l.related_id')
    .as('costs')
}

/** Accounts the caller reaches: admin all, a partner its branch (itself included), anyone else itself. */
function reach(ctx: RequestContext, caller: Caller) {
  const path = `${tableOf(ctx.services, 'user')}.path` as const
  return (eb: ExpressionBuilder<Database, 'account'>) => {
    if (caller.role === 'admin') return eb.lit(true)
    if (caller.role === 'partner') return eb(path, 'like', `${caller.path}%`)
    return eb('id', '=', caller.id)
  }
}

export const dashboardHandlers: Record<string, NamedHandler> = {
  'dashboard.data': data,
}
