import { TaskFailure } from '../../tasks/task-handler'
import { callVendor, malformed, said } from '../vendor-http'
import { AuthorizationLost, type PlatformAuth, type PlatformGrant } from './platform-auth'

export interface KuaishouConfig {
  appId: string
  appSecret: string
  /** https://open.kuaishou.com; another address only for a proxy in front of it. */
  apiUrl: string
  timeoutMs: number
}

const VENDOR = 'Kuaishou'
/** Posting videos in the account's name, and reading their figures. */
const SCOPES = 'user_info,user_video_publish,user_video_info'
/** Its documented code for a wrong app_id or app_secret: this platform's settings, not the account. */
const APP_REFUSED = 100200101

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
  /** A GET of its API: the answer when `result` is 1, else what it said. */
  async function get<T extends { result?: unknown; error_msg?: unknown }>(path: string, query: Record<string, string>, lost = false): Promise<T> {
    const response = await callVendor({ vendor: VENDOR, url: url(path, query), timeoutMs: config.timeoutMs, init: { method: 'GET' } })
    const answer = (await response.json().catch(() => null)) as T | null
    if (!answer || typeof answer.result !== 'number') throw malformed(VENDOR, `${path} answered ${JSON.stringify(answer).slice(0, 120)}`)
    if (answer.result === 1) return answer
    const reason = `${String(answer.error_msg || 'no reason given')} (result ${answer.result})`
    if (answer.result === APP_REFUSED) throw new TaskFailure(said(`快手不认这个平台的 App ID 或 App Secret：${reason}。请管理员在“初始化配置”中核对。`, `Kuaishou does not accept this platform's App ID or App Secret: ${reason}. An administrator checks them in Initial configuration.`))
    if (lost) throw new AuthorizationLost(said(`快手不再接受这个账号的授权：${reason}。请账号本人重新授权。`, `Kuaishou no longer accepts this account's authorization: ${reason}. Its owner must authorize again.`))
    throw new TaskFailure(said(`快手拒绝了请求：${reason}`, `Kuaishou refused the request: ${reason}`))
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
      return url('/oauth2/authorize', { app_id: config.appId, scope: SCOPES, response_type: 'code', ui: 'pc', redirect_uri: redirectUri, state })
    },
    async exchangeCode({ code }) {
      const answer = await get<TokenAnswer>('/oauth2/access_token', { app_id: config.appId, app_secret: config.appSecret, code, grant_type: 'authorization_code' })
      return grantOf('/oauth2/access_token', answer)
    },
    async refresh({ refreshToken, openId }) {
      const answer = await get<TokenAnswer>('/oauth2/refresh_token', { app_id: config.appId, app_secret: config.appSecret, refresh_token: refreshToken, grant_type: 'refresh_token' }, true)
      return grantOf('/oauth2/refresh_token', answer, openId)
    },
    async profile({ accessToken, openId }) {
      const answer = await get<{ result?: unknown; error_msg?: unknown; user_info?: { name?: unknown; head?: unknown } }>('/openapi/user_info', { app_id: config.appId, access_token: accessToken })
      if (typeof answer.user_info?.name !== 'string') throw malformed(VENDOR, '/openapi/user_info answered no name')
      return { openId, nickname: answer.user_info.name, avatarUrl: typeof answer.user_info.head === 'string' ? answer.user_info.head : '' }
    },
  }
}
