import { describe, expect, it } from 'vitest'
import { fenToYuan, yuanToFen } from './records'

describe('money crosses the wire as yuan with two places and is stored as integer fen', () => {
  it.each([
    ['0.00', 0],
    ['0.01', 1],
    ['12.50', 1250],
    ['-0.01', -1],
    ['-12.34', -1234],
    ['9999999999999.99', 999999999999999],
  ])('%s yuan is %i fen, both ways', (yuan, fen) => {
    expect(yuanToFen(yuan)).toBe(fen)
    expect(fenToYuan(fen)).toBe(yuan)
  })

  it('never goes through floating point: 0.1 + 0.2 yuan is exactly 30 fen', () => {
    expect(yuanToFen('0.10') + yuanToFen('0.20')).toBe(30)
    expect(fenToYuan(yuanToFen('0.10') + yuanToFen('0.20'))).toBe('0.30')
  })
})
