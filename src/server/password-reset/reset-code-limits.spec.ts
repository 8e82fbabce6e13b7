import { describe, expect, it } from 'vitest'
import { resetCodeRefusal } from './reset-code-limits'

const LIMITS = { resendSeconds: 60, perAccountPerHour: 3, perAddressPerHour: 5 }
const NOW = new Date('2026-01-01T12:00:00.000Z')
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000)

describe('resetCodeRefusal', () => {
  it.each([
    ['no earlier codes', { account: [], address: [] }, undefined],
    ['one a minute ago', { account: [ago(60)], address: [ago(60)] }, undefined],
    ['one 59 seconds ago', { account: [ago(59)], address: [ago(59)] }, { code: 'RESET_CODE_TOO_SOON', params: { seconds: 1 } }],
    ['one 10.5 seconds ago', { account: [ago(10.5)], address: [] }, { code: 'RESET_CODE_TOO_SOON', params: { seconds: 50 } }],
    ['the hourly count for the account', { account: [ago(120), ago(600), ago(1800)], address: [] }, { code: 'RESET_CODE_LIMITED', params: { minutes: 30 } }],
    ['an old code has left the window', { account: [ago(120), ago(600), ago(3600)], address: [] }, undefined],
    ['the hourly count for the address', { account: [], address: [ago(100), ago(200), ago(300), ago(400), ago(3590)] }, { code: 'RESET_CODE_LIMITED', params: { minutes: 1 } }],
    ['the longer of two waits', { account: [ago(120), ago(600), ago(900)], address: [ago(100), ago(200), ago(300), ago(400), ago(3000)] }, { code: 'RESET_CODE_LIMITED', params: { minutes: 45 } }],
  ] as const)('%s', (_name, history, expected) => {
    expect(resetCodeRefusal(history, NOW, LIMITS)).toEqual(expected)
  })
})
