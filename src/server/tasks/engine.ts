import { hostname } from 'node:os'
import { randomBytes } from 'node:crypto'
import type { Services } from '../services'
import type { JobQueue } from './queue'
import { sqliteQueue } from './sqlite-queue'
import { pgBossQueue } from './pg-boss-queue'
import { runTask } from './runner'
import { reapExpiredLeases } from './reaper'
import type { TaskHandler } from './task-handler'

/** How often a worker process looks for tasks whose worker stopped renewing its lease. */
const REAP_MS = 2000

/** The task engine of one process: its queue, the tasks it is running, and who wants to hear of changes. */
export interface TaskEngine {
  queue: JobQueue
  /** This process's name on the tasks it holds. */
  workerId: string
  /** Tasks running in this process, to stop at once on cancel. */
  running: Map<number, AbortController>
  /** Start taking tasks in this process: `npm start` does on SQLite, `npm run worker` always. */
  startWorkers(services: Services, handlers: Readonly<Record<string, TaskHandler>>, concurrency: number): Promise<void>
  /** True once startWorkers() was called: this process takes tasks, so its readiness includes the queue's. */
  working: boolean
  /** True once stop() was called: work cut short by it goes back to the queue at once instead of waiting out its lease. */
  stopping: boolean
  /** Something about tasks changed in this process (live views look at once instead of at their next poll). */
  changed(): void
  onChange(listener: () => void): () => void
  stop(): Promise<void>
}

export function createTaskEngine(services: Pick<Services, 'db' | 'registry' | 'now' | 'config' | 'dialect'>): TaskEngine {
  const queue = services.dialect === 'postgres' ? pgBossQueue(services.config) : sqliteQueue(services)
  const listeners = new Set<() => void>()
  let reaper: NodeJS.Timeout | undefined
  let schedules: NodeJS.Timeout[] = []
  let stopping: Promise<void> | undefined
  const engine: TaskEngine = {
    queue,
    workerId: `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`,
    running: new Map(),
    stopping: false,
    working: false,
    async startWorkers(all, handlers, concurrency) {
      engine.working = true
      await queue.work((taskId) => runTask(engine, all, handlers, taskId).catch((error) => console.error(`Task ${taskId}:`, error)), concurrency)
      reaper = setInterval(() => void reapExpiredLeases(engine, all).catch((error) => console.error('Task leases:', error)), REAP_MS)
      schedules = scheduleDueWork(engine, all, handlers)
    },
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
        clearInterval(reaper)
        for (const timer of schedules) clearInterval(timer)
        for (const controller of engine.running.values()) controller.abort(new Error('The worker is stopping.'))
        await queue.stop()
      })()
      return stopping
    },
  }
  return engine
}

/** Kinds declaring `every`: their handler's `due` is asked that often (and soon after start), and the queue woken for what it queued. */
function scheduleDueWork(engine: TaskEngine, services: Services, handlers: Readonly<Record<string, TaskHandler>>): NodeJS.Timeout[] {
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
    const first = setTimeout(() => void look().catch((error) => console.error(`Due ${kind.name} tasks:`, error)), Math.min(every, 1000))
    const timer = setInterval(() => void look().catch((error) => console.error(`Due ${kind.name} tasks:`, error)), every)
    timers.push(first, timer)
  }
  return timers
}
