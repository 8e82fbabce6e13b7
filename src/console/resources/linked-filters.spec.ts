import { describe, expect, it } from 'vitest'
import { linkedFilters } from './ListFilters'

const filters = [
  { field: 'plan_id', match: 'equals' as const },
  { field: 'status', match: 'equals' as const },
  { field: 'title', match: 'contains' as const },
  { field: 'kind', match: 'in' as const },
]

describe('filters a plain link carries', () => {
  it('start the list with the equals filters it names, numbers as numbers', () => {
    expect(linkedFilters(filters, '?plan_id=3&status=failed')).toEqual([
      { field: 'plan_id', operator: 'eq', value: 3 },
      { field: 'status', operator: 'eq', value: 'failed' },
    ])
  })
  it('leave out what the list does not filter by equals, and empty values', () => {
    expect(linkedFilters(filters, '?title=tea&kind=clip&plan_id=&token=x')).toEqual([])
  })
})
