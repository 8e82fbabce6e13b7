import { describe, expect, it } from 'vitest'
import { linkedValues } from './linked-values'

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    work_ids: { type: 'array', items: { type: 'integer' } },
    daily_cap: { type: 'integer' },
  },
}

describe('form values a link carries', () => {
  it('reads the fields the form has, as their types say', () => {
    expect(linkedValues(schema, '?work_ids=12,15&name=Spring&daily_cap=2')).toEqual({ work_ids: [12, 15], name: 'Spring', daily_cap: 2 })
  })
  it('leaves out what is not a field, or does not read as one', () => {
    expect(linkedValues(schema, '?work_ids=12,x&daily_cap=two&owner_id=1&name=')).toEqual({})
  })
})
