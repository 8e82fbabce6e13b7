/** Where the session token lives. Overstep logins keep theirs in session storage, per tab. */
export interface TokenStore {
  /** Spec §4: session storage first, then local storage. */
  read(): string | null
  /** A normal login keeps its token in local storage. */
  saveLogin(token: string): void
  /** An overstep login keeps its token in session storage, so it dies with the tab. */
  saveSession(token: string): void
  hasSessionToken(): boolean
  clear(): void
}

export const TOKEN_KEY = 'token'

export function createTokenStore(storage: { session: Storage; local: Storage } = { session: sessionStorage, local: localStorage }): TokenStore {
  return {
    read: () => storage.session.getItem(TOKEN_KEY) || storage.local.getItem(TOKEN_KEY),
    saveLogin: (token) => storage.local.setItem(TOKEN_KEY, token),
    saveSession: (token) => storage.session.setItem(TOKEN_KEY, token),
    hasSessionToken: () => Boolean(storage.session.getItem(TOKEN_KEY)),
    clear() {
      storage.session.removeItem(TOKEN_KEY)
      storage.local.removeItem(TOKEN_KEY)
    },
  }
}
