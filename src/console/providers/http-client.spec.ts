import { describe, expect, it } from 'vitest'
import { ApiError } from './ApiError'
import { createHttpClient, type ApiRequest } from './http-client'
import { createTokenStore } from './token-store'

/** What the server says of an overstep opening, as the console keeps it beside the token. */
const OPENING = { opened_by: { id: 3, username: 'north' }, expires_at: '2026-01-01T02:00:00.000Z' }

interface Sent {
  url: string
  method: string
  headers: Record<string, string>
  body: string | undefined
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } })
const envelope = (code: number, msg: string, data: unknown) => ({ code, msg, time: 1_767_225_600, data })

/** A client over a fetch that records what it was sent and answers with `reply`. */
function setup(reply: (sent: Sent) => Response | Promise<Response> = () => json(envelope(1, 'ok', null))) {
  const sent: Sent[] = []
  const failures: { error: ApiError; request: ApiRequest }[] = []
  const tokens = createTokenStore({ session: new Storage(), local: new Storage() })
  let locale = 'en-US'
  const http = createHttpClient({
    tokens,
    locale: () => locale,
    onError: (error, request) => failures.push({ error, request }),
    fetch: async (input, init = {}) => {
      const request: Sent = { url: String(input), method: init.method ?? 'GET', headers: Object.fromEntries(new Headers(init.headers).entries()), body: init.body as string | undefined }
      sent.push(request)
      return reply(request)
    },
  })
  return { http, tokens, sent, failures, setLocale: (next: string) => (locale = next) }
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('the call should have been rejected'),
    (error: unknown) => error as ApiError,
  )

describe('what every request sends', () => {
  it('sends the token, platform pc and the current locale as lang, the session token winning', async () => {
    const { http, tokens, sent, setLocale } = setup()
    tokens.saveLogin('login-token', true)
    tokens.saveOverstep('overstep-token', OPENING)
    await http.request({ method: 'GET', path: '/platform/dashboard_data' })
    expect(sent[0]).toEqual({ url: '/api/v1/platform/dashboard_data', method: 'GET', headers: { token: 'overstep-token', platform: 'pc', lang: 'en-US' }, body: undefined })

    setLocale('zh-CN')
    tokens.clear()
    await http.request({ method: 'GET', path: '/platform/get_system_info' })
    expect(sent[1]!.headers).toEqual({ platform: 'pc', lang: 'zh-CN' })
  })

  it('posts the body as JSON, and an empty object when there is none', async () => {
    const { http, tokens, sent } = setup()
    tokens.saveLogin('login-token', true)
    await http.request({ method: 'POST', path: '/domain/add', body: { host: 'a.example.com', is_default: 0 } })
    await http.request({ method: 'POST', path: '/platform/logout' })
    expect(sent[0]).toEqual({
      url: '/api/v1/domain/add',
      method: 'POST',
      headers: { token: 'login-token', platform: 'pc', lang: 'en-US', 'content-type': 'application/json' },
      body: '{"host":"a.example.com","is_default":0}',
    })
    expect(sent[1]!.body).toBe('{}')
  })

  it('posts FormData as it is, leaving the multipart type and boundary to fetch', async () => {
    const { http, sent } = setup()
    const form = new FormData()
    form.append('file', new Blob(['x'], { type: 'image/png' }), 'a.png')
    await http.request({ method: 'POST', path: '/upload/oss_upload', body: form })
    expect(sent[0]!.body).toBe(form)
    expect(sent[0]!.headers).not.toHaveProperty('content-type')
  })

  it('writes the query with qs: nested and array parameters, nulls and undefined left out', async () => {
    const { http, sent } = setup()
    await http.request({ method: 'GET', path: '/domain/list', query: { host: 'a b', page: 2, name: null, sort: undefined, ids: [1, 2], range: { from: '2026-01-01' } } })
    await http.request({ method: 'GET', path: '/domain/list', query: {} })
    expect(sent.map((s) => s.url)).toEqual(['/api/v1/domain/list?host=a%20b&page=2&ids%5B0%5D=1&ids%5B1%5D=2&range%5Bfrom%5D=2026-01-01', '/api/v1/domain/list'])
  })
})

