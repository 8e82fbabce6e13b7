import type { Label, Locale, TaskKindDef } from '../../schema/types'
import type { Endpoints } from '../../generated/types'
import type { Caller } from '../access/caller'
import type { Db } from '../db/connect'
import type { Services } from '../services'
import type { WorkSize } from './limits'

/** A task as its handler sees it. */
export interface RunningTask {
  id: number
  kind: string
  title: string
  ownerId: number
  /** 1 on the first try; more after a worker died or a passing failure. */
  attempt: number
}

/** A task kind's submit body, as its schema types it. */
export type TaskInput<K extends string> = `task/submit_${K}` extends keyof Endpoints ? Endpoints[`task/submit_${K}`]['body'] : never

/** What the work of one task is given. */
export interface TaskRunContext<Input> {
  task: RunningTask
  kind: TaskKindDef
  input: Input
  services: Services
  /** What it was measured to make when submitted (kinds that measure): the renderer stops at its length. */
  size?: WorkSize
  /** Aborts on cancel, or when another worker has taken the task over: stop at once, ffmpeg children included. */
  signal: AbortSignal
  /** A folder of its own for temporary files, removed when the run ends, however it ends. */
  workDir: string
  /** Percent done (0–100) and what is being done, shown live in the console. */
  progress(percent: number, stage: Label): void
  /**
   * Run `work` once across all tries of the task: a retry after a crash finds its recorded
   * answer (JSON) and skips it. Steps with side effects outside the task (a stored file,
   * a vendor's job) go through here.
   */
  step<T>(name: string, work: () => Promise<T>): Promise<T>
}

/** What checking a submission answers. */
export interface Prepared {
  title?: string
  size?: WorkSize
  /** What the person should know before sending, which does not stop it (a voice-over longer than the clips): shown on the form by its estimate. */
  notices?: Label[]
}

/** What a finished run hands back. */
export interface TaskOutcome {
  /** Stored on the task and shown on its page: what it made. */
  result: Record<string, unknown>
  /** Writes the records the work made (works), in the transaction that marks the task succeeded, so they exist exactly once. */
  commit?(trx: Db): Promise<unknown>
}

/** What checking a submission is given, inside the transaction that will create the task. */
export interface TaskSubmitContext<Input> {
  services: Services
  /** The kind submitted, for a handler that does several. */
  kind: TaskKindDef
  caller: Caller
  input: Input
  locale: Locale
  trx: Db
}

/** What a task that ended without success leaves to its handler, inside the transaction that ends it. */
export interface TaskEndContext<Input> {
  services: Services
  task: RunningTask
  input: Input
  status: 'failed' | 'cancelled'
  error: Label
}

/** The hand-written part of a task kind: the work itself, and the checks a schema cannot make. */
export interface TaskHandler {
  kinds: readonly string[]
  /**
   * Checks a submission against the data (its materials exist and are the caller's); throws field
   * errors. Answers the task's title and, for a kind with output limits, the size of what it will
   * make: the engine checks the limits and counts a per-minute cost from it.
   */
  prepare?(ctx: TaskSubmitContext<Record<string, unknown>>): Promise<Prepared>
  run(ctx: TaskRunContext<Record<string, unknown>>): Promise<TaskOutcome>
  /** Writes what a try that failed or was cancelled leaves on record (a clone record saying why), in the transaction that ends it. */
  ended?(trx: Db, ctx: TaskEndContext<Record<string, unknown>>): Promise<void>
  /**
   * For a kind declaring `every`: queue the work that has come due by itself (insertTask), claiming
   * each piece in the same transaction so that workers asking at once never queue it twice.
   * Answers how many tasks it queued.
   */
  due?(services: Services, kind: TaskKindDef): Promise<number>
}

/** Every task handler a task kind may name in "handler", by that name. */
export type TaskHandlers = Readonly<Record<string, TaskHandler>>

/**
 * A task handler for `kinds`: the engine validates the input against the kind's schema
 * before `prepare` and `run` see it, so the generated types are what they are given.
 *
 * ```ts
 * const clip = taskHandler(['clip'], { async run(ctx) { ctx.input.segments } })
 * ```
 */
export function taskHandler<K extends string>(
  kinds: readonly K[],
  handler: {
    prepare?(ctx: TaskSubmitContext<TaskInput<K>>): Promise<Prepared>
    run(ctx: TaskRunContext<TaskInput<K>>): Promise<TaskOutcome>
    ended?(trx: Db, ctx: TaskEndContext<TaskInput<K>>): Promise<void>
    due?(services: Services, kind: TaskKindDef): Promise<number>
  },
): TaskHandler {
  return {
    kinds,
    ...(handler.due ? { due: handler.due } : {}),
    run: (ctx) => handler.run(ctx as unknown as TaskRunContext<TaskInput<K>>),
    ...(handler.prepare ? { prepare: (ctx: TaskSubmitContext<Record<string, unknown>>) => handler.prepare!(ctx as unknown as TaskSubmitContext<TaskInput<K>>) } : {}),
    ...(handler.ended ? { ended: (trx: Db, ctx: TaskEndContext<Record<string, unknown>>) => handler.ended!(trx, ctx as unknown as TaskEndContext<TaskInput<K>>) } : {}),
  }
}

