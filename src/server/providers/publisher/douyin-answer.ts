import { malformed, said } from '../vendor-http'
import { refusalFor, type Refusal } from './publisher'

const VENDOR = said('抖音', 'Douyin')

/**
 * Douyin's codes by who can act on them, from its status-code page (new 28xxxxxx and old
 * 21xxxxx tables), its OAuth pages and the clients that call it. `request` is a request
 * Douyin calls wrong: an administrator's to look into where it is the app's own call for
 * tokens, and a plain refusal of that one post otherwise.
 */
const CODES: Record<number, Refusal | 'request'> = {
  // The access token alone has run out (get-permission-token: "error_code=10008 2190008"; status codes: 28001008).
  10008: 'expired',
  2190008: 'expired',
  28001008: 'expired',
  // The refresh token has run out, or has been renewed the five times allowed: the owner authorizes again (refresh-access-token, refresh-token).
  10010: 'lost',
  10020: 'lost',
  // The access token refused (the owner cancelled the authorization), the OpenAPI's scope not granted, token and open_id not one account.
  2190002: 'lost',
  28001003: 'lost',
  2190003: 'lost',
  28001012: 'lost',
  2190015: 'lost',
  28001015: 'lost',
  // The account itself is closed or banned: no call in its name works until its owner sorts it out.
  28001045: 'lost',
  28001046: 'lost',
  // "系统繁忙" and "网络调用错误,请重试": try again.
  2100004: 'busy',
  28001005: 'busy',
  28001006: 'busy',
  // The rate, the quota (lifted the next day), "控制访问频率", and the daily number of posts.
  28003018: 'limited',
  28003017: 'limited',
  2190001: 'limited',
  28001052: 'limited',
  2114007: 'limited',
  // The app: its client_key or client_secret, or an ability or permission it has not been given.
  10003: 'app',
  10004: 'app',
  10013: 'app',
  29002002: 'app',
  2100007: 'app',
  2190004: 'app',
  28001014: 'app',
  28001016: 'app',
  28001017: 'app',
  28001018: 'app',
  28001019: 'app',
  28001020: 'app',
  28001021: 'app',
  28001056: 'app',
  28004020: 'app',
  // A parameter missing or not valid.
  10002: 'request',
  10005: 'request',
  2100005: 'request',
  28001007: 'request',
}

/** What every answer holds: `data`, and for most calls `extra`, each with an `error_code` and its `description`. */
interface DouyinAnswer {
  data?: Record<string, unknown> | null
  extra?: { error_code?: unknown; description?: unknown; sub_error_code?: unknown; sub_description?: unknown } | null
  message?: unknown
}

/**
 * The data of a Douyin answer that worked, or the error it means. Its documented samples
 * write `error_code` as a number or as a numeral in a string ("0"), in `data`, in `extra`, or
 * in both (create_video's sample has it only in `extra`); an error in either is an error.
 * `call` says whose a wrongly made request is: `token`, the app's own token calls, an
 * administrator's; `post`, the account's posts, that post's.
 *
 * ```ts
 * const data = douyinData('/oauth/refresh_token/', await response.json(), 'token')
 * ```
 */
export function douyinData(path: string, answer: unknown, call: 'token' | 'post'): Record<string, unknown> {
  const shown = () => `${path} answered ${JSON.stringify(answer)?.slice(0, 120)}`
  if (!answer || typeof answer !== 'object') throw malformed(VENDOR, shown())
  const { data, extra, message } = answer as DouyinAnswer
  if ((data != null && typeof data !== 'object') || (extra != null && typeof extra !== 'object')) throw malformed(VENDOR, shown())
  const codes = [data?.error_code, extra?.error_code].filter((code) => code !== undefined && code !== null).map(numeral)
  if (codes.length === 0 || codes.some((code) => code === null)) throw malformed(VENDOR, shown())
  const failed = codes.findIndex((code) => code !== 0)
  // A sub_error_code beside error_code 0 is not taken for a failure, as one SDK takes it: no
  // page says what it means, and a create that worked taken for a failure would post twice.
  if (failed < 0) return data ?? {}
  const code = codes[failed]!
  // The description beside the code that failed; data's first, as the code was read.
  const from = failed === 0 && data?.error_code != null ? data : extra
  const sub = numeral(extra?.sub_error_code)
  const words = String(from?.description || (sub ? extra?.sub_description : '') || message || 'no reason given')
  const reason = `${words} (error_code ${code}${sub ? `, sub_error_code ${sub}` : ''})`
  throw refusalFor(CODES[code], call, VENDOR, reason)
}

/** A whole number as Douyin writes it: a number, or (in its documented samples) a numeral in a string. */
export function numeral(value: unknown): number | null {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value
  return typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : null
}
