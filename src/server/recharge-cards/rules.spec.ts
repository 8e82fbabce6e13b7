import { describe, expect, it } from 'vitest'
import type { AppError } from '../errors/AppError'
import { heldUnusedRefusal, selectionOf, untouched, untouchedRefusal, UNUSED, USED } from './rules'

const said = (error: AppError | undefined) => error && { code: error.code, path: error.fieldErrors?.[0]?.path, message: error.fieldErrors?.[0]?.message }

describe('recharge card rules', () => {
  it('a transfer names one card, a list, or (part of) a batch', () => {
    expect(selectionOf({ id: 4 }, 'en-US')).toEqual({ ids: [4], path: '/id' })
    expect(selectionOf({ ids: [1, 2] }, 'en-US')).toEqual({ ids: [1, 2], path: '/ids' })
    expect(selectionOf({ batch_no: 'B1', quantity: 3 }, 'en-US')).toEqual({ batchNo: 'B1', quantity: 3 })
    expect(selectionOf({ batch_no: 'B1' }, 'en-US')).toEqual({ batchNo: 'B1', quantity: undefined })
  })

  it('refuses none or two ways at once, and a quantity without a batch, on the field at fault', () => {
    expect(() => selectionOf({}, 'en-US')).toThrow(expect.objectContaining({ code: 'CARD_SELECTION' }))
    expect(() => selectionOf({ id: 1, batch_no: 'B1' }, 'en-US')).toThrow(expect.objectContaining({ code: 'CARD_SELECTION' }))
    expect(() => selectionOf({ ids: [1], quantity: 2 }, 'en-US')).toThrow(expect.objectContaining({ fieldErrors: [expect.objectContaining({ path: '/quantity' })] }))
  })

  it('names the cards the caller does not hold before those already used, and passes its own unused ones', () => {
    const held = new Map([[1, UNUSED], [2, USED]])
    expect(said(heldUnusedRefusal([1, 3], held, '/ids', 'CARD_USED_NO_DELETE', 'en-US'))).toMatchObject({ code: 'CARD_NOT_HELD', path: '/ids', message: expect.stringContaining('3') })
    expect(said(heldUnusedRefusal([1, 2], held, '/ids', 'CARD_USED_NO_DELETE', 'en-US'))).toMatchObject({ code: 'CARD_USED_NO_DELETE', message: expect.stringContaining('2') })
    expect(heldUnusedRefusal([1], held, '/id', 'CARD_USED_NO_TRANSFER', 'en-US')).toBeUndefined()
  })

  it('finds the ids a write did not reach', () => {
    expect(untouched([1, 2, 3], [{ id: 2 }, { id: '3' }])).toEqual([1])
  })

  it('says of cards a write lost to another request whether they were deleted, moved or used, in that order', () => {
    const now = new Map([[1, { holder_id: 9, status: UNUSED }], [2, { holder_id: 7, status: USED }]])
    expect(said(untouchedRefusal([1, 2, 5], now, 7, '/ids', 'CARD_USED_NO_TRANSFER', 'en-US'))).toMatchObject({ code: 'CARD_GONE', message: expect.stringContaining('5') })
    expect(said(untouchedRefusal([1, 2], now, 7, '/ids', 'CARD_USED_NO_TRANSFER', 'en-US'))).toMatchObject({ code: 'CARD_NO_LONGER_HELD', message: expect.stringContaining('1') })
    expect(said(untouchedRefusal([2], now, 7, '/id', 'CARD_USED_NO_TRANSFER', 'en-US'))).toMatchObject({ code: 'CARD_USED_NO_TRANSFER', path: '/id' })
  })
})
