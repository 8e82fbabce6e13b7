import { typeName } from '../names'
import { tallyKey, tallyTable } from '../tally-names'
import type { Column, EntityDef, Registry } from '../types'
import { docComment, generatedBanner } from './banner'
import { sortedEntities } from './registry-order'

const HEADER = generatedBanner([
  'The Kysely `Database` of the server: one table interface for each entity in schemas/entities',
  '(its stored columns, private ones included) and for each x-tally table of running counts.',
  'A table is its entity in PascalCase followed by `Table` (recharge_card → RechargeCardTable).',
])

const PRELUDE = `import type { ColumnType, Generated } from 'kysely'

${docComment(['A `bigint` column (money in fen): a number on both databases (db/connect.ts reads PostgreSQL\'s int8 as one).'])}
export type Int8 = ColumnType<number, number, number>

${docComment(['A column a new row may leave out: the API fills it from the schema\'s default, or it stays NULL.'])}
export type Optional<T> = ColumnType<T, T | undefined, T>`

/** The source of `database.ts`. */
export function generateDatabaseTypes(registry: Registry): string {
  const entities = sortedEntities(registry)
  const tables: string[] = []
  const members: string[] = []
  const entityTables: string[] = []
  for (const entity of entities) {
    const name = `${typeName(entity.name)}Table`
    tables.push(tableInterface(entity, name))
    members.push(`  ${key(entity.table)}: ${name}`)
    entityTables.push(`  ${key(entity.name)}: '${entity.table}'`)
    if (entity.tally) {
      const tallyName = `${typeName(entity.name)}TallyTable`
      tables.push(tallyInterface(entity, tallyName))
      members.push(`  ${key(tallyTable(entity))}: ${tallyName}`)
    }
  }
  const database = `${docComment(['Every table, by its name in the database.'])}\nexport interface Database {\n${members.join('\n')}\n}`
  const byEntity = `${docComment(['The table of each entity, by the entity\'s name (its file name in schemas/entities).'])}\nexport interface EntityTables {\n${entityTables.join('\n')}\n}`
  return `${HEADER}\n\n${PRELUDE}\n\n${tables.join('\n\n')}\n\n${database}\n\n${byEntity}\n`
}

function tableInterface(entity: EntityDef, name: string): string {
  const required = new Set([...((entity.source.required as string[] | undefined) ?? []), 'created_at', 'updated_at'])
  const lines = entity.columns.map((column) => `  ${key(column.name)}: ${columnType(column, required.has(column.name))}`)
  return `${docComment([`The \`${entity.table}\` table (schemas/entities/${entity.name}.json).`])}\nexport interface ${name} {\n${lines.join('\n')}\n}`
}

function tallyInterface(entity: EntityDef, name: string): string {
  const lines = tallyKey(entity).map((field) => `  ${key(field)}: ${storedType(entity.columns.find((c) => c.name === field)!)}`)
  return `${docComment([`Running counts of \`${entity.table}\` rows by ${tallyKey(entity).join(', ')} (x-tally).`])}\nexport interface ${name} {\n${lines.join('\n')}\n  n: number\n}`
}

function columnType(column: Column, required: boolean): string {
  if (column.name === 'id') return 'Generated<number>'
  const stored = storedType(column)
  const value = column.nullable ? `${stored} | null` : stored
  if (stored === 'Int8') return column.nullable || !required ? `Int8 | null` : 'Int8'
  return required ? value : `Optional<${value}>`
}

/** What the driver hands back: booleans are stored as 0 and 1, JSON as text. */
function storedType(column: Column): string {
  switch (column.type) {
    case 'bigint':
      return 'Int8'
    case 'integer':
    case 'double precision':
      return 'number'
    case 'text':
      return 'string'
  }
}

function key(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : `'${name}'`
}
