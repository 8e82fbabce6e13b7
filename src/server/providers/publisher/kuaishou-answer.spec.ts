import { describe, expect, it } from 'vitest'
import { TaskFailure } from '../../errors/task-failure'
import { kuaishouAnswer } from './kuaishou-answer'
import { AuthorizationLost } from './platform-auth'
import { AccessTokenExpired } from './publisher'

/** What the caller can do about an answer: use it, or the kind of failure it is. */
function outcome(answer: unknown, call: 'token' | 'post' = 'token', absent: number[] = []): string {
  try {
    return kuaishouAnswer('/x', answer, call, absent) ? 'data' : 'absent'
  } catch (error) {
    if (error instanceof AccessTokenExpired) return 'refresh'
    if (error instanceof AuthorizationLost) return 'authorize again'
    if (!(error instanceof TaskFailure)) throw error
    if (error.retry) return 'try again'
    if (error.reason['en-US'].includes('does not accept this platform')) return 'administrator'
    if (error.reason['en-US'].includes('does not document')) return 'malformed'
    return 'refused'
  }
}

describe("Kuaishou's result codes, by who can act on them", () => {
  it.each([
    // Only a grant run out or cancelled asks the owner.
    [100200113, 'authorize again'], [100200109, 'authorize again'], [100200110, 'authorize again'], [100200111, 'authorize again'],
    [100200108, 'refresh'],
    // Its server failing and its rate limits pass.
    [100200500, 'try again'], [10000500, 'try again'], [400003, 'try again'], [10000302, 'try again'], [400002, 'try again'],
    // Parameters and the app's credentials are the administrator's, the account kept.
    ...[100200100, 100200101, 100200102, 100200103, 100200104, 100200106, 100200107, 100200112, 100400, 10000200].map((code) => [code, 'administrator'] as [number, string]),
    // A code refused at the exchange: its owner starts again.
    [100200105, 'refused'], [120002, 'refused'],
  ])('a token call answered %i: %s', (code, then) => {
    expect(outcome({ result: code, error_msg: 'words' })).toBe(then)
  })

  it.each([
    [100400, 'refused'], [100200102, 'refused'], [100200101, 'administrator'], [100200109, 'authorize again'], [100200108, 'refresh'], [10000302, 'try again'],
  ])('a video call answered %i: %s', (code, then) => {
    expect(outcome({ result: code, error_msg: 'words' }, 'post')).toBe(then)
  })

  it('says the code and its words; an expected absence is no failure; an answer without a result is malformed', () => {
    const refused = (() => {
      try {
        kuaishouAnswer('/x', { result: 100200104, error_msg: '请求的 grantType 不支持' }, 'token')
      } catch (e) {
        return e as TaskFailure
      }
    })()!
    expect(refused.reason['en-US']).toMatch(/^Kuaishou does not accept this platform's app or what it sent: 请求的 grantType 不支持 \(result 100200104\)\. The account is not at fault and is kept/)
    expect(refused.reason['zh-CN']).toContain('账号本身没有问题')
    expect(outcome({ result: 100120001, error: 'video_not_exist', error_msg: 'VIDEO_NOT_EXIST' }, 'post', [120001, 100120001])).toBe('absent')
    expect(outcome({ result: 1 })).toBe('data')
    expect(outcome({ status: 'ok' })).toBe('malformed')
    expect(outcome(null)).toBe('malformed')
  })
})
