import { TaskFailure } from '../../tasks/task-handler'
import { callVendor, malformed, said } from '../vendor-http'
import { AuthorizationLost, type PlatformAuth, type PlatformGrant } from './platform-auth'

export interface DouyinConfig {
  clientKey: string
  clientSecret: string
  /** https://open.douyin.com; another address only for a proxy in front of it. */
  apiUrl: string
  timeoutMs: number
}

const VENDOR = 'Douyin'
/** Posting videos in the account's name, finding them among its posts, and reading their figures. */
const SCOPES = 'user_info,video.create.bind,video.list.bind,video.data.bind'
/** Its documented codes: the refresh token has expired, or has been renewed as often as allowed; the system is busy. */
const REFRESH_TOKEN_EXPIRED = 10010
const RENEWALS_USED_UP = 10020
const BUSY = 2100004

/** Every answer of Douyin's open API: `data` holds `error_code` (0 when it worked) and `description`. */
interface Answer<T> {
  data?: (T & { error_code?: unknown; description?: unknown }) | null
  message?: unknown
}

interface TokenData {
  access_token?: unknown
  refresh_token?: unknown
  open_id?: unknown
  expires_in?: unknown
  refresh_expires_in?: unknown
  scope?: unknown
}

/** Douyin's open platform (open.douyin.com): its OAuth 2.0 authorization-code flow. */
export function douyinAuth(config: DouyinConfig): PlatformAuth {
  const url = (path: string) => new URL(path, config.apiUrl).toString()
  /** A form POST (the token calls take x-www-form-urlencoded, not JSON), its data or its error said. */
  async function post<T>(path: string, form: Record<string, string>, lost?: (code: number) => boolean): Promise<T> {
    const response = await callVendor({ vendor: VENDOR, url: url(path), timeoutMs: config.timeoutMs, init: { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() } })
    const answer = (await response.json().catch(() => null)) as Answer<T> | null
    const data = answer?.data
    if (!data || typeof data.error_code !== 'number') throw malformed(VENDOR, `${path} answered ${JSON.stringify(answer).slice(0, 120)}`)
    if (data.error_code === 0) return data
    const reason = `${String(data.description || answer.message || 'no reason given')} (error_code ${data.error_code})`
    if (lost?.(data.error_code)) throw new AuthorizationLost(said(`抖音不再接受这个账号的授权：${reason}。请账号本人重新授权。`, `Douyin no longer accepts this account's authorization: ${reason}. Its owner must authorize again.`))
    if (data.error_code === BUSY) throw new TaskFailure(said(`抖音暂时繁忙：${reason}，稍后会重试。`, `Douyin is busy: ${reason}; it will be tried again.`), true)
    throw new TaskFailure(said(`抖音拒绝了请求：${reason}`, `Douyin refused the request: ${reason}`))
  }
  const grantOf = (path: string, data: TokenData): PlatformGrant => {
    const expiresIn = seconds(data.expires_in)
    if (typeof data.access_token !== 'string' || typeof data.refresh_token !== 'string' || typeof data.open_id !== 'string' || expiresIn === null) {
      throw malformed(VENDOR, `${path} answered no tokens`)
    }
    return {
      openId: data.open_id,
      accessToken: data.access_token,
      refreshToken: data.refresh_token,
      expiresIn,
      refreshExpiresIn: seconds(data.refresh_expires_in) ?? 0,
      scope: typeof data.scope === 'string' ? data.scope : '',
    }
  }
  return {
    platform: 'douyin',
    authorizeUrl({ redirectUri, state }) {
      const query = new URLSearchParams({ client_key: config.clientKey, response_type: 'code', scope: SCOPES, redirect_uri: redirectUri, state })
      return `${url('/platform/oauth/connect/')}?${query}`
    },
    async exchangeCode({ code }) {
      const data = await post<TokenData>('/oauth/access_token/', { client_key: config.clientKey, client_secret: config.clientSecret, code, grant_type: 'authorization_code' })
      return grantOf('/oauth/access_token/', data)
    },
    async refresh({ refreshToken, openId }) {
      const data = await post<TokenData>('/oauth/refresh_token/', { client_key: config.clientKey, grant_type: 'refresh_token', refresh_token: refreshToken }, (code) => code === REFRESH_TOKEN_EXPIRED)
      // The refresh answers keep the account's open_id; an older answer may leave it out.
      return grantOf('/oauth/refresh_token/', { open_id: openId, ...data })
    },
    async renewRefreshToken({ refreshToken }) {
      const path = '/oauth/renew_refresh_token/'
      const data = await post<{ refresh_token?: unknown; expires_in?: unknown }>(path, { client_key: config.clientKey, refresh_token: refreshToken }, (code) => code === REFRESH_TOKEN_EXPIRED || code === RENEWALS_USED_UP)
      const expiresIn = seconds(data.expires_in)
      if (typeof data.refresh_token !== 'string' || expiresIn === null) throw malformed(VENDOR, `${path} answered no refresh_token`)
      return { refreshToken: data.refresh_token, refreshExpiresIn: expiresIn }
    },
    async profile({ accessToken, openId }) {
      const data = await post<{ nickname?: unknown; avatar?: unknown; open_id?: unknown }>('/oauth/userinfo/', { access_token: accessToken, open_id: openId })
      if (typeof data.nickname !== 'string') throw malformed(VENDOR, '/oauth/userinfo/ answered no nickname')
      return { openId, nickname: data.nickname, avatarUrl: typeof data.avatar === 'string' ? data.avatar : '' }
    },
  }
}

/** A duration in seconds as Douyin writes it: a number, or (in its documented samples) a numeral in a string. */
function seconds(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value
  return typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : null
}
