import { ApiError } from './ApiError'
import { toQueryString } from './query-string'
import type { TokenStore } from './token-store'

export const API_BASE = '/api/v1'
export const SUCCESS_CODE = 1

export interface ApiRequest {
  method: 'GET' | 'POST'
  /** Path under /api/v1, e.g. /domain/list. */
  path: string
  query?: object
  body?: object
}

export interface HttpClient {
  /** Resolves to the envelope's data; rejects with an ApiError. */
  request<T = unknown>(request: ApiRequest): Promise<T>
  /** A plain GET link carrying the token, for downloads (DESIGN §3). */
  downloadUrl(path: string, query?: object): string
}

export interface HttpClientOptions {
  tokens: TokenStore
  /** The console's locale, sent as `lang` so server messages come in it. */
  locale: () => string
  /** Called for every failure before it is thrown: the console shows spec §8's messages and modals here. */
  onError?: (error: ApiError, request: ApiRequest) => void
  /** Give up on a call after this many milliseconds; 0, the default of spec §9, waits as long as it takes. */
  timeoutMs?: number
  fetch?: typeof fetch
}

/**
 * Speaks the platform's wire protocol (DESIGN §3): token and platform headers, qs-style query
 * strings, the { code, msg, time, data } envelope, failures as Refine-shaped errors.
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args))
  const urlOf = (path: string, query?: object) => {
    const search = query ? toQueryString(query) : ''
    return `${API_BASE}${path}${search ? `?${search}` : ''}`
  }

  async function request<T>(req: ApiRequest): Promise<T> {
    const headers: Record<string, string> = { platform: 'pc', lang: options.locale() }
    const token = options.tokens.read()
    if (token) headers.token = token
    // FormData (a call with files) sets its own multipart type and boundary.
    const form = req.body instanceof FormData ? req.body : undefined
    if (req.method === 'POST' && !form) headers['content-type'] = 'application/json'
    let response: Response
    const timeoutMs = options.timeoutMs ?? 0
    const timeout = timeoutMs > 0 ? AbortSignal.timeout(timeoutMs) : undefined
    try {
      response = await doFetch(urlOf(req.path, req.query), {
        method: req.method,
        headers,
        body: req.method === 'POST' ? (form ?? JSON.stringify(req.body ?? {})) : undefined,
        ...(timeout ? { signal: timeout } : {}),
      })
    } catch (cause) {
      const name = cause instanceof DOMException ? cause.name : ''
      const error =
        name === 'TimeoutError'
          ? new ApiError(`timeout of ${timeoutMs}ms exceeded`, 0, undefined, [], 'timeout')
          : name === 'AbortError'
            ? new ApiError('Request aborted', 0, undefined, [], 'aborted')
            : new ApiError('Network Error', 0, undefined, [], 'network')
      throw fail(error, req)
    }
    const type = response.headers.get('content-type') ?? ''
    if (!type.includes('application/json')) {
      // Spec §8: blob responses are returned unchanged.
      if (response.ok) return (await response.blob()) as T
      throw fail(new ApiError(response.statusText || 'Request Error', response.status), req)
    }
    // A body that does not parse (a proxy's truncated answer) is a failure like any other, so onError sees it too.
    const envelope = (await response.json().catch(() => null)) as { code: number; msg: string; data: unknown } | null
    if (envelope === null || typeof envelope !== 'object') throw fail(new ApiError(response.statusText || 'Request Error', response.status), req)
    if (response.ok && envelope.code === SUCCESS_CODE) return envelope.data as T
    const fieldErrors = (envelope.data as { errors?: { path: string; message: string }[] } | null)?.errors ?? []
    throw fail(new ApiError(envelope.msg || 'Error', response.status, envelope.code, fieldErrors), req)
  }

  function fail(error: ApiError, req: ApiRequest): ApiError {
    options.onError?.(error, req)
    return error
  }

  return {
    request,
    downloadUrl: (path, query) => urlOf(path, { ...query, token: options.tokens.read() ?? undefined }),
  }
}
