import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromium } from 'playwright-core'
import { CHROMIUM, CHROMIUM_ARGS, ROOT, startProduct, type Product } from '../e2e/harness'

export interface LighthouseRun {
  /** Why Lighthouse could not measure a run (its runtimeError), which is then run again once. */
  failed?: string
  performance: number
  accessibility: number
  fcp: number
  lcp: number
  tbt: number
  si: number
  cls: number
}

export interface LighthouseFigures {
  /** Per page and run: the category scores (0–100) and the metrics behind performance, in ms (CLS unitless). */
  pages: { path: string; runs: LighthouseRun[] }[]
}

/** The login page, signed out, and a merchant's materials list, signed in. */
const PAGES = [
  { path: '/login', who: undefined },
  { path: '/creation/resource', who: 'merchant1' },
] as const

/**
 * Lighthouse's mobile run (its default: a mid-range phone, 4x slower CPU, slow 4G, all
 * simulated) of the login page and of a list page of `npm start`'s build, in Debian's
 * Chromium, a fresh profile each run. The list page is opened with a session already stored:
 * the profile first opens /robots.txt of the same origin, so that the session can be put in
 * its storage and nothing of the console is cached, and Lighthouse is told to keep storage.
 * Lighthouse scores vary run to run; the bench prints each.
 */
export async function measureLighthouse(runs = 3): Promise<LighthouseFigures> {
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
  if (build.status !== 0) throw new Error('npm run build failed')
  const product = await startProduct()
  const figures: LighthouseFigures = { pages: [] }
  try {
    for (const { path, who } of PAGES) {
      const token = who ? await tokenOf(product, who) : undefined
      const page = { path, runs: [] as LighthouseRun[] }
      for (let i = 0; i < runs; i++) {
        const run = await runOnce(`${product.url}${path}`, token)
        page.runs.push(run)
        // A run Lighthouse could not measure (it saw no paint, say) has no score: it is shown, and measured again.
        if (run.failed) page.runs.push(await runOnce(`${product.url}${path}`, token))
      }
      figures.pages.push(page)
    }
  } finally {
    await product.stop()
  }
  return figures
}

async function runOnce(url: string, token: string | undefined): Promise<LighthouseRun> {
  const profile = mkdtempSync(join(tmpdir(), 'lighthouse-profile-'))
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_ARGS, userDataDir: profile, logLevel: 'silent' })
  try {
    if (token) await storeSession(chrome.port, new URL(url).origin, token)
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: Boolean(token) })
    if (!result) throw new Error('Lighthouse returned no result')
    const { categories, audits, runtimeError } = result.lhr
    const ms = (id: string) => Math.round(audits[id]?.numericValue ?? NaN)
    return {
      ...(runtimeError && { failed: `${runtimeError.code}: ${runtimeError.message}` }),
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      fcp: ms('first-contentful-paint'),
      lcp: ms('largest-contentful-paint'),
      tbt: ms('total-blocking-time'),
      si: ms('speed-index'),
      cls: Number((audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
    }
  } finally {
    await chrome.kill()
    rmSync(profile, { recursive: true, force: true })
  }
}

/** The session in the browser's storage for `origin`, put there from a page that loads nothing of the console. */
async function storeSession(port: number, origin: string, token: string): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`)
  try {
    const page = browser.contexts()[0]!.pages()[0] ?? (await browser.contexts()[0]!.newPage())
    await page.goto(`${origin}/robots.txt`)
    await page.evaluate((t) => localStorage.setItem('token', t), token)
    await page.goto('about:blank')
  } finally {
    // Only this connection: the browser stays for Lighthouse.
    await browser.close().catch(() => undefined)
  }
}

async function tokenOf(product: Product, username: string): Promise<string> {
  const answer = await fetch(`${product.url}/api/v1/platform/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: product.logins[username] }) })
  return ((await answer.json()) as { data: { userinfo: { token: string } } }).data.userinfo.token
}
