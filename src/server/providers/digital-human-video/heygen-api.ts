import type { Label } from '../../../schema/types'
import { TaskDeferred, TaskFailure } from '../../errors/task-failure'
import { isPrivateAddress, outboundDispatcher, PRIVATE_TARGET, refusesPrivateTargets } from '../outbound'
import { malformed, pause, said } from '../vendor-http'

const VENDOR = 'HeyGen'
/** The longest a rate limit holds a task back at once, whatever Retry-After asks: the engine's longest pause between tries. */
const MAX_WAIT_SECONDS = 15 * 60

export interface HeyGenRequest {
  method: 'GET' | 'POST'
  /** The API's address, or where files go. */
  base: string
  path: string
  headers?: Record<string, string>
  body?: string | FormData
  signal?: AbortSignal
  /**
   * For a create sent with an Idempotency-Key: while the first request with that key is still
   * running at HeyGen, it answers 409 request_in_progress, and the same request is asked again
   * after `pauseMs`, until `untilMs`.
   */
  whileInProgress?: { pauseMs: number; untilMs: number }
}

/** What a v3 error answer says: `{ "error": { "code", "message", "param"?, "doc_url"? } }`, and its Retry-After. */
export interface HeyGenError {
  status: number
  code: string
  message: string
  param?: string
  retryAfter: string | null
}

/**
 * One call to HeyGen's v3 API, resolving to the `data` of its answer. callVendor (vendor-http.ts)
 * says every 429 as passing and hands back neither the error's code nor Retry-After, and HeyGen
 * needs both: its 429 is a rate limit to wait out (Retry-After) or a quota that waiting does not
 * lift (quota_exceeded), and its 409 request_in_progress means "ask again shortly". So this call
 * reads the answer itself, under the same outbound policy (outbound.ts) and with the same words
 * for a slow or unreachable HeyGen.
 *
 * @example
 * const call = heyGenApi({ apiKey, timeoutMs: 60_000 })
 * const me = await call({ method: 'GET', base: 'https://api.heygen.com', path: '/v3/users/me' })
 */
export function heyGenApi(config: { apiKey: string; timeoutMs: number }) {
  return async function call(request: HeyGenRequest): Promise<Record<string, unknown>> {
    const url = targetOf(request.base, request.path)
    const route = `${request.method} ${request.path.split('?')[0]}`
    for (;;) {
      const timeout = AbortSignal.timeout(config.timeoutMs)
      let response: Response
      let text: string
      try {
        response = await fetch(url, {
          method: request.method,
          headers: { 'x-api-key': config.apiKey, accept: 'application/json', ...request.headers },
          body: request.body,
          // HeyGen's API documents no redirect; one to elsewhere would carry the key there.
          redirect: 'manual',
          signal: request.signal ? AbortSignal.any([request.signal, timeout]) : timeout,
          ...({ dispatcher: outboundDispatcher() } as object),
        })
        text = await response.text()
      } catch (error) {
        if (request.signal?.aborted) throw error
        if (timeout.aborted) throw new TaskFailure(said(`HeyGen 在 ${config.timeoutMs / 1000} 秒内没有应答，稍后会重试。`, `HeyGen did not answer within ${config.timeoutMs / 1000} s; it will be tried again.`), true)
        const cause = (error as { cause?: { code?: string; message?: string } }).cause
        if (cause?.code === PRIVATE_TARGET) throw privateTarget(cause.message ?? url.host)
        const why = cause?.code ?? cause?.message ?? (error as Error).message
        throw new TaskFailure(said(`无法连接 HeyGen（${why}），稍后会重试。`, `HeyGen could not be reached (${why}); it will be tried again.`), true)
      }
      if (response.status >= 300 && response.status <= 399) {
        const location = response.headers.get('location') ?? ''
        throw new TaskFailure(said(
          `HeyGen 把请求转到了另一个地址（${location || '没有给出地址'}），服务器不会跟随。请在设置中填写它现在的地址。`,
          `HeyGen redirected the call to another address (${location || 'none given'}), which the server does not follow. Enter its current address in the settings.`,
        ))
      }
      if (response.ok) return dataOf(route, text)
      const error = heyGenErrorOf(response.status, text, response.headers.get('retry-after'))
      const waiting = request.whileInProgress
      if (error.status === 409 && error.code === 'request_in_progress' && waiting) {
        if (Date.now() >= waiting.untilMs) {
          throw new TaskFailure(said('HeyGen 仍在处理同一请求的上一次发送，稍后会重试。', 'HeyGen is still working on the first sending of the same request; it will be tried again.'), true)
        }
        await pause(waiting.pauseMs, request.signal)
        continue
      }
      throw heyGenRefusal(error, Date.now())
    }
  }
}

/** The `data` of a 2xx answer: v3 answers carry no `code: 100` and no `error` when they succeed. */
function dataOf(route: string, text: string): Record<string, unknown> {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw malformed(VENDOR, `${route} answered ${text.slice(0, 60) || 'nothing'} instead of JSON`)
  }
  const data = (body as { data?: unknown } | null)?.data
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw malformed(VENDOR, `${route} answered ${text.slice(0, 120)} without its data`)
  return data as Record<string, unknown>
}

