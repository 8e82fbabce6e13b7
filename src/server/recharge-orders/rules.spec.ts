import { describe, expect, it } from 'vitest'
import { AppError } from '../errors/AppError'
import { buyerRule, creditsOf, creditsSomething, orderRefusal } from './rules'

describe('recharge order rules', () => {
  it('reads what a package credits, a NULL (a quota added after it) as nothing, money from either driver', () => {
    const credits = creditsOf({ money: '1250', digital_man_count: 2, digital_man_advanced_count: null })
    expect(credits).toEqual({ money: 1250, quotas: [['digital_man_count', 2], ['digital_man_advanced_count', 0], ['digital_voice_count', 0]] })
    expect(creditsSomething(credits)).toBe(true)
    expect(creditsSomething(creditsOf({ money: 0, digital_voice_count: 3 }))).toBe(true)
    expect(creditsSomething(creditsOf({ money: null }))).toBe(false)
  })

  it('a partner orders for itself only; an admin names the partner to look up', () => {
    expect(buyerRule({ id: 5, role: 'partner' }, undefined, 'en-US')).toEqual({ buyer: 5 })
    expect(buyerRule({ id: 5, role: 'partner' }, 5, 'en-US')).toEqual({ buyer: 5 })
    expect(() => buyerRule({ id: 5, role: 'partner' }, 6, 'en-US')).toThrow(expect.objectContaining({ code: 'ORDER_FOR_SELF_ONLY' }))
    expect(buyerRule({ id: 1, role: 'admin' }, 6, 'en-US')).toEqual({ lookUp: 6 })
    expect(() => buyerRule({ id: 1, role: 'admin' }, undefined, 'en-US')).toThrow(expect.objectContaining({ code: 'ORDER_BUYER_NOT_PARTNER', fieldErrors: [expect.objectContaining({ path: '/user_id' })] }))
  })

  it('says why an order did not move: missing for the caller, no longer created (by its label), or not the caller\'s', () => {
    const missing = new AppError('RECORD_NOT_FOUND', { entity: 'Order', id: 3 })
    expect(orderRefusal(undefined, () => missing)).toBe(missing)
    const paid = orderRefusal({ order_no: 'R1', status: 'paid', statusLabel: 'Paid' }, () => missing)
    expect(paid).toMatchObject({ code: 'ORDER_NOT_PENDING', params: { order: 'R1', status: 'Paid' } })
    expect(orderRefusal({ order_no: 'R1', status: 'created', statusLabel: 'Created' }, () => missing)).toMatchObject({ code: 'ORDER_NOT_YOURS' })
  })
})
