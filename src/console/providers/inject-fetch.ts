import type { FastifyInstance } from 'fastify'

/**
 * A `fetch` answered by `app.inject`, for specs: the providers talk to the real API
 * with no port opened and no CORS in the way. Relative URLs (`/api/v1/...`) are what
 * the http client sends, and what inject expects.
 *
 * ```ts
 * const http = createHttpClient({ tokens, locale: () => 'en-US', fetch: injectFetch(server.app) })
 * ```
 */
export function injectFetch(app: Pick<FastifyInstance, 'inject'>): typeof fetch {
  return async (input, init = {}) => {
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET' | 'POST',
      url: String(input),
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
    })
    const headers = new Headers()
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value))
    }
    return new Response(new Uint8Array(res.rawPayload), { status: res.statusCode, statusText: res.statusMessage, headers })
  }
}
