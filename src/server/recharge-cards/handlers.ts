import { AppError, fieldError } from '../errors/AppError'
import { fenToYuan, publicColumns, rowToRecord } from '../db/records'
import { changeMoney, changeQuota, type Applied, type Quota } from '../ledger/ledger'
import { generateCardPassword, maskCardPassword, newBatchNo, normalizeCardPassword } from './card-password'
import { tableOf } from '../db/table-of'
import { amountIn, type Kind } from '../transfers/rules'
import { heldUnusedRefusal, selectionOf, untouched, untouchedRefusal, UNUSED, USED, type UsedCode } from './rules'
import { namedHandler, requireCaller, type RequestContext } from '../engine/handler-context'
import { asSchemaDb, type Db } from '../db/connect'

const PARTNER = 1
/** Rows per insert: 14 columns x 500 stays far below both databases' bound-parameter limits. */
const INSERT_CHUNK = 500

/**
 * Recharge cards. An admin issues them and holds them; a holder passes unused ones down to
 * partners directly below it; whoever has a password redeems it once. Every change but a
 * redemption is the holder's alone: cards held by another account answer "not yours", the
 * same whether they exist or not.
 */

/** A batch of cards of one value, each with its own random password, in one transaction. */
const add = namedHandler(['recharge_card/add'], {
  async run(ctx) {
    const caller = requireCaller(ctx)
    const kind = ctx.body.kind
    const units = amountIn(kind, ctx.body.amount, ctx.locale)
    const quantity = ctx.body.quantity
    const name = ctx.body.name
    const now = ctx.services.now().toISOString()
    const batchNo = newBatchNo(ctx.services.now())
    const base = {
      name,
      batch_no: batchNo,
      kind,
      money: kind === 'money' ? units : 0,
      count: kind === 'money' ? 0 : units,
      status: UNUSED,
      holder_id: caller.id,
      issuer_id: caller.id,
      used_by: null,
      used_at: null,
      remark: ctx.body.remark ?? '',
      created_at: now,
      updated_at: now,
    }
    await ctx.services.db.transaction().execute(async (trx) => {
      let issued = 0
      while (issued < quantity) {
        const rows = Array.from({ length: Math.min(INSERT_CHUNK, quantity - issued) }, () => {
          const password = generateCardPassword()
          return { ...base, card_password: password, card_mask: maskCardPassword(password) }
        })
        // Two equal passwords in 2^80 are not expected, but the unique index decides: a clash is skipped and drawn again.
        const inserted = await trx
          .insertInto(tableOf(ctx.services, 'recharge_card'))
          .values(rows)
          .onConflict((oc) => oc.column('card_password').doNothing())
          .returning('id')
          .execute()
        issued += inserted.length
      }
    })
    return { batch_no: batchNo, name, kind, money: fenToYuan(base.money), count: base.count, quantity }
  },
})

