import type { Label } from '../../schema/types'
import { TaskFailure } from '../errors/task-failure'
import { isPrivateAddress, outboundDispatcher, PRIVATE_TARGET, refusesPrivateTargets } from './outbound'
import { vendorDuration } from '../metrics/instruments'

/** Redirects followed within the vendor's own origin; a longer chain is the vendor's fault. */
const MAX_REDIRECTS = 5

export interface VendorRequest {
  /** The vendor's name as people know it, for messages; in both locales where it is no brand. */
  vendor: string | Label
  url: string
  init: RequestInit
  timeoutMs: number
  /** The task's own: a cancel ends the call at once. */
  signal?: AbortSignal
}

/**
 * One HTTP call to a vendor, its failures said as a person can act on them: busy, down, slow or
 * unreachable is a passing failure (the task is tried again), a refusal is the vendor's own
 * words and final. A 2xx answer is handed back unread. Only http and https are called, a
 * redirect is followed only within the vendor's own origin, and where the deployment refuses
 * private targets (outbound.ts) no private address is called. Each call is timed for GET /metrics.
 */
export async function callVendor(request: VendorRequest): Promise<Response> {
  const started = performance.now()
  const seen = (status: string) => vendorDuration.observe({ vendor: nameIn(request.vendor, 'en-US'), status }, (performance.now() - started) / 1000)
  try {
    const response = await sendToVendor(request)
    seen(String(response.status))
    return response
  } catch (error) {
    // A refusal or a busy answer is still the vendor's status; "failed" is a call no answer came to.
    seen(error instanceof VendorAnswerFailure ? String(error.status) : 'failed')
    throw error
  }
}

async function sendToVendor({ vendor: named, url, init, timeoutMs, signal }: VendorRequest): Promise<Response> {
  const vendor = nameIn(named, 'en-US')
  const vendorZh = nameIn(named, 'zh-CN')
  const timeout = AbortSignal.timeout(timeoutMs)
  let target = checkedTarget(named, url)
  let request = init
  let response: Response
  for (let hops = 0; ; hops++) {
    try {
      response = await fetch(target, {
        ...request,
        redirect: 'manual',
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        ...({ dispatcher: outboundDispatcher() } as object),
      })
    } catch (error) {
      if (signal?.aborted) throw error
      if (timeout.aborted) throw new TaskFailure(said(`${vendorZh} 在 ${timeoutMs / 1000} 秒内没有应答，稍后会重试。`, `${vendor} did not answer within ${timeoutMs / 1000} s; it will be tried again.`), true)
      const cause = (error as { cause?: { code?: string; message?: string } }).cause
      if (cause?.code === PRIVATE_TARGET) throw privateTarget(named, cause.message ?? target.host)
      throw new TaskFailure(said(`无法连接 ${vendorZh}（${causeOf(error)}），稍后会重试。`, `${vendor} could not be reached (${causeOf(error)}); it will be tried again.`), true)
    }
    if (response.status < 300 || response.status > 399 || response.status === 304) break
    const location = response.headers.get('location')
    await response.body?.cancel()
    const next = location ? new URL(location, target) : undefined
    if (!next || next.origin !== target.origin) {
      throw new TaskFailure(said(
        `${vendorZh} 把请求转到了另一个地址（${next?.origin ?? '没有给出地址'}），服务器不会跟随。请在设置中填写它现在的地址。`,
        `${vendor} redirected the call to another address (${next?.origin ?? 'none given'}), which the server does not follow. Enter its current address in the settings.`,
      ))
    }
    if (hops >= MAX_REDIRECTS) throw new TaskFailure(said(`${vendorZh} 连续重定向了 ${MAX_REDIRECTS} 次以上。`, `${vendor} redirected more than ${MAX_REDIRECTS} times in a row.`))
    // As browsers do: 303, and 301 or 302 of a POST, ask the new address with a GET and no body.
    const keepsMethod = response.status === 307 || response.status === 308 || ((request.method ?? 'GET') === 'GET' && response.status !== 303)
    if (!keepsMethod) request = { ...request, method: 'GET', body: undefined }
    target = next
  }
  if (response.ok) return response
  const { message, quotaUsedUp } = await vendorMessage(response)
  // A 429 for an exhausted quota does not pass by itself: saying so beats trying again for nothing.
  const answered = (reason: Label, retry = false) => new VendorAnswerFailure(reason, retry, response.status, message)
  if (response.status === 429 && quotaUsedUp) {
    throw answered(said(`${vendorZh} 的额度已用完（HTTP 429：${message}），请先在其网站充值或提高额度。`, `${vendor}'s quota is used up (HTTP 429: ${message}); top it up or raise it on the vendor's site first.`))
  }
  if (response.status === 429 || response.status >= 500) {
    throw answered(said(`${vendorZh} 暂时无法处理（HTTP ${response.status}${message ? `：${message}` : ''}），稍后会重试。`, `${vendor} is busy or failing (HTTP ${response.status}${message ? `: ${message}` : ''}); it will be tried again.`), true)
  }
  throw answered(said(`${vendorZh} 拒绝了请求（HTTP ${response.status}）：${message || '没有说明原因'}`, `${vendor} refused the request (HTTP ${response.status}): ${message || 'it gave no reason'}`))
}

