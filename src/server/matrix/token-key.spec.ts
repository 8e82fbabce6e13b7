import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { KEY_FILE, keySource, matrixKeys } from './token-key'

const dirs: string[] = []
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'matrix-keys-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('the matrix keys', () => {
  it('sign a record id for one purpose, and nothing else verifies', () => {
    const keys = matrixKeys({ tokenEncryptionKey: randomBytes(32), production: true, dataDir: dataDir(), requireTokenKey: false })!
    const code = keys.sign('authorization_link', 42)
    expect(code).toMatch(/^42\.[A-Za-z0-9_-]{24}$/)
    expect(keys.verify('authorization_link', code)).toBe(42)
    expect(keys.verify('oauth_state', code)).toBeNull()
    expect(keys.verify('authorization_link', code.replace(/^42/, '43'))).toBeNull()
    expect(keys.verify('authorization_link', `${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`)).toBeNull()
    expect(keys.verify('authorization_link', `99999999999.${code.split('.')[1]}`)).toBeNull()
    const other = matrixKeys({ tokenEncryptionKey: randomBytes(32), production: true, dataDir: dataDir(), requireTokenKey: false })!
    expect(other.verify('authorization_link', code)).toBeNull()
    expect(keys.seal.equals(other.seal)).toBe(false)
  })

  it('outside production without a key, make one in the data folder, readable by its owner alone, and keep it', () => {
    const dir = dataDir()
    const first = matrixKeys({ production: false, dataDir: dir, requireTokenKey: false })!
    const file = join(dir, KEY_FILE)
    expect(readFileSync(file, 'utf8')).toMatch(/^[0-9a-f]{64}\n$/)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const again = matrixKeys({ production: false, dataDir: dir, requireTokenKey: false })!
    expect(again.verify('authorization_link', first.sign('authorization_link', 7))).toBe(7)
  })

  it('in production on the embedded database, as npm start runs, make one in the data folder all its processes share', () => {
    const dir = dataDir()
    expect(keySource({ production: true, dataDir: dir, requireTokenKey: false })).toBe('file')
    expect(matrixKeys({ production: true, dataDir: dir, requireTokenKey: false })).not.toBeNull()
    expect(statSync(join(dir, KEY_FILE)).mode & 0o777).toBe(0o600)
  })

  it('in production on PostgreSQL, or when a key of the operator\'s is required, there are none without it: nothing is made up', () => {
    for (const config of [
      { production: true, dataDir: dataDir(), databaseUrl: 'postgres://db/console', requireTokenKey: false },
      { production: false, dataDir: dataDir(), requireTokenKey: true },
    ]) {
      expect(keySource(config)).toBe('none')
      expect(matrixKeys(config)).toBeNull()
      expect(() => statSync(join(config.dataDir, KEY_FILE))).toThrow()
    }
  })
})
