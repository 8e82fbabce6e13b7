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
