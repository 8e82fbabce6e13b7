import type { Locale } from '../../schema/types'
import { fieldError } from '../errors/AppError'

const DAY_MS = 86_400_000
export const MAX_DAYS = 366
export const DEFAULT_DAYS = 30

/** The days a dashboard covers, in the caller's local time, and the stored instants that bound them. */
export interface DateRange {
  start: string
  end: string
  /** UTC instants bounding the local days, as stored (ISO strings compare in order). */
  from: string
  to: string
  days: string[]
  offsetMinutes: number
  /** The local day of a UTC bucket key (YYYY-MM-DDTHH or YYYY-MM-DDTHH:MM). */
  localDay(bucket: string): string
}

/**
 * The range a dashboard asks for: local days from `start` to `end` (both included) at
 * `offsetMinutes` east of UTC; by default the 30 days up to today. A reversed range or one
 * longer than a year is a field error.
 */
export function dateRange(query: { start?: string; end?: string; utc_offset?: number }, now: Date, locale: Locale): DateRange {
  const offsetMinutes = query.utc_offset ?? 0
  const offsetMs = offsetMinutes * 60_000
  const today = new Date(now.getTime() + offsetMs).toISOString().slice(0, 10)
  const end = query.end ?? today
  const start = query.start ?? dayAfter(end, -(DEFAULT_DAYS - 1))
  const span = (Date.parse(end) - Date.parse(start)) / DAY_MS + 1
  if (span < 1) throw fieldError('DATE_RANGE_REVERSED', '/start', locale)
  if (span > MAX_DAYS) throw fieldError('DATE_RANGE_TOO_LONG', '/end', locale, { days: MAX_DAYS })
  return {
    start,
    end,
    from: new Date(Date.parse(start) - offsetMs).toISOString(),
    to: new Date(Date.parse(end) + DAY_MS - offsetMs).toISOString(),
    days: Array.from({ length: span }, (_, i) => dayAfter(start, i)),
    offsetMinutes,
    localDay: (bucket) => new Date(Date.parse(`${bucket.length === 13 ? `${bucket}:00` : bucket}:00.000Z`) + offsetMs).toISOString().slice(0, 10),
  }
}

function dayAfter(day: string, days: number): string {
  return new Date(Date.parse(day) + days * DAY_MS).toISOString().slice(0, 10)
}
