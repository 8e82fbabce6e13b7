import { spawnSync } from 'node:child_process'
import type { Locator, Page } from 'playwright-core'
import { closeFileBrowser, openContext, ROOT, startProduct, whenSettled, type Product } from '../e2e/harness'
import { apiSignIn } from './list-pages'
import { followRequests } from './network-quiet'
import { startFloorPage } from './floor-page'
import { median, spread, type ReportRow } from './report'

/** The issue's target: a menu click shows the list's rows in no more than this many times the floor page's whole load. */
export const NAVIGATION_TARGET = 2

/** The list both pages show: the domains, 20 a page, as the floor page asks for them. */
const LIST = { group: '/domain', path: '/domain/domainList' }
const LANDING = '/home/index'
const LANDING_GROUP = '/home'
const ROWS = 20

export interface NavigationFigures {
  /** A console loaded at the admin's landing page, its list page never opened: click on the menu entry → 20 rows painted. */
  firstClickMs: number[]
  /** The same list opened again from the menu after going back to the landing page through it (its code in, its rows cached). */
  againClickMs: number[]
  /** The list's address opened in a fresh context (nothing cached, signed in): navigation → 20 rows painted. */
  loadMs: number[]
  /** The floor page (tests/bench/floor), a fresh context each: navigation → 20 rows painted. */
  floorMs: number[]
  /** The floor page loaded again in the same context, its code cached: navigation → 20 rows painted. */
  floorAgainMs: number[]
  /** What the page asked for between the click and the rows in the last first click: ms after the click, and how long each took. */
  requests: { url: string; startMs: number; endMs: number }[]
}

/**
 * Menu click → 20 rows in a console already open (fresh context, nothing cached, settled on
 * the landing page), beside the floor page's whole load, in turn so that whatever else the
 * machine does weighs on both alike. Times are the page's own clock: from the click event
 * (or, for the floor page, the navigation's start) to the animation frame that first has the rows.
 */
export async function measureNavigation(runs = 5, options: { build?: boolean; product?: Product } = {}): Promise<NavigationFigures> {
  if (options.build ?? true) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
    if (build.status !== 0) throw new Error('npm run build failed')
  }
  const product = options.product ?? (await startProduct())
  const floor = await startFloorPage(product.url)
  try {
    const token = await apiSignIn(product.url, 'admin', product.logins.admin!)
    await addDomains(product.url, token, 30)
    const figures: NavigationFigures = { firstClickMs: [], againClickMs: [], loadMs: [], floorMs: [], floorAgainMs: [], requests: [] }
    const signedIn = { token, 'login-remember': 'admin', 'arco-locale': 'en-US' }
    for (let i = 0; i < runs; i++) {
      const run = await clickRun(product.url, token)
      figures.firstClickMs.push(run.firstMs)
      figures.againClickMs.push(run.againMs)
      figures.requests = run.requests
      const floorRun = await loadRun(floor.url, { token }, true)
      figures.floorMs.push(floorRun.firstMs)
      figures.floorAgainMs.push(floorRun.againMs!)
      figures.loadMs.push((await loadRun(`${product.url}${LIST.path}`, signedIn)).firstMs)
    }
    return figures
  } finally {
    await floor.stop()
    await closeFileBrowser()
    if (!options.product) await product.stop()
  }
}

async function clickRun(url: string, token: string): Promise<{ firstMs: number; againMs: number; requests: NavigationFigures['requests'] }> {
  const opened = await openContext('en-US', { storageState: storage(url, { token, 'login-remember': 'admin', 'arco-locale': 'en-US' }) })
  try {
    const { page } = opened
    const requests = followRequests(page)
    await page.goto(`${url}${LANDING}`)
    await requests.quiet()
    const firstMs = await clickToRows(page, LIST.group, LIST.path)
    const recorded = await requestsSinceClick(page)
    // Away through the menu and back: the list's code is in and its rows are cached, though stale, as through a working day.
    await (await menuEntry(page, LANDING_GROUP, LANDING)).click()
    await page.waitForURL(`**${LANDING}`)
    await requests.quiet()
    const againMs = await clickToRows(page, LIST.group, LIST.path)
    requests.stop()
    return { firstMs, againMs, requests: recorded }
  } finally {
    await opened.close()
  }
}

/** A menu entry in the sider, its group opened first if it is closed. */
async function menuEntry(page: Page, group: string, path: string): Promise<Locator> {
  const entry = page.locator(`.console-sider a[href="${path}"]`)
  if (!(await entry.isVisible())) {
    await page.locator(`.console-sider .ant-menu-submenu-title[data-menu-id$="-${group}"]`).click()
    await whenSettled(entry)
  }
  return entry
}

