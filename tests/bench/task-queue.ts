/**
 * The task queue and runner alone, with a kind of task whose work is nothing (`noop`, handler
 * `bench.noop`, declared only in a temp copy of schemas/): how soon a submitted task starts,
 * and how many tasks a second get through. On SQLite (the table task_job, polled) and on
 * PostgreSQL (pg-boss), each with 1 and with 2 worker processes (tests/bench/task-worker.ts,
 * started as `npm run worker` is), then with the workers in the submitting process itself, as
 * `npm start` runs them.
 *
 * Tasks are submitted from this process the way task/submit does it (the task row and its job
 * in one transaction, then a wake of this process's own workers), not over HTTP: the submit
 * handler looks the kind's handler up among the product's, where the no-op is not. Latency is a
 * task's started_at (set by the worker that claims it) minus its created_at (set in the
 * submitting transaction); both are wall-clock times of processes on this one host.
 *
 * A plan (QueuePlan) changes the counts, the PostgreSQL server and the burst's shape: the
 * `cluster` part runs 1, 2 and 4 worker processes on its cluster's database.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { cpSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'kysely'
import { readConfig } from '../../src/server/config'
import { openServices } from '../../src/server/start'
import { upsertAccount } from '../../src/server/accounts/queries'
import { type Services } from '../../src/server/services'
import { tableOf } from '../../src/server/db/table-of'
import { bossSchema } from '../../src/server/tasks/pg-boss-queue'
import { insertTask } from '../../src/server/tasks/insert'
import { openDatabase } from '../../src/server/db/connect'
import type { Cleanup } from './cleanup'
import { REPO_ROOT } from './paths'
import { benchTaskHandlers, NOOP_HANDLER } from './task-worker'
import { seeded } from './media'
import { startWorkers } from '../../src/server/tasks/engine'

/** Jobs each process runs at once. The default is one per core; held at 2 here, so the figures of two machines compare. */
export const TASK_CONCURRENCY = 2
/**
 * Submitted one after another as fast as this process can, for the rate. Fewer on PostgreSQL,
 * where pg-boss's polling holds each slot to about two no-op jobs a second, so more would only
 * take longer to show the same rate.
 */
export const BURST_TASKS = { sqlite: Number(process.env.BENCH_TASKS ?? 300), postgres: Number(process.env.BENCH_TASKS ?? 100) }
/** Submitted at random moments, this far apart on average, for the latency of a task that finds the workers idle. */
export const PACED_TASKS = Number(process.env.BENCH_TASKS_PACED ?? 100)
export const PACED_MEAN_GAP_MS = 400
/** Run before each configuration's figures: workers started, connections open, code warm. */
const WARM_UP_TASKS = 10
const KIND = 'noop'
const WORKER_SCRIPT = join(REPO_ROOT, 'tests/bench/task-worker.ts')

export interface QueueRun {
  /** Worker processes beside this one; 0: the workers run in the submitting process. */
  processes: number
  /** Job slots in all (processes × TASK_CONCURRENCY, or TASK_CONCURRENCY in the submitting process). */
  slots: number
  paced: { tasks: number; latencyMs: number[] }
  burst: {
    tasks: number
    /** Submitting them all, the first transaction's start to the last one's commit. */
    enqueueMs: number
    latencyMs: number[]
    /** First created_at to last finished_at. */
    wallMs: number
    /** First started_at to last finished_at: the rate once the workers were awake. */
    drainMs: number
    /** Tasks each process ran, most first. */
    perProcess: number[]
  }
}

export interface QueueFigures {
  database: 'sqlite' | 'postgres'
  runs: QueueRun[]
}

/** What one call measures. */
export interface QueuePlan {
  /** Worker process counts, one configuration each, in this order. */
  processes: number[]
  /** Then the workers in the submitting process, as npm start runs them (processes: 0). */
  inSubmitter: boolean
  pacedTasks: number
  pacedMeanGapMs: number
  burstTasks: number
  /**
   * The burst committed in one transaction, so the workers find it queued all at once: past a few
   * worker processes they take tasks faster than this one process submits them one by one.
   */
  burstAsBacklog: boolean
  /** The PostgreSQL server; DATABASE_URL by default. */
  databaseUrl: string | undefined
}

/** The `tasks` part's plan. */
export function queuePlan(database: 'sqlite' | 'postgres'): QueuePlan {
  return { processes: [1, 2], inSubmitter: true, pacedTasks: PACED_TASKS, pacedMeanGapMs: PACED_MEAN_GAP_MS, burstTasks: BURST_TASKS[database], burstAsBacklog: false, databaseUrl: process.env.DATABASE_URL }
}

