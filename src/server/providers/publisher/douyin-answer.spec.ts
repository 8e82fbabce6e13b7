import { describe, expect, it } from 'vitest'
import { TaskFailure } from '../../errors/task-failure'
import { douyinData, numeral } from './douyin-answer'
import { AuthorizationLost } from './platform-auth'
import { AccessTokenExpired } from './publisher'

/** What the caller can do about an answer: use it, or the kind of failure it is. */
function outcome(answer: unknown, call: 'token' | 'post' = 'token'): string {
  try {
    douyinData('/x/', answer, call)
    return 'data'
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
const failing = (code: number | string) => ({ data: { error_code: code, description: 'words' }, message: 'error' })

describe("Douyin's answers, read as it writes them", () => {
  it.each([
    ['a number', { data: { error_code: 0, access_token: 'a' }, message: 'success' }],
    ['a string, as its older pages and its SDK samples write it', { data: { error_code: '0', access_token: 'a' }, message: '<nil>' }],
    ['in extra alone, as the create_video sample has it', { data: { item_id: '@x' }, extra: { error_code: 0, logid: 'l' } }],
    ['a string in extra alone', { data: { item_id: '@x' }, extra: { error_code: '0', sub_error_code: '0', now: '1' } }],
  ])('error_code 0 as %s is an answer that worked', (_, answer) => {
    expect(outcome(answer)).toBe('data')
  })

  it.each([
    ['in data, with an extra of logid and now', { data: { error_code: 10010, description: 'refresh_token 过期' }, extra: { logid: 'l', now: 1 } }],
    ['in extra alone, data empty', { data: {}, extra: { error_code: '10010', description: 'refresh_token 过期' } }],
    ['in extra alone, data null', { data: null, extra: { error_code: 10010, description: 'refresh_token 过期' } }],
    ['in extra, data saying 0', { data: { error_code: 0 }, extra: { error_code: 10010, description: 'refresh_token 过期' } }],
  ])('an error %s is the error it says', (_, answer) => {
    expect(outcome(answer)).toBe('authorize again')
  })

  it('says the code, the sub-code beside it and the words', () => {
    const error = (() => {
      try {
        douyinData('/x/', { data: null, extra: { error_code: '2190007', description: '无效的视频文件 ID', sub_error_code: 3, sub_description: 'sub' } }, 'post')
      } catch (e) {
        return e as TaskFailure
      }
    })()!
    expect(error.reason['en-US']).toBe('Douyin refused the request: 无效的视频文件 ID (error_code 2190007, sub_error_code 3)')
  })

  it.each([
    ['nothing', null],
    ['no code anywhere', { message: 'success' }],
    ['a code that is not a number', { data: { error_code: 'zero' } }],
    ['data that is not an object', { data: 'ok', extra: { error_code: 0 } }],
  ])('%s is an answer its API does not document', (_, answer) => {
    expect(outcome(answer)).toBe('malformed')
  })

  it.each([
    [10008, 'refresh'], [2190008, 'refresh'], [28001008, 'refresh'],
    [10010, 'authorize again'], [10020, 'authorize again'], [28001003, 'authorize again'], [2190002, 'authorize again'], [28001012, 'authorize again'], [28001015, 'authorize again'],
    [2100004, 'try again'], [28001005, 'try again'], [28001006, 'try again'],
    [28003018, 'try again'], [28003017, 'try again'], [2190001, 'try again'], [2114007, 'try again'],
    [10013, 'administrator'], [29002002, 'administrator'], [10004, 'administrator'], [28001018, 'administrator'],
    [10002, 'administrator'], [10005, 'administrator'], [28001007, 'administrator'], [2100005, 'administrator'],
    [10007, 'refused'], [2114006, 'refused'], [99999, 'refused'],
  ])('a token call answered %i: %s', (code, then) => {
    expect(outcome(failing(code))).toBe(then)
    expect(outcome(failing(String(code)))).toBe(then)
  })

  it.each([
    [28001007, 'refused'], [2100005, 'refused'], [28001008, 'refresh'], [28001003, 'authorize again'], [28001018, 'administrator'], [28001005, 'try again'],
  ])('a video call answered %i: %s', (code, then) => {
    expect(outcome(failing(code), 'post')).toBe(then)
  })

  it.each([
    [86400, 86400], ['1296000', 1296000], ['0', 0], ['-1', -1], ['', null], ['1.5', null], [1.5, null], [null, null], ['12abc', null],
  ])('%j reads as %j', (value, read) => {
    expect(numeral(value)).toBe(read)
  })
})
