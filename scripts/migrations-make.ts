/**
 * npm run migrations:make -- NAME — write schemas/migrations/NNNN-NAME.json: the steps from what
 * the migrations so far make to the tables the schemas describe. Read it, finish what it asks
 * in "todo" (the value rows already there get in a new required field), and commit it with the
 * schema change. Options: --schemas DIR (default schemas).
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { pathToFileURL } from 'node:url'
import { readSchemaFiles } from '../src/schema/load-files'
import { buildRegistry } from '../src/schema/registry'
import { formatProblem } from '../src/schema/SchemaError'
import { MIGRATIONS_DIR, planMigration, readMigrations, replay, type MigrationStep } from '../src/schema/migrations'

/** Writes the next migration of a schema folder; its path, or why none was written. */
export function makeMigration(schemasDir: string, name: string): { written?: string; steps: MigrationStep[]; todo?: string; problems: string[] } {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(name)) return { steps: [], problems: [`"${name}" is not a migration name: words in lower case joined by dashes ("notice-heading").`] }
  const files = readSchemaFiles(schemasDir)
  const { registry, problems } = buildRegistry(files)
  const read = readMigrations(files)
  // A migration still waiting for its value is the next one's starting point all the same.
  const replayed = replay(read.migrations)
  const all = [...problems, ...read.problems.filter((p) => p.pointer !== '/todo'), ...replayed.problems].map(formatProblem)
  if (all.length > 0) return { steps: [], problems: all }
  const { steps, todo } = planMigration(replayed.shape, registry)
  if (steps.length === 0) return { steps, problems: [] }
  const last = read.migrations.at(-1)?.name
  const number = String(Number(last?.slice(0, 4) ?? '0') + 1).padStart(4, '0')
  const written = join(schemasDir, MIGRATIONS_DIR, `${number}-${name}.json`)
  const file = { description: name.replace(/-/g, ' '), ...(todo ? { todo } : {}), steps }
  writeFileSync(written, `${JSON.stringify(file, null, 2)}\n`)
  return { written, steps, todo, problems: [] }
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  const { values, positionals } = parseArgs({ options: { schemas: { type: 'string', default: 'schemas' } }, allowPositionals: true })
  const name = positionals[0]
  if (!name) {
    console.error('Name the migration: npm run migrations:make -- notice-heading')
    process.exit(1)
  }
  const made = makeMigration(values.schemas!, name)
  if (made.problems.length > 0) {
    console.error(`Nothing was written; ${made.problems.length} problem${made.problems.length === 1 ? '' : 's'}:`)
    for (const p of made.problems) console.error(`  - ${p}`)
    process.exit(1)
  }
  if (!made.written) {
    console.log('The migrations already make the tables the schemas describe; nothing to write.')
    process.exit(0)
  }
  console.log(`wrote ${made.written}: ${made.steps.length} step${made.steps.length === 1 ? '' : 's'}`)
  for (const step of made.steps) console.log(`  - ${step.op} ${step.table}${'column' in step ? `.${step.column}` : ''}${step.op === 'rename_column' ? ` → ${step.to}` : ''}`)
  if (made.todo) {
    console.log(`To do before it can run: ${made.todo}`)
    process.exit(1)
  }
}
