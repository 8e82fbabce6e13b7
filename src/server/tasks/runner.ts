import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { Label, TaskKindDef } from '../../schema/types'
import { type Services } from '../services'
import { tableOf } from '../db/table-of'
import type { Db } from '../db/connect'
import { release } from './cost'
import type { TaskHandlers, TaskOutcome } from './task-handler'
import { TaskDeferred, TaskFailure } from '../errors/task-failure'
import { failureReason } from './failure-reason'
import { limitsOf, measured } from './limits'
import type { TaskEngine } from './task-engine'
import { processLog } from '../log'
import { taskQueueWait } from '../metrics/instruments'

/** How often a running task renews its lease and writes its progress: the console's live view moves at this pace. */
const BEAT_MS = 500

const STARTING: Label = { 'zh-CN': '开始处理', 'en-US': 'Starting' }
const DONE: Label = { 'zh-CN': '已完成', 'en-US': 'Done' }
const WORKER_STOPPED: Label = { 'zh-CN': '处理它的进程已停止，已重新排队', 'en-US': 'Its worker stopped; it is queued again' }
const WAITING_RETRY: Label = { 'zh-CN': '等待重试', 'en-US': 'Waiting to try again' }
const RETRY_PAUSE_SECONDS = 15
const MAX_RETRY_PAUSE_SECONDS = 15 * 60

/** When the next try starts, in UTC as the server keeps time. */
function tryingAgainAt(at: Date): Label {
  const time = at.toISOString().slice(11, 19)
  return { 'zh-CN': `将于 ${time}（UTC）重试`, 'en-US': `Trying again at ${time} UTC` }
}

/**
 * Run one queued task in this worker: claim it (only a queued task can be claimed, so a job
 * delivered twice runs once), renew its lease while the work goes on, and end it in one
 * transaction with what it made, its cost kept or given back.
 */
