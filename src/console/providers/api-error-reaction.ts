import type { ApiError } from './ApiError'
import type { ApiRequest } from './http-client'

/** What the console shows for a failed call (spec §8). */
export type ApiErrorReaction =
  /** Shown elsewhere, or nothing to show. */
  | { kind: 'none' }
  /** An error message for 5 seconds: the server's msg, or a localized text for a call that got no answer. */
  | { kind: 'toast'; text: string }
  | { kind: 'toast'; key: 'errors.network' | 'errors.aborted' | 'errors.timeout' }
  /** "Confirm logout": the session is gone; cancel keeps the page and what was typed. */
  | { kind: 'confirm-logout' }
  /** HTTP 401 in a window opened with an overstep login: a modal that only closes the window. */
  | { kind: 'close-window' }
  /** HTTP 401 otherwise: a message for 1.5 seconds, then sign-out and reload. */
  | { kind: 'login-expired' }

/**
 * Calls whose failures their own page shows: the sign-in form, sign-out (which clears the
 * browser regardless), the forgot-password steps and the registration form, which mark fields
 * and say the rest in place, and the agreement dialog, which says a text is not published yet.
 */
const SHOWN_BY_THEIR_PAGE = ['/platform/login', '/platform/logout', '/platform/captcha_image', '/platform/get_captcha', '/platform/reset_pwd', '/platform/register', '/platform/agreement_public']
/** Spec §8: the 500xx modal is not raised for the profile call; the guard signs out instead (spec §4). */
const PROFILE = '/platform/get_user_info'

export function apiErrorReaction(error: ApiError, request: Pick<ApiRequest, 'path' | 'quiet'>, overstepTab: boolean): ApiErrorReaction {
  if (SHOWN_BY_THEIR_PAGE.includes(request.path)) return { kind: 'none' }
  if (error.statusCode === 401) return overstepTab ? { kind: 'close-window' } : { kind: 'login-expired' }
  if (error.isSessionError) return request.path === PROFILE ? { kind: 'none' } : { kind: 'confirm-logout' }
  if (request.quiet) return { kind: 'none' }
  if (error.code !== undefined) return { kind: 'toast', text: error.message || 'Error' }
  if (error.failure === 'timeout') return { kind: 'toast', key: 'errors.timeout' }
  if (error.failure) return { kind: 'toast', key: error.failure === 'aborted' ? 'errors.aborted' : 'errors.network' }
  return { kind: 'toast', text: error.message || 'Request Error' }
}
