/**
 * npm run restore -- <folder>
 *
 * Puts a backup made by npm run backup into the database and the store the environment names
 * (DATABASE_URL and DATABASE_SCHEMA, or DATA_DIR's SQLite file; UPLOAD_STORE and S3_*), with the
 * server stopped. Both must be empty, and the token key (TOKEN_ENCRYPTION_KEY, or the key file the
 * backup holds) must be the one the backup was made with: everything is checked before anything is
 * written, and a refusal says why and changes nothing.
 */
import { parseArgs } from 'node:util'
import { existsSync } from 'node:fs'
import { chmod, copyFile, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { readConfig, type Config } from '../src/server/config'
import { parseTokenKey } from '../src/server/matrix/token-seal'
import { bossSchema } from '../src/server/tasks/pg-boss-queue'
import { BACKUP_FILES, Refusal, eachLimited, files, keyFingerprint, megabytes, readManifest, readTokenKey, seconds, type Manifest } from './backup-parts'
import { pgContents, pgRestore, sqliteContents, sqliteRestore } from './backup-database'
import { pathInside, storeOf, type StoredObject } from './backup-store'

const USAGE = 'Usage: npm run restore -- <folder>   (into the empty database of DATABASE_URL, or of DATA_DIR, and the empty store of UPLOAD_STORE, with the TOKEN_ENCRYPTION_KEY the backup was made with)'

const { positionals, values } = parseArgs({ allowPositionals: true, options: { help: { type: 'boolean' } } })
if (values.help || positionals.length !== 1) {
  if (values.help) console.log(USAGE)
  else console.error(USAGE)
  process.exit(values.help ? 0 : 1)
}

try {
  await restore(configFromEnvironment(), resolve(positionals[0]!))
} catch (error) {
  if (error instanceof Refusal) console.error(`Restore refused, nothing was changed: ${error.message}`)
  else console.error(`Restore failed: ${(error as Error).stack ?? error}`)
  process.exitCode = 1
}

async function restore(config: Config, folder: string): Promise<void> {
  const clock = performance.now()
  const manifest = await readManifest(folder)
  const schemas = checkDatabaseKind(manifest, config)
  checkStoreKind(manifest, config)
  const objects = await checkBackupFiles(folder, manifest)
  const writeKeyFile = await checkKey(folder, manifest, config)

  const inDatabase = config.databaseUrl ? await pgContents(config.databaseUrl, schemas).catch(unreachable) : sqliteContents(config.dataDir)
  if (inDatabase.length > 0) {
    const empty = config.databaseUrl ? 'an empty database (createdb makes one)' : `a data folder without ${BACKUP_FILES.sqlite}`
    throw new Refusal(`the database is not empty (${inDatabase.join('; ')}). Restore only into ${empty}, so that nothing in it is overwritten or mixed with the backup.`)
  }
  const store = storeOf(config)
  const inStore = await store.list()
  if (inStore.length > 0) throw new Refusal(`${store.name} already holds ${files(inStore.length)}. Restore only into an empty store, so that no file of it is overwritten or mixed with the backup's.`)
  const certsDir = join(config.dataDir, BACKUP_FILES.certs)
  if (manifest.certs.length > 0 && (await readdir(certsDir).catch(() => [])).length > 0) {
    throw new Refusal(`${certsDir} already holds a WeChat Pay certificate; the backup has one too. Move it away to restore the backup's.`)
  }

  let time = performance.now()
  await mkdir(config.dataDir, { recursive: true })
  const dump = join(folder, manifest.database.file)
  if (config.databaseUrl) await pgRestore(config.databaseUrl, dump, schemas)
  else await sqliteRestore(dump, config.dataDir)
  say(`Restored the ${manifest.database.kind} database (${megabytes(manifest.database.bytes)}) in ${seconds(time)}.`)

  time = performance.now()
  try {
    await eachLimited(objects, 8, (object) => store.upload(object, pathInside(join(folder, manifest.store.folder), object.key)))
  } catch (error) {
    throw new Error(`The database was restored but not every file: ${(error as Error).message}. Empty the database and ${store.name}, then run the restore again.`)
  }
  say(`Restored ${files(objects.length)} (${megabytes(manifest.store.bytes)}) into ${store.name} in ${seconds(time)}.`)

  if (writeKeyFile) {
    const path = join(config.dataDir, BACKUP_FILES.key)
    await writeFile(path, await readFile(join(folder, BACKUP_FILES.key)), { mode: 0o600, flag: 'wx' })
    await chmod(path, 0o600)
    say(`Restored the token key into ${path} (readable by its owner alone).`)
    if (config.databaseUrl) say(`A server in production on PostgreSQL reads the key only from TOKEN_ENCRYPTION_KEY: set it to that file's contents there.`)
  }
  if (manifest.certs.length > 0) {
    await mkdir(certsDir, { recursive: true, mode: 0o700 })
    for (const name of manifest.certs) {
      await copyFile(join(folder, BACKUP_FILES.certs, name), join(certsDir, name))
      await chmod(join(certsDir, name), 0o600)
    }
    say(`Restored the WeChat Pay certificate into ${certsDir}.`)
  }
  say(`Restore of the backup made ${manifest.started_at} done in ${seconds(clock)}. Start the server with the same TOKEN_ENCRYPTION_KEY${writeKeyFile ? ' setting (unset: the restored key file)' : ''}.`)
}

function configFromEnvironment(): Config {
  try {
    return readConfig()
  } catch (error) {
    throw new Refusal((error as Error).message)
  }
}

function unreachable(error: Error): never {
  throw new Refusal(`PostgreSQL at DATABASE_URL cannot be reached: ${error.message}`)
}

/** The schemas to restore, or null for the whole database; refused when the environment names another kind of database. */
function checkDatabaseKind(manifest: Manifest, config: Config): string[] | null {
  if (manifest.database.kind === 'postgres' && !config.databaseUrl) throw new Refusal('the backup holds a PostgreSQL database: set DATABASE_URL to an empty database to restore it into.')
  if (manifest.database.kind === 'sqlite' && config.databaseUrl) throw new Refusal(`the backup holds the embedded SQLite database: unset DATABASE_URL, and set DATA_DIR to the data folder to restore it into.`)
  const schemas = config.databaseUrl && config.databaseSchema ? [config.databaseSchema, bossSchema(config)] : null
  if (JSON.stringify(schemas) !== JSON.stringify(manifest.database.schemas)) {
    const wanted = manifest.database.schemas ? `set DATABASE_SCHEMA=${manifest.database.schemas[0]}, as when it was made` : 'unset DATABASE_SCHEMA, as when it was made'
    throw new Refusal(`the backup holds ${manifest.database.schemas ? `the schemas ${manifest.database.schemas.join(' and ')}` : 'a whole database'}, and its tables can only go back under the same names: ${wanted}.`)
  }
  return schemas
}

function checkStoreKind(manifest: Manifest, config: Config): void {
  const kind = config.uploads.store
  if (manifest.store.kind !== kind) {
    // The database names each file by the address the store answers it at: /uploads/… or the bucket's.
    throw new Refusal(`the backup's files come from UPLOAD_STORE=${manifest.store.kind} and its database names them by that store's addresses: restore them with UPLOAD_STORE=${manifest.store.kind}.`)
  }
  if (config.uploads.store === 's3' && manifest.store.public_url !== config.uploads.publicUrl) {
    throw new Refusal(`the backup's database names its files at ${manifest.store.public_url}/…, and this bucket is read at ${config.uploads.publicUrl}/…: set S3_PUBLIC_URL to ${manifest.store.public_url} (a CDN or an alias in front of the new bucket), or the restored records would name files nobody can read.`)
  }
}

/** The store's list, every file of it there at its size: a backup copied or kept only in part is refused. */
async function checkBackupFiles(folder: string, manifest: Manifest): Promise<StoredObject[]> {
  const damaged = (what: string) => new Refusal(`the backup in ${folder} is damaged or incomplete: ${what}.`)
  const dump = join(folder, manifest.database.file)
  const dumpBytes = await stat(dump).then((s) => s.size, () => null)
  if (dumpBytes !== manifest.database.bytes) throw damaged(`${dump} is ${dumpBytes === null ? 'missing' : `${dumpBytes} bytes, not ${manifest.database.bytes}`}`)
  const listed = await readFile(join(folder, BACKUP_FILES.storeList), 'utf8').catch(() => null)
  if (listed === null) throw damaged(`${BACKUP_FILES.storeList} is missing`)
  const objects = listed.split('\n').filter(Boolean).map((line) => JSON.parse(line) as StoredObject)
  if (objects.length !== manifest.store.objects) throw damaged(`${BACKUP_FILES.storeList} lists ${objects.length} files, the manifest ${manifest.store.objects}`)
  for (const object of objects) {
    const path = pathInside(join(folder, manifest.store.folder), object.key)
    const bytes = await stat(path).then((s) => s.size, () => null)
    if (bytes !== object.bytes) throw damaged(`${path} is ${bytes === null ? 'missing' : `${bytes} bytes, not ${object.bytes}`}`)
  }
  for (const name of manifest.certs) if (!existsSync(join(folder, BACKUP_FILES.certs, name))) throw damaged(`${BACKUP_FILES.certs}/${name} is missing`)
  return objects
}

/**
 * Whether the backup's key file is to be written into DATA_DIR. The platforms' tokens in the
 * backup open only with the key they were sealed with: another one is refused, by fingerprint.
 */
async function checkKey(folder: string, manifest: Manifest, config: Config): Promise<boolean> {
  const wanted = manifest.token_key.fingerprint
  if (!wanted) return false
  const here = await readTokenKey(config)
  if (here.key) {
    const found = keyFingerprint(here.key)
    if (found === wanted) return false
    const keptFile = manifest.token_key.file ? `, which this backup holds in ${join(folder, manifest.token_key.file)}` : ''
    throw new Refusal(
      here.source === 'variable'
        ? `TOKEN_ENCRYPTION_KEY is not the key the backup's platform tokens were sealed with (its fingerprint is ${found}, the backup's ${wanted}): they would not open. Set TOKEN_ENCRYPTION_KEY to the key of the server the backup was made on${keptFile}.`
        : `${join(config.dataDir, BACKUP_FILES.key)} is not the key the backup's platform tokens were sealed with (its fingerprint is ${found}, the backup's ${wanted}): they would not open. Move that file away${keptFile ? ' to have the backup\'s restored' : ''}, or set TOKEN_ENCRYPTION_KEY to the backup's key.`,
    )
  }
  if (!manifest.token_key.file) {
    throw new Refusal(`the backup's platform tokens were sealed with the key in TOKEN_ENCRYPTION_KEY (fingerprint ${wanted}), which a backup never holds: set TOKEN_ENCRYPTION_KEY to that key.`)
  }
  const written = await readFile(join(folder, manifest.token_key.file), 'utf8').catch(() => '')
  const kept = keyOrNull(written)
  if (!kept || keyFingerprint(kept) !== wanted) throw new Refusal(`the key file in the backup (${manifest.token_key.file}) is missing or is not the key its manifest names: the backup is damaged.`)
  return true
}

function keyOrNull(written: string): Buffer | null {
  try {
    return parseTokenKey(written)
  } catch {
    return null
  }
}

function say(line: string): void {
  console.log(line)
}
