import { sql, type RawBuilder } from 'kysely'
import type { EntityDef } from '../../schema/types'
import type { Db, Dialect } from './connect'
import { tallyKey, tallyTable } from '../../schema/tally-names'

/**
 * x-tally: a table of running counts, `<table>_tally`, one row per owner and combination of
 * the tallied fields, kept by triggers in the same transaction as every insert, delete and
 * update of the entity's table, whichever code writes it. Counting a million rows takes tens
 * of milliseconds on either database; summing a few dozen counts takes none.
 */
export { tallyKey, tallyTable } from '../../schema/tally-names'

/**
 * Create the tally table, its triggers and its first counts, or rebuild them when the
 * tallied fields changed. Counts are derived data, so rebuilding loses nothing. Run inside the
 * migration's transaction (`trx`): on PostgreSQL creating the trigger locks out writers until
 * the counts taken after it are committed, so no write is counted twice or missed.
 */
export async function migrateTally(trx: Db, dialect: Dialect, entity: EntityDef, existingColumns: ReadonlySet<string> | undefined): Promise<void> {
  const key = tallyKey(entity)
  const wanted = [...key, 'n']
  if (existingColumns && existingColumns.size === wanted.length && wanted.every((c) => existingColumns.has(c))) return
  const table = tallyTable(entity)
  for (const statement of tallyDrops(dialect, entity)) await statement.execute(trx)
  const columns = key.map((name) => sql`${sql.id(name)} ${sql.raw(entity.columns.find((c) => c.name === name)!.type)} not null`)
  await sql`create table ${sql.id(table)} (${sql.join(columns)}, n integer not null, primary key (${sql.join(key.map((c) => sql.id(c)))}))`.execute(trx)
  for (const statement of dialect === 'postgres' ? postgresTriggers(trx, entity) : sqliteTriggers(entity)) await statement.execute(trx)
  const ids = sql.join(key.map((c) => sql.id(c)))
  await sql`insert into ${sql.id(table)} (${ids}, n) select ${ids}, count(*) from ${sql.id(entity.table)} group by ${ids}`.execute(trx)
}

/**
 * SQLite's count triggers written again as this code writes them, before a migration alters a
 * table: SQLite checks every trigger of the database when a column is dropped or renamed, and
 * those of a database made before triggers named no alias refused every such change.
 */
export async function refreshSqliteTriggers(trx: Db, entity: EntityDef): Promise<void> {
  const table = tallyTable(entity)
  // Once: a trigger written since names no alias, and the next starts find nothing to do.
  const found = await sql<{ sql: string }>`select sql from sqlite_master where type = 'trigger' and name = ${`${table}_insert`}`.execute(trx)
  if (!found.rows.some((row) => / as t /.test(row.sql))) return
  for (const event of ['insert', 'delete', 'update']) await sql`drop trigger if exists ${sql.id(`${table}_${event}`)}`.execute(trx)
  for (const statement of sqliteTriggers(entity)) await statement.execute(trx)
}

/** An entity that no longer declares x-tally loses its counts and their triggers (inside the migration's transaction). */
export async function dropTally(trx: Db, dialect: Dialect, entity: EntityDef): Promise<void> {
  for (const statement of tallyDrops(dialect, entity)) await statement.execute(trx)
}

function tallyDrops(dialect: Dialect, entity: EntityDef): RawBuilder<unknown>[] {
  const table = tallyTable(entity)
  if (dialect === 'postgres') {
    return [
      ...['insert', 'delete', 'update'].map((event) => sql`drop trigger if exists ${sql.id(`${table}_${event}`)} on ${sql.id(entity.table)}`),
      sql`drop function if exists ${sql.id(table)}()`,
      sql`drop table if exists ${sql.id(table)}`,
    ]
  }
  return [
    ...['insert', 'delete', 'update'].map((event) => sql`drop trigger if exists ${sql.id(`${table}_${event}`)}`),
    sql`drop table if exists ${sql.id(table)}`,
  ]
}

