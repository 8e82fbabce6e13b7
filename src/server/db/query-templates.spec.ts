import { describe, expect, it } from 'vitest'
import { Kysely, SqliteDialect, sql } from 'kysely'
import Sqlite from 'better-sqlite3'
import { QueryTemplates } from './query-templates'

const db = new Kysely<Record<string, Record<string, unknown>>>({ dialect: new SqliteDialect({ database: new Sqlite(':memory:') }) })

describe('QueryTemplates', () => {
  it('compiles a shape once and afterwards puts each call’s values where Kysely binds them', () => {
    const templates = new QueryTemplates(false)
    let built = 0
    const page = (values: readonly unknown[]) => {
      built++
      return db.selectFrom('t').select('id').where('owner', '=', 7).where('name', 'like', sql<string>`${`%${values[0]}%`}`).limit(values[1] as number)
    }
    const first = templates.fill('page', ['ab', 20], page)
    const second = templates.fill('page', ['c%d', 5], page)
    expect(built).toBe(1)
    expect(second.sql).toBe(first.sql)
    // A constant of the shape stays; a value alone takes its place as it is; text around a value is kept around the new one.
    expect(second.parameters).toEqual(page(['c%d', 5]).compile().parameters)
    expect(second.parameters).toEqual([7, '%c%d%', 5])
  })

  it('builds every time a shape that writes a value into its SQL text', () => {
    const templates = new QueryTemplates(false)
    const inlined = (values: readonly unknown[]) => db.selectFrom('t').select(sql.lit(values[0] as string).as('x'))
    expect(templates.fill('lit', ['a'], inlined).sql).toContain("'a'")
    expect(templates.fill('lit', ['b'], inlined).sql).toContain("'b'")
  })

  it('with checks on, refuses a template whose key leaves out what its SQL depends on', () => {
    const templates = new QueryTemplates(true)
    let column = 'a'
    const query = (values: readonly unknown[]) => db.selectFrom('t').select(column).where('id', '=', values[0] as number)
    templates.fill('same key', [1], query)
    column = 'b'
    expect(() => templates.fill('same key', [2], query)).toThrow(/leaves out something the query depends on/)
  })
})
