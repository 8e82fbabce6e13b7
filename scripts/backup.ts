/**
 * npm run backup -- <folder> [--without-key]
 *
 * Writes into a new (or empty) folder everything a restore needs: the database, every uploaded
 * file, the token key file when the key is kept in DATA_DIR, the WeChat Pay certificate, and a
 * manifest.json written last, so that a folder without one is a backup that did not finish.
 * Reads the environment the server reads (DATABASE_URL, DATABASE_SCHEMA, DATA_DIR, UPLOAD_STORE,
 * S3_*, TOKEN_ENCRYPTION_KEY) and may run while the server serves.
 */
import { parseArgs } from 'node:util'
import { chmod, copyFile, mkdir, readdir, stat, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { readConfig, type Config } from '../src/server/config'
import { bossSchema } from '../src/server/tasks/pg-boss-queue'
import { BACKUP_FILES, Refusal, eachLimited, files, keyFingerprint, megabytes, newManifest, opensWith, readTokenKey, seconds, writeManifest, type Manifest, type TokenKey } from './backup-parts'
import { holdSnapshot, pgDump, sqliteCopy, sqliteFileIn, sqliteSealedAccount, type SealedAccount } from './backup-database'
import { pathInside, storeOf, type Store, type StoredObject } from './backup-store'

const USAGE = 'Usage: npm run backup -- <folder> [--without-key]   (a new or empty folder; the server\'s environment: DATABASE_URL, DATA_DIR, UPLOAD_STORE, S3_*, TOKEN_ENCRYPTION_KEY)'

const { positionals, values } = parseArgs({ allowPositionals: true, options: { help: { type: 'boolean' }, 'without-key': { type: 'boolean' } } })
if (values.help || positionals.length !== 1) {
  if (values.help) console.log(USAGE)
  else console.error(USAGE)
  process.exit(values.help ? 0 : 1)
}
const folder = resolve(positionals[0]!)
let folderMade = false

try {
  await backup(configFromEnvironment(), folder)
} catch (error) {
  if (error instanceof Refusal) console.error(`Backup refused: ${error.message}`)
  else console.error(`Backup failed: ${(error as Error).stack ?? error}`)
  if (folderMade) console.error(`${folder} has no manifest.json, so npm run restore will not take it; delete it and run the backup again.`)
  process.exitCode = 1
}

async function backup(config: Config, folder: string): Promise<void> {
  const started = new Date()
  const clock = performance.now()
  const checked = await checkKey(config, await readTokenKey(config))
  await makeFolder(folder)
  const store = storeOf(config)
  const storeDir = join(folder, BACKUP_FILES.store)
  const copied = new Map<string, StoredObject>()

  // Files first, then the database, then again the files that arrived meanwhile. Every file the
  // dumped database names existed at the database's moment: one there for the first pass is in the
  // backup even when it is deleted right after; one that arrived later is found by the second pass,
  // unless it was deleted between that moment and the second pass reaching it. That gap is kept
  // short on PostgreSQL: the moment is an exported snapshot, which pg_dump takes afterwards, so the
  // second pass runs right after the moment rather than after minutes of dumping. A file still being
  // written when the first pass copied it is copied again by the second, its size having changed.
  let time = performance.now()
  const first = await copyNew(store, storeDir, copied)
  say(`Copied ${files(first.files)} (${megabytes(first.bytes)}) from ${store.name} in ${seconds(time)}.`)

  let database: Manifest['database']
  let second: Copied
  time = performance.now()
  if (config.databaseUrl) {
    const schemas = config.databaseSchema ? [config.databaseSchema, bossSchema(config)] : null
    const file = join(folder, BACKUP_FILES.postgres)
    const snapshot = await holdSnapshot(config.databaseUrl, config.databaseSchema)
    try {
      second = await copyNew(store, storeDir, copied)
      await pgDump(config.databaseUrl, file, snapshot.name, schemas)
    } finally {
      await snapshot.release()
    }
    database = { kind: 'postgres', file: BACKUP_FILES.postgres, bytes: (await stat(file)).size, schemas }
  } else {
    const file = join(folder, BACKUP_FILES.sqlite)
    await sqliteCopy(config.dataDir, file)
    second = await copyNew(store, storeDir, copied)
    database = { kind: 'sqlite', file: BACKUP_FILES.sqlite, bytes: (await stat(file)).size, schemas: null }
  }
  say(`Copied the ${database.kind} database (${megabytes(database.bytes)}) and ${files(second.files)} that arrived meanwhile (${megabytes(second.bytes)}) in ${seconds(time)}.`)

  const objects = [...copied.values()].sort((a, b) => (a.key < b.key ? -1 : 1))
  await writeFile(join(folder, BACKUP_FILES.storeList), objects.map((object) => `${JSON.stringify(object)}\n`).join(''))
  // The server makes its key file on first use: one made while this ran may have sealed tokens in the dump.
  const key = checked.key.source === 'none' && !values['without-key'] ? await readTokenKey(config) : checked.key
  const keyFile = key.source === 'file' && key.key ? await keepSecret(key.key, join(folder, BACKUP_FILES.key)) : null
  const certs = await copyCerts(config.dataDir, join(folder, BACKUP_FILES.certs))
  const secrets = [
    keyFile ? `${BACKUP_FILES.key}, the key that seals the platforms' tokens` : '',
    certs.length ? `${BACKUP_FILES.certs}/, the WeChat Pay private key` : '',
  ].filter(Boolean)
  await writeManifest(folder, newManifest({
    started_at: started.toISOString(),
    finished_at: new Date().toISOString(),
    database,
    store: {
      kind: config.uploads.store,
      folder: BACKUP_FILES.store,
      objects: objects.length,
      bytes: objects.reduce((sum, object) => sum + object.bytes, 0),
      bucket: config.uploads.store === 's3' ? config.uploads.bucket : null,
      public_url: config.uploads.store === 's3' ? config.uploads.publicUrl : null,
    },
    token_key: { source: key.source, fingerprint: key.key ? keyFingerprint(key.key) : null, checked_on_a_sealed_token: checked.checked, file: keyFile },
    certs,
    secrets: `${secrets.length ? `This backup holds ${secrets.join(' and ')}` : 'This backup holds no key'}; its database holds password hashes and sealed tokens. Keep it where only operators can read it.`,
  }))
  say(`Backup written to ${folder} in ${seconds(clock)}: the ${database.kind} database and ${files(objects.length)}. ${secrets.length ? `It holds ${secrets.join(' and ')}: keep it as secret as they are.` : ''}`.trim())
}

function configFromEnvironment(): Config {
  try {
    return readConfig()
  } catch (error) {
    throw new Refusal((error as Error).message)
  }
}

/**
 * The backup records the key's fingerprint, and a restore trusts it: so the key this command found
 * must be the server's. A sealed token of the live database says whether it is.
 */
async function checkKey(config: Config, key: TokenKey): Promise<{ key: TokenKey; checked: boolean }> {
  const sealed = await sealedAccountNow(config)
  if (!sealed) return { key, checked: false }
  if (key.key && opensWith(key.key, sealed)) return { key, checked: true }
  if (values['without-key']) {
    say('The platform accounts\' tokens will not open after a restore without their key: each account must be authorized again.')
    // The key found is not the server's: a restore is not to be held to it.
    return { key: { source: 'none', key: null }, checked: false }
  }
  const found = key.source === 'variable' ? 'the key in TOKEN_ENCRYPTION_KEY' : key.source === 'file' ? `the key in ${join(config.dataDir, BACKUP_FILES.key)}` : 'no key (TOKEN_ENCRYPTION_KEY is not set and DATA_DIR holds no key file)'
  throw new Refusal(
    `the database's platform tokens do not open with ${found}. Run the backup with the server's TOKEN_ENCRYPTION_KEY, so that a restore can be checked against it; if that key is lost, --without-key backs up anyway, and every platform account must then be authorized again.`,
  )
}

async function sealedAccountNow(config: Config): Promise<SealedAccount | undefined> {
  if (!config.databaseUrl) return sqliteSealedAccount(sqliteFileIn(config.dataDir))
  const snapshot = await holdSnapshot(config.databaseUrl, config.databaseSchema).catch((error: Error) => {
    throw new Refusal(`PostgreSQL at DATABASE_URL cannot be read: ${error.message}`)
  })
  try {
    return await snapshot.sealedAccount()
  } finally {
    await snapshot.release()
  }
}

async function makeFolder(path: string): Promise<void> {
  const there = await readdir(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null
    throw error
  })
  if (there && there.length > 0) throw new Refusal(`${path} is not empty: give a new or empty folder, so that one backup's files never mix with another's.`)
  await mkdir(path, { recursive: true, mode: 0o700 })
  // It will hold the database and perhaps the token key: readable by its owner alone.
  await chmod(path, 0o700)
  folderMade = true
}