/** Unused cards the caller holds, to one of its own child partners: all of them move, or none. */
const transfer = namedHandler(['recharge_card/transfer_card'], {
  async run(ctx) {
    const caller = requireCaller(ctx)
    const to = ctx.body.to_user_id
    const selection = selectionOf(ctx.body, ctx.locale)
    const cards = tableOf(ctx.services, 'recharge_card')
    const transferred = await ctx.services.db.transaction().execute(async (trx) => {
      const child = await trx
        .selectFrom(tableOf(ctx.services, 'user'))
        .select('id')
        .where('id', '=', to)
        .where('parent_id', '=', caller.id)
        .where('user_type', '=', PARTNER)
        .executeTakeFirst()
      if (!child) throw fieldError('CARD_TRANSFER_NOT_CHILD_PARTNER', '/to_user_id', ctx.locale, { id: to })
      const now = ctx.services.now().toISOString()
      if ('ids' in selection) {
        const ids = [...new Set(selection.ids)]
        await assertHeldUnused(ctx, trx, ids, selection.path, 'CARD_USED_NO_TRANSFER')
        const moved = await trx.updateTable(cards).set({ holder_id: to, updated_at: now }).where('id', 'in', ids).where('holder_id', '=', caller.id).where('status', '=', UNUSED).returning('id').execute()
        // A card changed by another request between the check and the update: the whole transfer is undone, saying how it changed.
        const left = untouched(ids, moved)
        if (left.length) throw await whyUntouched(ctx, trx, left, selection.path, 'CARD_USED_NO_TRANSFER')
        return ids.length
      }
      const { batchNo, quantity } = selection
      let picked = trx.selectFrom(cards).select('id').where('batch_no', '=', batchNo).where('holder_id', '=', caller.id).where('status', '=', UNUSED).orderBy('id')
      if (quantity !== undefined) picked = picked.limit(quantity)
      // The holder is checked on the rows updated too: on PostgreSQL a card that another transfer moved
      // while this one waited for it would otherwise still match the subquery's older reading, and move on.
      const moved = await trx.updateTable(cards).set({ holder_id: to, updated_at: now }).where('id', 'in', picked).where('holder_id', '=', caller.id).where('status', '=', UNUSED).executeTakeFirst()
      const count = Number(moved.numUpdatedRows)
      if (count === 0) throw fieldError('CARD_BATCH_EMPTY', '/batch_no', ctx.locale, { batch: batchNo })
      if (quantity !== undefined && count < quantity) throw fieldError('CARD_BATCH_SHORT', '/quantity', ctx.locale, { batch: batchNo, have: count, asked: quantity })
      return count
    })
    return { transferred, to_user_id: to }
  },
})

/**
 * Redeem a card for the caller. Only the request whose conditional update turns the card
 * from unused to used writes the ledger, in the same transaction, so a card credits once
 * however many redeem it at the same moment (PostgreSQL makes the others wait on the row,
 * then finds it used; SQLite runs one transaction at a time). The ledger's idempotency key
 * per card is a second lock on the same door.
 */
const use = namedHandler(['recharge_card/use_card'], {
  async run(ctx) {
    const caller = requireCaller(ctx)
    const password = normalizeCardPassword(ctx.body.card_password)
    if (!password) throw fieldError('CARD_PASSWORD_WRONG', '/card_password', ctx.locale)
    const cards = tableOf(ctx.services, 'recharge_card')
    return ctx.services.db.transaction().execute(async (trx) => {
      const card = await trx.selectFrom(cards).select(['id', 'kind', 'money', 'count', 'status', 'name']).where('card_password', '=', password).executeTakeFirst()
      if (!card) throw fieldError('CARD_PASSWORD_WRONG', '/card_password', ctx.locale)
      if (card.status !== UNUSED) throw fieldError('CARD_ALREADY_USED', '/card_password', ctx.locale)
      const id = card.id
      const now = ctx.services.now().toISOString()
      const claimed = await trx.updateTable(cards).set({ status: USED, used_by: caller.id, used_at: now, updated_at: now }).where('id', '=', id).where('status', '=', UNUSED).executeTakeFirst()
      if (Number(claimed.numUpdatedRows) !== 1) {
        // Redeemed by another request meanwhile, or deleted by its holder: the answer says which.
        const still = await trx.selectFrom(cards).select('id').where('id', '=', id).executeTakeFirst()
        throw fieldError(still ? 'CARD_ALREADY_USED' : 'CARD_PASSWORD_WRONG', '/card_password', ctx.locale)
      }
      const kind = card.kind as Kind
      const amount = Number(kind === 'money' ? card.money : card.count)
      const change = { userId: caller.id, type: 'card' as const, amount, operatorId: caller.id, related: { type: 'recharge_card', id }, detail: { key: 'card', params: { card: card.name } }, idempotencyKey: `recharge_card:${id}` }
      const applied: Applied = kind === 'money' ? await changeMoney(trx, ctx.services, change) : await changeQuota(trx, ctx.services, kind as Quota, change)
      if (applied.replayed) throw fieldError('CARD_ALREADY_USED', '/card_password', ctx.locale)
      return {
        id,
        kind,
        money: fenToYuan(kind === 'money' ? amount : 0),
        count: kind === 'money' ? 0 : amount,
        balance_after: kind === 'money' ? fenToYuan(applied.balanceAfter) : String(applied.balanceAfter),
      }
    })
  },
})

