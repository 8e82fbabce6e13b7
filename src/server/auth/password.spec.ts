import { describe, expect, it } from 'vitest'
import { hashPassword, verifyPassword } from './password'

describe('password hashes', () => {
  it('are scrypt at N=2^15, r=8 for a password a person chooses, with a salt of their own, and verify only that password', async () => {
    const hash = await hashPassword('correct horse battery')
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/)
    expect(await hashPassword('correct horse battery')).not.toBe(hash)
    expect(await verifyPassword('correct horse battery', hash)).toBe(true)
    expect(await verifyPassword('correct horse batter', hash)).toBe(false)
  })

  it('verify a hash at the cost it states, so the cost can change without locking anyone out', async () => {
    const cheaper = await hashPassword('correct horse battery', 2 ** 10)
    expect(cheaper.split('$')[1]).toBe('1024')
    expect(await verifyPassword('correct horse battery', cheaper)).toBe(true)
    expect(await verifyPassword('anything', 'not a hash')).toBe(false)
  })
})