interface Copied {
  files: number
  bytes: number
}

/** Copies what the store holds that the backup has not, or holds at another size. */
async function copyNew(store: Store, dir: string, copied: Map<string, StoredObject>): Promise<Copied> {
  const listed = await store.list()
  const fresh = listed.filter((object) => copied.get(object.key)?.bytes !== object.bytes)
  const done: Copied = { files: 0, bytes: 0 }
  await eachLimited(fresh, 8, async (object) => {
    const kept = await store.download(object, pathInside(dir, object.key))
    if (!kept) return
    copied.set(object.key, kept)
    done.files += 1
    done.bytes += kept.bytes
  })
  return done
}

/** The key, written as the server writes its key file, readable by its owner alone whatever the umask. */
async function keepSecret(key: Buffer, to: string): Promise<string> {
  await writeFile(to, `${key.toString('hex')}\n`, { mode: 0o600 })
  await chmod(to, 0o600)
  return BACKUP_FILES.key
}

async function copyCerts(dataDir: string, to: string): Promise<string[]> {
  const from = join(dataDir, 'certs')
  const names = (await readdir(from).catch(() => [] as string[])).filter((name) => !name.endsWith('.tmp'))
  if (names.length === 0) return []
  await mkdir(to, { mode: 0o700 })
  for (const name of names) {
    await copyFile(join(from, name), join(to, name))
    await chmod(join(to, name), 0o600)
  }
  return names
}

function say(line: string): void {
  console.log(line)
}
