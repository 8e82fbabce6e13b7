/**
 * What a person types for an amount, written the way the API takes it: "300" and "12.5"
 * become "300.00" and "12.50" when the field is left. Anything else is left as typed, for
 * the validator to name.
 */
export function normalizeMoney(typed: string): string {
  const match = /^\s*(-?)0*(\d+)(?:\.(\d{0,2}))?\s*$/.exec(typed)
  if (!match) return typed
  const [, sign, whole, fraction = ''] = match
  const negative = sign && !(/^0+$/.test(whole!) && /^0*$/.test(fraction))
  return `${negative ? '-' : ''}${whole}.${fraction.padEnd(2, '0')}`
}
