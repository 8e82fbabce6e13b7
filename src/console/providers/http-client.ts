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
  /**
   * The caller shows this call's failure itself (a file's line in an upload list), or nobody
   * should (a live list's polling, which would raise a notice every few seconds while the server
   * is away): no notice for it. A session that has ended is still said, as for any call.
   */
  quiet?: boolean
  /** Sent as the Idempotency-Key header: a call sent again with the same key is done once (an idempotent endpoint). */
  idempotencyKey?: string
}

/** A POST of files whose progress the caller follows (a material's upload). */
export interface UploadRequest {
  path: string
  body: FormData
  /** Bytes sent so far of `total`, as the browser sends them. */
  onProgress?: (sent: number, total: number) => void
  signal?: AbortSignal
  quiet?: boolean
}

export interface HttpClient {
  /** Resolves to the envelope's data; rejects with an ApiError. */
  request<T = unknown>(request: ApiRequest): Promise<T>
  /** The same for files, through XMLHttpRequest: fetch does not say how much of a body has been sent. */
  upload<T = unknown>(request: UploadRequest): Promise<T>
  /**
   * A form POSTed to a store's own address (a presigned S3 upload): no token and no envelope; it
   * resolves when the store answers 2xx and rejects with what the store said otherwise.
   */
  uploadTo(request: { url: string; body: FormData; onProgress?: (sent: number, total: number) => void; signal?: AbortSignal }): Promise<void>
  /**
   * A plain GET link for a download or an event stream, signed in by a one-use ticket asked for
   * now (platform/download_ticket): the session token never rides in an address. Open it at once.
   */
  downloadUrl(path: string, query?: object): Promise<string>
  /**
   * A JSON POST answered with Server-Sent Events (an assistant writing): `onEvent` gets each
   * event as it comes, and the promise settles when the stream ends. A refusal before the
   * stream opens is an ApiError, as any call's; aborting `signal` leaves quietly.
   */
  stream(request: StreamRequest): Promise<void>
}

export interface StreamRequest {
  path: string
  body: object
  signal?: AbortSignal
  quiet?: boolean
  onEvent(event: string, data: unknown): void
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
  XMLHttpRequest?: new () => XMLHttpRequest
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

  const headersOf = () => {
    const headers: Record<string, string> = { platform: 'pc', lang: options.locale() }
    const token = options.tokens.read()
    if (token) headers.token = token
    return headers
  }

  async function request<T>(req: ApiRequest): Promise<T> {
    const headers = headersOf()
    // FormData (a call with files) sets its own multipart type and boundary.
    const form = req.body instanceof FormData ? req.body : undefined
    if (req.method === 'POST' && !form) headers['content-type'] = 'application/json'
    if (req.idempotencyKey) headers['idempotency-key'] = req.idempotencyKey
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
    return unwrap<T>(response.status, response.statusText, await response.text().catch(() => ''), req)
  }

  /** The envelope's data, or its failure thrown as an ApiError. */
  function unwrap<T>(status: number, statusText: string, text: string, req: ApiRequest): T {
    // A body that does not parse (a proxy's truncated answer) is a failure like any other, so onError sees it too.
    const envelope = parseJson(text) as { code: number; msg: string; data: unknown } | null
    if (envelope === null || typeof envelope !== 'object') throw fail(new ApiError(statusText || 'Request Error', status), req)
    const ok = status >= 200 && status < 300
    if (ok && envelope.code === SUCCESS_CODE) return envelope.data as T
    const fieldErrors = (envelope.data as { errors?: { path: string; message: string }[] } | null)?.errors ?? []
    throw fail(new ApiError(envelope.msg || 'Error', status, envelope.code, fieldErrors), req)
  }

