import { malformed, said } from '../vendor-http'
import { douyinData, numeral } from './douyin-answer'
import type { PlatformAuth, PlatformGrant } from './platform-auth'
import { callPlatform } from './publisher'

export interface DouyinConfig {
  clientKey: string
  clientSecret: string
  /** https://open.douyin.com; another address only for a proxy in front of it. */
  apiUrl: string
  timeoutMs: number
}

const NAME = said('抖音', 'Douyin')
/** Posting videos in the account's name, finding them among its posts, and reading their figures. */
const SCOPES = 'user_info,video.create.bind,video.list.bind,video.data.bind'

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
  /**
   * A form POST (the token calls take x-www-form-urlencoded, "并非json,而是form"), its data, or
   * its error as douyinData classes it: a refresh token run out is AuthorizationLost, the app's
   * settings the administrator's, busy or limited tried again.
   */
  async function post<T>(path: string, form: Record<string, string>): Promise<T> {
    const response = await callPlatform({ vendor: NAME, url: url(path), timeoutMs: config.timeoutMs, init: { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() } })
    return douyinData(path, await response.json().catch(() => null), 'token') as T
  }
  const grantOf = (path: string, data: TokenData): PlatformGrant => {
    const expiresIn = numeral(data.expires_in)
    if (typeof data.access_token !== 'string' || typeof data.refresh_token !== 'string' || typeof data.open_id !== 'string' || expiresIn === null) {
      throw malformed(NAME, `${path} answered no tokens`)
    }
    return {
      openId: data.open_id,
      accessToken: data.access_token,
      refreshToken: data.refresh_token,
      expiresIn,
      refreshExpiresIn: numeral(data.refresh_expires_in) ?? 0,
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
      const data = await post<TokenData>('/oauth/refresh_token/', { client_key: config.clientKey, grant_type: 'refresh_token', refresh_token: refreshToken })
      // The refresh answers keep the account's open_id; an older answer may leave it out.
      return grantOf('/oauth/refresh_token/', { open_id: openId, ...data })
    },
    async renewRefreshToken({ refreshToken }) {
      const path = '/oauth/renew_refresh_token/'
      const data = await post<{ refresh_token?: unknown; expires_in?: unknown }>(path, { client_key: config.clientKey, refresh_token: refreshToken })
      const expiresIn = numeral(data.expires_in)
      if (typeof data.refresh_token !== 'string' || expiresIn === null) throw malformed(NAME, `${path} answered no refresh_token`)
      return { refreshToken: data.refresh_token, refreshExpiresIn: expiresIn }
    },
    async profile({ accessToken, openId }) {
      const data = await post<{ nickname?: unknown; avatar?: unknown; open_id?: unknown }>('/oauth/userinfo/', { access_token: accessToken, open_id: openId })
      if (typeof data.nickname !== 'string') throw malformed(NAME, '/oauth/userinfo/ answered no nickname')
      return { openId, nickname: data.nickname, avatarUrl: typeof data.avatar === 'string' ? data.avatar : '' }
    },
  }
}