const remark = namedHandler(['recharge_card/remark_card'], { run: (ctx) => setField(ctx, ctx.body.id, { remark: ctx.body.remark }) })
const rename = namedHandler(['recharge_card/edit_card'], { run: (ctx) => setField(ctx, ctx.body.id, { name: ctx.body.name }) })

/** One field of a card the caller holds, used or not. */
async function setField(ctx: RequestContext, id: number, change: { remark: string } | { name: string }): Promise<Record<string, unknown>> {
  const caller = requireCaller(ctx)
  const entity = ctx.services.registry.entities.get('recharge_card')!
  const row = await asSchemaDb(ctx.services.db)
    .updateTable(entity.table)
    .set({ ...change, updated_at: ctx.services.now().toISOString() })
    .where('id', '=', id)
    .where('holder_id', '=', caller.id)
    .returning(publicColumns(entity))
    .executeTakeFirst()
  if (!row) throw fieldError('CARD_NOT_HELD', '/id', ctx.locale, { ids: String(id) })
  return rowToRecord(entity, row)
}

/** Unused cards the caller holds; a used card or another's refuses the whole request. */
const batchDelete = namedHandler(['recharge_card/batch_del'], {
  async run(ctx) {
    const caller = requireCaller(ctx)
    const ids = [...new Set(ctx.body.ids)]
    const cards = tableOf(ctx.services, 'recharge_card')
    const deleted = await ctx.services.db.transaction().execute(async (trx) => {
      await assertHeldUnused(ctx, trx, ids, '/ids', 'CARD_USED_NO_DELETE')
      const gone = await trx.deleteFrom(cards).where('id', 'in', ids).where('holder_id', '=', caller.id).where('status', '=', UNUSED).returning('id').execute()
      const left = untouched(ids, gone)
      if (left.length) throw await whyUntouched(ctx, trx, left, '/ids', 'CARD_USED_NO_DELETE')
      return ids.length
    })
    return { deleted }
  },
})

/** Every id is a card the caller holds and nobody has used; otherwise the ids that are not, in the error. */
async function assertHeldUnused(ctx: RequestContext, trx: Db, ids: number[], path: string, usedCode: UsedCode): Promise<void> {
  const caller = requireCaller(ctx)
  const held = await trx.selectFrom(tableOf(ctx.services, 'recharge_card')).select(['id', 'status']).where('id', 'in', ids).where('holder_id', '=', caller.id).execute()
  const refusal = heldUnusedRefusal(ids, new Map(held.map((row) => [row.id, row.status])), path, usedCode, ctx.locale)
  if (refusal) throw refusal
}

/** Why cards that assertHeldUnused found held and unused were left by the write that followed (another request changed them in between). */
async function whyUntouched(ctx: RequestContext, trx: Db, ids: number[], path: string, usedCode: UsedCode): Promise<AppError> {
  const rows = await trx.selectFrom(tableOf(ctx.services, 'recharge_card')).select(['id', 'holder_id', 'status']).where('id', 'in', ids).execute()
  return untouchedRefusal(ids, new Map(rows.map((row) => [row.id, row])), requireCaller(ctx).id, path, usedCode, ctx.locale)
}

export const rechargeCardHandlers = {
  'rechargeCards.add': add,
  'rechargeCards.transfer': transfer,
  'rechargeCards.use': use,
  'rechargeCards.remark': remark,
  'rechargeCards.rename': rename,
  'rechargeCards.batchDelete': batchDelete,
}
