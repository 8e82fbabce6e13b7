import type { Page, Request } from 'playwright-core'

/** How long the network must stay quiet for a page to count as loaded, as Playwright's networkidle counts it. */
const QUIET_MS = 500
const STREAMED = new Set(['eventsource', 'media'])

/**
 * A wait until the page shown has stopped loading and moving: no call under way for a while,
 * no spinner or skeleton, no animation that ends, so axe sees what a person would read.
 * Made once per page, as it counts the page's requests from then on: Playwright's networkidle
 * sees a document's first load only, not a page opened inside the app.
 */
export function settler(page: Page): () => Promise<void> {
  const pending = new Set<Request>()
  let lastChange = Date.now()
  page.on('request', (request) => {
    // A live list's event stream stays open while the page follows it, and a video's file loads as it
    // plays: neither is the page loading.
    if (STREAMED.has(request.resourceType())) return
    pending.add(request)
    lastChange = Date.now()
  })
  const ended = (request: Request) => {
    pending.delete(request)
    lastChange = Date.now()
  }
  page.on('requestfinished', ended)
  page.on('requestfailed', ended)
  return async () => {
    const started = Date.now()
    // Quiet since the call too: a page just opened may not have asked for anything yet.
    while (pending.size > 0 || Date.now() - Math.max(lastChange, started) < QUIET_MS) {
      if (Date.now() - started > 30_000) throw new Error(`The page kept loading for 30 s: ${pending.size} request(s) under way.`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning, .ant-skeleton, .ant-card-loading-content, #nprogress'))
    await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getTiming().iterations !== Infinity).map((a) => a.finished.catch(() => undefined))))
  }
}
