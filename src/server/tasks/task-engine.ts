import type { JobQueue } from './queue'

/**
 * The task engine of one process, as the rest of the server sees it: its queue, the tasks it is
 * running, and who wants to hear of changes. It names no handler and no service, so that
 * services.ts can hold it without the task engine's code (tasks/engine.ts) under it.
 */
export interface TaskEngine {
  queue: JobQueue
  /** This process's name on the tasks it holds. */
  workerId: string
  /** Tasks running in this process, to stop at once on cancel. */
  running: Map<number, AbortController>
  /** True once startWorkers() was called: this process takes tasks, so its readiness includes the queue's. */
  working: boolean
  /** True once stop() was called: work cut short by it goes back to the queue at once instead of waiting out its lease. */
  stopping: boolean
  /** What startWorkers() set going (the lease reaper, due-work schedules), for stop() to end. */
  timers: NodeJS.Timeout[]
  /** Something about tasks changed in this process (live views look at once instead of at their next poll). */
  changed(): void
  onChange(listener: () => void): () => void
  stop(): Promise<void>
}
