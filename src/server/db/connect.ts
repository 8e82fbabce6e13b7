import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { Kysely, PostgresDialect, sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely'
import SQLite from 'better-sqlite3'
import type { Config } from '../config'
import type { Database } from '../../generated/database'
import { registerPostgresReads, sqliteWithDirectReads } from './direct-reads'
import { processLog } from '../log'
import { watchPool } from '../metrics/instruments'

/** Connections a process opens at most: the API's requests and a worker's tasks share them. */
const POOL_MAX = 10

export type Dialect = 'sqlite' | 'postgres'

/** The query builder, typed by the tables the entity schemas declare (src/generated/database.ts). */
export type Db = Kysely<Database>

/**
 * Tables named at run time by schema files (the engine's generic handlers, migrations, tallies):
 * the schema, checked by `schemas:check`, vouches for their columns rather than the compiler.
 */
export type SchemaTables = Record<string, Record<string, unknown>>

/** The query builder over tables the code names only at run time. */
export type SchemaDb = Kysely<SchemaTables>

/** A select and its conditions over such tables. */
export type SchemaSelect = SelectQueryBuilder<SchemaTables, string, Record<string, unknown>>
export type SchemaExpressions = ExpressionBuilder<SchemaTables, string>

/** The same connection (or transaction), for queries on tables named at run time. */
export function asSchemaDb(db: Db): SchemaDb {
  return db as unknown as SchemaDb
}

/**
 * PostgreSQL's bigint (money columns, every count(*)) and numeric (every sum) arrive from the
 * driver as decimal strings, to keep digits past 2^53. Ours never come near: a sum of fen
 * that large is ninety trillion yuan. Read as numbers, as SQLite gives them, the values need no
 * coercion where they are used; one beyond a safe integer is refused, not rounded. This pool's
 * own parsers, so pg-boss's pool keeps the driver's.
 */
const NUMBER_TYPES = new Map<number, (value: string) => number>([
  [20, safeInteger],
  [1700, (value) => Number(value)],
])

function safeInteger(value: string): number {
  const number = Number(value)
  if (!Number.isSafeInteger(number)) throw new RangeError(`A bigint of ${value} is past what a number holds exactly.`)
  return number
}

/** An open database: its query builder, which SQL it speaks, and how to close it. */
export interface OpenDatabase {
  db: Db
  dialect: Dialect
  close(): Promise<void>
}

/**
 * Open the database the configuration names: PostgreSQL when DATABASE_URL is set,
 * else the embedded SQLite file in DATA_DIR (WAL, so readers never wait for the writer).
 */
export async function openDatabase(config: Pick<Config, 'dataDir' | 'databaseUrl' | 'databaseSchema'>): Promise<OpenDatabase> {
  if (config.databaseUrl) {
    const schema = config.databaseSchema
    if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) {
      throw new Error(`DATABASE_SCHEMA must be a plain lower-case identifier, but it is "${schema}".`)
    }
    // Loaded only here: an embedded-database start should not pay for the PostgreSQL driver.
    const { default: pg } = await import('pg')
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: POOL_MAX,
      types: { getTypeParser: (oid: number, format?: 'text' | 'binary') => NUMBER_TYPES.get(oid) ?? pg.types.getTypeParser(oid, format ?? 'text') },
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    })
    // A restart, a failover or pg_terminate_backend ends the pool's connections: pg then emits 'error' on
    // the pool (an idle connection) or on the client (one in use between queries), and an 'error' event
    // nobody listens to ends the process. The pool drops such a connection and opens a new one when asked.
    pool.on('error', (error) => processLog.warn({ err: error }, 'PostgreSQL connection lost'))
    pool.on('connect', (client) => client.on('error', () => undefined))
    watchPool(pool, POOL_MAX)
    const db: Db = new Kysely({ dialect: new PostgresDialect({ pool }) })
    registerPostgresReads(db, pool)
    if (schema) await sql`create schema if not exists ${sql.id(schema)}`.execute(db)
    return { db, dialect: 'postgres', close: () => db.destroy() }
  }
  mkdirSync(config.dataDir, { recursive: true })
  const file = new SQLite(join(config.dataDir, 'console.sqlite'))
  file.pragma('journal_mode = WAL')
  file.pragma('synchronous = NORMAL')
  file.pragma('busy_timeout = 5000')
  const { dialect, register } = sqliteWithDirectReads(file)
  const db: Db = new Kysely({ dialect })
  register(db)
  return { db, dialect: 'sqlite', close: () => db.destroy() }
}