/** Opens the menu group, then times the click on its entry until the rows are painted. */
async function clickToRows(page: Page, group: string, path: string): Promise<number> {
  const entry = await menuEntry(page, group, path)
  await page.evaluate(() => {
    window.benchClickAt = undefined
    document.addEventListener('click', (event) => (window.benchClickAt = event.timeStamp), { capture: true, once: true })
  })
  await entry.click()
  const shownAt = await rowsPaintedAt(page)
  return shownAt - (await page.evaluate(() => window.benchClickAt!))
}

/** Navigation → rows in a fresh context, and, if asked, once more in the same context with its code cached. */
async function loadRun(url: string, values: Record<string, string>, again = false): Promise<{ firstMs: number; againMs?: number }> {
  const opened = await openContext('en-US', { storageState: storage(new URL(url).origin, values) })
  try {
    await opened.page.goto(url)
    // The navigation started at the page's time origin: its clock reads 0 there.
    const firstMs = await rowsPaintedAt(opened.page)
    if (!again) return { firstMs }
    await opened.page.goto(url)
    return { firstMs, againMs: await rowsPaintedAt(opened.page) }
  } finally {
    await opened.close()
  }
}

declare global {
  interface Window {
    benchClickAt?: number
  }
}

/** The page's clock at the first animation frame with 20 rows on screen. */
async function rowsPaintedAt(page: Page): Promise<number> {
  const handle = await page.waitForFunction(
    (rows) => {
      const shown = [...document.querySelectorAll('.ant-table-row')].filter((row) => row.checkVisibility()).length
      return shown >= rows ? performance.now() : false
    },
    ROWS,
    { polling: 'raf', timeout: 30_000 },
  )
  return (await handle.jsonValue()) as number
}

/** The page's requests from the click on (its resource timing), in ms after the click. */
async function requestsSinceClick(page: Page): Promise<NavigationFigures['requests']> {
  return page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => entry.startTime >= window.benchClickAt!)
      .map((entry) => ({ url: entry.name.replace(/^https?:\/\/[^/]+/, ''), startMs: entry.startTime - window.benchClickAt!, endMs: entry.responseEnd - window.benchClickAt! })),
  )
}

function storage(origin: string, values: Record<string, string>) {
  return { cookies: [], origins: [{ origin, localStorage: Object.entries(values).map(([name, value]) => ({ name, value })) }] }
}

async function addDomains(url: string, token: string, count: number): Promise<void> {
  for (let i = 1; i <= count; i++) {
    await fetch(`${url}/api/v1/domain/add`, { method: 'POST', headers: { 'content-type': 'application/json', token }, body: JSON.stringify({ host: `nav${i}.example.com`, name: `Navigation site ${i}` }) })
  }
}

export function describeNavigation(f: NavigationFigures): string {
  const floor = median(f.floorMs)
  return [
    `\nnavigation: menu click → ${ROWS} rows painted, admin, ${LIST.path}, in a console settled on ${LANDING} (fresh context each run, nothing cached), ${f.firstClickMs.length} runs:`,
    `  first visit of the list ${spread(f.firstClickMs)} ms (${(median(f.firstClickMs) / floor).toFixed(2)}× the floor); again after the landing page ${spread(f.againClickMs)} ms (${(median(f.againClickMs) / floor).toFixed(2)}×)`,
    `  the floor page (React + antd Table + one fetch of the same rows), fresh context, navigation → rows: ${spread(f.floorMs)} ms; loaded again, its code cached, ${spread(f.floorAgainMs)} ms (first click / that: ${(median(f.firstClickMs) / median(f.floorAgainMs)).toFixed(2)}×)`,
    `  the list's address loaded in a fresh context, navigation → rows: ${spread(f.loadMs)} ms (${(median(f.loadMs) / floor).toFixed(2)}× the floor)`,
    `  requests after the first click (ms after it): ${f.requests.map((r) => `${r.url.split('?')[0]} ${r.startMs.toFixed(0)}–${r.endMs.toFixed(0)}`).join(', ') || 'none'}`,
  ].join('\n')
}

export function navigationReportRows(f: NavigationFigures): ReportRow[] {
  const ratio = median(f.firstClickMs) / median(f.floorMs)
  return [
    { label: `menu click → ${ROWS} rows, list not opened before (ms; floor page ${median(f.floorMs).toFixed(0)})`, value: median(f.firstClickMs).toFixed(0) },
    { label: 'menu click → rows / floor page load', value: `${ratio.toFixed(2)}×`, target: `<= ${NAVIGATION_TARGET.toFixed(1)}×`, met: ratio <= NAVIGATION_TARGET },
    { label: 'menu click → rows / floor page loaded again (code cached)', value: `${(median(f.firstClickMs) / median(f.floorAgainMs)).toFixed(2)}×` },
    { label: 'list address loaded → rows / floor page load, fresh contexts', value: `${(median(f.loadMs) / median(f.floorMs)).toFixed(2)}×` },
  ]
}
