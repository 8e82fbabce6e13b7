import { describe, expect, it } from 'vitest'
import { planDemoMonth, type DemoAction } from './demo-month'

const DAY_MS = 86_400_000
// Just past midnight, midday and just before midnight, in UTC: today's actions must still lie behind `now`.
const NOWS = ['2026-11-20T00:05:00.000Z', '2026-11-20T12:30:00.000Z', '2026-03-01T23:55:00.000Z'].map((s) => new Date(s))

/** What an action names that must exist before it: accounts, packages, orders, card batches. */
function needs(action: DemoAction): string[] {
  switch (action.kind) {
    case 'join': return action.parent ? [action.parent] : []
    case 'package': return ['admin']
    case 'order': return [action.by, action.buyer, action.package]
    case 'pay': return ['admin', action.order]
    case 'cancel': return [action.by, action.order]
    case 'issueCards': return ['admin']
    case 'passCards': return [action.from, action.to, `batch:${action.batch}`]
    case 'redeemCard': return [action.holder, action.by, `batch:${action.batch}`]
    case 'transfer': return [action.from, action.to]
    case 'adjust': return [action.by, action.account]
  }
}

function makes(action: DemoAction): string | undefined {
  if (action.kind === 'join') return action.username
  if (action.kind === 'package' || action.kind === 'order') return action.key
  if (action.kind === 'issueCards') return `batch:${action.batch}`
  return undefined
}

describe('planDemoMonth', () => {
  it.each(NOWS)('at %s: in time order, within the past 30 days, nothing after now', (now) => {
    const plan = planDemoMonth(now)
    const times = plan.map((a) => a.at.getTime())
    expect(times).toEqual([...times].sort((a, b) => a - b))
    expect(Math.max(...times)).toBeLessThan(now.getTime())
    expect(Math.min(...times)).toBeGreaterThan(now.getTime() - 30 * DAY_MS)
  })

  it.each(NOWS)('at %s: names only what an earlier action made', (now) => {
    const made = new Set<string>()
    for (const action of planDemoMonth(now)) {
      for (const name of needs(action)) expect({ action: action.kind, at: action.at, missing: made.has(name) ? undefined : name }).toEqual({ action: action.kind, at: action.at, missing: undefined })
      const name = makes(action)
      if (name) made.add(name)
    }
  })

  it('has the same shape whenever it is planned, and is busy on most days of the month', () => {
    const shape = (now: Date) => planDemoMonth(now).map(({ at: _, ...rest }) => rest)
    expect(shape(NOWS[0]!)).toEqual(shape(NOWS[2]!))
    const days = new Set(planDemoMonth(NOWS[1]!).map((a) => a.at.toISOString().slice(0, 10)))
    expect(days.size).toBeGreaterThanOrEqual(25)
  })

  it('makes the demo logins of every role, and gives the demo partner the invitation code it prints', () => {
    const joins = planDemoMonth(NOWS[1]!).filter((a): a is Extract<DemoAction, { kind: 'join' }> => a.kind === 'join')
    expect(joins.filter((j) => j.login).map((j) => j.role).sort()).toEqual(['admin', 'agent', 'merchant', 'merchant', 'partner'])
    expect(joins.find((j) => j.username === 'partner')?.invite).toBe('1001')
  })
})
