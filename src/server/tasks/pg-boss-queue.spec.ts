import { createRequire } from 'node:module'
import { describe, expect, it, vi } from 'vitest'
import { settleCompletions } from './pg-boss-queue'
import { logTo } from '../log'

describe("pg-boss's completions while the database restarts", () => {
  it('records a job\'s end when it can, and says in the log, instead of leaving a rejection no one handles, when it cannot', async () => {
    settleCompletions()
    settleCompletions()
    const Manager = createRequire(import.meta.url)('pg-boss/src/manager.js') as { prototype: object }
    // As pg-boss's work loop calls it, on a manager whose database is going down.
    const manager = Object.assign(Object.create(Manager.prototype) as { complete(name: string, id: string): Promise<unknown>; fail(name: string, id: string, error: unknown): Promise<unknown> }, {
      completeJobsCommand: 'complete',
      failJobsByIdCommand: 'fail',
      db: { executeSql: vi.fn(async () => Promise.reject(new Error('database "outage_1" is not currently accepting connections'))) },
    })
    const logged: { msg: string; err?: { message: string } }[] = []
    logTo({ write: (line) => void logged.push(JSON.parse(line) as { msg: string; err?: { message: string } }) })
    try {
      await expect(manager.complete('tasks', '4a1c0b1e-0000-4000-8000-000000000001')).resolves.toBeUndefined()
      await expect(manager.fail('tasks', '4a1c0b1e-0000-4000-8000-000000000001', new Error('boom'))).resolves.toBeUndefined()
      expect(logged.map((line) => `${line.msg} (${line.err?.message})`)).toEqual([
        'pg-boss: a job\'s complete was not recorded; its task row holds the outcome (database "outage_1" is not currently accepting connections)',
        'pg-boss: a job\'s fail was not recorded; its task row holds the outcome (database "outage_1" is not currently accepting connections)',
      ])
      // An answer that comes is passed on as before.
      manager.db = { executeSql: vi.fn(async () => ({ rows: [{ count: '1' }] })) } as never
      await expect(manager.complete('tasks', '4a1c0b1e-0000-4000-8000-000000000001')).resolves.toMatchObject({ affected: 1 })
    } finally {
      logTo(process.stdout)
    }
  })
})
