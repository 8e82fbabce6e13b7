import type { Db } from '../db/connect'

/**
 * Where tasks wait for a worker. Only delivery lives here: which task to run next. Whether a
 * task is running, and whether its worker is still alive, is the task row's business (its
 * status and lease), so both queues below need to promise no more than "each job is handed
 * to one worker at least once".
 */
export interface JobQueue {
  /** In the caller's transaction: the job exists exactly when the task row does. */
  enqueue(trx: Db, taskId: number, delaySeconds?: number): Promise<void>
  /** Take jobs and run them, at most `concurrency` at a time, until stopped. */
  work(run: (taskId: number) => Promise<void>, concurrency: number): Promise<void>
  /** A job was just committed: look now rather than at the next poll (within this process). */
  wake(): void
  /** Resolves when the queue answers a look at its jobs, through its own connections; throws with why not. */
  ready(): Promise<void>
  stop(): Promise<void>
}
