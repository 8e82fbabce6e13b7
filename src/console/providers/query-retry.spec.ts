import { describe, expect, it } from 'vitest'
import { ApiError } from './ApiError'
import { retryUnanswered } from './query-retry'

describe('retryUnanswered', () => {
  it.each([
    ['a refusal (code 0)', new ApiError('sort must be one of: "id"', 200, 0), 0, false],
    ['a refused role (403)', new ApiError('Forbidden', 403, 0), 0, false],
    ['a server error', new ApiError('Internal error', 500, 0), 0, false],
    ['an aborted call', new ApiError('Request aborted', 0, undefined, [], 'aborted'), 0, false],
    ['a call that got no answer, once', new ApiError('Network Error', 0, undefined, [], 'network'), 0, true],
    ['a call that got no answer, twice', new ApiError('Network Error', 0, undefined, [], 'network'), 1, true],
    ['a call that got no answer, three times', new ApiError('Network Error', 0, undefined, [], 'network'), 2, false],
    ['anything else', new Error('boom'), 0, false],
  ])('%s: %s', (_, error, failures, expected) => {
    expect(retryUnanswered(failures, error)).toBe(expected)
  })
})
