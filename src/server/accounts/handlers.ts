import { AppError, fieldError } from '../errors/AppError'
import { hashPassword } from '../auth/password'
import { revokeSessions } from '../auth/sessions'
import { publicColumns, recordToRow, rowToRecord, yuanToFen } from '../db/records'
import { accountLabel, insertAccount, merchantCountLimit, MERCHANT, PARTNER, type ParentRow } from './insert-account'
import { changeMoney, changeQuota, type Quota } from '../ledger/ledger'
import type { Kind } from '../transfers/rules'
import { enumValueLabel } from '../../schema/enum-labels'
import type { JsonSchema, Locale } from '../../schema/types'
import { oncePerKey } from '../db/once-per-key'
import { tableOf } from '../db/table-of'
import { ofEndpoint } from '../engine/generic/record-scope'
import { namedHandler, requireCaller, fieldsOf, type RequestContext } from '../engine/handler-context'
import { asSchemaDb, type Db } from '../db/connect'

/**
 * The promotion screens' accounts (partners, merchants, agents). Each endpoint file says
 * which kind with "fixed": { "user_type": N } and which fields its body takes; the same
 * three handlers serve them all. Who may touch which account is the endpoint's scope
 * ("below": strictly under the caller), applied in SQL as for any generic endpoint.
 */

/** A new account of the endpoint's kind, placed under the caller or under a partner the caller reaches. */
const create = namedHandler(['provider_service/add', 'provider_service/add_agent', 'provider_service/add_by_service'], {
  async run(ctx) {
    const userType = Number(ctx.endpoint.fixed.user_type)
    const { password, parent_id: parentId, ...fields } = fieldsOf(ctx.body) as Record<string, unknown> & { password: string; parent_id?: number | null }
    const passwordHash = await hashPassword(password)
    const merchantLimit = userType === MERCHANT ? await merchantCountLimit(ctx.services) : -1
    const id = await ctx.services.db.transaction().execute(async (trx) => {
      const parent = await chooseParent(ctx, trx, parentId ?? null)
      await assertPrefixFree(ctx, trx, fields.service_prefix_no)
      return insertAccount(trx, ctx.services, { parent, userType, fields, passwordHash, merchantLimit, locale: ctx.locale })
    })
    return readAccount(ctx, id)
  },
})

/** Change the fields the endpoint's body names, on an account the endpoint lets the caller reach. */
const update = namedHandler(['platform/edit_transfer_config', 'provider_service/edit', 'provider_service/edit_agent', 'provider_service/edit_by_service', 'provider_service/edit_type'], {
  async run(ctx) {
    const { id, password, ...fields } = fieldsOf(ctx.body) as Record<string, unknown> & { id: number; password?: string }
    const table = tableOf(ctx.services, 'user')
    await ctx.services.db.transaction().execute(async (trx) => {
      await reachable(ctx, trx, id)
      await assertPrefixFree(ctx, trx, fields.service_prefix_no, id)
      const changes: Record<string, unknown> = { ...recordToRow(ctx.services.registry.entities.get('user')!, fields), updated_at: ctx.services.now().toISOString() }
      if (password) changes.password_hash = await hashPassword(password)
      await trx.updateTable(table).set(changes).where('id', '=', id).execute()
    })
    // A new password or a disabled account ends the sessions it had.
    if (password) await revokeSessions(ctx.services, { userId: id }, 'password_changed')
    if (fields.status === 0) await revokeSessions(ctx.services, { userId: id }, 'account_disabled')
    return readAccount(ctx, id)
  },
})

/**
 * Add to or take from an account's balance or one of its quotas with a reason, through the
 * ledger of what it adjusts. Taking more than the account has is refused on the amount, saying
 * what it has, and nothing changes.
 */
const adjust = namedHandler(['provider_service/edit_account'], {
  async run(ctx) {
    const caller = requireCaller(ctx)
    const id = ctx.body.id
    const kind = ctx.body.kind ?? 'money'
    const amount = adjustmentIn(kind, ctx.body.amount, ctx.locale)
    const key = ctx.body.idempotency_key ? `adjust:${caller.id}:${ctx.body.idempotency_key}` : undefined
    await oncePerKey(key, () => ctx.services.db.transaction().execute(async (trx) => {
      await reachable(ctx, trx, id)
      const change = { userId: id, type: 'adjust' as const, amount, operatorId: caller.id, remark: ctx.body.remark, idempotencyKey: key }
      const applied = kind === 'money' ? changeMoney(trx, ctx.services, change) : changeQuota(trx, ctx.services, kind, change)
      await applied.catch(async (error: unknown) => {
        if (error instanceof AppError && error.code === 'INSUFFICIENT_BALANCE') throw fieldError('ADJUST_BELOW_ZERO', '/amount', ctx.locale)
        if (error instanceof AppError && error.code === 'INSUFFICIENT_QUOTA') {
          // Nothing was written: the refused update left the transaction usable for reading what there is.
          const row = await trx.selectFrom(tableOf(ctx.services, 'user')).select(kind as Quota).where('id', '=', id).executeTakeFirstOrThrow()
          const what = enumValueLabel((ctx.endpoint.request.body?.properties as Record<string, JsonSchema>).kind, kind, ctx.locale)
          throw fieldError('ADJUST_QUOTA_BELOW_ZERO', '/amount', ctx.locale, { what, have: Number(row[kind as Quota] ?? 0) })
        }
        throw error
      })
    }))
    return readAccount(ctx, id)
  },
})

