import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Label } from '../../schema/types'
import type { Config } from '../config'
import { parseTokenKey } from './token-seal'

/** The key file made when TOKEN_ENCRYPTION_KEY is not set and one may be made (keySource). */
export const KEY_FILE = 'token-encryption.key'

export interface MatrixKeys {
  /** Seals the platforms' tokens (token-seal.ts). */
  seal: Buffer
  /** `${id}.${signature}` for a record id, under a purpose of its own (a link, an OAuth state). */
  sign(purpose: string, id: number): string
  /** The record id a code names, or null when this server did not sign it for that purpose. */
  verify(purpose: string, code: string): number | null
}

export const KEY_MISSING: Label = {
  'zh-CN': '服务器未设置 TOKEN_ENCRYPTION_KEY（加密平台授权的密钥），暂时无法授权平台账号。请联系平台管理员。',
  'en-US': 'The server has no TOKEN_ENCRYPTION_KEY (the key that encrypts platform authorizations), so accounts cannot be authorized yet. Ask the platform administrator.',
}

const cache = new Map<string, MatrixKeys>()

type KeyConfig = Pick<Config, 'tokenEncryptionKey' | 'production' | 'dataDir' | 'databaseUrl' | 'requireTokenKey'>

/**
 * Where the matrix's keys come from: TOKEN_ENCRYPTION_KEY; or a key file in the data folder, made
 * on first use (readable by this user alone), on the embedded database (every process of it shares
 * the data folder) and outside production; or nowhere, in production on PostgreSQL (processes on
 * other machines must hold the same key, which none can make up for the others) or when the
 * operator asked for a key of their own (REQUIRE_TOKEN_ENCRYPTION_KEY=1).
 */
export function keySource(config: KeyConfig): 'variable' | 'file' | 'none' {
  if (config.tokenEncryptionKey) return 'variable'
  if (config.requireTokenKey || (config.production && config.databaseUrl)) return 'none'
  return 'file'
}

/** The keys of the matrix, from where keySource says; null where there are none. */
export function matrixKeys(config: KeyConfig): MatrixKeys | null {
  const source = keySource(config)
  const root = source === 'variable' ? config.tokenEncryptionKey : source === 'file' ? keyFile(config.dataDir) : undefined
  if (!root) return null
  const id = root.toString('hex')
  let keys = cache.get(id)
  if (!keys) {
    keys = derive(root)
    cache.set(id, keys)
  }
  return keys
}

function keyFile(dataDir: string): Buffer {
  const path = join(dataDir, KEY_FILE)
  try {
    return parseTokenKey(readFileSync(path, 'utf8'))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  mkdirSync(dataDir, { recursive: true })
  try {
    // wx: two processes starting together keep the first one's key.
    writeFileSync(path, `${randomBytes(32).toString('hex')}\n`, { flag: 'wx', mode: 0o600 })
    chmodSync(path, 0o600)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  return parseTokenKey(readFileSync(path, 'utf8'))
}

/** One root key, a sub-key per use (HKDF), so a signature never doubles as a seal. */
function derive(root: Buffer): MatrixKeys {
  const sub = (info: string) => Buffer.from(hkdfSync('sha256', root, Buffer.alloc(0), info, 32))
  const seal = sub('platform-token-seal')
  const signing = sub('matrix-signed-code')
  const signature = (purpose: string, id: number) => createHmac('sha256', signing).update(`${purpose}:${id}`).digest().subarray(0, 18).toString('base64url')
  return {
    seal,
    sign: (purpose, id) => `${id}.${signature(purpose, id)}`,
    verify(purpose, code) {
      const match = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{24})$/.exec(code)
      if (!match) return null
      const id = Number(match[1])
      if (id > 2147483647) return null
      const expected = Buffer.from(signature(purpose, id))
      const given = Buffer.from(match[2]!)
      return timingSafeEqual(expected, given) ? id : null
    },
  }
}
