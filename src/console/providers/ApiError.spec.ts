import { describe, expect, it } from 'vitest'
import { ApiError } from './ApiError'

describe('ApiError', () => {
  it('is an Error in Refine\'s HttpError shape', () => {
    const error = new ApiError('Domain 9 does not exist.', 200, 0)
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({ name: 'ApiError', message: 'Domain 9 does not exist.', statusCode: 200, code: 0, fieldErrors: [] })
    expect(error.errors).toBeUndefined()
  })

  it.each([
    ['a top-level field', [{ path: '/host', message: 'bad' }], { host: ['bad'] }],
    ['a nested field, as a dotted name', [{ path: '/address/city', message: 'bad' }], { 'address.city': ['bad'] }],
    ['the whole body', [{ path: '', message: 'bad' }], { _form: ['bad'] }],
    [
      'every message of one field, in order',
      [
        { path: '/host', message: 'too long' },
        { path: '/name', message: 'empty' },
        { path: '/host', message: 'taken' },
      ],
      { host: ['too long', 'taken'], name: ['empty'] },
    ],
  ])('maps data.errors on %s to Refine\'s errors', (_, fieldErrors, errors) => {
    const error = new ApiError('Invalid', 400, 0, fieldErrors)
    expect(error.fieldErrors).toEqual(fieldErrors)
    expect(error.errors).toEqual(errors)
  })

  it.each([
    [401, 0, true],
    [401, undefined, true],
    [200, 50008, true],
    [200, 50012, true],
    [200, 50014, true],
    [403, 0, false],
    [200, 0, false],
    [0, undefined, false],
  ])('HTTP %i with code %s is a session error: %s', (status, code, session) => {
    expect(new ApiError('x', status, code).isSessionError).toBe(session)
  })
})
