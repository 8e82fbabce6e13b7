import { sql, type RawBuilder, type SqlBool } from 'kysely'
import type { EntityDef } from '../../schema/types'
import type { Db, Dialect } from './connect'
import { processLog } from '../log'
import { directReads } from './direct-reads'

/**
 * Indexes for searches by any part of a string (x-index "contains"): a list's `contains` filter
 * on a name otherwise reads every row. Derived from the schemas and holding nothing of their own,
 * they are made, filled and dropped with the keyword at start.
 *
 * - SQLite: an FTS5 table with the trigram tokenizer over the column (external content: it keeps
 *   the trigrams, the table keeps the text), kept in step by triggers. Its LIKE matches as the
 *   table's does, ASCII letters in either case, and reads only the rows holding the pattern's
 *   trigrams (containsSubquery).
 * - PostgreSQL: a GIN index of pg_trgm over lower(column), which serves the list's own
 *   `lower(column) like '%…%'` as it is.
 */
export async function migrateContainsIndexes(db: Db, dialect: Dialect, entity: EntityDef): Promise<void> {
  const wanted = entity.columns.filter((c) => c.containsIndexed).map((c) => c.name)
  if (dialect === 'sqlite') await sqliteSearchTables(db, entity, wanted)
  else await postgresTrigramIndexes(db, entity, wanted)
}

/** The FTS5 table searching one column of a table on SQLite. */
export function searchTable(table: string, column: string): string {
  return `${table}__${column}_search`
}

/**
 * On SQLite, the ids of a table's rows whose column holds `text` (already lower-cased), read from
 * its search table, or undefined where the table's own LIKE must answer: FTS5 drops its index for
 * a LIKE with an ESCAPE clause, so a text holding %, _ or \ is searched row by row.
 */
export function containsSubquery(table: string, column: string, text: string) {
  if (!indexAnswers(text)) return undefined
  return sql<number>`select rowid from ${sql.id(searchTable(table, column))} where ${sql.id(column)} like ${`%${text}%`}`
}

/**
 * The ids a search table's subquery (containsSubquery) finds, reading no more than `atMost` of
 * them: where it finds fewer, a list narrows its count and its page to those (idsIn) instead of
 * searching the index again for each.
 *
 * A direct read (db/direct-reads.ts), as the list's count and page are: through Kysely, the
 * connection counts as held while the read awaits its turn, and every other request's direct
 * reads meanwhile go through Kysely too, queued behind it.
 */
export async function firstMatches(db: Db, found: RawBuilder<number>, atMost: number): Promise<number[]> {
  const query = sql<number>`${found} limit ${atMost}`.compile(db)
  const rows = await directReads(db).arrays(query.sql, query.parameters)
  return rows.map((row) => Number(row[0]))
}

/**
 * On SQLite, a subquery answering the ids of `ids` (idsValue's JSON array), bound as one value
 * however many there are: its SQL is the same for any ids, so a list compiles it once per shape.
 */
export function idsIn(ids: unknown): RawBuilder<number> {
  return sql<number>`select value from json_each(${ids})`
}

/** The value idsIn binds for these ids. */
export function idsValue(ids: readonly number[]): string {
  return JSON.stringify(ids)
}

/**
 * On SQLite, the search table of a table's column to join as `alias` on `rowid` (the row's id), and
 * the condition keeping the rows whose column holds `text` (already lower-cased), or undefined where
 * the table's own LIKE must answer (containsSubquery). Ordered by `rowid`, a query reads the matches
 * from the index in id order and stops at its limit, where `id in (containsSubquery)` gathers every
 * match first: for a search wanting its first matches by id however many there are.
 */
export function containsJoin(table: string, column: string, text: string, alias: string) {
  if (!indexAnswers(text)) return undefined
  return {
    table: sql`${sql.id(searchTable(table, column))}`.as(alias),
    rowid: sql<number>`${sql.id(alias)}.rowid`,
    holds: sql<SqlBool>`${sql.ref(`${alias}.${column}`)} like ${`%${text}%`}`,
  }
}

/** The search table serves a LIKE without an ESCAPE clause only (containsSubquery). */
function indexAnswers(text: string): boolean {
  return !/[%_\\]/.test(text)
}

