import { describe, expect, it } from 'vitest'
import { formatMoney } from './money'

describe('formatMoney', () => {
  it('groups the whole part by thousands, as the dashboard figures do, and keeps the decimals', () => {
    expect(formatMoney('1380.00')).toBe('1,380.00')
    expect(formatMoney('1234567.5')).toBe('1,234,567.5')
    expect(formatMoney('-25000.00')).toBe('-25,000.00')
    expect(formatMoney(1000)).toBe('1,000')
  })

  it('leaves short amounts and anything not an amount alone', () => {
    expect(formatMoney('999.99')).toBe('999.99')
    expect(formatMoney('0.00')).toBe('0.00')
    expect(formatMoney('12abc')).toBe('12abc')
  })
})
