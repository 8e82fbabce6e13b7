import { sql } from 'kysely'
import type { ColumnType, Registry } from '../../schema/types'
import { mustHold, type Fill, type Migration, type MigrationStep } from '../../schema/migrations'
import type { Db, Dialect } from './connect'

/** The table that remembers which migrations this database has taken. */
export const MIGRATION_TABLE = 'schema_migration'

/**
 * Takes the migrations this database has not taken yet, in order, inside the caller's
 * transaction, and notes each. A database made before migrations were kept (by the additive
 * start that came before them) takes them as well: a step whose work is already done (a
 * table or column that is there) is passed over, so the first migration adopts it.
 * Then the rows are held to the schemas: a field the API must answer, in a column a
 * migration made or changed now, may not be empty in any row; on adoption every such field
 * is looked at once.
 */
export async function applyMigrations(db: Db, dialect: Dialect, migrations: readonly Migration[], registry: Pick<Registry, 'entities'>): Promise<void> {
  const adopting = !(await tableExists(db, dialect, MIGRATION_TABLE))
  if (adopting) await db.schema.createTable(MIGRATION_TABLE).ifNotExists().addColumn('name', 'text', (c) => c.primaryKey()).addColumn('applied_at', 'text').execute()
  const taken = new Set((await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)}`.execute(db)).rows.map((r) => r.name))
  const touched = new Map<string, Set<string>>()
  const touch = (table: string, column: string) => touched.set(table, (touched.get(table) ?? new Set()).add(column))
  for (const migration of migrations) {
    if (taken.has(migration.name)) continue
    for (const step of migration.steps) {
      await applyStep(db, dialect, step)
      if (step.op === 'create_table') Object.keys(step.columns).forEach((column) => touch(step.table, column))
      else if (step.op === 'rename_column') touch(step.table, step.to)
      else if (step.op !== 'drop_table' && step.op !== 'drop_column') touch(step.table, step.column)
    }
    await sql`insert into ${sql.table(MIGRATION_TABLE)} (name, applied_at) values (${migration.name}, ${new Date().toISOString()})`.execute(db)
  }
  await holdRowsToSchemas(db, registry, adopting ? undefined : touched, migrations.at(-1)?.name)
}

async function applyStep(db: Db, dialect: Dialect, step: MigrationStep): Promise<void> {
  const columns = await columnsOf(db, dialect, step.table)
  switch (step.op) {
    case 'create_table': {
      if (columns) {
        for (const [name, type] of Object.entries(step.columns)) if (!columns.has(name)) await db.schema.alterTable(step.table).addColumn(name, type).execute()
        return
      }
      let create = db.schema.createTable(step.table)
      for (const [name, type] of Object.entries(step.columns)) {
        if (name === 'id') create = dialect === 'postgres' ? create.addColumn('id', 'serial', (c) => c.primaryKey()) : create.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        else create = create.addColumn(name, type)
      }
      return void (await create.execute())
    }
    case 'drop_table':
      return void (await db.schema.dropTable(step.table).ifExists().execute())
    case 'add_column':
      if (!columns?.has(step.column)) await db.schema.alterTable(step.table).addColumn(step.column, step.type).execute()
      if (step.fill) await fill(db, step.table, step.column, step.fill)
      return
    case 'drop_column':
      if (!columns?.has(step.column)) return
      await dropIndexesOn(db, dialect, step.table, step.column)
      return void (await db.schema.alterTable(step.table).dropColumn(step.column).execute())
    case 'rename_column':
      if (!columns?.has(step.column) || columns.has(step.to)) return
      // Its indexes are named after the old name; they are made again under the new one.
      await dropIndexesOn(db, dialect, step.table, step.column)
      return void (await db.schema.alterTable(step.table).renameColumn(step.column, step.to).execute())
    case 'change_type':
      return changeType(db, dialect, step.table, step.column, step.to)
    case 'fill':
      return fill(db, step.table, step.column, step.fill)
  }
}

/** Rows with nothing in a column get the fill: a value, or another column's value. */
async function fill(db: Db, table: string, column: string, with_: Fill): Promise<void> {
  const value = 'copy' in with_ ? sql.ref(with_.copy) : sql`${typeof with_.value === 'boolean' ? Number(with_.value) : with_.value}`
  await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${value} where ${sql.ref(column)} is null`.execute(db)
}

