import type { Page, Request } from 'playwright-core'

/** How long the network must stay quiet for a page to count as loaded, as Playwright's networkidle counts it. */
const QUIET_MS = 500
const STREAMED = new Set(['eventsource', 'media'])

/** A wait until the page shown has stopped loading and moving (settler). */
export interface Settle {
  (): Promise<void>
  /**
   * `read` (axe's pass over the page) run on the settled page, its answer the same as after the
   * plain wait: it starts once nothing is loading or moving and the page has nothing left to run,
   * so its own work fills the quiet time the network must keep, and it is read again if anything
   * is asked for before that time is out.
   */
  reading<T>(read: () => Promise<T>): Promise<T>
}

/**
 * A wait until the page shown has stopped loading and moving: no call under way for a while,
 * no spinner or skeleton, no animation that ends, so axe sees what a person would read.
 * Made once per page, as it counts the page's requests from then on: Playwright's networkidle
 * sees a document's first load only, not a page opened inside the app.
 */
export function settler(page: Page): Settle {
  const pending = new Set<Request>()
  let lastChange = Date.now()
  let asked = 0
  page.on('request', (request) => {
    // A live list's event stream stays open while the page follows it, and a video's file loads as it
    // plays: neither is the page loading.
    if (STREAMED.has(request.resourceType())) return
    pending.add(request)
    asked++
    lastChange = Date.now()
  })
  const ended = (request: Request) => {
    pending.delete(request)
    lastChange = Date.now()
  }
  page.on('requestfinished', ended)
  page.on('requestfailed', ended)
  /** No call under way, and none for `quietMs` since `started` or the last call's end, whichever is later. */
  const quiet = async (started: number, quietMs: number) => {
    while (pending.size > 0 || Date.now() - Math.max(lastChange, started) < quietMs) {
      if (Date.now() - started > 30_000) throw new Error(`The page kept loading for 30 s: ${pending.size} request(s) under way.`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  const still = async () => {
    await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton, .ant-card-loading-content, #nprogress'))
    await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))))
  }
  const settled = async () => {
    // Quiet since the call too: a page just opened may not have asked for anything yet.
    await quiet(Date.now(), QUIET_MS)
    await still()
  }
  return Object.assign(settled, {
    async reading<T>(read: () => Promise<T>): Promise<T> {
      const started = Date.now()
      for (;;) {
        await quiet(started, 0)
        await still()
        // What the last answers set off is drawn: two frames, then a moment the page's main thread has nothing queued.
        await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => requestIdleCallback(() => resolve(), { timeout: 1000 })))))
        if (pending.size > 0) continue
        const before = asked
        const answer = await read()
        await quiet(started, QUIET_MS)
        // Nothing asked for since the read began: the page read is the page settled.
        if (asked === before) return answer
      }
    },
  })
}