function targetOf(base: string, path: string): URL {
  if (!URL.canParse(path, base)) throw new TaskFailure(said(`HeyGen 的地址无效：${base.slice(0, 200)}`, `HeyGen's address is not a valid address: ${base.slice(0, 200)}`))
  const url = new URL(path, base)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TaskFailure(said(`HeyGen 的地址只能以 http:// 或 https:// 开头：${base.slice(0, 200)}`, `HeyGen's address must start with http:// or https://: ${base.slice(0, 200)}`))
  }
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (refusesPrivateTargets() && isPrivateAddress(host)) throw privateTarget(`${host} is not a public address`)
  return url
}

function privateTarget(why: string): TaskFailure {
  return new TaskFailure(said(`HeyGen 的地址不是公网地址（${why}），本部署不调用私有地址。`, `HeyGen's address is not public (${why}); this deployment calls no private address.`))
}

/** The error an answer carries, in HeyGen's v3 envelope or, from something in front of it, as short text. */
export function heyGenErrorOf(status: number, text: string, retryAfter: string | null): HeyGenError {
  let error: unknown
  try {
    error = (JSON.parse(text) as { error?: unknown } | null)?.error
  } catch {
    // Not JSON: a proxy's page or plain text, read below.
  }
  if (error && typeof error === 'object') {
    const { code, message, param } = error as Record<string, unknown>
    return {
      status,
      code: typeof code === 'string' ? code : '',
      message: typeof message === 'string' ? message.slice(0, 300) : '',
      ...(typeof param === 'string' && param ? { param } : {}),
      retryAfter,
    }
  }
  return { status, code: '', message: /^[^<\n]{1,300}$/.test(text.trim()) ? text.trim() : '', retryAfter }
}

/**
 * A refusal said as people can act on it (developers.heygen.com/docs/error-codes): a wrong key,
 * no credit, no permission, a file too large or a quota used up is final; a rate limit waits as
 * long as Retry-After asks, the task set aside meanwhile (TaskDeferred), or is tried again when
 * it names no time; HeyGen failing (5xx) is tried again.
 */
export function heyGenRefusal(error: HeyGenError, nowMs: number): TaskFailure | TaskDeferred {
  const what = `HTTP ${error.status}${error.code ? ` ${error.code}` : ''}${error.param ? `, ${error.param}` : ''}`
  const why: Label = error.message ? said(error.message, error.message) : said('没有说明原因', 'it gave no reason')
  if (error.status === 401) {
    return new TaskFailure(said(`HeyGen 不接受 API 密钥（${what}：${why['zh-CN']}）。请检查设置中的 HeyGen API 密钥。`, `HeyGen refused the API key (${what}: ${why['en-US']}). Check the HeyGen API key in the settings.`))
  }
  if (error.status === 402) {
    return new TaskFailure(said(`HeyGen 账户的额度不足（${what}：${why['zh-CN']}）。请为 HeyGen 账户充值后重新提交。`, `The HeyGen account is out of credits (${what}: ${why['en-US']}). Add credits to the HeyGen account, then submit again.`))
  }
  if (error.status === 403) {
    return new TaskFailure(said(`HeyGen 不允许这个 API 密钥这样做（${what}：${why['zh-CN']}）。`, `HeyGen does not permit this with the platform's API key (${what}: ${why['en-US']}).`))
  }
  if (error.status === 413) {
    return new TaskFailure(said(`HeyGen 认为文件过大（${what}：${why['zh-CN']}）。`, `HeyGen refused a file as too large (${what}: ${why['en-US']}).`))
  }
  if (error.status === 429 && error.code === 'quota_exceeded') {
    return new TaskFailure(said(
      `HeyGen 的用量配额已用完（${what}：${why['zh-CN']}）。等待不会解除：请在 HeyGen 提高配额后重新提交。`,
      `HeyGen's usage quota is used up (${what}: ${why['en-US']}). Waiting does not lift it: raise the quota in HeyGen, then submit again.`,
    ))
  }
  if (error.status === 429) {
    const seconds = retryAfterSeconds(error.retryAfter, nowMs)
    if (seconds !== undefined) {
      const wait = Math.max(1, Math.min(MAX_WAIT_SECONDS, seconds))
      return new TaskDeferred(wait, said(`HeyGen 正在限制请求频率（${what}：${why['zh-CN']}），按其要求等待 ${wait} 秒后继续`, `HeyGen is limiting requests (${what}: ${why['en-US']}); waiting ${wait} s, as it asks, before going on`))
    }
    return new TaskFailure(said(`HeyGen 正在限制请求频率（${what}：${why['zh-CN']}），稍后会重试。`, `HeyGen is limiting requests (${what}: ${why['en-US']}); it will be tried again.`), true)
  }
  if (error.status >= 500) {
    return new TaskFailure(said(`HeyGen 暂时无法处理（${what}：${why['zh-CN']}），稍后会重试。`, `HeyGen is busy or failing (${what}: ${why['en-US']}); it will be tried again.`), true)
  }
  return new TaskFailure(said(`HeyGen 拒绝了请求（${what}）：${why['zh-CN']}`, `HeyGen refused the request (${what}): ${why['en-US']}`))
}

/** Retry-After in seconds, as a number of seconds or an HTTP date (RFC 9110 §10.2.3); undefined when it says neither. */
export function retryAfterSeconds(header: string | null, nowMs: number): number | undefined {
  const value = header?.trim() ?? ''
  if (/^\d+$/.test(value)) return Number(value)
  // An HTTP date ends in GMT; anything else Date.parse might read ("1.5") is not one.
  const at = /GMT$/.test(value) ? Date.parse(value) : Number.NaN
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - nowMs) / 1000))
}
