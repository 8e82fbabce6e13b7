import { describe, expect, it } from 'vitest'
import { dateRange } from './date-range'

describe('a dashboard date range', () => {
  it('is the 30 local days up to today by default; today is the caller\'s, not UTC\'s', () => {
    const range = dateRange({ utc_offset: 480 }, new Date('2026-03-10T17:00:00Z'), 'en-US')
    expect(range.end).toBe('2026-03-11')
    expect(range.start).toBe('2026-02-10')
    expect(range.days).toHaveLength(30)
  })

  it('bounds the local days by the UTC instants the rows are stored at', () => {
    const range = dateRange({ start: '2026-03-01', end: '2026-03-02', utc_offset: 480 }, new Date('2026-03-10T00:00:00Z'), 'en-US')
    expect(range.from).toBe('2026-02-28T16:00:00.000Z')
    expect(range.to).toBe('2026-03-02T16:00:00.000Z')
    expect(range.days).toEqual(['2026-03-01', '2026-03-02'])
    expect(range.localDay('2026-02-28T16')).toBe('2026-03-01')
    expect(range.localDay('2026-03-01T15:59')).toBe('2026-03-01')
    expect(range.localDay('2026-03-01T16:00')).toBe('2026-03-02')
  })

  it('refuses a reversed range on its start and more than a year on its end', () => {
    expect(() => dateRange({ start: '2026-03-02', end: '2026-03-01' }, new Date(), 'en-US')).toThrow(expect.objectContaining({ code: 'DATE_RANGE_REVERSED', fieldErrors: [expect.objectContaining({ path: '/start' })] }))
    expect(() => dateRange({ start: '2025-01-01', end: '2026-01-02' }, new Date(), 'en-US')).toThrow(expect.objectContaining({ code: 'DATE_RANGE_TOO_LONG', fieldErrors: [expect.objectContaining({ path: '/end' })] }))
    expect(dateRange({ start: '2025-01-02', end: '2026-01-02' }, new Date(), 'en-US').days).toHaveLength(366)
  })
})