/** The most units of a quota one adjustment moves: far beyond any real grant, and far inside the column's 32 bits. */
const QUOTA_ADJUST_MAX = 1_000_000

/** Fen for the balance, whole units for a quota, signed; 0, a fraction of a unit or an absurd count is refused on the field. */
function adjustmentIn(kind: Kind, amount: string, locale: Locale): number {
  if (kind === 'money') {
    const fen = yuanToFen(amount)
    if (fen === 0) throw fieldError('AMOUNT_ZERO', '/amount', locale)
    return fen
  }
  if (!/^-?\d+$/.test(amount)) throw fieldError('ADJUST_WHOLE_UNITS', '/amount', locale)
  const units = Number(amount)
  if (units === 0) throw fieldError('AMOUNT_ZERO', '/amount', locale)
  if (Math.abs(units) > QUOTA_ADJUST_MAX) throw fieldError('ADJUST_TOO_MANY_UNITS', '/amount', locale, { max: QUOTA_ADJUST_MAX })
  return units
}

/** Service prefix numbers already taken, so the partner form can say so before saving. */
const usedPrefixes = namedHandler(['provider_service/used_service_prefix_no_list'], {
  async run(ctx) {
    let query = ctx.services.db.selectFrom(tableOf(ctx.services, 'user')).select('service_prefix_no').where('service_prefix_no', '!=', '')
    if (ctx.query.exclude_id !== undefined) query = query.where('id', '!=', ctx.query.exclude_id)
    const rows = await query.orderBy('service_prefix_no').execute()
    return { list: rows.map((r) => r.service_prefix_no) }
  },
})

/**
 * The caller itself, or (parent_id) a partner in the caller's reach: an admin places a
 * merchant under any partner, a partner under itself or a partner below it. The parent's
 * row is locked so two creations under it take turns (the merchant limit counts them).
 */
async function chooseParent(ctx: RequestContext, trx: Db, parentId: number | null): Promise<ParentRow> {
  const caller = requireCaller(ctx)
  const table = tableOf(ctx.services, 'user')
  let query = trx.selectFrom(table).select(['id', 'path', 'user_type'])
  if (parentId === null || parentId === caller.id) {
    query = query.where('id', '=', caller.id)
  } else {
    query = query.where('id', '=', parentId).where('user_type', '=', PARTNER)
    if (caller.role !== 'admin') query = query.where('path', 'like', `${caller.path}%`)
  }
  if (ctx.services.dialect === 'postgres') query = query.forUpdate()
  const row = await query.executeTakeFirst()
  if (!row) throw fieldError('PARENT_NOT_PARTNER', '/parent_id', ctx.locale, { id: String(parentId) })
  return { id: row.id, path: row.path, user_type: row.user_type }
}

/** A partner's service prefix number is its own: no other account may hold the same one. */
async function assertPrefixFree(ctx: RequestContext, trx: Db, prefix: unknown, exceptId?: number): Promise<void> {
  if (typeof prefix !== 'string' || prefix === '') return
  let query = trx.selectFrom(tableOf(ctx.services, 'user')).select('id').where('service_prefix_no', '=', prefix)
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId)
  if (await query.executeTakeFirst()) throw fieldError('SERVICE_PREFIX_TAKEN', '/service_prefix_no', ctx.locale, { prefix })
}

/** The account, if this endpoint lets the caller reach it; otherwise it does not exist for the caller. */
async function reachable(ctx: RequestContext, trx: Db, id: number): Promise<void> {
  const entity = ctx.services.registry.entities.get('user')!
  const row = await ofEndpoint(ctx, asSchemaDb(trx).selectFrom(entity.table).select(`${entity.table}.id`).where(`${entity.table}.id`, '=', id), entity).executeTakeFirst()
  if (!row) throw fieldError('RECORD_NOT_FOUND', '/id', ctx.locale, { entity: accountLabelOf(ctx), id })
}

async function readAccount(ctx: RequestContext, id: number): Promise<Record<string, unknown>> {
  const entity = ctx.services.registry.entities.get('user')!
  const row = await asSchemaDb(ctx.services.db).selectFrom(entity.table).select(publicColumns(entity)).where('id', '=', id).executeTakeFirstOrThrow()
  return rowToRecord(entity, row)
}

function accountLabelOf(ctx: RequestContext): string {
  return accountLabel(ctx.services.registry.entities.get('user')!, ctx.locale)
}

export const accountHandlers = {
  'accounts.create': create,
  'accounts.update': update,
  'accounts.adjust': adjust,
  'accounts.usedPrefixes': usedPrefixes,
}