export async function benchTaskQueue(database: 'sqlite' | 'postgres', opts: { dir: string; cleanup: Cleanup; plan?: QueuePlan }): Promise<QueueFigures> {
  const plan = opts.plan ?? queuePlan(database)
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    SCHEMAS_DIR: benchSchemas(join(opts.dir, `schemas-${database}`)),
    DATA_DIR: join(opts.dir, `data-${database}`),
    WORKER_CONCURRENCY: String(TASK_CONCURRENCY),
    // The worker processes inherit this one's environment; a DATABASE_URL set for the PostgreSQL figures must not reach the SQLite ones.
    DATABASE_URL: database === 'postgres' ? plan.databaseUrl! : '',
    DATABASE_SCHEMA: database === 'postgres' ? `bench_tasks_${randomBytes(4).toString('hex')}` : '',
  }
  const config = readConfig(env)
  // Once: from the clean-up after an interruption, else at the end below; either way before a server the caller started (a cluster's) stops.
  let dropped: Promise<void> | undefined
  const drop = () => (dropped ??= dropSchemas(env))
  if (database === 'postgres') opts.cleanup.add(drop)
  const services = await openServices(config)
  let closed: Promise<void> | undefined
  const close = () => (closed ??= services.database.close())
  opts.cleanup.add(close)
  try {
    const { id: ownerId } = await upsertAccount(services, { username: 'bench-merchant', password: randomBytes(12).toString('base64url'), role: 'merchant' })
    const runs: QueueRun[] = []
    for (const processes of plan.processes) {
      // Queued before the workers start: on PostgreSQL this process creates pg-boss's tables and queue first, alone.
      const warmUp = await submitMany(services, ownerId, WARM_UP_TASKS)
      const workers = await Promise.all(Array.from({ length: processes }, (_, i) => startWorker(env, `${database}-${processes}-${i}`, opts.cleanup)))
      try {
        await waitDone(services, warmUp)
        runs.push({ processes, slots: processes * TASK_CONCURRENCY, ...(await measure(services, ownerId, plan, processes)) })
      } finally {
        await Promise.all(workers.map((w) => w.stop()))
      }
    }
    if (plan.inSubmitter) {
      // As npm start runs them: in the process that submits, which wakes them on every submit.
      await startWorkers(services, benchTaskHandlers, TASK_CONCURRENCY)
      await waitDone(services, await submitMany(services, ownerId, WARM_UP_TASKS))
      runs.push({ processes: 0, slots: TASK_CONCURRENCY, ...(await measure(services, ownerId, plan, 1)) })
    }
    return { database, runs }
  } finally {
    await close()
    if (database === 'postgres') await drop()
  }
}

async function measure(services: Services, ownerId: number, plan: QueuePlan, processes: number): Promise<Pick<QueueRun, 'paced' | 'burst'>> {
  // Random gaps (exponential, seeded), so submissions fall at every point of the workers' polling cycles.
  const random = seeded(2025)
  const pacedIds: number[] = []
  let at = performance.now()
  for (let i = 0; i < plan.pacedTasks; i++) {
    at += -Math.log(1 - random()) * plan.pacedMeanGapMs
    await sleep(Math.max(0, at - performance.now()))
    pacedIds.push(await submit(services, ownerId))
  }
  await waitDone(services, pacedIds)
  const paced = await timesOf(services, pacedIds)

  const started = performance.now()
  const burstIds = plan.burstAsBacklog ? await submitBacklog(services, ownerId, plan.burstTasks) : await submitMany(services, ownerId, plan.burstTasks)
  const enqueueMs = performance.now() - started
  await waitDone(services, burstIds)
  const burst = await timesOf(services, burstIds)
  const perWorker = new Map<string, number>()
  for (const row of burst) perWorker.set(row.worker, (perWorker.get(row.worker) ?? 0) + 1)
  const firstCreated = Math.min(...burst.map((r) => r.created))
  const firstStarted = Math.min(...burst.map((r) => r.started))
  const lastFinished = Math.max(...burst.map((r) => r.finished))
  return {
    paced: { tasks: paced.length, latencyMs: paced.map((r) => r.started - r.created) },
    burst: {
      tasks: burst.length,
      enqueueMs,
      latencyMs: burst.map((r) => r.started - r.created),
      wallMs: lastFinished - firstCreated,
      drainMs: lastFinished - firstStarted,
      // A process that ran none of them shows as 0.
      perProcess: [...perWorker.values(), ...Array<number>(Math.max(0, processes - perWorker.size)).fill(0)].sort((a, b) => b - a),
    },
  }
}

/**
 * What task/submit does for a kind with no cost and no prepare: the task row and its job in one
 * transaction, then a wake of this process's own workers (only they hear it) and its live views.
 */