describe('the { code, msg, time, data } envelope', () => {
  it('resolves to data when code is 1', async () => {
    const { http, failures } = setup(() => json(envelope(1, 'ok', { id: 7, host: 'a.example.com' })))
    await expect(http.request({ method: 'GET', path: '/domain/detail', query: { id: 7 } })).resolves.toEqual({ id: 7, host: 'a.example.com' })
    expect(failures).toEqual([])
  })

  it('resolves to null data as null', async () => {
    const { http } = setup(() => json(envelope(1, 'ok', null)))
    await expect(http.request({ method: 'POST', path: '/platform/logout' })).resolves.toBeNull()
  })

  it('rejects a code other than 1 with the server msg, even on HTTP 200, and reports it to onError', async () => {
    const { http, failures } = setup(() => json(envelope(0, 'Domain 9 does not exist.', null)))
    const error = await rejection(http.request({ method: 'GET', path: '/domain/detail', query: { id: 9 } }))
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ name: 'ApiError', message: 'Domain 9 does not exist.', statusCode: 200, code: 0, fieldErrors: [] })
    expect(error.errors).toBeUndefined()
    expect(failures).toEqual([{ error, request: { method: 'GET', path: '/domain/detail', query: { id: 9 } } }])
  })

  it('says "Error" when the failing envelope has no msg (spec §8)', async () => {
    const { http } = setup(() => json(envelope(40001, '', null)))
    expect(await rejection(http.request({ method: 'GET', path: '/x' }))).toMatchObject({ message: 'Error', code: 40001 })
  })

  it('rejects a non-2xx answer even if its envelope says 1', async () => {
    const { http } = setup(() => json(envelope(1, 'ok', { id: 1 }), 500))
    expect(await rejection(http.request({ method: 'GET', path: '/x' }))).toMatchObject({ statusCode: 500, code: 1 })
  })

  it('turns data.errors into Refine field errors', async () => {
    const fieldErrors = [
      { path: '/host', message: 'Host name must be a valid host name' },
      { path: '/name', message: 'Site name cannot be empty' },
    ]
    const { http } = setup(() => json(envelope(0, 'Host name must be a valid host name', { errors: fieldErrors }), 400))
    const error = await rejection(http.request({ method: 'POST', path: '/domain/add', body: { host: 'bad host', name: '' } }))
    expect(error).toMatchObject({ message: 'Host name must be a valid host name', statusCode: 400, code: 0, fieldErrors })
    expect(error.errors).toEqual({ host: ['Host name must be a valid host name'], name: ['Site name cannot be empty'] })
  })

  it('keeps the HTTP status and the envelope code, so session failures can be told apart', async () => {
    const { http } = setup((sent) => (sent.url.endsWith('/expired') ? json(envelope(50014, 'Session expired', null)) : json(envelope(0, 'Sign in first', null), 401)))
    expect(await rejection(http.request({ method: 'POST', path: '/expired' }))).toMatchObject({ statusCode: 200, code: 50014, isSessionError: true })
    expect(await rejection(http.request({ method: 'POST', path: '/anonymous' }))).toMatchObject({ statusCode: 401, code: 0, isSessionError: true })
  })

  it('rejects a JSON answer that is not an envelope, through onError', async () => {
    const { http, failures } = setup((sent) => new Response(sent.url.endsWith('/truncated') ? '{"code":1,' : 'null', { status: 200, headers: { 'content-type': 'application/json' } }))
    const truncated = await rejection(http.request({ method: 'GET', path: '/truncated' }))
    const empty = await rejection(http.request({ method: 'GET', path: '/null' }))
    for (const error of [truncated, empty]) {
      expect(error).toBeInstanceOf(ApiError)
      expect(error).toMatchObject({ message: 'Request Error', statusCode: 200 })
    }
    expect(failures.map((f) => f.error)).toEqual([truncated, empty])
  })
})

describe('answers that are not JSON', () => {
  it('returns a successful blob unchanged (spec §8)', async () => {
    const bytes = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff])
    const { http, failures } = setup(() => new Response(bytes, { headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } }))
    const blob = await http.request<Blob>({ method: 'GET', path: '/recharge_card/export_data' })
    expect(blob).toBeInstanceOf(Blob)
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes)
    expect(failures).toEqual([])
  })

  it('rejects a failed non-JSON answer with its status text, or "Request Error"', async () => {
    const { http, failures } = setup((sent) =>
      sent.url.endsWith('/gateway')
        ? new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway', headers: { 'content-type': 'text/html' } })
        : new Response('', { status: 503 }),
    )
    expect(await rejection(http.request({ method: 'GET', path: '/gateway' }))).toMatchObject({ message: 'Bad Gateway', statusCode: 502, code: undefined })
    expect(await rejection(http.request({ method: 'GET', path: '/down' }))).toMatchObject({ message: 'Request Error', statusCode: 503 })
    expect(failures).toHaveLength(2)
  })
})