export async function runTask(engine: TaskEngine, services: Services, handlers: TaskHandlers, taskId: number): Promise<void> {
  const tasks = tableOf(services, 'task')
  const lease = (kind: TaskKindDef) => new Date(services.now().getTime() + (services.config.taskLeaseSeconds ?? kind.leaseSeconds) * 1000).toISOString()
  const row = await services.db.selectFrom(tasks).selectAll().where('id', '=', taskId).executeTakeFirst()
  if (!row || row.status !== 'queued') return
  const kind = services.registry.tasks.get(row.kind)
  const handler = kind && handlers[kind.handler]
  if (!kind || !handler) {
    await fail(services, handlers, taskId, engine.workerId, { 'zh-CN': `任务类型 ${row.kind} 已不存在`, 'en-US': `Task kind ${row.kind} no longer exists` }, true)
    return
  }
  const now = services.now().toISOString()
  const claimed = await services.db
    .updateTable(tasks)
    .set((eb) => ({ status: 'running', attempts: eb('attempts', '+', 1), worker: engine.workerId, lease_until: lease(kind), started_at: row.started_at ?? now, progress: 0, stage: JSON.stringify(STARTING), updated_at: now }))
    .where('id', '=', taskId)
    .where('status', '=', 'queued')
    .executeTakeFirst()
  if (Number(claimed.numUpdatedRows) === 0) return
  engine.changed()
  taskQueueWait.observe({ kind: kind.name }, Math.max(0, (Date.parse(now) - Date.parse(String(row.updated_at))) / 1000))

  // Every line about this run carries the task and the request that submitted it (the reference its detail shows).
  const log = processLog.child({ taskId, kind: kind.name, ...(row.reference ? { reqId: row.reference } : {}) })
  const runSeconds = services.config.taskRunSeconds ?? (await limitsOf(services, kind)).runMinutes * 60
  const attempt = (row.attempts ?? 0) + 1
  const controller = new AbortController()
  engine.running.set(taskId, controller)
  log.info({ attempt, worker: engine.workerId }, 'task started')
  let progress = { percent: 0, stage: STARTING, dirty: false }
  let steps = parseJson(row.steps) as Record<string, unknown>
  // Renew the lease and write progress; a renewal that finds the task no longer ours (cancelled, or taken
  // over after this worker stalled past its lease) stops the work at once.
  const beat = async () => {
    const update = await services.db
      .updateTable(tasks)
      .set({ lease_until: lease(kind), ...(progress.dirty ? { progress: progress.percent, stage: JSON.stringify(progress.stage), updated_at: services.now().toISOString() } : {}) })
      .where('id', '=', taskId)
      .where('status', '=', 'running')
      .where('worker', '=', engine.workerId)
      .executeTakeFirst()
    if (Number(update.numUpdatedRows) === 0) controller.abort(new Error('The task was cancelled or taken over.'))
    else if (progress.dirty) engine.changed()
    progress.dirty = false
  }
  const timer = setInterval(() => void beat().catch(() => undefined), BEAT_MS)
  // The clock stops a run that goes on too long whatever its lease says: a renewing worker never expires.
  let overtime = false
  const clock = setTimeout(() => {
    overtime = true
    controller.abort(new Error('The task ran longer than its kind allows.'))
  }, runSeconds * 1000)
  const workRoot = taskWorkRoot(services)
  await mkdir(workRoot, { recursive: true })
  await removeLeftovers(workRoot, taskId)
  const workDir = await mkdtemp(join(workRoot, `task-${taskId}-`))
  try {
    const outcome = await handler.run({
      task: { id: taskId, kind: kind.name, title: (row.title ?? ''), ownerId: row.owner_id, attempt },
      kind,
      input: parseJson(row.input),
      ...(measured(row.size) ? { size: measured(row.size) } : {}),
      services,
      signal: controller.signal,
      workDir,
      progress(percent, stage) {
        progress = { percent: Math.max(0, Math.min(99, Math.round(percent))), stage, dirty: true }
      },
      async step(name, work) {
        if (name in steps) return steps[name] as never
        const value = await work()
        steps = { ...steps, [name]: value ?? null }
        await services.db.updateTable(tasks).set({ steps: JSON.stringify(steps) }).where('id', '=', taskId).where('worker', '=', engine.workerId).execute()
        return value
      },
    })
    clearInterval(timer)
    if (overtime) await fail(services, handlers, taskId, engine.workerId, ranTooLong(runSeconds), false)
    else if (!controller.signal.aborted) await succeed(services, taskId, engine.workerId, outcome)
    log.info({ attempt, outcome: overtime ? 'ran too long' : controller.signal.aborted ? 'stopped' : 'succeeded' }, 'task ended')
  } catch (error) {
    clearInterval(timer)
    if (overtime) await fail(services, handlers, taskId, engine.workerId, ranTooLong(runSeconds), false)
    // Stopped with its process (a deploy, Ctrl-C): another worker starts it again now, not after its lease.
    if (controller.signal.aborted && engine.stopping) await requeue(engine, services, taskId, 0, WORKER_STOPPED).catch(() => undefined)
    if (!controller.signal.aborted && error instanceof TaskDeferred) await defer(engine, services, taskId, error)
    else if (!controller.signal.aborted) {
      const retry = !(error instanceof TaskFailure) || error.retry
      const again = retry && attempt < (row.max_attempts ?? kind.attempts)
      // An error the work did not explain goes whole, paths and all, to the log; the task says it without them.
      if (error instanceof TaskFailure) log.warn({ attempt, reason: error.reason['en-US'], again }, 'task failed')
      else log.error({ attempt, err: error, again }, 'task failed')
      if (again) await requeue(engine, services, taskId, attempt, failureReason(error))
      else await fail(services, handlers, taskId, engine.workerId, failureReason(error), false)
    }
  } finally {
    clearInterval(timer)
    clearTimeout(clock)
    engine.running.delete(taskId)
    // A cancelled ffmpeg may still be closing a file in the folder as it goes: removal is tried again
    // for a moment, and a folder that will not go is left to removeLeftovers rather than stopping the worker.
    await rm(workDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }).catch(() => undefined)
    engine.changed()
  }
}

