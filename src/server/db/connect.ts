import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely'
import SQLite from 'better-sqlite3'
import type { Config } from '../config'
import { withStatementCache } from './statement-cache'

export type Dialect = 'sqlite' | 'postgres'

/** Tables are declared by schema files, so the query builder is untyped here; repositories convert rows. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = Kysely<any>

export interface Database {
  db: Db
  dialect: Dialect
  close(): Promise<void>
}

/**
 * Open the database the configuration names: PostgreSQL when DATABASE_URL is set,
 * else the embedded SQLite file in DATA_DIR (WAL, so readers never wait for the writer).
 */
export async function openDatabase(config: Pick<Config, 'dataDir' | 'databaseUrl' | 'databaseSchema'>): Promise<Database> {
  if (config.databaseUrl) {
    const schema = config.databaseSchema
    if (schema && !/^[a-z_][a-z0-9_]*$/.test(schema)) {
      throw new Error(`DATABASE_SCHEMA must be a plain lower-case identifier, but it is "${schema}".`)
    }
    // Loaded only here: an embedded-database start should not pay for the PostgreSQL driver.
    const { default: pg } = await import('pg')
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    })
    const db: Db = new Kysely({ dialect: new PostgresDialect({ pool }) })
    if (schema) await sql`create schema if not exists ${sql.id(schema)}`.execute(db)
    return { db, dialect: 'postgres', close: () => db.destroy() }
  }
  mkdirSync(config.dataDir, { recursive: true })
  const file = new SQLite(join(config.dataDir, 'console.sqlite'))
  file.pragma('journal_mode = WAL')
  file.pragma('synchronous = NORMAL')
  file.pragma('busy_timeout = 5000')
  const db: Db = new Kysely({ dialect: new SqliteDialect({ database: withStatementCache(file) }) })
  return { db, dialect: 'sqlite', close: () => db.destroy() }
}
