import { hostname } from 'node:os'
import { randomBytes } from 'node:crypto'
import type { Services } from '../services'
import type { TaskEngine } from './task-engine'
import { sqliteQueue } from './sqlite-queue'
import { pgBossQueue } from './pg-boss-queue'
import { runTask, sweepWorkFolders } from './runner'
import { reapExpiredLeases } from './reaper'
import type { TaskHandlers } from './task-handler'
import { processLog } from '../log'

/** How often a worker process looks for tasks whose worker stopped renewing its lease. */
const REAP_MS = 2000
/** How often it removes the folders of runs that did not end in this process. */
const SWEEP_MS = 30_000

export function createTaskEngine(services: Pick<Services, 'db' | 'registry' | 'now' | 'config' | 'dialect'>): TaskEngine {
  const queue = services.dialect === 'postgres' ? pgBossQueue(services.config) : sqliteQueue(services)
  const listeners = new Set<() => void>()
  let stopping: Promise<void> | undefined
  const engine: TaskEngine = {
    queue,
    workerId: `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`,
    running: new Map(),
    stopping: false,
    working: false,
    timers: [],
    changed() {
      for (const listener of listeners) listener()
    },
    onChange(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    stop() {
      stopping ??= (async () => {
        engine.stopping = true
        for (const timer of engine.timers) clearInterval(timer)
        for (const controller of engine.running.values()) controller.abort(new Error('The worker is stopping.'))
        await queue.stop()
      })()
      return stopping
    },
  }
  return engine
}

/**
 * Start taking tasks in this process: `npm start` does on SQLite, `npm run worker` always. The
 * handlers come from the caller (src/server/task-handlers.ts), so the engine knows no domain.
 */
export async function startWorkers(services: Services, handlers: TaskHandlers, concurrency: number): Promise<void> {
  const engine = services.tasks
  engine.working = true
  await engine.queue.work((taskId) => runTask(engine, services, handlers, taskId).catch((error: unknown) => processLog.error({ err: error, taskId }, 'task run stopped by an error')), concurrency)
  engine.timers.push(setInterval(() => void reapExpiredLeases(engine, services, handlers).catch((error: unknown) => processLog.error({ err: error }, 'task leases not reaped')), REAP_MS))
  engine.timers.push(setInterval(() => void sweepWorkFolders(engine, services).catch((error: unknown) => processLog.error({ err: error }, 'task folders not swept')), SWEEP_MS))
  engine.timers.push(...scheduleDueWork(engine, services, handlers))
}

/** Kinds declaring `every`: their handler's `due` is asked that often (and soon after start), and the queue woken for what it queued. */
function scheduleDueWork(engine: TaskEngine, services: Services, handlers: TaskHandlers): NodeJS.Timeout[] {
  const timers: NodeJS.Timeout[] = []
  for (const kind of services.registry.tasks.values()) {
    const due = handlers[kind.handler]?.due
    if (!kind.every || !due) continue
    const look = async () => {
      if (engine.stopping) return
      const queued = await due(services, kind)
      if (queued > 0) {
        engine.queue.wake()
        engine.changed()
      }
    }
    const every = (services.config.taskEverySeconds ?? kind.every) * 1000
    const failed = (error: unknown) => processLog.error({ err: error, kind: kind.name }, 'due tasks not queued')
    const first = setTimeout(() => void look().catch(failed), Math.min(every, 1000))
    const timer = setInterval(() => void look().catch(failed), every)
    timers.push(first, timer)
  }
  return timers
}