describe('calls that get no answer', () => {
  it('rejects a network failure as "Network Error", through onError', async () => {
    const { http, failures } = setup(() => Promise.reject(new TypeError('fetch failed')))
    const error = await rejection(http.request({ method: 'POST', path: '/platform/login', body: {} }))
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ message: 'Network Error', statusCode: 0, code: undefined })
    expect(failures.map((f) => f.error)).toEqual([error])
  })

  it('rejects an aborted fetch as "Request aborted"', async () => {
    const { http, failures } = setup((sent) => fetch(`http://127.0.0.1:9${sent.url}`, { signal: AbortSignal.abort() }))
    const error = await rejection(http.request({ method: 'GET', path: '/domain/list' }))
    expect(error).toMatchObject({ message: 'Request aborted', statusCode: 0, failure: 'aborted' })
    expect(failures.map((f) => f.error)).toEqual([error])
  })

  it('gives up after timeoutMs when one is set, and waits as long as it takes by default (spec §9: 0)', async () => {
    // A server that never answers: the fetch settles only when its signal aborts it.
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)))
    const tokens = createTokenStore({ session: new Storage(), local: new Storage() })
    const timed = createHttpClient({ tokens, locale: () => 'en-US', fetch: hanging, timeoutMs: 50 })
    const error = await rejection(timed.request({ method: 'GET', path: '/domain/list' }))
    expect(error).toMatchObject({ message: 'timeout of 50ms exceeded', statusCode: 0, failure: 'timeout' })

    let signal: AbortSignal | undefined | null
    const untimed = createHttpClient({ tokens, locale: () => 'en-US', fetch: async (_input, init) => ((signal = init?.signal), json(envelope(1, 'ok', null))) })
    await untimed.request({ method: 'GET', path: '/domain/list' })
    expect(signal).toBeUndefined()
  })
})

describe('downloadUrl', () => {
  it('asks for a one-use ticket for that endpoint, by the session that wins, and puts it in the link, never the token', async () => {
    let n = 0
    const { http, tokens, sent } = setup(() => json(envelope(1, 'ok', { ticket: `ti+ck/${++n}`, expires_at: '2026-01-01T00:01:00.000Z' })))
    tokens.saveLogin('login-token', true)
    expect(await http.downloadUrl('/recharge_card/export_data', { status: 1, remark: null })).toBe('/api/v1/recharge_card/export_data?status=1&ticket=ti%2Bck%2F1')
    tokens.saveOverstep('overstep', OPENING)
    expect(await http.downloadUrl('/task/events')).toBe('/api/v1/task/events?ticket=ti%2Bck%2F2')
    expect(sent.map((s) => [s.url, s.headers.token, s.body])).toEqual([
      ['/api/v1/platform/download_ticket', 'login-token', '{"path":"/recharge_card/export_data"}'],
      ['/api/v1/platform/download_ticket', 'overstep', '{"path":"/task/events"}'],
    ])
  })

  it('leaves the ticket out, and asks for none, when nobody is signed in', async () => {
    const { http, sent } = setup()
    expect(await http.downloadUrl('/recharge_card/export_data', { status: 1 })).toBe('/api/v1/recharge_card/export_data?status=1')
    expect(sent).toEqual([])
  })

  it('rejects as the ticket call was refused, so no link is opened', async () => {
    const { http, tokens } = setup(() => json(envelope(0, 'Your role (merchant) may not call GET /recharge_card/export_data.', null), 403))
    tokens.saveLogin('login-token', true)
    expect(await rejection(http.downloadUrl('/recharge_card/export_data'))).toMatchObject({ statusCode: 403, message: 'Your role (merchant) may not call GET /recharge_card/export_data.' })
  })
})

