import { describe, expect, it } from 'vitest'
import { postTimes, slotsFitADay } from './plan-schedule'

const start = new Date('2026-12-01T09:00:00.000Z')
const at = (dates: Date[]) => dates.map((d) => d.toISOString().slice(5, 16))

describe('a plan\'s post times for one account', () => {
  it('fill the day\'s slots one interval apart, then the next day\'s from the same time', () => {
    expect(at(postTimes({ startAt: start, slotsPerDay: 3, intervalMinutes: 60, jitterMinutes: 0, dailyCap: 5 }, 5, () => 0))).toEqual(['12-01T09:00', '12-01T10:00', '12-01T11:00', '12-02T09:00', '12-02T10:00'])
  })
  it('keep to the daily cap when it is below the slots', () => {
    expect(at(postTimes({ startAt: start, slotsPerDay: 6, intervalMinutes: 30, jitterMinutes: 0, dailyCap: 2 }, 4, () => 0))).toEqual(['12-01T09:00', '12-01T09:30', '12-02T09:00', '12-02T09:30'])
  })
  it('put each post up to the jitter past its slot, never before it', () => {
    const late = postTimes({ startAt: start, slotsPerDay: 2, intervalMinutes: 60, jitterMinutes: 10, dailyCap: 2 }, 2, () => 0.999)
    expect(at(late)).toEqual(['12-01T09:10', '12-01T10:10'])
    for (const time of postTimes({ startAt: start, slotsPerDay: 1, intervalMinutes: 60, jitterMinutes: 10, dailyCap: 1 }, 50)) {
      expect(time.getUTCHours()).toBe(9)
      expect(time.getUTCMinutes()).toBeLessThanOrEqual(10)
    }
  })
  it('refuse slots that run into the next day', () => {
    expect(slotsFitADay({ slotsPerDay: 24, intervalMinutes: 60, jitterMinutes: 0 })).toBe(true)
    expect(slotsFitADay({ slotsPerDay: 24, intervalMinutes: 60, jitterMinutes: 60 })).toBe(false)
    expect(slotsFitADay({ slotsPerDay: 3, intervalMinutes: 720, jitterMinutes: 0 })).toBe(false)
  })
})
