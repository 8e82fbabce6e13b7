import { describe, expect, it } from 'vitest'
import { normalizeMoney } from './money-input'

describe('normalizeMoney: amounts as typed, as the API takes them', () => {
  it('adds the decimals a whole or one-decimal amount leaves out', () => {
    expect(normalizeMoney('300')).toBe('300.00')
    expect(normalizeMoney('12.5')).toBe('12.50')
    expect(normalizeMoney('12.')).toBe('12.00')
    expect(normalizeMoney(' -7 ')).toBe('-7.00')
    expect(normalizeMoney('007.25')).toBe('7.25')
    expect(normalizeMoney('0')).toBe('0.00')
    expect(normalizeMoney('-0')).toBe('0.00')
  })

  it('leaves what is not an amount of at most two decimals for the validator to name', () => {
    for (const typed of ['', 'abc', '1.234', '1,000', '--1', '.5', '1e3']) expect(normalizeMoney(typed)).toBe(typed)
  })
})
