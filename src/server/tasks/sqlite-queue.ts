import { sql } from 'kysely'
import type { Db } from '../db/connect'
import { type Services } from '../services'
import { tableOf } from '../db/table-of'
import type { JobQueue } from './queue'

const POLL_MS = 500

/**
 * The embedded database's queue: a table of due jobs. A worker claims the oldest due job by
 * deleting it and reading what it deleted, in one statement; SQLite runs one writer at a time,
 * so no two workers ever claim the same row. One host only, as SQLite is.
 */
export function sqliteQueue(services: Pick<Services, 'db' | 'registry' | 'now'>): JobQueue {
  const jobs = tableOf(services, 'task_job')
  let stopped = false
  const sleepers = new Set<() => void>()
  const slots: Promise<void>[] = []

  async function claim(): Promise<number | undefined> {
    const now = services.now().toISOString()
    const row = await sql<{ task_id: number }>`
      delete from ${sql.table(jobs)}
      where id = (select id from ${sql.table(jobs)} where run_after <= ${now} order by run_after, id limit 1)
      returning task_id`.execute(services.db)
    return row.rows[0]?.task_id
  }

  function nap(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer)
        sleepers.delete(done)
        resolve()
      }
      const timer = setTimeout(done, POLL_MS)
      sleepers.add(done)
    })
  }

  return {
    async enqueue(trx: Db, taskId, delaySeconds = 0) {
      const runAfter = new Date(services.now().getTime() + delaySeconds * 1000).toISOString()
      const now = services.now().toISOString()
      await trx.insertInto(jobs).values({ task_id: taskId, run_after: runAfter, created_at: now, updated_at: now }).execute()
    },
    async work(run, concurrency) {
      for (let i = 0; i < concurrency; i++) {
        slots.push(
          (async () => {
            while (!stopped) {
              const taskId = await claim().catch(() => undefined)
              if (taskId === undefined) await nap()
              else await run(taskId)
            }
          })(),
        )
      }
    },
    wake() {
      for (const wake of [...sleepers]) wake()
    },
    async ready() {
      await services.db.selectFrom(jobs).select('id').limit(1).execute()
    },
    async stop() {
      stopped = true
      for (const wake of [...sleepers]) wake()
      await Promise.all(slots)
    },
  }
}
