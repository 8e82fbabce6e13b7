import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'

/** What marks a sealed token, so a key or format change later can be told apart. */
const VERSION = 'v1'
const IV_BYTES = 12
const TAG_BYTES = 16

/**
 * The platforms' access and refresh tokens at rest: AES-256-GCM under a 32-byte key from the
 * environment (TOKEN_ENCRYPTION_KEY), each sealed with a fresh IV and bound to where it is kept
 * (`context`, e.g. "platform_account:12:access") so a sealed token copied to another row or
 * field does not open. The database holds no token in plain text.
 */
export function sealToken(key: Buffer, token: string, context: string): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', checked(key), iv)
  cipher.setAAD(Buffer.from(context, 'utf8'))
  const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()])
  return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url')}`
}

/** The token a seal holds; throws when the key, the context or a byte of it is wrong. */
export function openToken(key: Buffer, sealed: string, context: string): string {
  const [version, body] = sealed.split('.')
  if (version !== VERSION || !body) throw new Error('Not a sealed token.')
  const bytes = Buffer.from(body, 'base64url')
  if (bytes.length < IV_BYTES + TAG_BYTES) throw new Error('Not a sealed token.')
  const decipher = createDecipheriv('aes-256-gcm', checked(key), bytes.subarray(0, IV_BYTES))
  decipher.setAAD(Buffer.from(context, 'utf8'))
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8')
}

/**
 * The key from its written form: 64 hex digits or 32 bytes in base64 (`openssl rand -base64 32`).
 * Anything else is refused, said plainly, at start.
 */
export function parseTokenKey(written: string): Buffer {
  const text = written.trim()
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex')
  const key = Buffer.from(text, 'base64')
  // Node reads any text as base64, skipping what is not; only a round trip says it was base64.
  if (key.length !== 32 || key.toString('base64') !== text) {
    throw new Error('TOKEN_ENCRYPTION_KEY must be 32 bytes: 64 hex digits, or base64 as `openssl rand -base64 32` prints it.')
  }
  return key
}

function checked(key: Buffer): Buffer {
  if (key.length !== 32) throw new Error('The token key must be 32 bytes.')
  return key
}