async function succeed(services: Services, taskId: number, worker: string, outcome: TaskOutcome): Promise<void> {
  const tasks = tableOf(services, 'task')
  await services.db.transaction().execute(async (trx) => {
    const now = services.now().toISOString()
    const done = await trx
      .updateTable(tasks)
      .set({ status: 'succeeded', progress: 100, stage: JSON.stringify(DONE), result: JSON.stringify(outcome.result), error: '{}', finished_at: now, lease_until: null, updated_at: now })
      .where('id', '=', taskId)
      .where('status', '=', 'running')
      .where('worker', '=', worker)
      .executeTakeFirst()
    // Cancelled while the last step finished: nothing is kept and the cost was already given back.
    if (Number(done.numUpdatedRows) === 0) return
    await trx.updateTable(tasks).set({ cost_state: 'captured' }).where('id', '=', taskId).where('cost_state', '=', 'reserved').execute()
    await outcome.commit?.(trx)
  })
}

/** Why a run stopped by the clock failed; its cost is given back as for any failure. */
function ranTooLong(seconds: number): Label {
  const zh = seconds % 60 === 0 ? `${seconds / 60} 分钟` : `${seconds} 秒`
  const en = seconds % 60 === 0 ? `${seconds / 60} minutes` : `${seconds} seconds`
  return { 'zh-CN': `运行已达 ${zh} 上限，已停止，费用已退回`, 'en-US': `It ran for ${en}, the longest a run may take, and was stopped; its cost was given back` }
}

/** A passing failure with tries left: back in the queue after a pause that grows with each try. */
async function requeue(engine: TaskEngine, services: Services, taskId: number, attempt: number, reason: Label): Promise<void> {
  const tasks = tableOf(services, 'task')
  await services.db.transaction().execute(async (trx) => {
    const now = services.now().toISOString()
    // A passing fault (storage, a vendor) is outlasted: 15 s, 1 min, 4 min, … at most 15 min apart.
    const pause = attempt === 0 ? 0 : Math.min(MAX_RETRY_PAUSE_SECONDS, (services.config.taskRetrySeconds ?? RETRY_PAUSE_SECONDS) * 4 ** (attempt - 1))
    const stage = attempt === 0 ? WAITING_RETRY : tryingAgainAt(new Date(services.now().getTime() + pause * 1000))
    const back = await trx
      .updateTable(tasks)
      .set({ status: 'queued', worker: '', lease_until: null, error: JSON.stringify(reason), stage: JSON.stringify(stage), updated_at: now })
      .where('id', '=', taskId)
      .where('status', '=', 'running')
      .where('worker', '=', engine.workerId)
      .executeTakeFirst()
    if (Number(back.numUpdatedRows) > 0) await engine.queue.enqueue(trx, taskId, pause)
  })
}

/** Back in the queue for a while, as if it had not been taken: the try it was is not counted. */
async function defer(engine: TaskEngine, services: Services, taskId: number, deferred: TaskDeferred): Promise<void> {
  const tasks = tableOf(services, 'task')
  await services.db.transaction().execute(async (trx) => {
    const back = await trx
      .updateTable(tasks)
      .set((eb) => ({ status: 'queued', worker: '', lease_until: null, stage: JSON.stringify(deferred.stage), attempts: eb('attempts', '-', 1), updated_at: services.now().toISOString() }))
      .where('id', '=', taskId)
      .where('status', '=', 'running')
      .where('worker', '=', engine.workerId)
      .executeTakeFirst()
    if (Number(back.numUpdatedRows) > 0) await engine.queue.enqueue(trx, taskId, Math.max(1, Math.ceil(deferred.seconds)))
  })
}

/** End a task as failed and give its cost back, in one transaction; `anyWorker` for a task no worker holds. */
export async function fail(services: Services, handlers: TaskHandlers, taskId: number, worker: string, reason: Label, anyWorker: boolean): Promise<void> {
  await services.db.transaction().execute((trx) => failIn(trx, services, handlers, taskId, anyWorker ? undefined : worker, reason))
}

/** The same inside the caller's transaction: marks it failed only while it is still unfinished (and held by `worker` when given). */
export async function failIn(trx: Db, services: Services, handlers: TaskHandlers, taskId: number, worker: string | undefined, reason: Label): Promise<boolean> {
  const tasks = tableOf(services, 'task')
  const now = services.now().toISOString()
  let update = trx
    .updateTable(tasks)
    .set({ status: 'failed', error: JSON.stringify(reason), finished_at: now, lease_until: null, worker: '', updated_at: now })
    .where('id', '=', taskId)
    .where('status', 'in', ['queued', 'running'])
  if (worker !== undefined) update = update.where('worker', '=', worker)
  const failed = await update.executeTakeFirst()
  if (Number(failed.numUpdatedRows) === 0) return false
  await releaseIn(trx, services, taskId, null)
  await endedIn(trx, services, handlers, taskId, 'failed', reason)
  return true
}

