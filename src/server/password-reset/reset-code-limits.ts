import type { PasswordResetConfig } from '../config'

export const LIMIT_WINDOW_MS = 3600_000

/** When earlier codes were asked for, within the last LIMIT_WINDOW_MS. */
export interface ResetCodeHistory {
  account: readonly Date[]
  address: readonly Date[]
}

export type ResetCodeRefusal =
  | { code: 'RESET_CODE_TOO_SOON'; params: { seconds: number } }
  | { code: 'RESET_CODE_LIMITED'; params: { minutes: number } }

type Limits = Pick<PasswordResetConfig, 'resendSeconds' | 'perAccountPerHour' | 'perAddressPerHour'>

/**
 * Whether another code may be sent now, and if not, how long to wait: one per account
 * every `resendSeconds`, and at most so many per hour per account and per address.
 */
export function resetCodeRefusal(history: ResetCodeHistory, now: Date, limits: Limits): ResetCodeRefusal | undefined {
  const at = now.getTime()
  const latest = Math.max(...history.account.map((d) => d.getTime()))
  const sinceLatest = at - latest
  if (sinceLatest < limits.resendSeconds * 1000) {
    return { code: 'RESET_CODE_TOO_SOON', params: { seconds: Math.max(1, Math.ceil((limits.resendSeconds * 1000 - sinceLatest) / 1000)) } }
  }
  const waits = [waitFor(history.account, limits.perAccountPerHour, at), waitFor(history.address, limits.perAddressPerHour, at)]
  const wait = Math.max(...waits)
  if (wait > 0) return { code: 'RESET_CODE_LIMITED', params: { minutes: Math.max(1, Math.ceil(wait / 60_000)) } }
  return undefined
}

/** Milliseconds until fewer than `max` of `times` fall in the window; 0 when that is already so. */
function waitFor(times: readonly Date[], max: number, at: number): number {
  const inWindow = times.map((d) => d.getTime()).filter((t) => t > at - LIMIT_WINDOW_MS).sort((a, b) => b - a)
  if (inWindow.length < max) return 0
  // The max-th newest has to leave the window before one more fits.
  return inWindow[max - 1]! + LIMIT_WINDOW_MS - at
}
