import { randomInt } from 'node:crypto'
import { fieldError } from '../errors/AppError'
import { changeMoney, changeQuota } from '../ledger/ledger'
import { orderNumber } from './order-number'
import { buyerRule, creditsOf, creditsSomething, QUOTAS } from './rules'
import { leaveCreated, readOrder } from './queries'
import { tableOf } from '../db/table-of'
import { namedHandler, requireCaller, type EndpointContext } from '../engine/handler-context'
import type { Db } from '../db/connect'

const PARTNER = 1

/**
 * An order for a package on sale, status created. The package's name, price and credits are
 * copied onto the order, so what the buyer pays and gets is fixed when it orders. On
 * PostgreSQL the package row is share-locked while the order is written: a deletion of the
 * package waits, then sees the order and refuses.
 */
const create = namedHandler(['recharge_order/create'], {
  async run(ctx) {
    const caller = requireCaller(ctx)
    const packageId = ctx.body.package_id
    const packages = tableOf(ctx.services, 'recharge_package')
    const orders = tableOf(ctx.services, 'recharge_order')
    const random = () => randomInt(1_000_000)
    const id = await ctx.services.db.transaction().execute(async (trx) => {
      const buyerId = await buyerOf(ctx, trx)
      let query = trx
        .selectFrom(packages)
        .select(['id', 'name', 'price', 'money', ...QUOTAS])
        .where('id', '=', packageId)
        .where('status', '=', 1)
      if (ctx.services.dialect === 'postgres') query = query.forShare()
      const offer = await query.executeTakeFirst()
      if (!offer) throw fieldError('PACKAGE_NOT_ON_SALE', '/package_id', ctx.locale, { id: packageId })
      const credits = creditsOf(offer)
      if (!creditsSomething(credits)) throw fieldError('PACKAGE_CREDITS_NOTHING', '/package_id', ctx.locale, { name: offer.name })

      const now = ctx.services.now()
      let number = orderNumber(now, random)
      // Two orders in one second draw from a million tails; a clash is drawn again, and the unique index has the last word.
      while (await trx.selectFrom(orders).select('id').where('order_no', '=', number).executeTakeFirst()) number = orderNumber(now, random)
      const at = now.toISOString()
      const inserted = await trx
        .insertInto(orders)
        .values({
          order_no: number,
          user_id: buyerId,
          creator_id: caller.id,
          package_id: packageId,
          package_name: offer.name,
          price: offer.price,
          money: credits.money,
          ...Object.fromEntries(credits.quotas),
          status: 'created',
          remark: ctx.body.remark ?? '',
          payment_ref: '',
          payment_remark: '',
          cancel_reason: '',
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      return inserted.id
    })
    return readOrder(ctx, id)
  },
})

/**
 * An admin's confirmation that an order was paid offline: the order goes from created to
 * paid, the buyer is credited through the ledger, and the order is credited, in one
 * transaction. The first update changes the order only where it is still created, so of
 * two confirmations (a double click, two admins) one credits and the other changes nothing.
 */
const confirmPaid = namedHandler(['recharge_order/confirm_paid'], {
  async run(ctx) {
    const caller = requireCaller(ctx)
    const id = ctx.body.id
    const orders = tableOf(ctx.services, 'recharge_order')
    await ctx.services.db.transaction().execute(async (trx) => {
      const at = ctx.services.now().toISOString()
      await leaveCreated(ctx, trx, id, { status: 'paid', payment_ref: ctx.body.payment_ref, payment_remark: ctx.body.payment_remark ?? '', confirmed_by: caller.id, paid_at: at, updated_at: at })
      const order = await trx.selectFrom(orders).select(['user_id', 'order_no', 'package_name', 'money', ...QUOTAS]).where('id', '=', id).executeTakeFirstOrThrow()
      const change = { userId: order.user_id, type: 'recharge' as const, operatorId: caller.id, related: { type: 'recharge_order', id }, detail: { key: 'recharge_order', params: { order_no: order.order_no, package: order.package_name } } }
      // The keys are a second guard: the ledger applies a change with a used key only once.
      const credits = creditsOf(order)
      if (credits.money > 0) await changeMoney(trx, ctx.services, { ...change, amount: credits.money, idempotencyKey: `recharge_order:${id}:money` })
      for (const [quota, units] of credits.quotas) {
        if (units > 0) await changeQuota(trx, ctx.services, quota, { ...change, amount: units, idempotencyKey: `recharge_order:${id}:${quota}` })
      }
      await trx.updateTable(orders).set({ status: 'credited', credited_at: at, updated_at: at }).where('id', '=', id).where('status', '=', 'paid').execute()
    })
    return readOrder(ctx, id)
  },
})

/**
 * An order that will not be paid. Only from created, as confirmation is: whichever of a
 * cancel and a confirm comes second changes nothing. A partner cancels the orders it placed
 * itself; one an admin placed for it is the admin's to cancel.
 */
const cancel = namedHandler(['recharge_order/cancel'], {
  async run(ctx) {
    const caller = requireCaller(ctx)
    const id = ctx.body.id
    await ctx.services.db.transaction().execute(async (trx) => {
      const at = ctx.services.now().toISOString()
      const changes = { status: 'cancelled', cancelled_by: caller.id, cancelled_at: at, cancel_reason: ctx.body.cancel_reason ?? '', updated_at: at }
      await leaveCreated(ctx, trx, id, changes, caller.role === 'admin' ? undefined : caller.id)
    })
    return readOrder(ctx, id)
  },
})

/** The account an order is for: the caller itself for a partner; the partner an admin names. */
async function buyerOf(ctx: EndpointContext<'recharge_order/create'>, trx: Db): Promise<number> {
  const rule = buyerRule(requireCaller(ctx), ctx.body.user_id, ctx.locale)
  if ('buyer' in rule) return rule.buyer
  const partner = await trx.selectFrom(tableOf(ctx.services, 'user')).select('id').where('id', '=', rule.lookUp).where('user_type', '=', PARTNER).executeTakeFirst()
  if (!partner) throw fieldError('ORDER_BUYER_NOT_PARTNER', '/user_id', ctx.locale)
  return partner.id
}

export const rechargeOrderHandlers = {
  'rechargeOrders.create': create,
  'rechargeOrders.confirmPaid': confirmPaid,
  'rechargeOrders.cancel': cancel,
}