/** Let the kind's handler write what an unsuccessful end leaves on record, in the transaction that ends the task. */
export async function endedIn(trx: Db, services: Services, handlers: TaskHandlers, taskId: number, status: 'failed' | 'cancelled', error: Label): Promise<void> {
  const row = await trx.selectFrom(tableOf(services, 'task')).select(['kind', 'title', 'owner_id', 'attempts', 'input']).where('id', '=', taskId).executeTakeFirstOrThrow()
  const kind = services.registry.tasks.get(row.kind)
  const ended = kind && handlers[kind.handler]?.ended
  if (!ended) return
  const task = { id: taskId, kind: kind.name, title: (row.title ?? ''), ownerId: row.owner_id, attempt: (row.attempts ?? 0) }
  await ended(trx, { services, task, input: parseJson(row.input), status, error })
}

/** Give back a task's reserved cost, once: the cost state moves from reserved to released only here. */
export async function releaseIn(trx: Db, services: Services, taskId: number, operatorId: number | null): Promise<void> {
  const tasks = tableOf(services, 'task')
  const marked = await trx.updateTable(tasks).set({ cost_state: 'released' }).where('id', '=', taskId).where('cost_state', '=', 'reserved').executeTakeFirst()
  if (Number(marked.numUpdatedRows) === 0) return
  const task = await trx.selectFrom(tasks).select(['title', 'owner_id', 'cost_ledger', 'cost_amount', 'runs']).where('id', '=', taskId).executeTakeFirstOrThrow()
  await release(trx, services, { id: taskId, title: task.title ?? '', ownerId: task.owner_id, ledger: task.cost_ledger, amount: task.cost_amount, run: (task.runs ?? 1) }, operatorId)
}

/**
 * Where runs keep their temporary files: inside the data folder, not the machine's shared temp
 * folder, because task ids are numbered per database — a second deployment on the same machine
 * has a task 7 of its own, and must neither see nor remove this one's folders.
 */
export function taskWorkRoot(services: Services): string {
  return join(services.config.dataDir, 'task-work')
}

/**
 * A worker that was killed could not remove its folder; the next run of the task on the same
 * machine does. (Only one run holds a task at a time, so a folder of this task is a dead one's.)
 */
async function removeLeftovers(workRoot: string, taskId: number): Promise<void> {
  const prefix = `task-${taskId}-`
  // A folder that will not go (a killed ffmpeg of this machine still closing a file in it) must not keep the task from running.
  for (const name of await readdir(workRoot)) if (name.startsWith(prefix)) await rm(join(workRoot, name), { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }).catch(() => undefined)
}

/**
 * Folders in this process's work root left by runs that did not end here: a worker killed
 * mid-task leaves its folder, and when another machine's worker finishes the task, no run on
 * this one comes to remove it. A folder goes once its task runs nowhere (another process sharing
 * the data folder may hold a running one).
 */
export async function sweepWorkFolders(engine: TaskEngine, services: Services): Promise<number> {
  const root = taskWorkRoot(services)
  const names = await readdir(root).catch(() => [] as string[])
  const idOf = (name: string) => Number(/^task-(\d+)-/.exec(name)?.[1] ?? NaN)
  const ids = [...new Set(names.map(idOf).filter((id) => Number.isInteger(id) && !engine.running.has(id)))]
  if (ids.length === 0) return 0
  const running = new Set((await services.db.selectFrom(tableOf(services, 'task')).select('id').where('id', 'in', ids).where('status', '=', 'running').execute()).map((row) => row.id))
  const gone = names.filter((name) => ids.includes(idOf(name)) && !running.has(idOf(name)) && !engine.running.has(idOf(name)))
  for (const name of gone) await rm(join(root, name), { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }).catch(() => undefined)
  return gone.length
}

/** A JSON column as stored: text on both databases. */
export function parseJson(value: unknown): Record<string, unknown> {
  if (typeof value !== 'string' || value === '') return {}
  return JSON.parse(value) as Record<string, unknown>
}