async function submit(services: Services, ownerId: number): Promise<number> {
  const kind = services.registry.tasks.get(KIND)!
  const id = await services.db.transaction().execute((trx) => insertTask(trx, services, { kind, ownerId, title: kind.label['en-US'], input: {} }))
  services.tasks.queue.wake()
  services.tasks.changed()
  return id
}

async function submitMany(services: Services, ownerId: number, count: number): Promise<number[]> {
  const ids: number[] = []
  for (let i = 0; i < count; i++) ids.push(await submit(services, ownerId))
  return ids
}

/** `count` tasks and their jobs in one transaction, then one wake. */
async function submitBacklog(services: Services, ownerId: number, count: number): Promise<number[]> {
  const kind = services.registry.tasks.get(KIND)!
  const ids = await services.db.transaction().execute(async (trx) => {
    const inserted: number[] = []
    for (let i = 0; i < count; i++) inserted.push(await insertTask(trx, services, { kind, ownerId, title: kind.label['en-US'], input: {} }))
    return inserted
  })
  services.tasks.queue.wake()
  services.tasks.changed()
  return ids
}

/** Until every one of `ids` has succeeded; a failed one ends the bench with its reason. */
async function waitDone(services: Services, ids: number[], timeoutMs = 600_000): Promise<void> {
  const tasks = tableOf(services, 'task')
  const deadline = performance.now() + timeoutMs
  for (;;) {
    const rows = await services.db.selectFrom(tasks).select(['status', 'error']).where('id', 'in', ids).execute()
    const ended = rows.find((r) => r.status === 'failed' || r.status === 'cancelled')
    if (ended) throw new Error(`a no-op task ended ${ended.status}: ${String(ended.error)}`)
    const done = rows.filter((r) => r.status === 'succeeded').length
    if (done === ids.length) return
    if (performance.now() > deadline) throw new Error(`${ids.length - done} of ${ids.length} no-op tasks had not succeeded after ${timeoutMs / 1000} s`)
    await sleep(50)
  }
}

async function timesOf(services: Services, ids: number[]): Promise<{ created: number; started: number; finished: number; worker: string }[]> {
  const rows = await services.db.selectFrom(tableOf(services, 'task')).select(['created_at', 'started_at', 'finished_at', 'worker']).where('id', 'in', ids).execute()
  // The worker is cleared only on failure: a succeeded task keeps the name of the process that ran it.
  return rows.map((r) => ({ created: Date.parse(String(r.created_at)), started: Date.parse(String(r.started_at)), finished: Date.parse(String(r.finished_at)), worker: String(r.worker) }))
}

/** schemas/ copied with one more task kind, the no-op; the product's schemas/ is left as it is. */
function benchSchemas(dir: string): string {
  cpSync(join(REPO_ROOT, 'schemas'), dir, { recursive: true })
  mkdirSync(join(dir, 'tasks'), { recursive: true })
  const noop = {
    $schema: '../meta/task.schema.json',
    label: { 'zh-CN': '空任务（基准）', 'en-US': 'No-op (bench)' },
    description: 'Does nothing: the bench times the queue and the runner around the work.',
    roles: ['merchant'],
    handler: NOOP_HANDLER,
    // Every kind declares how long a run may take; a no-op needs none of it.
    limits: { runMinutes: 1 },
    attempts: 1,
    leaseSeconds: 30,
    input: { type: 'object', properties: {}, additionalProperties: false },
  }
  writeFileSync(join(dir, 'tasks', `${KIND}.json`), `${JSON.stringify(noop, null, 2)}\n`)
  return dir
}

interface Worker {
  stop(): Promise<void>
}

/** A worker process as `npm run worker` starts one (under tsx), ready once it says so. */
async function startWorker(env: Record<string, string>, name: string, cleanup: Cleanup): Promise<Worker> {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER_SCRIPT], { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  const stop = () => stopChild(child)
  cleanup.add(stop)
  let output = ''
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => fail(new Error(`task worker ${name} was not ready after 60 s: ${output}`)), 60_000)
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Task worker')) {
        clearTimeout(timer)
        ready()
      }
    })
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('exit', (code) => {
      clearTimeout(timer)
      fail(new Error(`task worker ${name} stopped (code ${code}) before it was ready: ${output}`))
    })
  })
  return { stop }
}

/** SIGTERM lets the worker stop its queue and close its database; SIGKILL if it has not gone in 15 s. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
  await gone
  clearTimeout(timer)
}

async function dropSchemas(env: Record<string, string>): Promise<void> {
  const config = readConfig(env)
  const database = await openDatabase({ ...config, databaseSchema: undefined })
  try {
    await sql`drop schema if exists ${sql.id(config.databaseSchema!)}, ${sql.id(bossSchema(config))} cascade`.execute(database.db)
  } finally {
    await database.close()
  }
}
