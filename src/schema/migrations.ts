import type { ColumnType, EntityDef, Registry, SchemaFile } from './types'
import type { SchemaProblem } from './SchemaError'

// The database's tables and columns change only through migrations: files in
// schemas/migrations/, each a list of steps, written by `npm run migrations:make` from the
// difference between the schemas and what the migrations before it make, and reviewed like
// code. Indexes and x-tally counts are derived from the schemas at every start instead: they
// hold no data of their own.

export type MigrationStep =
  | { op: 'create_table'; table: string; columns: Record<string, ColumnType> }
  | { op: 'drop_table'; table: string }
  | { op: 'add_column'; table: string; column: string; type: ColumnType; fill?: Fill }
  | { op: 'drop_column'; table: string; column: string }
  | { op: 'rename_column'; table: string; column: string; to: string }
  | { op: 'change_type'; table: string; column: string; to: ColumnType }
  | { op: 'fill'; table: string; column: string; fill: Fill }

/** What rows already there get in a column: a value, or another column's value. */
export type Fill = { value: unknown } | { copy: string }

export interface Migration {
  /** The file's name without .json, "0002-heading"; applied in this order. */
  name: string
  file: string
  description?: string
  steps: MigrationStep[]
  /** Left by the generator where a person must decide (a required field's value for the rows already there). */
  todo?: string
}

/** Tables and their columns' types, by name. */
export type DbShape = Map<string, Map<string, ColumnType>>

export const MIGRATIONS_DIR = 'migrations'
const COLUMN_TYPES: readonly ColumnType[] = ['integer', 'bigint', 'double precision', 'text']
const OPS: readonly MigrationStep['op'][] = ['create_table', 'drop_table', 'add_column', 'drop_column', 'rename_column', 'change_type', 'fill']

/** The migration files among a schema folder's files, in the order they apply. */
export function readMigrations(files: readonly SchemaFile[]): { migrations: Migration[]; problems: SchemaProblem[] } {
  const problems: SchemaProblem[] = []
  const migrations: Migration[] = []
  for (const f of files.filter((f) => f.path.startsWith(`${MIGRATIONS_DIR}/`)).sort((a, b) => a.path.localeCompare(b.path))) {
    const file = `schemas/${f.path}`
    const name = f.path.slice(MIGRATIONS_DIR.length + 1).replace(/\.json$/, '')
    if (!/^\d{4}-[a-z0-9-]+$/.test(name)) problems.push({ file, pointer: '', message: 'is not named as migrations are: four digits, a dash and words in lower case ("0002-notice-heading.json"); they apply in the order of their names.' })
    let json: { description?: string; steps?: unknown; todo?: string }
    try {
      json = JSON.parse(f.text) as typeof json
    } catch (e) {
      problems.push({ file, pointer: '', message: `is not JSON: ${(e as Error).message}` })
      continue
    }
    if (!Array.isArray(json.steps)) {
      problems.push({ file, pointer: '/steps', message: 'is required: the list of steps this migration takes.' })
      continue
    }
    if (json.todo) problems.push({ file, pointer: '/todo', message: `${json.todo} Then remove "todo".` })
    migrations.push({ name, file, description: json.description, steps: json.steps as MigrationStep[], todo: json.todo })
  }
  return { migrations, problems }
}

/** The tables and columns the migrations make, each step checked against what the ones before made. */
export function replay(migrations: readonly Migration[]): { shape: DbShape; problems: SchemaProblem[] } {
  const shape: DbShape = new Map()
  const problems: SchemaProblem[] = []
  for (const migration of migrations) {
    migration.steps.forEach((step, i) => {
      const refusal = applyToShape(shape, step)
      if (refusal) problems.push({ file: migration.file, pointer: `/steps/${i}`, message: refusal })
    })
  }
  return { shape, problems }
}

/** Applies one step to a shape; why it cannot, when it cannot. */
export function applyToShape(shape: DbShape, step: MigrationStep): string | undefined {
  if (!OPS.includes(step.op)) return `has op ${JSON.stringify(step.op)}; use one of ${OPS.join(', ')}.`
  const table = shape.get(step.table)
  const typeOk = (type: unknown) => COLUMN_TYPES.includes(type as ColumnType)
  switch (step.op) {
    case 'create_table':
      if (table) return `creates table ${step.table}, which an earlier migration made.`
      if (!Object.values(step.columns ?? {}).every(typeOk)) return `gives a column a type other than ${COLUMN_TYPES.join(', ')}.`
      shape.set(step.table, new Map(Object.entries(step.columns)))
      return undefined
    case 'drop_table':
      if (!table) return `drops table ${step.table}, which no earlier migration made.`
      shape.delete(step.table)
      return undefined
    default:
      break
  }
  if (!table) return `names table ${step.table}, which no earlier migration made.`
  const has = table.has(step.column)
  switch (step.op) {
    case 'add_column':
      if (has) return `adds ${step.table}.${step.column}, which is there already.`
      if (!typeOk(step.type)) return `gives ${step.column} the type ${JSON.stringify(step.type)}; use one of ${COLUMN_TYPES.join(', ')}.`
      table.set(step.column, step.type)
      return undefined
    case 'drop_column':
      if (!has) return `drops ${step.table}.${step.column}, which is not there.`
      table.delete(step.column)
      return undefined
    case 'rename_column':
      if (!has) return `renames ${step.table}.${step.column}, which is not there.`
      if (table.has(step.to)) return `renames ${step.table}.${step.column} to ${step.to}, which is there already.`
      table.set(step.to, table.get(step.column)!)
      table.delete(step.column)
      return undefined
    case 'change_type':
      if (!has) return `changes the type of ${step.table}.${step.column}, which is not there.`
      if (!typeOk(step.to)) return `gives ${step.column} the type ${JSON.stringify(step.to)}; use one of ${COLUMN_TYPES.join(', ')}.`
      table.set(step.column, step.to)
      return undefined
    case 'fill':
      if (!has) return `fills ${step.table}.${step.column}, which is not there.`
      if ('copy' in step.fill && !table.has(step.fill.copy)) return `fills ${step.table}.${step.column} from ${step.fill.copy}, which is not there.`
      return undefined
  }
}

