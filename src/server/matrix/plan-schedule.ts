/** How a plan spreads one account's posts over days: its slots, their interval, the daily cap, and a random delay. */
export interface PlanTimes {
  startAt: Date
  slotsPerDay: number
  intervalMinutes: number
  jitterMinutes: number
  dailyCap: number
}

const MINUTE = 60_000
const DAY = 1440 * MINUTE

/**
 * The times of one account's `count` posts: each day's slots from the start's time of day on, one
 * interval apart, no more a day than the cap, each at up to jitter minutes past its slot.
 * `random` answers in [0, 1) (Math.random, or a fixed one in tests).
 */
export function postTimes(plan: PlanTimes, count: number, random: () => number = Math.random): Date[] {
  const perDay = Math.min(plan.slotsPerDay, plan.dailyCap)
  return Array.from({ length: count }, (_, i) => {
    const day = Math.floor(i / perDay)
    const slot = i % perDay
    const jitter = Math.floor(random() * (plan.jitterMinutes + 1))
    return new Date(plan.startAt.getTime() + day * DAY + (slot * plan.intervalMinutes + jitter) * MINUTE)
  })
}

/** Whether a day's slots fit in the day: the last slot starts before the next day's first. */
export function slotsFitADay(plan: Pick<PlanTimes, 'slotsPerDay' | 'intervalMinutes' | 'jitterMinutes'>): boolean {
  return (plan.slotsPerDay - 1) * plan.intervalMinutes + plan.jitterMinutes < 1440
}
