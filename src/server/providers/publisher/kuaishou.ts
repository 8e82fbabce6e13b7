import { malformed, said } from '../vendor-http'
import { kuaishouAnswer } from './kuaishou-answer'
import type { PlatformAuth, PlatformGrant } from './platform-auth'
import { callPlatform } from './publisher'

export interface KuaishouConfig {
  appId: string
  appSecret: string
  /** https://open.kuaishou.com; another address only for a proxy in front of it. */
  apiUrl: string
  timeoutMs: number
}

const VENDOR = said('快手', 'Kuaishou')
/** Posting videos in the account's name, and reading their figures. */
const SCOPES = 'user_info,user_video_publish,user_video_info'

interface TokenAnswer {
  result?: unknown
  error_msg?: unknown
  access_token?: unknown
  refresh_token?: unknown
  open_id?: unknown
  expires_in?: unknown
  refresh_token_expires_in?: unknown
  scopes?: unknown
}

/** Kuaishou's open platform (open.kuaishou.com): its OAuth 2.0 authorization-code flow. */
export function kuaishouAuth(config: KuaishouConfig): PlatformAuth {
  const url = (path: string, query: Record<string, string>) => `${new URL(path, config.apiUrl)}?${new URLSearchParams(query)}`
  /**
   * A GET of its API: the answer when `result` is 1, else its error as kuaishouAnswer classes
   * it. Only a grant run out or cancelled is AuthorizationLost; a wrong parameter or app
   * credential is the administrator's, a server error or the rate limit tried again.
   */
  async function get<T extends object>(path: string, query: Record<string, string>): Promise<T> {
    const response = await callPlatform({ vendor: VENDOR, url: url(path, query), timeoutMs: config.timeoutMs, init: { method: 'GET' } })
    return kuaishouAnswer<T>(path, await response.json().catch(() => null), 'token')!
  }
  const grantOf = (path: string, answer: TokenAnswer, openId?: string): PlatformGrant => {
    const id = typeof answer.open_id === 'string' ? answer.open_id : openId
    if (typeof answer.access_token !== 'string' || typeof answer.refresh_token !== 'string' || typeof id !== 'string' || typeof answer.expires_in !== 'number') {
      throw malformed(VENDOR, `${path} answered no tokens`)
    }
    return {
      openId: id,
      accessToken: answer.access_token,
      refreshToken: answer.refresh_token,
      expiresIn: answer.expires_in,
      refreshExpiresIn: typeof answer.refresh_token_expires_in === 'number' ? answer.refresh_token_expires_in : 0,
      scope: Array.isArray(answer.scopes) ? answer.scopes.join(',') : '',
    }
  }
  return {
    platform: 'kuaishou',
    authorizeUrl({ redirectUri, state }) {
      // ua=pc: the web-app page for a browser ("网站应用"); without it Kuaishou shows its page for phones.
      return url('/oauth2/authorize', { app_id: config.appId, scope: SCOPES, response_type: 'code', ua: 'pc', redirect_uri: redirectUri, state })
    },
    async exchangeCode({ code }) {
      const answer = await get<TokenAnswer>('/oauth2/access_token', { app_id: config.appId, app_secret: config.appSecret, code, grant_type: 'authorization_code' })
      return grantOf('/oauth2/access_token', answer)
    },
    async refresh({ refreshToken, openId }) {
      const answer = await get<TokenAnswer>('/oauth2/refresh_token', { app_id: config.appId, app_secret: config.appSecret, refresh_token: refreshToken, grant_type: 'refresh_token' })
      // A refresh answers no open_id: the account's stays.
      return grantOf('/oauth2/refresh_token', answer, openId)
    },
    async profile({ accessToken, openId }) {
      const answer = await get<{ result?: unknown; error_msg?: unknown; user_info?: { name?: unknown; head?: unknown } }>('/openapi/user_info', { app_id: config.appId, access_token: accessToken })
      if (typeof answer.user_info?.name !== 'string') throw malformed(VENDOR, '/openapi/user_info answered no name')
      return { openId, nickname: answer.user_info.name, avatarUrl: typeof answer.user_info.head === 'string' ? answer.user_info.head : '' }
    },
  }
}
