import { describe, expect, it } from 'vitest'
import { AppError } from '../errors/AppError'
import { amountIn, exchangeRate, mayTransfer } from './rules'

const refusal = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, path: error.fieldErrors?.[0]?.path }
    throw error
  }
  throw new Error('expected a refusal')
}

describe('transfer rules', () => {
  it('reads money as yuan and answers fen; a quota as whole units', () => {
    expect(amountIn('money', '12.5', 'en-US')).toBe(1250)
    expect(amountIn('money', '12', 'en-US')).toBe(1200)
    expect(amountIn('money', '0.01', 'en-US')).toBe(1)
    expect(amountIn('digital_voice_count', '3', 'en-US')).toBe(3)
  })

  it('refuses nothing and fractions of a unit, on the amount field', () => {
    expect(refusal(() => amountIn('money', '0.00', 'en-US'))).toEqual({ code: 'AMOUNT_ZERO', path: '/amount' })
    expect(refusal(() => amountIn('digital_man_count', '0', 'en-US'))).toEqual({ code: 'AMOUNT_ZERO', path: '/amount' })
    expect(refusal(() => amountIn('digital_man_count', '1.5', 'en-US'))).toEqual({ code: 'TRANSFER_WHOLE_UNITS', path: '/amount' })
  })

  it('lets an account transfer unless its parent turned the flag off; an account older than the flag may', () => {
    expect(mayTransfer(1)).toBe(true)
    expect(mayTransfer(null)).toBe(true)
    expect(mayTransfer(0)).toBe(false)
  })

  it('offers an exchange only when the settings list it, at its own number', () => {
    const settings = { money_recharge_exchange_config: '1,3', digital_man_money_exchange_num: 2, digital_man_advanced_money_exchange_num: 5, digital_voice_money_exchange_num: '4' }
    expect(exchangeRate(settings, 'digital_man_count')).toBe(2)
    expect(exchangeRate(settings, 'digital_man_advanced_count')).toBe(0)
    expect(exchangeRate(settings, 'digital_voice_count')).toBe(4)
    expect(exchangeRate({}, 'digital_man_count')).toBe(0)
  })
})
