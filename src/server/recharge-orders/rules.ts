import type { Locale } from '../../schema/types'
import { AppError, fieldError } from '../errors/AppError'
import type { Quota } from '../ledger/ledger'
import type { Caller } from '../access/caller'

export const QUOTAS: readonly Quota[] = ['digital_man_count', 'digital_man_advanced_count', 'digital_voice_count']

/** What a package (or the order copied from it) credits: fen of balance and units of each quota; a NULL is nothing. */
export interface Credits {
  money: number
  quotas: [Quota, number][]
}

export function creditsOf(row: { money: number | string | null } & Partial<Record<Quota, number | null>>): Credits {
  return { money: Number(row.money ?? 0), quotas: QUOTAS.map((quota) => [quota, (row[quota] ?? 0)]) }
}

/** A package that credits nothing is not worth an order. */
export function creditsSomething(credits: Credits): boolean {
  return credits.money > 0 || credits.quotas.some(([, units]) => units > 0)
}

/**
 * Whom an order is for: a partner orders for itself (naming anyone else is refused); an admin
 * names the partner, which is then looked up. Answers the buyer's id, or 'look up' the named one.
 */
export function buyerRule(caller: Pick<Caller, 'id' | 'role'>, named: number | undefined, locale: Locale): { buyer: number } | { lookUp: number } {
  if (caller.role !== 'admin') {
    if (named !== undefined && named !== caller.id) throw fieldError('ORDER_FOR_SELF_ONLY', '/user_id', locale)
    return { buyer: caller.id }
  }
  if (named === undefined) throw fieldError('ORDER_BUYER_NOT_PARTNER', '/user_id', locale)
  return { lookUp: named }
}

/**
 * Why an order left unchanged by a move out of "created" could not move, from the order as
 * the caller may see it now: it is not there (for the caller), no longer created (its status
 * label says what it is), or else not the caller's to move.
 */
export function orderRefusal(order: { order_no: string; status: string; statusLabel: string } | undefined, notFound: () => AppError): AppError {
  if (!order) return notFound()
  if (order.status !== 'created') return new AppError('ORDER_NOT_PENDING', { order: order.order_no, status: order.statusLabel })
  return new AppError('ORDER_NOT_YOURS', { order: order.order_no })
}
