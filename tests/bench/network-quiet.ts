import type { Page } from 'playwright-core'

/**
 * The page's open requests, followed from the moment this is called (before the navigation),
 * so that `quiet` can wait for a moment with none open: Playwright's networkidle holds only
 * once, from the load. A stream the page keeps open (EventSource, a WebSocket) never ends and
 * is not counted.
 */
export function followRequests(page: Page): { quiet(quietMs?: number, timeoutMs?: number): Promise<void>; stop(): void } {
  const open = new Set<object>()
  const long = (type: string) => type === 'eventsource' || type === 'websocket'
  const started = (request: { resourceType(): string }) => void (long(request.resourceType()) || open.add(request))
  const ended = (request: object) => void open.delete(request)
  page.on('request', started)
  page.on('requestfinished', ended)
  page.on('requestfailed', ended)
  return {
    quiet: (quietMs = 500, timeoutMs = 30_000) =>
      new Promise<void>((resolve, reject) => {
        const begun = performance.now()
        let quietSince = begun
        const timer = setInterval(() => {
          const now = performance.now()
          if (open.size > 0) quietSince = now
          else if (now - quietSince >= quietMs) {
            clearInterval(timer)
            resolve()
          }
          if (now - begun > timeoutMs) {
            clearInterval(timer)
            reject(new Error(`requests still open after ${timeoutMs} ms`))
          }
        }, 25)
      }),
    stop() {
      page.off('request', started)
      page.off('requestfinished', ended)
      page.off('requestfailed', ended)
    },
  }
}
