import { createHash, randomBytes } from 'node:crypto'

/** 256 random bits, base64url: 43 characters. */
export function newToken(): string {
  return randomBytes(32).toString('base64url')
}

export function isWellFormedToken(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token)
}

/** Only this hash is stored, so a copy of the sessions table signs nobody in. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
