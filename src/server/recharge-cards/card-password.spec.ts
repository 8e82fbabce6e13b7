import { describe, expect, it } from 'vitest'
import { CARD_ALPHABET, generateCardPassword, maskCardPassword, newBatchNo, normalizeCardPassword } from './card-password'

describe('card passwords', () => {
  it('are 16 symbols of the alphabet, different each time, with every symbol in use', () => {
    const seen = new Set<string>()
    const symbols = new Set<string>()
    for (let i = 0; i < 2000; i++) {
      const password = generateCardPassword()
      expect(password).toMatch(/^[A-HJ-NP-Z2-9]{16}$/)
      seen.add(password)
      for (const c of password) symbols.add(c)
    }
    expect(seen.size).toBe(2000)
    expect([...symbols].sort().join('')).toBe([...CARD_ALPHABET].sort().join(''))
  })

  it('take the low five bits of each random byte', () => {
    const bytes = Buffer.from([0, 31, 32, 255, 8, 24, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11])
    expect(generateCardPassword(() => bytes)).toBe('A9A9J2BCDEFGHKLM')
  })

  it.each([
    ['ABCDEFGHJKLMNPQR', 'ABCD********NPQR'],
    ['ABCDEFGHJ', 'ABCD*FGHJ'],
    ['ABCDEFGH', '********'],
    ['', ''],
  ])('mask %s as %s', (password, masked) => {
    expect(maskCardPassword(password)).toBe(masked)
  })

  it.each([
    ['abcd-efgh-jkmn-pq23', 'ABCDEFGHJKMNPQ23'],
    [' ABCD EFGH JKMN PQ23 ', 'ABCDEFGHJKMNPQ23'],
    ['ABCDEFGHJKMNPQ2', null],
    ['ABCDEFGHJKMNPQ230', null],
    ['ABCDEFGHJKMNPQ01', null],
    ["' OR 1=1 --", null],
  ])('read %j as %j', (typed, stored) => {
    expect(normalizeCardPassword(typed)).toBe(stored)
  })

  it('number a batch by its UTC time and a random suffix', () => {
    expect(newBatchNo(new Date('2025-01-14T15:30:12.345Z'), () => Buffer.alloc(16, 2))).toBe('20250114153012-CCCCCC')
  })
})