describe('uploads', () => {
  /** An XMLHttpRequest the test answers by hand. */
  class FakeXhr {
    static last: FakeXhr
    method = ''
    url = ''
    headers: Record<string, string> = {}
    body: unknown
    status = 0
    statusText = ''
    responseText = ''
    upload: { onprogress?: (event: { loaded: number; total: number; lengthComputable: boolean }) => void } = {}
    onload?: () => void
    onerror?: () => void
    onabort?: () => void
    constructor() {
      FakeXhr.last = this
    }
    open(method: string, url: string) {
      this.method = method
      this.url = url
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value
    }
    send(body: unknown) {
      this.body = body
    }
    abort() {
      this.onabort?.()
    }
    answer(status: number, body: unknown) {
      this.status = status
      this.responseText = JSON.stringify(body)
      this.onload?.()
    }
  }

  function uploader() {
    const failures: ApiError[] = []
    const tokens = createTokenStore({ session: new Storage(), local: new Storage() })
    tokens.saveLogin('secret', false)
    const http = createHttpClient({ tokens, locale: () => 'zh-CN', onError: (error) => failures.push(error), XMLHttpRequest: FakeXhr as unknown as new () => XMLHttpRequest })
    return { http, failures }
  }

  it('send the form with the token and language, report the bytes sent, and resolve to the data', async () => {
    const { http } = uploader()
    const progress: number[][] = []
    const body = new FormData()
    body.append('name', 'clip')
    const done = http.upload<{ id: number }>({ path: '/material/upload', body, onProgress: (sent, total) => progress.push([sent, total]) })
    const xhr = FakeXhr.last
    expect([xhr.method, xhr.url, xhr.headers, xhr.body]).toEqual(['POST', '/api/v1/material/upload', { platform: 'pc', lang: 'zh-CN', token: 'secret' }, body])
    xhr.upload.onprogress!({ loaded: 50, total: 200, lengthComputable: true })
    xhr.upload.onprogress!({ loaded: 200, total: 200, lengthComputable: true })
    xhr.answer(200, envelope(1, 'ok', { id: 5 }))
    await expect(done).resolves.toEqual({ id: 5 })
    expect(progress).toEqual([[50, 200], [200, 200]])
  })

  it("reject a refused file with the server's field errors, and an aborted one as aborted", async () => {
    const { http, failures } = uploader()
    const refused = http.upload({ path: '/material/upload', body: new FormData(), quiet: true })
    FakeXhr.last.answer(200, envelope(0, 'Not media.', { errors: [{ path: '/file', message: 'a.txt is not a video, audio or image.' }] }))
    expect(await rejection(refused)).toMatchObject({ message: 'Not media.', code: 0, fieldErrors: [{ path: '/file', message: 'a.txt is not a video, audio or image.' }] })
    const stop = new AbortController()
    const aborted = http.upload({ path: '/material/upload', body: new FormData(), signal: stop.signal })
    stop.abort()
    expect(await rejection(aborted)).toMatchObject({ failure: 'aborted' })
    expect(failures).toHaveLength(2)
  })

  it('send a form to a store\'s own address without the token, and reject with what the store said', async () => {
    const { http } = uploader()
    const body = new FormData()
    const sent = http.uploadTo({ url: 'https://bucket.example.com/media', body })
    expect([FakeXhr.last.method, FakeXhr.last.url, FakeXhr.last.headers]).toEqual(['POST', 'https://bucket.example.com/media', {}])
    FakeXhr.last.status = 204
    FakeXhr.last.onload!()
    await expect(sent).resolves.toBeUndefined()
    const refused = http.uploadTo({ url: 'https://bucket.example.com/media', body })
    FakeXhr.last.status = 403
    FakeXhr.last.responseText = '<?xml version="1.0"?><Error><Code>AccessDenied</Code><Message>Invalid according to Policy: Policy expired.</Message></Error>'
    FakeXhr.last.onload!()
    expect(await rejection(refused)).toMatchObject({ message: 'Invalid according to Policy: Policy expired.', statusCode: 403 })
  })
})

describe('a POST answered by Server-Sent Events', () => {
  /** An event stream whose chunks split events (and a line) where the network happens to. */
  const events = (...chunks: string[]) =>
    new Response(new ReadableStream({ start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk))
      controller.close()
    } }), { headers: { 'content-type': 'text/event-stream; charset=utf-8' } })

  it('posts JSON with the token and hands over each event as it comes, however the chunks fall', async () => {
    const { http, sent, tokens } = setup(() => events('event: text\ndata: {"text":"Hel', 'lo"}\n\nevent: text\ndata: {"text":" there"}\n\n: a comment\n\nevent: done\n', 'data: {"completion_tokens":2}\n\n'))
    tokens.saveLogin('abc', true)
    const got: [string, unknown][] = []
    await http.stream({ path: '/ai/chat', body: { assistant_id: 1 }, onEvent: (event, data) => got.push([event, data]) })
    expect(got).toEqual([['text', { text: 'Hello' }], ['text', { text: ' there' }], ['done', { completion_tokens: 2 }]])
    expect(sent[0]).toMatchObject({ url: '/api/v1/ai/chat', method: 'POST', body: '{"assistant_id":1}', headers: { token: 'abc', 'content-type': 'application/json' } })
  })

  it('rejects a refusal before the stream opens as any call, through onError', async () => {
    const { http, failures } = setup(() => json(envelope(0, 'No AI writer is set up.', null)))
    const refused = http.stream({ path: '/ai/chat', body: {}, onEvent: () => expect.unreachable('no events') })
    expect(await rejection(refused)).toMatchObject({ message: 'No AI writer is set up.', code: 0 })
    expect(failures).toHaveLength(1)
  })

  it('leaves quietly when the caller aborts', async () => {
    const stop = new AbortController()
    const { http, failures } = setup(() => {
      stop.abort()
      throw new DOMException('The operation was aborted.', 'AbortError')
    })
    await expect(http.stream({ path: '/ai/chat', body: {}, signal: stop.signal, onEvent: () => undefined })).resolves.toBeUndefined()
    expect(failures).toHaveLength(0)
  })
})
