import { isDeepStrictEqual } from 'node:util'
import { asSchemaDb, type Db } from '../../src/server/db/connect'

type Row = Record<string, unknown>
export type Snapshot = Record<string, Row[]>

/** Every row of every table, ordered by id: what "nothing half-written" is checked against. */
export async function snapshotTables(db: Db, tables: readonly string[]): Promise<Snapshot> {
  const out: Snapshot = {}
  for (const table of tables) out[table] = await asSchemaDb(db).selectFrom(table).selectAll().orderBy('id').execute()
  return out
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
