import type { PlatformOverstepLoginResponse } from '../../generated/types'

/** What a console opened by overstep login knows of its opening: who opened it, and when it ends. */
export interface OverstepOpening {
  opened_by: PlatformOverstepLoginResponse['opened_by']
  expires_at: PlatformOverstepLoginResponse['userinfo']['expires_at']
}

/** Where the session token lives. Overstep logins keep theirs in session storage, per tab. */
export interface TokenStore {
  /** Spec §4: session storage first, then local storage. */
  read(): string | null
  /** A normal login keeps its token in local storage. */
  saveLogin(token: string): void
  /** An overstep login keeps its token in session storage, so it dies with the tab, and with it what the opening said. */
  saveSession(token: string, opening?: OverstepOpening): void
  hasSessionToken(): boolean
  /** The opening of this tab's overstep session; null in a tab signed in the normal way. */
  overstepOpening(): OverstepOpening | null
  clear(): void
}

export const TOKEN_KEY = 'token'
export const OVERSTEP_KEY = 'overstep'

export function createTokenStore(storage: { session: Storage; local: Storage } = { session: sessionStorage, local: localStorage }): TokenStore {
  const hasSessionToken = () => Boolean(storage.session.getItem(TOKEN_KEY))
  return {
    read: () => storage.session.getItem(TOKEN_KEY) || storage.local.getItem(TOKEN_KEY),
    saveLogin: (token) => storage.local.setItem(TOKEN_KEY, token),
    saveSession(token, opening) {
      storage.session.setItem(TOKEN_KEY, token)
      if (opening) storage.session.setItem(OVERSTEP_KEY, JSON.stringify(opening))
      else storage.session.removeItem(OVERSTEP_KEY)
    },
    hasSessionToken,
    overstepOpening() {
      const stored = hasSessionToken() ? storage.session.getItem(OVERSTEP_KEY) : null
      if (!stored) return null
      try {
        return JSON.parse(stored) as OverstepOpening
      } catch {
        return null
      }
    },
    clear() {
      storage.session.removeItem(TOKEN_KEY)
      storage.session.removeItem(OVERSTEP_KEY)
      storage.local.removeItem(TOKEN_KEY)
    },
  }
}
