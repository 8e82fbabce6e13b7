import { sql } from 'kysely'
import type { Registry, EntityDef, ListFilter } from '../../schema/types'
import type { Db, Dialect } from './connect'
import { dropTally, migrateTally, refreshSqliteTriggers, tallyTable } from './tally'
import { applyMigrations } from './apply-migrations'
import { migrateContainsIndexes } from './contains-index'
import type { Migration } from '../../schema/migrations'

/**
 * Bring the database up to the schema files: the migrations of schemas/migrations/ it has not
 * taken (db/apply-migrations.ts), which alone make, change and drop tables and columns, then
 * what is derived from the schemas and holds no data of its own: indexes (added, never
 * dropped, but for the search indexes of x-index "contains"), and x-tally's counts, rebuilt or
 * dropped with their schema.
 * One transaction: a start that fails halfway leaves the database as it found it, and on
 * PostgreSQL the statements share one commit instead of waiting for a disk flush each.
 * Processes starting together on one PostgreSQL migrate one after another: two creating the
 * same table at once would otherwise fail one of them on the catalogue's unique names.
 */
export async function migrate(db: Db, dialect: Dialect, registry: Registry, migrations: readonly Migration[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK}, hashtext(current_schema()))`.execute(trx)
    if (dialect === 'sqlite') for (const entity of registry.entities.values()) if (entity.tally) await refreshSqliteTriggers(trx, entity)
    await applyMigrations(trx, dialect, migrations, registry)
    await deriveIn(trx, dialect, registry)
  })
  if (dialect === 'sqlite') await sql`pragma optimize`.execute(db)
}

/** The advisory lock migrations take on PostgreSQL, with the schema's hash beside it: deployments in other schemas do not wait. */
const MIGRATION_LOCK = 7_140_211

async function deriveIn(db: Db, dialect: Dialect, registry: Registry): Promise<void> {
  const existing = await existingColumns(db, dialect)
  for (const entity of registry.entities.values()) {
    for (const index of indexesOf(entity, filtersOn(registry, entity))) {
      let create = db.schema.createIndex(index.name).ifNotExists().on(entity.table).columns(index.columns)
      if (index.unique) create = create.unique()
      await create.execute()
    }
    if (dialect === 'postgres') {
      // A plain PostgreSQL index serves LIKE 'abc%' only under the C collation; text_pattern_ops serves it under any.
      // SQLite needs nothing more: its plain index serves the GLOB 'abc*' that prefix searches use there (db/starts-with.ts).
      for (const column of entity.columns.filter((c) => c.prefixIndexed)) {
        await db.schema.createIndex(`${entity.table}_${column.name}_prefix_idx`).ifNotExists().on(entity.table).expression(sql`${sql.ref(column.name)} text_pattern_ops`).execute()
      }
    }
    await migrateContainsIndexes(db, dialect, entity)
    if (entity.tally) await migrateTally(db, dialect, entity, existing.get(tallyTable(entity)))
    else if (existing.has(tallyTable(entity))) await dropTally(db, dialect, entity)
  }
}

/** The tables of the schema we work in, each with its columns' names. */
export async function existingColumns(db: Db, dialect: Dialect): Promise<Map<string, Set<string>>> {
  const existing = new Map<string, Set<string>>()
  if (dialect === 'sqlite') {
    for (const table of await db.introspection.getTables()) existing.set(table.name, new Set(table.columns.map((c) => c.name)))
    return existing
  }
  // Not Kysely's introspection: it reads every schema of the database and looks each table up
  // again by name, which fails when another schema is dropped meanwhile (another deployment,
  // another test run). This reads the catalogue of ours alone, in one snapshot.
  const { rows } = await sql<{ table: string; column: string }>`
    select c.relname as "table", a.attname as "column"
    from pg_catalog.pg_class c
    join pg_catalog.pg_attribute a on a.attrelid = c.oid
    where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped`.execute(db)
  for (const { table, column } of rows) {
    const columns = existing.get(table) ?? new Set<string>()
    columns.add(column)
    existing.set(table, columns)
  }
  return existing
}

interface IndexDef {
  name: string
  columns: string[]
  unique: boolean
}

/** Unique fields, x-index fields, the owner field, every field a list filters or sorts on, and the x-indexes over several fields. */
export function indexesOf(entity: EntityDef, filtered: ReadonlySet<string>): IndexDef[] {
  const out: IndexDef[] = []
  for (const column of entity.columns) {
    if (column.name === 'id') continue
    const unique = column.unique
    if (unique || column.indexed || column.name === entity.owner || column.name === entity.parent || filtered.has(column.name)) {
      out.push({ name: `${entity.table}_${column.name}_${unique ? 'unique' : 'idx'}`, columns: [column.name], unique })
    }
  }
  for (const columns of entity.indexes) out.push({ name: `${entity.table}_${columns.join('_')}_idx`, columns, unique: false })
  return out
}

function filtersOn(registry: Registry, entity: EntityDef): Set<string> {
  const fields = new Set<string>()
  for (const endpoint of registry.endpoints.values()) {
    if (endpoint.entity !== entity.name || !endpoint.list) continue
    endpoint.list.filters.forEach((f: ListFilter) => fields.add(f.field))
    endpoint.list.sort.forEach((f) => fields.add(f))
  }
  return fields
}
