import { describe, expect, it } from 'vitest'
import { orderNumber } from './order-number'

describe('orderNumber', () => {
  it.each([
    ['2026-03-14T08:15:02.999Z', 48213, '20260314081502048213'],
    ['2026-12-31T23:59:59.000Z', 0, '20261231235959000000'],
    ['2027-01-01T00:00:00.000Z', 999999, '20270101000000999999'],
  ])('placed at %s with %d reads %s', (at, tail, expected) => {
    expect(orderNumber(new Date(at), () => tail)).toBe(expected)
  })

  it('refuses a random part that would not fit six digits', () => {
    expect(() => orderNumber(new Date(), () => 1_000_000)).toThrow(/0 to 999999/)
    expect(() => orderNumber(new Date(), () => 1.5)).toThrow(/0 to 999999/)
  })
})
