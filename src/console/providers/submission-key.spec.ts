import { describe, expect, it } from 'vitest'
import { newVisit, submissionKey } from './submission-key'

describe('submission keys', () => {
  it('are the same for the same form sent again on one visit, and differ for other content or another visit', () => {
    const visit = newVisit()
    const body = { title: '茶', segments: [{ material_id: 3 }] }
    const key = submissionKey(visit, body)
    expect(key).toMatch(/^[A-Za-z0-9_-]{8,64}$/)
    expect(submissionKey(visit, { ...body })).toBe(key)
    expect(submissionKey(visit, { ...body, title: '茶叶' })).not.toBe(key)
    expect(submissionKey(newVisit(), body)).not.toBe(key)
  })
})
