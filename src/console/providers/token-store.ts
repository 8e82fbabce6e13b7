import type { PlatformOverstepLoginResponse } from '../../generated/types'

/** What a console opened by overstep login knows of its opening: who opened it, and when it ends. */
export interface OverstepOpening {
  opened_by: PlatformOverstepLoginResponse['opened_by']
  expires_at: PlatformOverstepLoginResponse['userinfo']['expires_at']
}

/**
 * Where the session token lives. A remembered sign-in keeps it in local storage; any other
 * keeps it in session storage, per tab, as an overstep login does. Session storage also
 * says whether this tab's token is an overstep one, since both kinds can sit there.
 */
export interface TokenStore {
  /** Spec §4: session storage first, then local storage. */
  read(): string | null
  /**
   * A sign-in. Remembered, the token stays for the session's whole lifetime, in every tab and
   * after the browser restarts (local storage); otherwise it ends with the browser session (session storage).
   */
  saveLogin(token: string, remember: boolean): void
  /** An overstep login keeps its token in session storage, so it dies with the tab, and with it what the opening said. */
  saveOverstep(token: string, opening: OverstepOpening): void
  /** Whether this tab holds an overstep login (a merchant's console opened by an admin or partner). */
  hasOverstepToken(): boolean
  /** The opening of this tab's overstep session; null in a tab signed in the normal way. */
  overstepOpening(): OverstepOpening | null
  clear(): void
}

export const TOKEN_KEY = 'token'
/** Set beside an overstep token in session storage (the opening, as JSON); a sign-in that was not remembered leaves it unset. */
export const OVERSTEP_KEY = 'token-overstep'

export function createTokenStore(storage: { session: Storage; local: Storage } = { session: sessionStorage, local: localStorage }): TokenStore {
  const clear = () => {
    storage.session.removeItem(TOKEN_KEY)
    storage.session.removeItem(OVERSTEP_KEY)
    storage.local.removeItem(TOKEN_KEY)
  }
  const hasOverstepToken = () => Boolean(storage.session.getItem(TOKEN_KEY)) && storage.session.getItem(OVERSTEP_KEY) !== null
  const overstepOpening = (): OverstepOpening | null => {
    const stored = hasOverstepToken() ? storage.session.getItem(OVERSTEP_KEY)! : ''
    try {
      const opening = JSON.parse(stored) as Partial<OverstepOpening> | null
      // A window marked overstep without what its opening said (the marker alone) shows no notice.
      return opening && typeof opening === 'object' && opening.opened_by && opening.expires_at ? (opening as OverstepOpening) : null
    } catch {
      return null
    }
  }
  return {
    read: () => storage.session.getItem(TOKEN_KEY) || storage.local.getItem(TOKEN_KEY),
    saveLogin(token, remember) {
      clear()
      ;(remember ? storage.local : storage.session).setItem(TOKEN_KEY, token)
    },
    saveOverstep(token, opening) {
      storage.session.setItem(TOKEN_KEY, token)
      storage.session.setItem(OVERSTEP_KEY, JSON.stringify(opening))
    },
    hasOverstepToken,
    overstepOpening,
    clear,
  }
}
