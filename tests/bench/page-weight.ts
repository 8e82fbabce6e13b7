import { gzipSync } from 'node:zlib'
import type { Page } from 'playwright-core'
import { openBrowser, type Product } from '../e2e/harness'
import type { ReportRow } from './report'

export interface LoadedFile {
  url: string
  type: string
  raw: number
  gzip: number
}

export interface PageWeight {
  path: string
  files: LoadedFile[]
  raw: number
  gzip: number
}

/**
 * Everything a page loads on a cold cache (a fresh browser profile) until the network is quiet
 * and, for a list, its rows have shown: the bytes of each answer's body (uncompressed) and that
 * body gzipped here, so the figure does not depend on the server's encoding. A signed-in page
 * is opened with the session `token` already stored, as a bookmark opened the next morning.
 */
export async function measurePageWeight(product: Product, path: string, token?: string): Promise<PageWeight> {
  const { page, close } = await openBrowser('en-US')
  try {
    if (token) await page.addInitScript((t) => localStorage.setItem('token', t), token)
    const files = await collect(page, async () => {
      await page.goto(`${product.url}${path}`)
    })
    return { path, files, raw: sum(files.map((f) => f.raw)), gzip: sum(files.map((f) => f.gzip)) }
  } finally {
    await close()
  }
}

async function collect(page: Page, run: () => Promise<void>): Promise<LoadedFile[]> {
  const files: Promise<LoadedFile | undefined>[] = []
  let inFlight = 0
  let lastChange = performance.now()
  const change = (by: number) => {
    inFlight += by
    lastChange = performance.now()
  }
  page.on('request', () => change(1))
  page.on('requestfinished', () => change(-1))
  page.on('requestfailed', () => change(-1))
  page.on('response', (response) => {
    // A task list's event stream never ends while the page is open: its body would never come.
    if (response.headers()['content-type']?.startsWith('text/event-stream')) return
    // A 304 or a redirect carries no body; a body still arriving as the page closes is not counted.
    files.push(
      response.body().then(
        (body) => ({ url: response.url(), type: response.request().resourceType(), raw: body.length, gzip: gzipSync(body).length }),
        () => undefined,
      ),
    )
  })
  await run()
  // Quiet for two seconds: what a page asks for once idle (the login page's schema files, what it fetches ahead) comes after a first quiet moment.
  const started = performance.now()
  while ((inFlight > 0 || performance.now() - lastChange < QUIET_MS) && performance.now() - started < 30_000) await page.waitForTimeout(100)
  return (await Promise.all(files)).filter((f): f is LoadedFile => f !== undefined)
}

const QUIET_MS = 2000

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)

/** The heaviest files of a page, largest first, for the bench's breakdown. */
export function heaviest(weight: PageWeight, count = 8): string[] {
  return [...weight.files]
    .sort((a, b) => b.raw - a.raw)
    .slice(0, count)
    .map((f) => `${(f.raw / 1024).toFixed(0).padStart(5)} KB raw ${(f.gzip / 1024).toFixed(0).padStart(4)} KB gzip  ${f.type.padEnd(10)} ${new URL(f.url).pathname}`)
}

export interface WeightFigures {
  /** The login page of a signed-out visitor: what it runs, apart from what it fetches ahead while idle (<link rel=prefetch>) for after the sign-in. */
  login: { runs: PageWeight; shown: PageWeight; aheadRaw: number; aheadGzip: number }
  /** Two of a merchant's content pages (materials, and videos made), opened signed in. */
  pages: PageWeight[]
}

const CONTENT_PAGES = [
  { path: '/creation/resource', who: 'merchant1' },
  { path: '/digital-human/my-creation', who: 'merchant1' },
] as const

/** What the login page and two signed-in pages load on a cold cache, against a running product. */
export async function measureWeights(product: Product): Promise<WeightFigures> {
  const all = await measurePageWeight(product, '/login')
  const ahead = all.files.filter((f) => f.type === 'other')
  const runs = only(all, (f) => f.type !== 'other')
  // What the page needs to show itself: its document, code and styles, before the schema files it asks for once shown.
  const shown = only(all, (f) => ['document', 'script', 'stylesheet'].includes(f.type) && !/load-registry/.test(f.url))
  const pages: PageWeight[] = []
  for (const { path, who } of CONTENT_PAGES) pages.push(await measurePageWeight(product, path, await tokenOf(product, who)))
  return { login: { runs, shown, aheadRaw: sum(ahead.map((f) => f.raw)), aheadGzip: sum(ahead.map((f) => f.gzip)) }, pages }
}

function only(weight: PageWeight, keep: (f: LoadedFile) => boolean): PageWeight {
  const files = weight.files.filter(keep)
  return { path: weight.path, files, raw: sum(files.map((f) => f.raw)), gzip: sum(files.map((f) => f.gzip)) }
}

async function tokenOf(product: Product, username: string): Promise<string> {
  const answer = await fetch(`${product.url}/api/v1/platform/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: product.logins[username] }),
  })
  return ((await answer.json()) as { data: { userinfo: { token: string } } }).data.userinfo.token
}

export const WEIGHT_TARGET = { loginGzipKb: 250, contentRawKb: 1536 }

const kb = (bytes: number) => Math.round(bytes / 1024)

export function describeWeights(f: WeightFigures): string {
  const lines = [
    `  login page as it first shows (document, code, styles): ${kb(f.login.shown.raw)} KB raw, ${kb(f.login.shown.gzip)} KB gzip`,
    `  login page, all it runs (with the schema files it asks for once shown, for its dialogs and the agreements' names): ${kb(f.login.runs.raw)} KB raw, ${kb(f.login.runs.gzip)} KB gzip; fetched ahead while idle for after the sign-in, not run: ${kb(f.login.aheadRaw)} KB raw, ${kb(f.login.aheadGzip)} KB gzip`,
  ]
  for (const page of f.pages) {
    const by = new Map<string, number>()
    for (const file of page.files) by.set(file.type, (by.get(file.type) ?? 0) + file.raw)
    lines.push(`  ${page.path}: ${kb(page.raw)} KB raw, ${kb(page.gzip)} KB gzip in ${page.files.length} answers (${[...by].map(([type, bytes]) => `${type} ${kb(bytes)} KB`).join(', ')}); the heaviest:`)
    lines.push(...heaviest(page, 5).map((line) => `    ${line}`))
  }
  return lines.join('\n')
}

export function weightReportRows(f: WeightFigures): ReportRow[] {
  return [
    { label: 'login page as it first shows, gzip KB', value: String(kb(f.login.shown.gzip)), target: `≤ ${WEIGHT_TARGET.loginGzipKb}`, met: kb(f.login.shown.gzip) <= WEIGHT_TARGET.loginGzipKb },
    { label: 'login page, all it runs, gzip KB', value: String(kb(f.login.runs.gzip)), target: `≤ ${WEIGHT_TARGET.loginGzipKb}`, met: kb(f.login.runs.gzip) <= WEIGHT_TARGET.loginGzipKb },
    ...f.pages.map((page) => ({ label: `${page.path}, cold cache, raw KB`, value: String(kb(page.raw)), target: `≤ ${WEIGHT_TARGET.contentRawKb}`, met: kb(page.raw) <= WEIGHT_TARGET.contentRawKb })),
  ]
}
