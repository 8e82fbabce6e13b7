import type { AuthProvider } from '@refinedev/core'
import { roleOfUserType, type Role } from '../../schema/types'
import type { ApiError } from './ApiError'
import type { PlatformOverstepLoginResponse, PlatformRegisterBody, PlatformRegisterResponse, User } from '../../generated/types'
import type { HttpClient } from './http-client'
import type { OverstepOpening, TokenStore } from './token-store'

/**
 * The signed-in account: its profile as get_user_info answers it, the role its user_type
 * names, and the settings of the groups spec §4 loads with it (show_config, resource) by name.
 * In a console opened by overstep login, `overstep` says who opened it and when it ends.
 */
export type Identity = User & { role: Role; settings: Record<string, unknown>; overstep?: OverstepOpening }

/** Spec §4: the simple config groups loaded into app state with the profile. */
export const SIGN_IN_CONFIG_GROUPS = ['show_config', 'resource'] as const

/** The page address's query, read when a check runs (an overstep opens the console with login_type=1&merchant_id=…). */
export type LocationSearch = () => string

export interface AuthProviderOptions {
  http: HttpClient
  tokens: TokenStore
  /** Drops what the console keeps about the signed-in account (its cached answers), on sign-out. */
  forgetAccount?: () => void
  search?: LocationSearch
}

/**
 * Spec §4's sign-in rules as Refine's auth provider. Like Refine's own, every method
 * resolves with a result object instead of throwing, so the UI decides what to show.
 */
/** Refine's auth provider, plus a way to read the profile again after the account edited it. */
export type ConsoleAuthProvider = AuthProvider & { forgetIdentity(): void }

export function createAuthProvider({ http, tokens, forgetAccount, search = () => window.location.search }: AuthProviderOptions): ConsoleAuthProvider {
  let identity: Promise<Identity> | undefined
  let identityToken: string | null = null
  let overstepping: Promise<void> | undefined

  const clearAll = () => {
    tokens.clear()
    identity = undefined
    forgetAccount?.()
  }

  // Refine takes these methods off the provider before calling them, so they must not rely on `this`.
  const getIdentity = async (): Promise<Identity | null> => {
    const token = tokens.read()
    if (!token) return null
    if (!identity || identityToken !== token) {
      identityToken = token
      const loading: Promise<Identity> = Promise.all([
        http.request<User>({ method: 'POST', path: '/platform/get_user_info' }),
        ...SIGN_IN_CONFIG_GROUPS.map((group) => http.request<{ name: string; value: unknown }[]>({ method: 'GET', path: '/platform/get_simple_config', query: { group } })),
      ]).then(([profile, ...groups]) => {
        const overstep = tokens.overstepOpening()
        return {
          ...(profile as User),
          role: roleOfUserType(Number((profile as User).user_type)) ?? 'agent',
          settings: Object.fromEntries(groups.flat().map(({ name, value }) => [name, value])),
          ...(overstep ? { overstep } : {}),
        }
      })
      loading.catch(() => {
        if (identity === loading) identity = undefined
      })
      identity = loading
    }
    return identity
  }

  return {
    async login({ username, password, remember = false }: { username: string; password: string; remember?: boolean }) {
      try {
        const data = await http.request<{ userinfo: { token: string } }>({ method: 'POST', path: '/platform/login', body: { username, password } })
        // A normal sign-in replaces an overstep session in this tab too: session storage is read first.
        tokens.saveLogin(data.userinfo.token, remember)
        identity = undefined
        return { success: true, redirectTo: '/' }
      } catch (error) {
        tokens.clear()
        return { success: false, error: error as ApiError }
      }
    },

    /**
     * A merchant's own registration (platform/register), signed in at once as the answer's
     * session. Not remembered: whoever wants the sign-in to outlast the browser session ticks
     * "Remember password" the next time.
     */
    async register(values: PlatformRegisterBody) {
      try {
        const data = await http.request<PlatformRegisterResponse>({ method: 'POST', path: '/platform/register', body: values })
        tokens.saveLogin(data.userinfo.token, false)
        identity = undefined
        return { success: true, redirectTo: '/' }
      } catch (error) {
        return { success: false, error: error as ApiError }
      }
    },

    async logout() {
      // The server revokes the session; whatever it answers, this browser forgets it.
      if (tokens.read()) await http.request({ method: 'POST', path: '/platform/logout' }).catch(() => undefined)
      clearAll()
      return { success: true, redirectTo: '/login' }
    },

    async check() {
      // Spec §4: an admin or partner opening a merchant's console (login_type=1) signs in as that merchant in this tab only.
      const overstep = new URLSearchParams(search())
      if (overstep.get('login_type') === '1' && !tokens.hasOverstepToken()) {
        // The router checks more than once while the page opens; one opening is one overstep session (and one log row).
        overstepping ??= http
          .request<PlatformOverstepLoginResponse>({ method: 'POST', path: '/platform/overstep_login', body: { merchant_id: Number(overstep.get('merchant_id')) } })
          .then((data) => tokens.saveOverstep(data.userinfo.token, { opened_by: data.opened_by, expires_at: data.userinfo.expires_at }))
          .finally(() => (overstepping = undefined))
        try {
          await overstepping
        } catch (error) {
          return { authenticated: false, redirectTo: '/login', error: error as ApiError }
        }
      }
      if (!tokens.read()) return { authenticated: false, redirectTo: '/login', logout: true }
      // Spec §4: the profile is loaded before any page; if it cannot be, sign out and go to sign-in.
      try {
        await getIdentity()
        return { authenticated: true }
      } catch (error) {
        return { authenticated: false, redirectTo: '/login', logout: true, error: error as ApiError }
      }
    },

    // Spec §8: a session that ends under an open page asks first ("Confirm logout", layout/ApiErrorNotices),
    // so a person can cancel and keep what they typed; nothing signs out behind their back.
    async onError() {
      return {}
    },

    getIdentity,

    forgetIdentity() {
      identity = undefined
    },

    async getPermissions() {
      return (await getIdentity())?.role ?? null
    },
  }
}
