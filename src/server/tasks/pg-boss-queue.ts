import { createRequire } from 'node:module'
import { CompiledQuery } from 'kysely'
import type PgBoss from 'pg-boss'
import type { Db } from '../db/connect'
import type { Config } from '../config'
import type { JobQueue } from './queue'
import { processLog } from '../log'

const QUEUE = 'tasks'
// A job only says "run task N": the task row's lease decides whether its worker is alive, so pg-boss
// never retries and never expires it early; a job whose worker died is simply left to pg-boss's archive.
const JOB_EXPIRE_SECONDS = 24 * 60 * 60 - 1

/** The schema pg-boss keeps its tables in: beside the app's own, named after it when it has one. */
export function bossSchema(config: Pick<Config, 'databaseSchema'>): string {
  return config.databaseSchema ? `${config.databaseSchema}_jobs` : 'pgboss'
}

/**
 * pg-boss 10's work loop calls complete() and fail() without awaiting them (src/manager.js,
 * `onFetch`): when the database restarts as a job ends, their rejection is unhandled and ends the
 * process. A job only says "run task N" and the task row holds the outcome, so a completion the
 * database did not take is said in the log and costs nothing else.
 */
export function settleCompletions(): void {
  const Manager = createRequire(import.meta.url)('pg-boss/src/manager.js') as { prototype: Record<string | symbol, unknown> }
  if (Manager.prototype[SETTLED]) return
  for (const name of ['complete', 'fail'] as const) {
    const original = Manager.prototype[name] as (...args: unknown[]) => Promise<unknown>
    Manager.prototype[name] = function (this: unknown, ...args: unknown[]) {
      return original.apply(this, args).catch((error: Error) => {
        processLog.warn({ err: error }, `pg-boss: a job's ${name} was not recorded; its task row holds the outcome`)
        return undefined
      })
    }
  }
  Manager.prototype[SETTLED] = true
}

const SETTLED = Symbol.for('console.pg-boss.settled-completions')

/**
 * PostgreSQL's queue: pg-boss 10 on the app's database, so any number of API and worker
 * processes on any number of machines share it with no other broker. A job is sent in the
 * transaction that creates its task, through pg-boss's `db` option on that transaction.
 */
export function pgBossQueue(config: Pick<Config, 'databaseUrl' | 'databaseSchema'>): JobQueue {
  let started: Promise<PgBoss> | undefined
  const workers: string[] = []

  function boss(): Promise<PgBoss> {
    started ??= (async () => {
      // Loaded only here: an embedded-database start never pays for pg-boss.
      const { default: PgBossClass } = await import('pg-boss')
      settleCompletions()
      const instance = new PgBossClass({ connectionString: config.databaseUrl, schema: bossSchema(config), max: 4, schedule: false, application_name: 'console-tasks' })
      instance.on('error', (error) => processLog.error({ err: error }, 'pg-boss'))
      await instance.start()
      await instance.createQueue(QUEUE, { name: QUEUE, retryLimit: 0, expireInSeconds: JOB_EXPIRE_SECONDS })
      return instance
    })()
    return started
  }

  return {
    async enqueue(trx: Db, taskId, delaySeconds = 0) {
      const db = { executeSql: async (text: string, values: unknown[]) => ({ rows: (await trx.executeQuery(CompiledQuery.raw(text, values))).rows }) }
      await (await boss()).send(QUEUE, { taskId }, { db, retryLimit: 0, expireInSeconds: JOB_EXPIRE_SECONDS, ...(delaySeconds > 0 ? { startAfter: delaySeconds } : {}) })
    },
    async work(run, concurrency) {
      const instance = await boss()
      // pg-boss 10 runs one fetch loop per work(): as many loops as jobs may run at once.
      for (let i = 0; i < concurrency; i++) {
        let id = ''
        id = await instance.work<{ taskId: number }>(QUEUE, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) => {
          await run(job!.data.taskId)
          // pg-boss would wait out the rest of its polling interval even after a job; another may be waiting now.
          instance.notifyWorker(id)
        })
        workers.push(id)
      }
    },
    wake() {
      if (!started) return
      void started.then((instance) => workers.forEach((id) => instance.notifyWorker(id)))
    },
    async ready() {
      // pg-boss keeps its own pool: the app's connections answering says nothing of it.
      if (!(await (await boss()).getQueue(QUEUE))) throw new Error(`pg-boss has no queue "${QUEUE}"`)
    },
    async stop() {
      if (!started) return
      const instance = await started
      await instance.stop({ graceful: true, wait: true, timeout: 10_000 })
    },
  }
}
