import { gzipSync } from 'node:zlib'
import type { Page } from 'playwright-core'
import { spawnSync } from 'node:child_process'
import { openBrowser, ROOT, signIn, startProduct } from '../e2e/harness'
import { startFloorPage } from './floor-page'
import { browserSettled } from './browser-settled'

export interface JsFigures {
  files: number
  rawKb: number
  gzipKb: number
}

export interface ConsoleLoadFigures {
  login: JsFigures & {
    /** What the login page fetches into the cache while idle (<link rel=prefetch>) for after the sign-in, and does not run. */
    ahead: JsFigures
  }
  list: JsFigures
  /**
   * Navigation to 20 rendered rows, each run in a fresh browser profile (nothing cached, no
   * code compiled), once the browser has finished its own start-up work.
   */
  listColdMs: number[]
  /** The same, navigating the moment the browser is up, so its start-up work shares the machine with the page. */
  listAtLaunchMs: number[]
  /** How long each fresh browser took to settle after launch (see browserSettled). */
  settleMs: number[]
  /** The same in one warmed-up browser (code cached, as for a person using the console all day). */
  listWarmMs: number[]
  /** The floor page (tests/bench/floor: React, antd's Table and one fetch of the same rows), fresh profiles, run in turn with the console's. */
  floorColdMs: number[]
  floorAtLaunchMs: number[]
}

/**
 * What a browser loads and how long the first list takes, against the built product
 * (`npm start`'s build) in Debian's headless Chromium. Sizes are of the JavaScript
 * files as built; gzip is measured here so it does not depend on the server's encoding.
 */
export async function measureConsoleLoad(runs = 5): Promise<ConsoleLoadFigures> {
  // Always today's build: the figures are of what npm start would serve now.
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
  if (build.status !== 0) throw new Error('npm run build failed')
  const product = await startProduct()
  try {
    const admin = product.logins.admin!
    await addDomains(product.url, admin, 30)

    const login = await withJs(async (page) => {
      await page.goto(`${product.url}/login`)
      await page.locator('form').waitFor()
      // Until what it fetches ahead while idle is in too.
      await page.waitForLoadState('networkidle')
    })

    let token = ''
    const list = await withJs(async (page) => {
      await signIn(page, product.url, 'admin', admin)
      token = (await page.evaluate(() => localStorage.getItem('token')))!
    }, async (page) => {
      await page.goto(`${product.url}/domain/domainList`)
      await rows(page)
    })

    // In turn, so whatever else the machine does weighs on both alike.
    const floor = await startFloorPage(product.url)
    const listColdMs: number[] = []
    const floorColdMs: number[] = []
    const listAtLaunchMs: number[] = []
    const floorAtLaunchMs: number[] = []
    const settleMs: number[] = []
    const listUrl = `${product.url}/domain/domainList`
    try {
      for (let i = 0; i < runs; i++) {
        const list = await timeInFreshProfile(token, listUrl, true)
        listColdMs.push(list.ms)
        settleMs.push(list.settleMs)
        floorColdMs.push((await timeInFreshProfile(token, floor.url, true)).ms)
        listAtLaunchMs.push((await timeInFreshProfile(token, listUrl, false)).ms)
        floorAtLaunchMs.push((await timeInFreshProfile(token, floor.url, false)).ms)
      }
    } finally {
      await floor.stop()
    }

    const listWarmMs: number[] = []
    const warm = await openBrowser('en-US')
    await warm.page.addInitScript((t) => localStorage.setItem('token', t), token)
    await timeToRows(warm.page, `${product.url}/domain/domainList`)
    for (let i = 0; i < runs; i++) listWarmMs.push(await timeToRows(warm.page, `${product.url}/domain/domainList`))
    await warm.close()

    return { login, list, listColdMs, listAtLaunchMs, settleMs, listWarmMs, floorColdMs, floorAtLaunchMs }
  } finally {
    await product.stop()
  }
}

async function timeInFreshProfile(token: string, url: string, settle: boolean): Promise<{ ms: number; settleMs: number }> {
  const { page, profile, close } = await openBrowser('en-US')
  try {
    await page.addInitScript((t) => localStorage.setItem('token', t), token)
    const settleMs = settle ? await browserSettled(profile) : 0
    return { ms: await timeToRows(page, url), settleMs }
  } finally {
    await close()
  }
}

async function timeToRows(page: Page, url: string): Promise<number> {
  const started = performance.now()
  await page.goto(url)
  await rows(page)
  return performance.now() - started
}

function rows(page: Page): Promise<void> {
  return page.waitForFunction(() => document.querySelectorAll('.ant-table-row').length >= 20, undefined, { timeout: 30_000 }).then(() => undefined)
}

/** The JavaScript the browser fetched while `measured` ran (after `before`, which is not counted). */
async function withJs(before: (page: Page) => Promise<void>, measured?: (page: Page) => Promise<void>) {
  const { page, close } = await openBrowser('en-US')
  try {
    const files = new Map<string, Buffer>()
    const ahead = new Map<string, Buffer>()
    // With a page measured after `before`, only that page's loads count: the first page may still be
    // fetching its own route's code (the home dashboard after sign-in) while the measured one loads.
    // A file fetched ahead (<link rel=prefetch>, resource type "other") is not run by the page: it is counted apart.
    const collect = (from: Page) =>
      from.on('response', (response) => {
        if (!response.url().endsWith('.js')) return
        const into = response.request().resourceType() === 'script' ? files : ahead
        // An answer still arriving as the browser closes has no body to count.
        response.body().then((body) => into.set(response.url(), body), () => undefined)
      })
    if (!measured) collect(page)
    await before(page)
    if (measured) {
      // A fresh page load of the list, with the session from the sign-in above.
      const context = page.context()
      const fresh = await context.newPage()
      collect(fresh)
      await context.clearCookies()
      await fresh.route('**/*', (route) => route.continue({ headers: { ...route.request().headers(), 'cache-control': 'no-cache' } }))
      await measured(fresh)
    }
    await page.waitForTimeout(300)
    return { ...jsFigures(files), ahead: jsFigures(ahead) }
  } finally {
    await close()
  }
}

async function addDomains(url: string, password: string, count: number): Promise<void> {
  const login = await fetch(`${url}/api/v1/platform/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password }) })
  const token = ((await login.json()) as { data: { userinfo: { token: string } } }).data.userinfo.token
  for (let i = 1; i <= count; i++) {
    await fetch(`${url}/api/v1/domain/add`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', token },
      body: JSON.stringify({ host: `bench${i}.example.com`, name: `Bench site ${i}` }),
    })
  }
}

function jsFigures(files: Map<string, Buffer>): JsFigures {
  const bodies = [...files.values()]
  return {
    files: bodies.length,
    rawKb: Math.round(bodies.reduce((n, b) => n + b.length, 0) / 1024),
    gzipKb: Math.round(bodies.reduce((n, b) => n + gzipSync(b).length, 0) / 1024),
  }
}
