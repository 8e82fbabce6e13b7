import { describe, expect, it } from 'vitest'
import Sqlite from 'better-sqlite3'
import { withStatementCache } from './statement-cache'

describe('withStatementCache', () => {
  it('prepares each SQL text once and evicts the least recently used beyond its size', () => {
    const db = new Sqlite(':memory:')
    let prepared = 0
    const counting = new Proxy(db, {
      get: (target, key) => (key === 'prepare' ? (sql: string) => (prepared++, target.prepare(sql)) : Reflect.get(target, key)),
    })
    const cached = withStatementCache(counting, 2)
    cached.prepare('select 1')
    cached.prepare('select 1')
    expect(prepared).toBe(1)
    cached.prepare('select 2')
    cached.prepare('select 1') // touch: select 2 is now the oldest
    cached.prepare('select 3') // evicts select 2
    cached.prepare('select 1')
    expect(prepared).toBe(3)
    cached.prepare('select 2')
    expect(prepared).toBe(4)
    db.close()
  })

  it('gives a fresh statement while the cached one is still iterating', () => {
    const db = new Sqlite(':memory:')
    db.exec('create table t (n integer); insert into t values (1), (2), (3)')
    const cached = withStatementCache(db)
    const sql = 'select n from t order by n'
    const outer = cached.prepare(sql).iterate([]) as IterableIterator<{ n: number }>
    const seen: number[] = []
    for (const row of outer) {
      seen.push(row.n, ...(cached.prepare(sql).all([]) as { n: number }[]).map((r) => r.n * 10))
    }
    expect(seen).toEqual([1, 10, 20, 30, 2, 10, 20, 30, 3, 10, 20, 30])
    db.close()
  })
})
