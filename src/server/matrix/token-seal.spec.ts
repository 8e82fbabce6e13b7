import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { openToken, parseTokenKey, sealToken } from './token-seal'

describe('platform tokens at rest (AES-256-GCM)', () => {
  const key = randomBytes(32)

  it('opens what it sealed, and never holds the token in plain text', () => {
    const sealed = sealToken(key, 'act.f7094fbffab2ecbfc45e9af9c32bc241', 'platform_account:12:access')
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/)
    expect(sealed).not.toContain('f7094fbf')
    expect(Buffer.from(sealed.slice(3), 'base64url').toString('latin1')).not.toContain('act.')
    expect(openToken(key, sealed, 'platform_account:12:access')).toBe('act.f7094fbffab2ecbfc45e9af9c32bc241')
  })

  it('seals the same token differently every time', () => {
    expect(sealToken(key, 'same', 'c')).not.toBe(sealToken(key, 'same', 'c'))
  })

  it('refuses another key, another place, or a changed byte', () => {
    const sealed = sealToken(key, 'refresh-me', 'platform_account:12:refresh')
    expect(() => openToken(randomBytes(32), sealed, 'platform_account:12:refresh')).toThrow()
    expect(() => openToken(key, sealed, 'platform_account:13:refresh')).toThrow()
    expect(() => openToken(key, sealed, 'platform_account:12:access')).toThrow()
    const bytes = Buffer.from(sealed.slice(3), 'base64url')
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 1
    expect(() => openToken(key, `v1.${bytes.toString('base64url')}`, 'platform_account:12:refresh')).toThrow()
    expect(() => openToken(key, 'refresh-me', 'platform_account:12:refresh')).toThrow('Not a sealed token.')
  })

  it('reads the key as 64 hex digits or base64 of 32 bytes, and refuses anything else', () => {
    const raw = randomBytes(32)
    expect(parseTokenKey(raw.toString('hex'))).toEqual(raw)
    expect(parseTokenKey(raw.toString('base64'))).toEqual(raw)
    expect(parseTokenKey(` ${raw.toString('base64')}\n`)).toEqual(raw)
    for (const bad of ['', 'secret', randomBytes(16).toString('base64'), randomBytes(31).toString('hex'), 'z'.repeat(64)]) {
      expect(() => parseTokenKey(bad)).toThrow('TOKEN_ENCRYPTION_KEY must be 32 bytes')
    }
  })
})
