import { malformed, said } from '../vendor-http'
import { refusalFor, type Refusal } from './publisher'

const VENDOR = said('快手', 'Kuaishou')

/**
 * Kuaishou's `result` codes by who can act on them: its error-code page (the oauth2.0, content
 * and live tables) and its server error table. `request` is a request Kuaishou calls wrong:
 * an administrator's to look into where it is the app's own call for tokens, and a plain
 * refusal of that one post otherwise. Any other code is a plain refusal in Kuaishou's words:
 * a code refused at the exchange (100200105) among them, which its owner starts again.
 */
const CODES: Record<number, Refusal | 'request'> = {
  100200108: 'expired',
  // The refresh token has run out, the owner cancelled the authorization, it ran out, it was never given.
  100200113: 'lost',
  100200109: 'lost',
  100200110: 'lost',
  100200111: 'lost',
  // "服务内部错误", "系统故障", the live table's "server错误": try again.
  100200500: 'busy',
  10000500: 'busy',
  400003: 'busy',
  // "api too fast" and "api限速".
  10000302: 'limited',
  400002: 'limited',
  // The app: its app_id or app_secret ("可能是验证参数不正确"), a scope it was not given, its bundle token.
  100200101: 'app',
  100200106: 'app',
  100200112: 'app',
  // A parameter missing or wrong; "请求被拒绝,可能是无效的 token 等" is read as one too, not as a
  // lost authorization, as its own page does not say the owner must authorize again.
  100200100: 'request',
  100200102: 'request',
  100200103: 'request',
  100200104: 'request',
  100200107: 'request',
  100400: 'request',
  10000200: 'request',
  400001: 'request',
}

/**
 * The answer when `result` is 1, null when it is one of `absent`, or the error it means.
 * `call` says whose a wrongly made request is: `token`, the app's own token calls, an
 * administrator's; `post`, the account's posts, that post's.
 *
 * ```ts
 * const answer = kuaishouAnswer<TokenAnswer>('/oauth2/refresh_token', await response.json(), 'token')
 * ```
 */
export function kuaishouAnswer<T extends object>(path: string, answer: unknown, call: 'token' | 'post', absent: readonly number[] = []): T | null {
  const result = (answer as { result?: unknown } | null)?.result
  if (!answer || typeof answer !== 'object' || typeof result !== 'number') throw malformed(VENDOR, `${path} answered ${JSON.stringify(answer)?.slice(0, 120)}`)
  if (result === 1) return answer as T
  if (absent.includes(result)) return null
  const reason = `${String((answer as { error_msg?: unknown }).error_msg || 'no reason given')} (result ${result})`
  throw refusalFor(CODES[result], call, VENDOR, reason)
}
