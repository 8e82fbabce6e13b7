import { isDeepStrictEqual } from 'node:util'
import { sql } from 'kysely'
import { asSchemaDb, type Db, type Dialect } from '../../src/server/db/connect'

type Row = Record<string, unknown>
/**
 * Each table's rows, ordered by id, or on PostgreSQL, for a table whose rows the test does not
 * read, an MD5 digest of them: the same table compares equal in both forms exactly when its rows do.
 */
export type Snapshot = Record<string, Row[] | string>

/**
 * What "nothing half-written" is checked against: every table, with the rows of `rowsOf` in full.
 * On PostgreSQL the other tables are digested by the server in one query: a sweep takes two
 * snapshots per request, and a round trip per table made it the slowest part of the suite.
 */
export async function snapshotTables(db: Db, dialect: Dialect, tables: readonly string[], rowsOf: readonly string[] = tables): Promise<Snapshot> {
  const out: Snapshot = {}
  const digested = dialect === 'postgres' ? tables.filter((table) => !rowsOf.includes(table)) : []
  if (digested.length) {
    const columns = digested.map((table) => sql`(select md5(coalesce(string_agg(t::text, E'\n' order by t.id), '')) from ${sql.table(table)} t) as ${sql.id(table)}`)
    const { rows } = await sql<Record<string, string>>`select ${sql.join(columns)}`.execute(db)
    Object.assign(out, rows[0])
  }
  for (const table of tables) {
    if (!digested.includes(table)) out[table] = await asSchemaDb(db).selectFrom(table).selectAll().orderBy('id').execute()
  }
  return out
}

/** Takes snapshots of the same tables again and again, reading a table only when it may have changed. */
export interface Snapshotter {
  snapshot(rowsOf?: readonly string[]): Promise<Snapshot>
}

/** How many times each table may have been written so far; a count can overcount, never miss a write. */
type WriteCounts = () => Promise<Record<string, number>>

/**
 * Snapshots for a sweep, which takes two per request: a table is read again only once its
 * write count has moved, and till then its last reading is used, so a refusal or a read costs
 * one query for the counts instead of every table. On PostgreSQL each table has a sequence
 * that a trigger advances on every statement that writes the table, from any connection,
 * rolled back or not. On SQLite every table has the one count total_changes(), the rows
 * written through the one connection server and test share.
 */
export async function createSnapshotter(db: Db, dialect: Dialect, tables: readonly string[]): Promise<Snapshotter> {
  const counts: WriteCounts = dialect === 'postgres' ? await countStatementsWriting(db, tables) : async () => {
    const { rows } = await sql<{ n: number }>`select total_changes() as n`.execute(db)
    return Object.fromEntries(tables.map((table) => [table, Number(rows[0]!.n)]))
  }
  const read = new Map<string, { writes: number; value: Row[] | string }>()
  return {
    async snapshot(rowsOf = []) {
      // Counted before reading, so a write while the tables are read only makes them read again next time.
      const writes = await counts()
      const inFull = (table: string) => dialect !== 'postgres' || rowsOf.includes(table)
      const stale = tables.filter((table) => {
        const last = read.get(table)
        return !last || last.writes !== writes[table] || Array.isArray(last.value) !== inFull(table)
      })
      if (stale.length) {
        const fresh = await snapshotTables(db, dialect, stale, rowsOf.filter((table) => stale.includes(table)))
        for (const table of stale) read.set(table, { writes: writes[table]!, value: fresh[table]! })
      }
      return Object.fromEntries(tables.map((table) => [table, read.get(table)!.value]))
    },
  }
}

/** A sequence per table that every statement writing it advances; they live and go with the test's schema. */
async function countStatementsWriting(db: Db, tables: readonly string[]): Promise<WriteCounts> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db)
  const schema = rows[0]!.schema
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Cannot count writes in the schema "${schema}": the triggers name it unquoted.`)
  // Named with its schema: a trigger runs with the search path of whichever connection wrote.
  const counter = (index: number) => `${schema}.snapshot_writes_${index}`
  await sql.raw(`create function ${schema}.snapshot_write() returns trigger language plpgsql as $$ begin perform nextval(tg_argv[0]::regclass); return null; end $$`).execute(db)
  for (const [index, table] of tables.entries()) {
    await sql.raw(`create sequence ${counter(index)}`).execute(db)
    // Called once, so that last_value moves from the first write on (until then it reads 1 either way).
    await sql.raw(`select setval('${counter(index)}', 1)`).execute(db)
    await sql`create trigger snapshot_write after insert or update or delete or truncate on ${sql.table(table)} for each statement execute function ${sql.raw(`${schema}.snapshot_write('${counter(index)}')`)}`.execute(db)
  }
  const columns = tables.map((table, index) => sql`(select last_value from ${sql.raw(counter(index))}) as ${sql.id(table)}`)
  return async () => {
    const { rows } = await sql<Record<string, string>>`select ${sql.join(columns)}`.execute(db)
    return Object.fromEntries(tables.map((table) => [table, Number(rows[0]![table])]))
  }
}

/** The rows of a table in a snapshot that holds them. */
export function rowsIn(snapshot: Snapshot, table: string): Row[] {
  const rows = snapshot[table]
  if (!Array.isArray(rows)) throw new Error(`the snapshot holds only a digest of ${table}`)
  return rows
}

export interface RowDiff {
  added: Row[]
  removed: Row[]
  /** The new versions of rows whose values changed. */
  changed: Row[]
}

/** Which rows a request added, removed or changed, matched by id. */
export function diffRows(before: readonly Row[], after: readonly Row[]): RowDiff {
  const old = new Map(before.map((row) => [String(row.id), row]))
  const now = new Map(after.map((row) => [String(row.id), row]))
  return {
    added: after.filter((row) => !old.has(String(row.id))),
    removed: before.filter((row) => !now.has(String(row.id))),
    changed: after.filter((row) => old.has(String(row.id)) && !isDeepStrictEqual(old.get(String(row.id)), row)),
  }
}