/**
 * A column's values converted to another type: on PostgreSQL by its own ALTER … TYPE, which
 * fails (and the start with it) when a value does not convert; SQLite cannot change a column's
 * type, so a new column takes the converted values and the old one goes.
 */
async function changeType(db: Db, dialect: Dialect, table: string, column: string, to: ColumnType): Promise<void> {
  if (dialect === 'postgres') {
    await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} type ${sql.raw(to)} using ${sql.ref(column)}::${sql.raw(to)}`.execute(db)
    return
  }
  const temporary = `${column}__retyped`
  await db.schema.alterTable(table).addColumn(temporary, to).execute()
  await sql`update ${sql.table(table)} set ${sql.ref(temporary)} = cast(${sql.ref(column)} as ${sql.raw(to === 'double precision' ? 'real' : to)})`.execute(db)
  await dropIndexesOn(db, dialect, table, column)
  await db.schema.alterTable(table).dropColumn(column).execute()
  await db.schema.alterTable(table).renameColumn(temporary, column).execute()
}

/**
 * Every field a record's answer must hold, in the columns given (every column when undefined),
 * looked for in the rows: an empty one would make every list of that table fail its response
 * schema, so the start refuses, naming the table, the field and the migration to write.
 */
async function holdRowsToSchemas(db: Db, registry: Pick<Registry, 'entities'>, only: Map<string, Set<string>> | undefined, last: string | undefined): Promise<void> {
  const empty: string[] = []
  for (const entity of registry.entities.values()) {
    for (const column of entity.columns) {
      if (column.name === 'id' || !mustHold(entity, column.name)) continue
      if (only && !only.get(entity.table)?.has(column.name)) continue
      const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(entity.table)} where ${sql.ref(column.name)} is null`.execute(db)
      const n = Number(rows[0]?.n ?? 0)
      if (n > 0) empty.push(`${n} row${n === 1 ? '' : 's'} of ${entity.table} hold${n === 1 ? 's' : ''} no ${column.name}, which ${entity.file} requires`)
    }
  }
  if (empty.length > 0) {
    throw new Error(
      `The database does not hold what the schemas require: ${empty.join('; ')}. Write a migration after ${last ?? 'the last one'} that fills ${empty.length === 1 ? 'it' : 'them'} ({ "op": "fill", "table": …, "column": …, "fill": { "value": … } }, or { "copy": "another_column" }), or give the field a default, and start again.`,
    )
  }
}

async function tableExists(db: Db, dialect: Dialect, table: string): Promise<boolean> {
  return (await columnsOf(db, dialect, table)) !== undefined
}

/** A table's columns, or undefined when there is no such table in our schema. */
async function columnsOf(db: Db, dialect: Dialect, table: string): Promise<Set<string> | undefined> {
  const { rows } =
    dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)
      : await sql<{ name: string }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${table}`.execute(db)
  return rows.length > 0 ? new Set(rows.map((r) => r.name)) : undefined
}

/** Drops the indexes that cover a column: SQLite will not drop or retype a column an index covers. They are derived again after. */
async function dropIndexesOn(db: Db, dialect: Dialect, table: string, column: string): Promise<void> {
  const { rows } =
    dialect === 'sqlite'
      ? await sql<{ name: string }>`select il.name as name from pragma_index_list(${table}) il join pragma_index_info(il.name) ii where ii.name = ${column} and il.origin = 'c'`.execute(db)
      : await sql<{ name: string }>`select i.relname as name from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid join pg_attribute a on a.attrelid = t.oid and a.attnum = any(x.indkey) where t.relname = ${table} and t.relnamespace = current_schema()::regnamespace and a.attname = ${column} and not x.indisprimary`.execute(db)
  for (const { name } of rows) await db.schema.dropIndex(name).ifExists().execute()
}