async function sqliteSearchTables(db: Db, entity: EntityDef, wanted: string[]): Promise<void> {
  const prefix = `${entity.table}__`
  const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and sql like 'CREATE VIRTUAL TABLE%' and substr(name, 1, ${prefix.length}) = ${prefix} and name like '%_search'`.execute(db)
  const have = new Set(rows.map((row) => row.name))
  for (const column of wanted) {
    const search = searchTable(entity.table, column)
    if (have.has(search)) continue
    const [s, t, c] = [sql.id(search), sql.id(entity.table), sql.id(column)]
    await sql`create virtual table ${s} using fts5(${c}, content=${sql.lit(entity.table)}, content_rowid='id', tokenize='trigram')`.execute(db)
    await sql`create trigger ${sql.id(`${search}_insert`)} after insert on ${t} begin insert into ${s} (rowid, ${c}) values (new.id, new.${c}); end`.execute(db)
    await sql`create trigger ${sql.id(`${search}_delete`)} after delete on ${t} begin insert into ${s} (${s}, rowid, ${c}) values ('delete', old.id, old.${c}); end`.execute(db)
    await sql`create trigger ${sql.id(`${search}_update`)} after update of ${c} on ${t} begin insert into ${s} (${s}, rowid, ${c}) values ('delete', old.id, old.${c}); insert into ${s} (rowid, ${c}) values (new.id, new.${c}); end`.execute(db)
    await sql`insert into ${s} (${s}) values ('rebuild')`.execute(db)
  }
  for (const search of have) {
    if (wanted.some((column) => searchTable(entity.table, column) === search)) continue
    for (const event of ['insert', 'delete', 'update']) await sql`drop trigger if exists ${sql.id(`${search}_${event}`)}`.execute(db)
    await sql`drop table ${sql.id(search)}`.execute(db)
  }
}

/** Extensions are the database's, not a schema's: pg_trgm goes to public once, under a lock of its own. */
const EXTENSION_LOCK = 7_140_212

async function postgresTrigramIndexes(db: Db, entity: EntityDef, wanted: string[]): Promise<void> {
  const suffix = '_contains_idx'
  const { rows } = await sql<{ name: string }>`
    select i.relname as name from pg_catalog.pg_index x
    join pg_catalog.pg_class i on i.oid = x.indexrelid
    join pg_catalog.pg_class t on t.oid = x.indrelid
    where t.relname = ${entity.table} and t.relnamespace = current_schema()::regnamespace and i.relname like ${`%${suffix}`}`.execute(db)
  const have = new Set(rows.map((row) => row.name))
  const missing = wanted.filter((column) => !have.has(`${entity.table}_${column}${suffix}`))
  const trgm = missing.length > 0 ? await trigramSchema(db) : undefined
  if (trgm) {
    for (const column of missing) {
      await sql`create index if not exists ${sql.id(`${entity.table}_${column}${suffix}`)} on ${sql.id(entity.table)} using gin (lower(${sql.id(column)}) ${sql.id(trgm, 'gin_trgm_ops')})`.execute(db)
    }
  }
  for (const name of have) if (!wanted.some((column) => `${entity.table}_${column}${suffix}` === name)) await sql`drop index if exists ${sql.id(name)}`.execute(db)
}

/**
 * The schema pg_trgm is installed in, installing it in public when it is not there yet; undefined
 * when this database user may not: the searches then read every row, as before, and the log says
 * what a superuser can run.
 */
async function trigramSchema(db: Db): Promise<string | undefined> {
  const found = async () => (await sql<{ schema: string }>`select n.nspname as schema from pg_catalog.pg_extension e join pg_catalog.pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db)).rows[0]?.schema
  const schema = await found()
  if (schema) return schema
  await sql`select pg_advisory_xact_lock(${EXTENSION_LOCK})`.execute(db)
  // A refusal must not undo the rest of the migration's transaction.
  await sql`savepoint trigram_extension`.execute(db)
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db)
    await sql`release savepoint trigram_extension`.execute(db)
  } catch (error) {
    await sql`rollback to savepoint trigram_extension`.execute(db)
    processLog.warn({ err: error }, 'Fields marked "x-index": "contains" are searched by reading every row: this database user may not install PostgreSQL\'s pg_trgm extension. A superuser can run: create extension pg_trgm with schema public;')
    return undefined
  }
  return found()
}
