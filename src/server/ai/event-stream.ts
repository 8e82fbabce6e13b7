import type { RequestContext } from '../engine/handler-context'

export interface EventStream {
  send(event: string, data: unknown): void
  /** A comment line, which clients ignore: it keeps a proxy from closing a stream that says nothing for a while. */
  keepAlive(): void
  end(): void
  /** Aborts when the client leaves before the end. */
  left: AbortSignal
}

/** An answer of Server-Sent Events written by the handler itself, open from now until `end`. */
export function openEventStream({ reply }: RequestContext): EventStream {
  const left = new AbortController()
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) left.abort()
  })
  reply.hijack()
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    // Proxies such as nginx would otherwise hold the answer back to fill a buffer.
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  })
  return {
    left: left.signal,
    send(event, data) {
      if (!reply.raw.writableEnded) reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
    },
    keepAlive() {
      if (!reply.raw.writableEnded) reply.raw.write(': thinking\n\n')
    },
    end() {
      if (!reply.raw.writableEnded) reply.raw.end()
    },
  }
}
