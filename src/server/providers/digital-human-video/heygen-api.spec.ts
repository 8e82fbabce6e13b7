import { describe, expect, it } from 'vitest'
import { TaskDeferred, TaskFailure } from '../../errors/task-failure'
import { heyGenErrorOf, heyGenRefusal, retryAfterSeconds, type HeyGenError } from './heygen-api'

const NOW = Date.parse('2026-11-29T08:00:00Z')
const error = (status: number, code: string, retryAfter: string | null = null, message = 'why'): HeyGenError => ({ status, code, message, retryAfter })
/** A refusal as "final", "passing" or "deferred N s", and the start of what it says. */
const said = (e: HeyGenError) => {
  const refusal = heyGenRefusal(e, NOW)
  if (refusal instanceof TaskDeferred) return `deferred ${refusal.seconds} s: ${refusal.stage['en-US']}`
  return `${(refusal as TaskFailure).retry ? 'passing' : 'final'}: ${refusal.reason['en-US']}`
}

describe("HeyGen's v3 errors, said as people can act on them", () => {
  it.each([
    [error(400, 'invalid_parameter'), 'final: HeyGen refused the request (HTTP 400 invalid_parameter): why'],
    [error(401, 'unauthorized'), 'final: HeyGen refused the API key (HTTP 401 unauthorized: why). Check the HeyGen API key in the settings.'],
    [error(402, 'insufficient_credit'), 'final: The HeyGen account is out of credits (HTTP 402 insufficient_credit: why).'],
    [error(403, 'resource_access_denied'), "final: HeyGen does not permit this with the platform's API key (HTTP 403 resource_access_denied: why)."],
    [error(404, 'video_not_found'), 'final: HeyGen refused the request (HTTP 404 video_not_found): why'],
    [error(409, 'conflict'), 'final: HeyGen refused the request (HTTP 409 conflict): why'],
    [error(413, 'payload_too_large'), 'final: HeyGen refused a file as too large (HTTP 413 payload_too_large: why).'],
    [error(429, 'quota_exceeded', '60'), "final: HeyGen's usage quota is used up (HTTP 429 quota_exceeded: why). Waiting does not lift it"],
    [error(429, 'rate_limit_exceeded', '7'), 'deferred 7 s: HeyGen is limiting requests (HTTP 429 rate_limit_exceeded: why); waiting 7 s, as it asks'],
    [error(429, 'rate_limit_exceeded', '0'), 'deferred 1 s:'],
    [error(429, 'rate_limit_exceeded', '86400'), 'deferred 900 s:'],
    [error(429, 'rate_limit_exceeded'), 'passing: HeyGen is limiting requests (HTTP 429 rate_limit_exceeded: why); it will be tried again.'],
    [error(500, 'internal_error'), 'passing: HeyGen is busy or failing (HTTP 500 internal_error: why); it will be tried again.'],
    [error(503, '', null, ''), 'passing: HeyGen is busy or failing (HTTP 503: it gave no reason)'],
  ])('%o is %s', (e, expected) => {
    expect(said(e)).toContain(expected)
  })

  it('reads the v3 envelope, with the field at fault, and short text from something in front of HeyGen', () => {
    expect(heyGenErrorOf(400, '{"error":{"code":"invalid_parameter","message":"bad","param":"aspect_ratio","doc_url":"https://developers.heygen.com/docs/error-codes#invalid-parameter"}}', null))
      .toEqual({ status: 400, code: 'invalid_parameter', message: 'bad', param: 'aspect_ratio', retryAfter: null })
    expect(heyGenErrorOf(502, 'Bad Gateway', null)).toEqual({ status: 502, code: '', message: 'Bad Gateway', retryAfter: null })
    expect(heyGenErrorOf(502, '<html><body>Bad Gateway</body></html>', null).message).toBe('')
    expect(said(heyGenErrorOf(400, '{"error":{"code":"invalid_parameter","message":"bad","param":"resolution"}}', null))).toBe('final: HeyGen refused the request (HTTP 400 invalid_parameter, resolution): bad')
  })

  it.each([
    ['7', 7],
    [' 120 ', 120],
    ['Sun, 29 Nov 2026 08:00:30 GMT', 30],
    ['Sun, 29 Nov 2026 07:59:00 GMT', 0],
    ['1.5', undefined],
    ['soon', undefined],
    [null, undefined],
  ])('Retry-After %o is %o s', (header, seconds) => {
    expect(retryAfterSeconds(header, NOW)).toBe(seconds)
  })
})