/** The tables and columns the schemas want. */
export function shapeOf(registry: Pick<Registry, 'entities'>): DbShape {
  return new Map([...registry.entities.values()].map((entity) => [entity.table, new Map(entity.columns.map((c) => [c.name, c.type] as const))]))
}

/**
 * The steps from `from` to what the schemas want: tables made and dropped, columns added,
 * dropped, renamed (a field's `x-renamed-from` names its old column) and retyped. A new
 * column that rows must hold (required, with no default and no null) is filled for the rows
 * already there: with its default when it has one, else the plan says so in `todo`.
 */
export function planMigration(from: DbShape, registry: Pick<Registry, 'entities'>): { steps: MigrationStep[]; todo?: string } {
  const steps: MigrationStep[] = []
  const todos: string[] = []
  const wanted = shapeOf(registry)
  for (const entity of registry.entities.values()) {
    const have = from.get(entity.table)
    if (!have) {
      steps.push({ op: 'create_table', table: entity.table, columns: Object.fromEntries(entity.columns.map((c) => [c.name, c.type])) })
      continue
    }
    const want = wanted.get(entity.table)!
    const renamed = new Set<string>()
    for (const column of entity.columns) {
      if (have.has(column.name)) {
        if (have.get(column.name) !== column.type) steps.push({ op: 'change_type', table: entity.table, column: column.name, to: column.type })
        continue
      }
      const old = renamedFrom(entity, column.name)
      if (old && have.has(old) && !want.has(old)) {
        steps.push({ op: 'rename_column', table: entity.table, column: old, to: column.name })
        renamed.add(old)
        if (have.get(old) !== column.type) steps.push({ op: 'change_type', table: entity.table, column: column.name, to: column.type })
        continue
      }
      const add: MigrationStep = { op: 'add_column', table: entity.table, column: column.name, type: column.type }
      if (mustHold(entity, column.name)) {
        if (column.default !== undefined) add.fill = { value: column.default }
        else todos.push(`Rows already in ${entity.table} need a value of ${column.name}, which ${entity.file} requires and gives no default: write "fill": { "value": … } (or { "copy": "another_column" }) on its add_column step, or give the field a default.`)
      }
      steps.push(add)
    }
    for (const name of have.keys()) if (!want.has(name) && !renamed.has(name)) steps.push({ op: 'drop_column', table: entity.table, column: name })
  }
  for (const table of from.keys()) if (!wanted.has(table)) steps.push({ op: 'drop_table', table })
  return { steps, ...(todos.length > 0 ? { todo: todos.join(' ') } : {}) }
}

/** Whether a record's API answer needs the field: required, never null, with no default to stand in for a NULL. */
export function mustHold(entity: EntityDef, name: string): boolean {
  const column = entity.columns.find((c) => c.name === name)
  const required = ((entity.schema.required as string[] | undefined) ?? []).includes(name)
  return Boolean(column && required && !column.nullable && column.default === undefined)
}

function renamedFrom(entity: EntityDef, name: string): string | undefined {
  const property = (entity.source.properties as Record<string, Record<string, unknown>> | undefined)?.[name]
  const old = property?.['x-renamed-from']
  return typeof old === 'string' ? old : undefined
}

/** What differs between the shape the migrations make and the one the schemas want, one line each; empty when they agree. */
export function shapeDifference(made: DbShape, wanted: DbShape): string[] {
  const out: string[] = []
  for (const [table, columns] of wanted) {
    const have = made.get(table)
    if (!have) {
      out.push(`table ${table} is not made`)
      continue
    }
    for (const [column, type] of columns) {
      if (!have.has(column)) out.push(`${table}.${column} is not made`)
      else if (have.get(column) !== type) out.push(`${table}.${column} is ${have.get(column)}, not ${type}`)
    }
    for (const column of have.keys()) if (!columns.has(column)) out.push(`${table}.${column} is not dropped`)
  }
  for (const table of made.keys()) if (!wanted.has(table)) out.push(`table ${table} is not dropped`)
  return out
}

/** The check schemas:check and every start make: the migrations read, replayed, and agreeing with the schemas. */
export function migrationProblems(files: readonly SchemaFile[], registry: Pick<Registry, 'entities'>): { migrations: Migration[]; problems: SchemaProblem[] } {
  const { migrations, problems } = readMigrations(files)
  const replayed = replay(migrations)
  problems.push(...replayed.problems)
  if (problems.length === 0) {
    const differences = shapeDifference(replayed.shape, shapeOf(registry))
    if (differences.length > 0) {
      problems.push({ file: `schemas/${MIGRATIONS_DIR}/`, pointer: '', message: `do not make the tables the schemas describe (${differences.slice(0, 5).join('; ')}${differences.length > 5 ? `; and ${differences.length - 5} more` : ''}). Run npm run migrations:make -- NAME, read the migration it writes, and commit it with the schema change.` })
    }
  }
  return { migrations, problems }
}