  /** One POST through XMLHttpRequest, which says how much of the body has gone; `answered` reads the reply. */
  function post<T>(url: string, headers: Record<string, string>, req: Pick<UploadRequest, 'body' | 'onProgress' | 'signal'>, asRequest: ApiRequest, answered: (xhr: XMLHttpRequest) => T): Promise<T> {
    const Xhr = options.XMLHttpRequest ?? XMLHttpRequest
    return new Promise<T>((resolve, reject) => {
      const xhr = new Xhr()
      xhr.open('POST', url)
      for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value)
      xhr.upload.onprogress = (event) => req.onProgress?.(event.loaded, event.lengthComputable ? event.total : 0)
      xhr.onload = () => {
        try {
          resolve(answered(xhr))
        } catch (error) {
          reject(error as Error)
        }
      }
      xhr.onerror = () => reject(fail(new ApiError('Network Error', 0, undefined, [], 'network'), asRequest))
      xhr.onabort = () => reject(fail(new ApiError('Request aborted', 0, undefined, [], 'aborted'), asRequest))
      req.signal?.addEventListener('abort', () => xhr.abort(), { once: true })
      xhr.send(req.body)
    })
  }

  function upload<T>(req: UploadRequest): Promise<T> {
    const asRequest: ApiRequest = { method: 'POST', path: req.path, body: req.body, ...(req.quiet ? { quiet: true } : {}) }
    return post(urlOf(req.path), headersOf(), req, asRequest, (xhr) => unwrap<T>(xhr.status, xhr.statusText, xhr.responseText, asRequest))
  }

  function uploadTo(req: { url: string; body: FormData; onProgress?: (sent: number, total: number) => void; signal?: AbortSignal }): Promise<void> {
    // The store's refusals are the caller's to show, on the file's own line.
    const asRequest: ApiRequest = { method: 'POST', path: req.url, quiet: true }
    return post(req.url, {}, req, asRequest, (xhr) => {
      if (xhr.status >= 200 && xhr.status < 300) return
      // S3 answers <Error><Code>…</Code><Message>…</Message></Error>.
      const said = /<Message>([^<]*)<\/Message>/.exec(xhr.responseText ?? '')?.[1]
      throw fail(new ApiError(said || xhr.statusText || 'Upload refused', xhr.status), asRequest)
    })
  }

  async function stream(req: StreamRequest): Promise<void> {
    const asRequest: ApiRequest = { method: 'POST', path: req.path, body: req.body, ...(req.quiet ? { quiet: true } : {}) }
    let response: Response
    try {
      response = await doFetch(urlOf(req.path), { method: 'POST', headers: { ...headersOf(), 'content-type': 'application/json' }, body: JSON.stringify(req.body), signal: req.signal })
    } catch (cause) {
      if (req.signal?.aborted) return
      throw fail(new ApiError('Network Error', 0, undefined, [], (cause as Error).name === 'AbortError' ? 'aborted' : 'network'), asRequest)
    }
    if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
      unwrap(response.status, response.statusText, await response.text().catch(() => ''), asRequest)
      return
    }
    const decoder = new TextDecoder()
    const reader = response.body!.getReader()
    let buffer = ''
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) break
        buffer += decoder.decode(value, { stream: true })
        let end: number
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const event = /^event: ?(.*)$/m.exec(block)?.[1] ?? 'message'
          const data = block.split('\n').filter((line) => line.startsWith('data:')).map((line) => line.slice(5).replace(/^ /, '')).join('\n')
          if (data) req.onEvent(event, parseJson(data))
        }
      }
    } catch (cause) {
      if (req.signal?.aborted) return
      throw fail(new ApiError('Network Error', 0, undefined, [], 'network'), asRequest)
    }
  }

  function fail(error: ApiError, req: ApiRequest): ApiError {
    options.onError?.(error, req)
    return error
  }

  return {
    request,
    upload,
    uploadTo,
    stream,
    async downloadUrl(path, query) {
      if (!options.tokens.read()) return urlOf(path, query)
      const { ticket } = await request<{ ticket: string }>({ method: 'POST', path: '/platform/download_ticket', body: { path } })
      return urlOf(path, { ...query, ticket })
    },
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