/** SQLite counts per row, in place: one count up for the row as it is now (NEW), one down for the row as it was (OLD). */
function countUp(entity: EntityDef): RawBuilder<unknown> {
  const key = tallyKey(entity)
  const table = sql.id(tallyTable(entity))
  // No alias for the table: SQLite checks every trigger when any column is dropped or renamed, and fails on `t.n` in an upsert.
  return sql`insert into ${table} (${sql.join(key.map((c) => sql.id(c)))}, n) values (${sql.join(key.map((c) => sql`new.${sql.id(c)}`))}, 1) on conflict (${sql.join(key.map((c) => sql.id(c)))}) do update set n = n + 1`
}

function countDown(entity: EntityDef): RawBuilder<unknown> {
  const key = tallyKey(entity)
  return sql`update ${sql.id(tallyTable(entity))} set n = n - 1 where ${sql.join(key.map((c) => sql`${sql.id(c)} = old.${sql.id(c)}`), sql` and `)}`
}

/** An update moves a row between counts only when a key field changed. */
function keyChanged(entity: EntityDef): RawBuilder<unknown> {
  return sql.join(tallyKey(entity).map((c) => sql`old.${sql.id(c)} is not new.${sql.id(c)}`), sql` or `)
}

function sqliteTriggers(entity: EntityDef): RawBuilder<unknown>[] {
  const table = tallyTable(entity)
  const on = sql.id(entity.table)
  const fields = sql.join(tallyKey(entity).map((c) => sql.id(c)))
  return [
    sql`create trigger ${sql.id(`${table}_insert`)} after insert on ${on} begin ${countUp(entity)}; end`,
    sql`create trigger ${sql.id(`${table}_delete`)} after delete on ${on} begin ${countDown(entity)}; end`,
    sql`create trigger ${sql.id(`${table}_update`)} after update of ${fields} on ${on} when ${keyChanged(entity)} begin ${countDown(entity)}; ${countUp(entity)}; end`,
  ]
}

/**
 * PostgreSQL counts per statement, not per row: a row trigger would update one count once per
 * card, and every update of a row leaves a version behind within the transaction, so issuing
 * ten thousand cards at once would slow down with each card. The statement's rows come in as
 * transition tables (new_rows, old_rows) and each count moves once, by their net difference;
 * an update that changes no tallied field moves nothing.
 */
function postgresTriggers(db: Db, entity: EntityDef): RawBuilder<unknown>[] {
  const table = tallyTable(entity)
  const key = tallyKey(entity).map((c) => sql.id(c).compile(db).sql).join(', ')
  const tally = sql.id(table).compile(db).sql
  const moved = (rows: string) =>
    `insert into ${tally} as t (${key}, n) select ${key}, sum(d) from (${rows}) moved group by ${key} having sum(d) <> 0 on conflict (${key}) do update set n = t.n + excluded.n;`
  const source = [
    'begin',
    `  if tg_op = 'INSERT' then ${moved(`select ${key}, 1 as d from new_rows`)}`,
    `  elsif tg_op = 'DELETE' then ${moved(`select ${key}, -1 as d from old_rows`)}`,
    `  else ${moved(`select ${key}, 1 as d from new_rows union all select ${key}, -1 from old_rows`)}`,
    '  end if;',
    '  return null;',
    'end',
  ].join('\n')
  const on = sql.id(entity.table)
  const fn = sql.id(table)
  return [
    sql`create function ${fn}() returns trigger language plpgsql as ${sql.lit(source)}`,
    sql`create trigger ${sql.id(`${table}_insert`)} after insert on ${on} referencing new table as new_rows for each statement execute function ${fn}()`,
    sql`create trigger ${sql.id(`${table}_delete`)} after delete on ${on} referencing old table as old_rows for each statement execute function ${fn}()`,
    sql`create trigger ${sql.id(`${table}_update`)} after update on ${on} referencing old table as old_rows new table as new_rows for each statement execute function ${fn}()`,
  ]
}
