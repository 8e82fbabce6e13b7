/**
 * What npm run backup and npm run restore share: the manifest, the token key's fingerprint, and
 * how a refusal is told apart from a failure.
 */
import { createHash } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Config } from '../src/server/config'
import { KEY_FILE, matrixKeys } from '../src/server/matrix/token-key'
import { parseTokenKey } from '../src/server/matrix/token-seal'
import { openedTokens } from '../src/server/matrix/accounts'

/** A reason not to go on, said to the operator as it is; nothing was changed when it is thrown. */
export class Refusal extends Error {}

export const MANIFEST_FILE = 'manifest.json'
/** The files a backup folder holds beside the manifest. */
export const BACKUP_FILES = { postgres: 'database.dump', sqlite: 'console.sqlite', store: 'store', storeList: 'store.jsonl', key: KEY_FILE, certs: 'certs' } as const
const FORMAT = 'short-video-console backup 1'

export interface Manifest {
  format: typeof FORMAT
  started_at: string
  finished_at: string
  database: { kind: 'postgres' | 'sqlite'; file: string; bytes: number; schemas: string[] | null }
  store: { kind: 'local' | 's3'; folder: string; objects: number; bytes: number; bucket: string | null; public_url: string | null }
  token_key: {
    /** Where the server's key came from: TOKEN_ENCRYPTION_KEY, the key file in DATA_DIR, or nowhere. */
    source: 'variable' | 'file' | 'none'
    /** A hash of the key, never the key: restore compares it with the key it is given. */
    fingerprint: string | null
    /** Whether a sealed platform token in this backup's database was opened with that key. */
    checked_on_a_sealed_token: boolean
    /** The key file itself, when the key came from one: then this backup is as secret as the key. */
    file: string | null
  }
  /** The WeChat Pay certificate and private key (DATA_DIR/certs), when there were any. */
  certs: string[]
  secrets: string
}

export function newManifest(fields: Omit<Manifest, 'format'>): Manifest {
  return { format: FORMAT, ...fields }
}

export async function writeManifest(folder: string, manifest: Manifest): Promise<void> {
  await writeFile(join(folder, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 })
}

/** The manifest, or a refusal saying why the folder is not a finished backup. */
export async function readManifest(folder: string): Promise<Manifest> {
  const text = await readFile(join(folder, MANIFEST_FILE), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') throw new Refusal(`${folder} has no ${MANIFEST_FILE}: it is not a backup, or its backup did not finish (the manifest is written last).`)
    throw error
  })
  const manifest = JSON.parse(text) as Manifest
  if (manifest.format !== FORMAT) throw new Refusal(`${join(folder, MANIFEST_FILE)} is not a manifest this version writes (format "${String(manifest.format)}", expected "${FORMAT}").`)
  return manifest
}

export interface TokenKey {
  source: Manifest['token_key']['source']
  key: Buffer | null
}

/**
 * The key the server seals platform tokens with, as token-key.ts finds it, but only read: a
 * backup or a restore must never make a key file up, which the server does on first use.
 */
export async function readTokenKey(config: Pick<Config, 'tokenEncryptionKey' | 'dataDir'>): Promise<TokenKey> {
  if (config.tokenEncryptionKey) return { source: 'variable', key: config.tokenEncryptionKey }
  const written = await readFile(join(config.dataDir, KEY_FILE), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null
    throw error
  })
  return written === null ? { source: 'none', key: null } : { source: 'file', key: parseTokenKey(written) }
}

/** A short hash of the key, labelled so it matches no other hash of it. */
export function keyFingerprint(key: Buffer): string {
  return createHash('sha256').update('short-video-console token key fingerprint\0').update(key).digest('hex').slice(0, 16)
}

/** Whether a platform account's sealed tokens open with `key`. */
export function opensWith(key: Buffer, account: { id: unknown; access_token: unknown; refresh_token: unknown }): boolean {
  // As a key given in the environment, so that no key file is looked for or made.
  const keys = matrixKeys({ tokenEncryptionKey: key, production: false, dataDir: '', databaseUrl: undefined, requireTokenKey: false })!
  try {
    openedTokens(keys, account)
    return true
  } catch {
    return false
  }
}

/** `work` over `items`, at most `limit` at once. */
export async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const lane = async () => {
    while (next < items.length) await work(items[next++]!)
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane))
}

export function files(count: number): string {
  return `${count} ${count === 1 ? 'file' : 'files'}`
}

export function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}

export function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`
}
