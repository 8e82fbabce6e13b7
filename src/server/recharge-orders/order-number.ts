/**
 * A recharge order's number: when it was placed (UTC, yyyyMMddHHmmss) and six random digits,
 * e.g. 20260314081502048213. People read it over the phone and match it against a bank
 * transfer, so it is digits only; the random tail keeps orders placed in the same second apart
 * (the unique index is the guard).
 *
 * ```ts
 * orderNumber(new Date('2026-03-14T08:15:02Z'), () => 48213) // '20260314081502048213'
 * ```
 */
export function orderNumber(now: Date, random: () => number): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14)
  const tail = random()
  if (!Number.isInteger(tail) || tail < 0 || tail > 999_999) throw new Error(`An order number's random part is 0 to 999999, not ${tail}.`)
  return stamp + String(tail).padStart(6, '0')
}
