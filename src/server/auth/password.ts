import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

// scrypt is memory-hard: N=2^15, r=8 needs 32 MiB per guess, which is what makes GPU cracking costly.
const N = 2 ** 15
const R = 8
const P = 1
const KEY_LENGTH = 32
const MAX_MEMORY = 64 * 1024 * 1024

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: n, r, p, maxmem: MAX_MEMORY }, (error, key) => (error ? reject(error) : resolve(key))),
  )
}

/**
 * A self-describing hash: scrypt$N$r$p$salt$key, so the cost can rise later without breaking old
 * hashes. `n` is scrypt's cost, 2^15 for every password people choose.
 */
export async function hashPassword(password: string, n = N): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, n, R, P)
  return ['scrypt', n, R, P, salt.toString('base64url'), key.toString('base64url')].join('$')
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const parts = (stored ?? '').split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') {
    // Same work as a real check, so timing does not tell which usernames exist.
    await derive(password, Buffer.alloc(16), N, R, P)
    return false
  }
  const [, n, r, p, salt, key] = parts
  const expected = Buffer.from(key!, 'base64url')
  const actual = await derive(password, Buffer.from(salt!, 'base64url'), Number(n), Number(r), Number(p))
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}
