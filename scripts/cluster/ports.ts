import { createServer, connect } from 'node:net'

/** A port on 127.0.0.1 that nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

/** Resolves once something accepts connections on the port; rejects after `timeoutMs`. */
export async function listening(port: number, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1')
      socket.once('connect', () => (socket.destroy(), resolve(true)))
      socket.once('error', () => resolve(false))
    })
    if (open) return
    if (Date.now() > until) throw new Error(`nothing listens on 127.0.0.1:${port} after ${timeoutMs / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** Resolves once `url` answers 200; rejects after `timeoutMs` with the last answer. */
export async function answering(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs
  let last = ''
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) })
      if (res.ok) return
      last = `${res.status} ${await res.text()}`
    } catch (error) {
      last = (error as Error).message
    }
    if (Date.now() > until) throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s (last: ${last})`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}
