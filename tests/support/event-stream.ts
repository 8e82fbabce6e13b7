import type { FastifyInstance } from 'fastify'

/** What a call answered, in the shape the API tests read from Fastify's inject. */
export interface StreamAnswer {
  statusCode: number
  headers: Record<string, string>
  body: string
}

/**
 * Call an endpoint that may answer an event stream, over a real connection (inject waits for an
 * answer's end, and a stream has none): a JSON answer is read whole, a stream only up to its
 * headers and first lines, then left, as a browser leaving the page would.
 */
export async function callStream(app: FastifyInstance, url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<StreamAnswer> {
  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = app.server.address() as { port: number }
  const controller = new AbortController()
  const res = await fetch(`http://127.0.0.1:${port}${url}`, { ...init, signal: controller.signal })
  const headers = Object.fromEntries(res.headers.entries())
  if (!String(headers['content-type']).startsWith('text/event-stream')) return { statusCode: res.status, headers, body: await res.text() }
  const reader = res.body!.getReader()
  const first = await reader.read()
  controller.abort()
  return { statusCode: res.status, headers, body: new TextDecoder().decode(first.value ?? new Uint8Array()) }
}
