/**
 * An amount as the API sends it ("1380.00", "-25000.5") written for reading, its whole part in
 * groups of three as the dashboard's figures are ("1,380.00"); the decimals stay as sent.
 * Anything that is not such a number is left as it is.
 */
export function formatMoney(value: string | number): string {
  const text = String(value)
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(text)
  if (!match) return text
  const [, sign, whole, fraction = ''] = match
  return `${sign}${whole!.replace(/\B(?=(\d{3})+$)/g, ',')}${fraction}`
}
