import type { Label } from '../../schema/types'

/**
 * A failure the work can explain to a person, in both locales. `retry` says whether trying
 * again may help (a vendor busy, a network error); a bad input or a broken file will not.
 */
export class TaskFailure extends Error {
  constructor(
    readonly reason: Label,
    readonly retry = false,
  ) {
    super(reason['en-US'])
    this.name = 'TaskFailure'
  }
}

/**
 * Not now: the work must wait (a platform's posting rate is used up for this minute). The task goes
 * back to the queue for `seconds`, its stage saying why, without counting as a try and without
 * holding a worker while it waits.
 */
export class TaskDeferred extends Error {
  constructor(
    readonly seconds: number,
    readonly stage: Label,
  ) {
    super(stage['en-US'])
    this.name = 'TaskDeferred'
  }
}
