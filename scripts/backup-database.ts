/**
 * The database, as a backup reads it and a restore writes it: PostgreSQL through pg_dump and
 * pg_restore, the embedded SQLite file through SQLite's online backup.
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { copyFile, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import pg from 'pg'
import SQLite from 'better-sqlite3'
import type { EntityTables } from '../src/generated/database'
import { Refusal } from './backup-parts'

/** Where the platforms' sealed tokens are kept; the generated types keep this name in step with the schema. */
const PLATFORM_ACCOUNT: EntityTables['platform_account'] = 'platform_account'

export interface SealedAccount {
  id: unknown
  access_token: unknown
  refresh_token: unknown
}

export const SQLITE_FILE = 'console.sqlite'

/**
 * libpq's way to the database: the URL without its password, which goes in PGPASSWORD instead,
 * so that no process listing shows it on pg_dump's command line.
 */
function libpq(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  if (!URL.canParse(url)) return { dbname: url, env: process.env }
  const parsed = new URL(url)
  if (!parsed.password) return { dbname: url, env: process.env }
  const password = decodeURIComponent(parsed.password)
  parsed.password = ''
  return { dbname: parsed.toString(), env: { ...process.env, PGPASSWORD: password } }
}

/** Runs one of PostgreSQL's client programs; its complaint, if any, is the error's message. */
function run(program: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'ignore', 'pipe'] })
    let said = ''
    child.stderr.on('data', (chunk: Buffer) => (said += chunk.toString()))
    child.on('error', (error: NodeJS.ErrnoException) =>
      fail(error.code === 'ENOENT' ? new Refusal(`${program} is not installed: install PostgreSQL's client programs (postgresql-client), of the server's version or newer.`) : error),
    )
    child.on('close', (code) => (code === 0 ? done() : fail(new Error(`${program} stopped with code ${code}: ${said.trim()}`))))
  })
}

/**
 * A moment of the database held open: pg_dump takes it (--snapshot), and queries made through
 * `query` see the same rows the dump holds.
 */
export interface PostgresSnapshot {
  name: string
  sealedAccount(): Promise<SealedAccount | undefined>
  release(): Promise<void>
}

export async function holdSnapshot(url: string, schema: string | undefined): Promise<PostgresSnapshot> {
  const client = new pg.Client({ connectionString: url, ...(schema ? { options: `-c search_path=${schema}` } : {}) })
  await client.connect()
  await client.query('begin transaction isolation level repeatable read read only')
  const { rows } = await client.query<{ name: string }>('select pg_export_snapshot() as name')
  return {
    name: rows[0]!.name,
    async sealedAccount() {
      await client.query('savepoint look')
      try {
        const found = await client.query<SealedAccount>(`select id, access_token, refresh_token from ${PLATFORM_ACCOUNT} where access_token like 'v1.%' limit 1`)
        return found.rows[0]
      } catch (error) {
        // A database the server has not made its tables in yet has no accounts to look at.
        if ((error as { code?: string }).code !== '42P01') throw error
        await client.query('rollback to savepoint look')
        return undefined
      }
    },
    async release() {
      await client.query('commit').catch(() => undefined)
      await client.end()
    },
  }
}

export function pgDump(url: string, file: string, snapshot: string, schemas: string[] | null): Promise<void> {
  const { dbname, env } = libpq(url)
  const only = (schemas ?? []).flatMap((schema) => ['--schema', schema])
  return run('pg_dump', ['--format=custom', '--snapshot', snapshot, ...only, '--file', file, '--dbname', dbname], env)
}

/** What the database already holds, as "schema: N tables…" lines; empty when a restore may go into it. */
export async function pgContents(url: string, schemas: string[] | null): Promise<string[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ schema: string; relations: number }>(
      `select n.nspname as schema, count(c.oid)::int as relations
       from pg_namespace n left join pg_class c on c.relnamespace = n.oid
       where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp\\_%'
       group by n.nspname order by n.nspname`,
    )
    const mine = schemas ? rows.filter((row) => schemas.includes(row.schema)) : rows
    // pg_restore makes every schema but public itself, and stops at one that exists: an empty one counts too.
    return mine.filter((row) => row.relations > 0 || (!schemas && row.schema !== 'public')).map((row) => `schema ${row.schema}: ${row.relations} tables, sequences or views`)
  } finally {
    await client.end()
  }
}

/**
 * The dump into an empty database, in one transaction, so a restore that fails leaves it empty.
 * Objects are owned by DATABASE_URL's user and no grants are restored: the roles of the backed-up
 * server need not exist here.
 */
export async function pgRestore(url: string, file: string, schemas: string[] | null): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    // An empty schema of the server's own name (made by a server started and stopped) is in pg_restore's way.
    for (const schema of schemas ?? []) await client.query(`drop schema if exists "${schema}" restrict`)
    const { dbname, env } = libpq(url)
    await run('pg_restore', ['--no-owner', '--no-acl', '--single-transaction', '--exit-on-error', '--dbname', dbname, file], env)
    // pg_restore brings no planner statistics; without them the first queries guess.
    await client.query('analyze')
  } finally {
    await client.end()
  }
}

/** The data folder's SQLite file, which a backup must find there. */
export function sqliteFileIn(dataDir: string): string {
  const file = join(dataDir, SQLITE_FILE)
  if (!existsSync(file)) throw new Refusal(`there is no database at ${file}: set DATA_DIR to the server's data folder, or DATABASE_URL for PostgreSQL.`)
  return file
}

/** A consistent copy of the SQLite file while the server writes to it: SQLite's online backup. */
export async function sqliteCopy(dataDir: string, target: string): Promise<void> {
  const db = new SQLite(sqliteFileIn(dataDir), { readonly: true, fileMustExist: true, timeout: 5000 })
  try {
    await db.backup(target)
  } finally {
    db.close()
  }
}

export function sqliteSealedAccount(file: string): SealedAccount | undefined {
  const db = new SQLite(file, { readonly: true, fileMustExist: true })
  try {
    const table = db.prepare(`select name from sqlite_master where type = 'table' and name = ?`).get(PLATFORM_ACCOUNT)
    if (!table) return undefined
    return db.prepare(`select id, access_token, refresh_token from ${PLATFORM_ACCOUNT} where access_token like 'v1.%' limit 1`).get() as SealedAccount | undefined
  } finally {
    db.close()
  }
}

/** The tables the data folder's SQLite file holds; none when there is no file. */
export function sqliteContents(dataDir: string): string[] {
  const file = join(dataDir, SQLITE_FILE)
  if (!existsSync(file)) return []
  const db = new SQLite(file, { readonly: true, fileMustExist: true })
  try {
    const tables = db.prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`).all() as { name: string }[]
    return tables.length ? [`${file}: ${tables.length} tables`] : []
  } finally {
    db.close()
  }
}

/** The backed-up file into the data folder, replacing an empty one, written aside and renamed so no half file is ever there. */
export async function sqliteRestore(file: string, dataDir: string): Promise<void> {
  const target = join(dataDir, SQLITE_FILE)
  for (const leftover of [target, `${target}-wal`, `${target}-shm`]) await rm(leftover, { force: true })
  const aside = `${target}.restoring`
  await copyFile(file, aside)
  await rename(aside, target)
}
