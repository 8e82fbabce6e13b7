import { CompiledQuery, SqliteDialect, SqliteDriver, type DatabaseConnection, type Driver, type Kysely, type SqliteDialectConfig } from 'kysely'
import type Sqlite from 'better-sqlite3'
import type pg from 'pg'
import { withStatementCache } from './statement-cache'

/**
 * Reads every request makes (its session, a list's count, page and titles), given as SQL
 * already compiled, run on the driver itself rather than through Kysely's connection
 * handling: on SQLite synchronously on the one connection whenever Kysely holds it for
 * nothing (no query, transaction or stream under way), on PostgreSQL as named prepared
 * statements, each parsed and planned once per connection. `arrays` answers each row as
 * its values in select order, which costs the drivers less to build than an object.
 */
export interface DirectReads {
  rows(sql: string, parameters: readonly unknown[]): Promise<Record<string, unknown>[]>
  arrays(sql: string, parameters: readonly unknown[]): Promise<unknown[][]>
  /** Several reads in a row on one connection, taken from the pool once rather than for each. */
  together<T>(use: (reads: DirectReads) => Promise<T>): Promise<T>
}

const readers = new WeakMap<object, DirectReads>()

/**
 * The direct reads of a database opened by openDatabase; for any other Kysely instance (a
 * transaction, a test's own) the same answers through Kysely, so a read inside a transaction
 * sees that transaction.
 */
export function directReads(db: Kysely<never> | object): DirectReads {
  return readers.get(db) ?? throughKysely(db as Kysely<never>)
}

function throughKysely(db: Kysely<never>): DirectReads {
  const rows = async (sql: string, parameters: readonly unknown[]) => (await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(sql, [...parameters]))).rows
  const reads: DirectReads = { rows, arrays: async (sql, parameters) => (await rows(sql, parameters)).map((row) => Object.values(row)), together: (use) => use(reads) }
  return reads
}

/**
 * Kysely's SQLite dialect over `file`, with direct reads registered for the Kysely instance
 * `register` is given. The driver counts who holds the connection: Kysely holds it from a
 * query's start to its end, and across a whole transaction or stream.
 */
export function sqliteWithDirectReads(file: Sqlite.Database): { dialect: SqliteDialect; register(db: object): void } {
  // One statement cache for Kysely's queries and the direct reads of objects: the same texts, prepared once.
  const config = { database: withStatementCache(file) }
  const objects = config.database
  const arrays = withStatementCache(file, 500, { raw: true })
  const driver = new HeldSqliteDriver(config)
  const dialect = new (class extends SqliteDialect {
    override createDriver(): Driver {
      return driver
    }
  })(config)
  return {
    dialect,
    register(db) {
      const kysely = throughKysely(db as Kysely<never>)
      // While Kysely holds the connection a read waits its turn through Kysely: inside another request's transaction it would see that transaction's rows.
      const idle = () => driver.held === 0 && !file.inTransaction
      const reads: DirectReads = {
        rows: async (sql, parameters) => (idle() ? (objects.prepare(sql).all(parameters) as Record<string, unknown>[]) : kysely.rows(sql, parameters)),
        arrays: async (sql, parameters) => (idle() ? (arrays.prepare(sql).all(parameters) as unknown[][]) : kysely.arrays(sql, parameters)),
        // One connection already: each read is its own, as any other.
        together: (use) => use(reads),
      }
      readers.set(db, reads)
    },
  }
}

class HeldSqliteDriver extends SqliteDriver {
  held = 0
  constructor(config: SqliteDialectConfig) {
    super(config)
  }
  override async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await super.acquireConnection()
    this.held++
    return connection
  }
  override async releaseConnection(): Promise<void> {
    this.held--
    await super.releaseConnection()
  }
}

/** Distinct SQL texts named as prepared statements at most: past it a text is sent unnamed, as Kysely sends every query. */
const MAX_NAMED = 2000

/** Direct reads on a PostgreSQL pool, registered for `db`. */
export function registerPostgresReads(db: object, pool: pg.Pool): void {
  const names = new Map<string, string>()
  // A name is the statement's on each connection for good, so one name never stands for two texts.
  const nameOf = (text: string) => {
    let name = names.get(text)
    if (name === undefined && names.size < MAX_NAMED) names.set(text, (name = `direct_${names.size}`))
    return name
  }
  const on = (client: pg.Pool | pg.PoolClient): DirectReads => ({
    rows: async (text, values) => (await client.query({ name: nameOf(text), text, values: values as unknown[] })).rows,
    arrays: async (text, values) => (await client.query({ name: nameOf(text), text, values: values as unknown[], rowMode: 'array' })).rows as unknown[][],
    together: async (use) => {
      const held = await pool.connect()
      try {
        const answer = await use(on(held))
        held.release()
        return answer
      } catch (error) {
        // A connection a query failed on may be broken: the pool drops it rather than lend it again.
        held.release(error instanceof Error ? error : true)
        throw error
      }
    },
  })
  readers.set(db, on(pool))
}