/** A failure callVendor made of a vendor's HTTP answer: its status and its own words, for an adapter that says more of some. */
export class VendorAnswerFailure extends TaskFailure {
  constructor(
    reason: Label,
    retry: boolean,
    readonly status: number,
    /** What the vendor said, as vendorMessage read it; empty when it said nothing. */
    readonly words: string,
  ) {
    super(reason, retry)
  }
}

/** The address called: http or https only, and not a private address written as such where those are refused. */
function checkedTarget(vendor: string | Label, url: string): URL {
  const target = new URL(url)
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    throw new TaskFailure(said(`${nameIn(vendor, 'zh-CN')} 的地址只能以 http:// 或 https:// 开头：${url.slice(0, 200)}`, `${nameIn(vendor, 'en-US')}'s address must start with http:// or https://: ${url.slice(0, 200)}`))
  }
  const host = target.hostname.replace(/^\[|\]$/g, '')
  if (refusesPrivateTargets() && isPrivateAddress(host)) throw privateTarget(vendor, `${host} is not a public address`)
  return target
}

function privateTarget(vendor: string | Label, why: string): TaskFailure {
  return new TaskFailure(said(
    `${nameIn(vendor, 'zh-CN')} 的地址不是公网地址（${why}），本部署不调用私有地址。`,
    `${nameIn(vendor, 'en-US')}'s address is not public (${why}); this deployment calls no private address.`,
  ))
}

/** A JSON body POSTed to a vendor's `path` under `baseUrl`, as callVendor sends any call. */
export function postJson(vendor: string | Label, baseUrl: string, path: string, body: unknown, timeoutMs: number, signal?: AbortSignal): Promise<Response> {
  return callVendor({ vendor, url: new URL(path, baseUrl).toString(), timeoutMs, signal, init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } })
}

/** A vendor's answer that is not what its API documents: final, as trying again gets the same. */
export function malformed(vendor: string | Label, what: string): TaskFailure {
  return new TaskFailure(said(`${nameIn(vendor, 'zh-CN')} 的应答不符合其接口文档：${what}`, `${nameIn(vendor, 'en-US')} answered something its API does not document: ${what}`))
}

function nameIn(vendor: string | Label, locale: keyof Label): string {
  return typeof vendor === 'string' ? vendor : vendor[locale]
}

/**
 * The reason a vendor gives in its error body ({ message }, { msg }, { error: { message } },
 * GPT-SoVITS's { message, Exception }), cut short, and whether it says a quota is used up
 * (OpenAI's error.code insufficient_quota, HeyGen's quota_exceeded).
 */
async function vendorMessage(response: Response): Promise<{ message: string; quotaUsedUp: boolean }> {
  const text = (await response.text().catch(() => '')).slice(0, 2000)
  try {
    const body = JSON.parse(text) as { message?: unknown; msg?: unknown; error?: { message?: unknown; code?: unknown; type?: unknown } | string; detail?: unknown; Exception?: unknown }
    const found = body.message ?? body.msg ?? (typeof body.error === 'string' ? body.error : body.error?.message) ?? body.detail
    // GPT-SoVITS says only "tts failed" in message; what failed is in Exception.
    const cause = typeof body.Exception === 'string' && body.Exception !== '' ? `: ${body.Exception}` : ''
    const codes = typeof body.error === 'object' && body.error ? [body.error.code, body.error.type] : []
    const quotaUsedUp = codes.some((code) => code === 'insufficient_quota' || code === 'quota_exceeded')
    if (typeof found === 'string') return { message: `${found}${cause}`.slice(0, 300), quotaUsedUp }
  } catch {
    // Not JSON: the first line of what it said, if it is short text.
  }
  return { message: /^[^<\n]{1,300}$/.test(text.trim()) ? text.trim() : '', quotaUsedUp: false }
}

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause
  return cause?.code ?? cause?.message ?? (error as Error).message
}

export function said(zh: string, en: string): Label {
  return { 'zh-CN': zh, 'en-US': en }
}

/** Wait between two questions about a vendor's job; a cancel ends the wait at once. */
export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => {
      clearTimeout(timer)
      reject(signal.reason instanceof Error ? signal.reason : new Error('Cancelled.'))
    }, { once: true })
  })
}
