import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readSchemaFiles } from './load-files'
import { createRegistry } from './registry'
import { formatProblem } from './SchemaError'
import { migrationProblems, planMigration, readMigrations, replay } from './migrations'

const real = readSchemaFiles(resolve(__dirname, '../../schemas'))
const registry = createRegistry(real)
const file = (name: string, json: unknown) => ({ path: `migrations/${name}.json`, text: JSON.stringify(json) })

describe('migrations, read and replayed without a database', () => {
  it('make the tables of the repository\'s schemas, and nothing is left to plan', () => {
    expect(migrationProblems(real, registry).problems).toEqual([])
    expect(planMigration(replay(readMigrations(real).migrations).shape, registry).steps).toEqual([])
  })

  it('refuse a schema change without its migration, naming what differs and the command that writes it', () => {
    const without = real.filter((f) => !f.path.startsWith('migrations/'))
    const [problem] = migrationProblems(without, registry).problems.map(formatProblem)
    expect(problem).toMatch(/^schemas\/migrations\/: do not make the tables the schemas describe \(table agreement is not made; .*; and 32 more\)\. Run npm run migrations:make -- NAME/)
  })

  it('refuse steps that do not follow from the ones before, a badly named file, and a todo left for a person', () => {
    const { migrations, problems } = readMigrations([
      file('0001-start', { steps: [{ op: 'create_table', table: 'a', columns: { id: 'integer', name: 'text' } }] }),
      file('0002-more', { steps: [{ op: 'add_column', table: 'b', column: 'x', type: 'text' }, { op: 'rename_column', table: 'a', column: 'nope', to: 'x' }, { op: 'add_column', table: 'a', column: 'y', type: 'varchar' }, { op: 'shrink', table: 'a' }] }),
      file('3-Bad Name', { todo: 'Rows already in a need a value of y.', steps: [] }),
    ])
    expect([...problems, ...replay(migrations).problems].map(formatProblem)).toEqual([
      expect.stringMatching(/^schemas\/migrations\/3-Bad Name\.json: is not named as migrations are/),
      'schemas/migrations/3-Bad Name.json#/todo: Rows already in a need a value of y. Then remove "todo".',
      'schemas/migrations/0002-more.json#/steps/0: names table b, which no earlier migration made.',
      'schemas/migrations/0002-more.json#/steps/1: renames a.nope, which is not there.',
      'schemas/migrations/0002-more.json#/steps/2: gives y the type "varchar"; use one of integer, bigint, double precision, text.',
      'schemas/migrations/0002-more.json#/steps/3: has op "shrink"; use one of create_table, drop_table, add_column, drop_column, rename_column, change_type, fill.',
    ])
  })
})
