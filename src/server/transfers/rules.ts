import type { Locale } from '../../schema/types'
import { fieldError } from '../errors/AppError'
import { yuanToFen } from '../db/records'
import type { Quota } from '../ledger/ledger'

/** What moves: balance, or one of the quotas. */
export type Kind = 'money' | Quota

/**
 * Fen for money, whole units for a quota; 0 or a fraction of a unit is a field error on
 * `amount`. Money is sent as yuan ("12.5" or "12.50"); a quota as a whole number.
 */
export function amountIn(kind: Kind, amount: string, locale: Locale): number {
  if (kind === 'money') {
    const fen = yuanToFen(amount.includes('.') ? amount : `${amount}.00`)
    if (fen <= 0) throw fieldError('AMOUNT_ZERO', '/amount', locale)
    return fen
  }
  if (!/^\d+$/.test(amount)) throw fieldError('TRANSFER_WHOLE_UNITS', '/amount', locale)
  const units = Number(amount)
  if (units <= 0) throw fieldError('AMOUNT_ZERO', '/amount', locale)
  return units
}

/** The sender's own can_transfer flag for a kind; NULL is an account older than the flag, which has the schema's default (allowed). */
export function mayTransfer(flag: number | null): boolean {
  return flag === null || flag === 1
}

/** Which exchanges money_recharge_exchange_config offers: 1, 2 and 3 in the order of the quotas. */
const EXCHANGE_CODE: Record<Quota, string> = { digital_man_count: '1', digital_man_advanced_count: '2', digital_voice_count: '3' }

/** The quotas balance may be exchanged for, in the order their codes number them. */
export const EXCHANGEABLE = Object.keys(EXCHANGE_CODE) as Quota[]
const EXCHANGE_NUMBER: Record<Quota, string> = {
  digital_man_count: 'digital_man_money_exchange_num',
  digital_man_advanced_count: 'digital_man_advanced_money_exchange_num',
  digital_voice_count: 'digital_voice_money_exchange_num',
}

/** Units of a quota one yuan buys under the platform settings; 0 when that exchange is not offered. */
export function exchangeRate(settings: Record<string, unknown>, quota: Quota): number {
  const offered = String(settings.money_recharge_exchange_config ?? '').split(',').includes(EXCHANGE_CODE[quota])
  return offered ? Number(settings[EXCHANGE_NUMBER[quota]] ?? 0) : 0
}
