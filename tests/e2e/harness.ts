import { fileURLToPath } from 'node:url'
import { dirname } from 'node:path'
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium, type Browser, type BrowserContext, type Locator, type Page, type Request } from 'playwright-core'

// vitest provides __dirname (also under happy-dom, where import.meta.url is not a file URL); plain ESM scripts do not.
const HERE = typeof __dirname === 'string' ? __dirname : dirname(fileURLToPath(import.meta.url))

export const ROOT = resolve(HERE, '../..')
export const CHROMIUM = '/usr/bin/chromium'
export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
]

export interface Product {
  url: string
  dataDir: string
  /** The demo logins `npm start` printed for the empty database. */
  logins: Record<string, string>
  /** Everything the server has printed so far (its log is JSON lines). */
  output(): string
  stop(): Promise<void>
}

/**
 * The node options `npm start` runs the built server with (package.json's start script, its
 * ${VAR:-default} read from the environment), so tests and the bench run it as it is deployed.
 */
export function startNodeOptions(): string[] {
  const start = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.start!
  const options = /\bnode ((?:--\S+ )*)dist\/server\/main\.js/.exec(start)
  if (!options) throw new Error(`package.json's start script no longer runs "node [options] dist/server/main.js": ${start}`)
  return options[1]!.trim().split(' ').filter(Boolean).map((option) => option.replace(/\$\{(\w+):-([^}]*)\}/g, (_, name: string, fallback: string) => process.env[name] || fallback))
}

/**
 * The built product (what `npm start` runs) on a free 127.0.0.1 port and a fresh data folder.
 * It seeds the demo logins alone unless asked for the demo month or library (`npm start`'s default), so
 * a test's lists and figures hold what the test did and nothing else. `env` adds to or overrides
 * its environment (FFMPEG_PATH of a program that is not there: a machine without ffmpeg).
 */
export async function startProduct(options: { schemasDir?: string; demoMonth?: boolean; demoLibrary?: boolean; env?: Record<string, string> } = {}): Promise<Product> {
  ensureBuilt()
  const port = await freePort()
  const dataDir = mkdtempSync(join(tmpdir(), 'console-e2e-'))
  const child = spawn(process.execPath, [...startNodeOptions(), 'dist/server/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir,
      SCHEMAS_DIR: options.schemasDir ?? join(ROOT, 'schemas'), DATABASE_URL: '', LOG_LEVEL: 'warn', DEMO_MONTH: options.demoMonth ? '1' : '0', DEMO_LIBRARY: options.demoLibrary ? '1' : '0',
      // The browser tests sign the demo logins in many times a minute; the API suite tests the limits themselves.
      LOGIN_LIMIT_PER_USERNAME: '1000', LOGIN_LIMIT_PER_ADDRESS: '1000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  await waitFor(() => /Sign in with|ready \d+ ms/.test(output) && /agent\s+\S+\s+\S+/.test(output), child, () => output)
  const logins: Record<string, string> = {}
  for (const [, , username, password] of output.matchAll(/^\s+(admin|partner|merchant|agent)\s+(\S+)\s+(\S+)$/gm)) logins[username!] = password!
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    logins,
    output: () => output,
    async stop() {
      await stopChild(child)
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export interface BrowserOptions {
  /** A WAV file the browser hears as its microphone, played over and over; the page may use it without asking. */
  microphone?: string
  /** The window's size from the first page on; 1360 × 860 unless given. */
  viewport?: { width: number; height: number }
}

export interface SignedInOptions extends BrowserOptions {
  /** A session of this browser's own, for a test that ends it or every session; the file's shared one otherwise. */
  ownSession?: boolean
  /** The page to open first, instead of the one the console lands the account on. */
  at?: string
  /** More of what the console keeps in local storage (its theme, its layout settings), there from the first page on. */
  storage?: Record<string, string>
}

/** A browser window of its own: cookies and storage of its own, and the journal of its first page. */
export interface OpenedBrowser {
  context: BrowserContext
  page: Page
  journal: Journal
  close(): Promise<void>
}

const VIEWPORT = { width: 1360, height: 860 }

/**
 * Debian's Chromium, headless, with a fresh profile that is removed on close: a browser of its
 * own, started cold, as tests/bench measures one. Browser tests open a context instead (openContext).
 */
export async function openBrowser(locale: 'zh-CN' | 'en-US' = 'zh-CN', options: BrowserOptions = {}): Promise<OpenedBrowser & { profile: string }> {
  const profile = mkdtempSync(join(tmpdir(), 'console-chromium-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...microphoneArgs(options)], headless: true, viewport: options.viewport ?? VIEWPORT,
    ...(options.microphone ? { permissions: ['microphone'] } : {}),
  })
  const opened = await prepare(context, context.pages()[0] ?? (await context.newPage()), locale)
  return {
    ...opened,
    profile,
    async close() {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}

const microphoneArgs = (options: BrowserOptions) => (options.microphone ? ['--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${options.microphone}`] : [])

/**
 * The Chromium a test file's tests share. Starting one costs a second or more on a busy two-core
 * machine, a context a few milliseconds; each test gets a context of its own, so no cookie or
 * storage passes from one test to the next. tests/e2e/browser-per-file.ts starts it as a file
 * starts and closes it after the file's tests (the files a worker runs share this module).
 */
let fileBrowser: Promise<Browser> | undefined

async function sharedBrowser(): Promise<Browser> {
  const running = fileBrowser && (await fileBrowser.catch(() => undefined))
  // A browser that crashed (or failed to start) takes only the test it crashed in with it.
  if (running?.isConnected()) return running
  fileBrowser = launchBrowser()
  return fileBrowser
}

/** Starts the file's browser without waiting for it, so it starts while the file starts its product. */
export function startFileBrowser(): void {
  fileBrowser ??= launchBrowser()
  // A failed start is retried, and reported, by the first test that needs the browser.
  fileBrowser.catch(() => undefined)
}

/** Chromium as openBrowser starts it; Playwright gives it a fresh profile of its own and removes it on close. */
function launchBrowser(options: BrowserOptions = {}): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_ARGS, ...microphoneArgs(options)], headless: true })
}

/** Closes the browser this file's tests shared, if one was started. */
export async function closeFileBrowser(): Promise<void> {
  const closing = fileBrowser
  fileBrowser = undefined
  const browser = closing && (await closing.catch(() => undefined))
  await browser?.close()
}

/**
 * A fresh context (its own cookies and storage, nothing cached) of the file's browser, its first
 * page open. A test given a microphone starts a browser of its own, as the fake device is a launch option.
 */
export async function openContext(locale: 'zh-CN' | 'en-US' = 'zh-CN', options: BrowserOptions & { storageState?: StorageState } = {}): Promise<OpenedBrowser> {
  const own = options.microphone ? await launchBrowser(options) : undefined
  const browser = own ?? (await sharedBrowser())
  const context = await browser.newContext({
    viewport: options.viewport ?? VIEWPORT,
    ...(options.microphone ? { permissions: ['microphone'] } : {}),
    ...(options.storageState ? { storageState: options.storageState } : {}),
  })
  const opened = await prepare(context, await context.newPage(), locale)
  return {
    ...opened,
    async close() {
      await context.close()
      await own?.close()
    },
  }
}

type StorageState = Exclude<NonNullable<Parameters<Browser['newContext']>[0]>['storageState'], string | undefined>

async function prepare(context: BrowserContext, page: Page, locale: 'zh-CN' | 'en-US'): Promise<Omit<OpenedBrowser, 'close'>> {
  await context.addInitScript((l) => {
    if (!localStorage.getItem('arco-locale')) localStorage.setItem('arco-locale', l)
  }, locale)
  const journal = keepJournal(page)
  latestJournal = journal
  return { context, page, journal }
}

/** A fresh context for `run`, closed afterwards whatever happens; a failure says what the page showed and was waiting for. */
export async function withBrowser(run: (page: Page) => Promise<void>, locale: 'zh-CN' | 'en-US' = 'zh-CN', options: BrowserOptions = {}): Promise<void> {
  await runIn(await openContext(locale, options), run)
}

async function runIn(browser: OpenedBrowser, run: (page: Page) => Promise<void>): Promise<void> {
  try {
    await run(browser.page)
  } catch (error) {
    // The page is still open here, so the journal can include a screenshot.
    await browser.journal.screenshot()
    throw error
  } finally {
    await browser.close()
  }
}

/**
 * What a page did that a failed wait cannot tell: where it was, the calls still unanswered,
 * its last requests, errors and dialogs. tests/e2e/journal-on-failure.ts adds it to the error
 * of a failed test, where the failure summary at the end of a run (what a CI log keeps) shows it.
 */
export interface Journal {
  /** A full-page screenshot in test-results/e2e-failures, while the page is open. */
  screenshot(): Promise<void>
  text(): string
}

let latestJournal: Journal | undefined

/** The journal of the browser the running test opened last; `undefined` once forgotten. */
export function latestBrowserJournal(): Journal | undefined {
  return latestJournal
}

export function forgetBrowserJournal(): void {
  latestJournal = undefined
}

function keepJournal(page: Page): Journal {
  const started = Date.now()
  const seconds = () => ((Date.now() - started) / 1000).toFixed(1)
  const pending = new Map<Request, string>()
  const events: string[] = []
  let shot = 'none (taken only when a test run inside withBrowser or withSignedIn fails)'
  const note = (line: string) => {
    events.push(`${seconds()}s ${line}`)
    if (events.length > 60) events.shift()
  }
  const isApi = (url: string) => url.includes('/api/')
  page.on('request', (request) => {
    pending.set(request, `${seconds()}s ${request.method()} ${request.url()}`)
    if (isApi(request.url())) note(`asked ${request.method()} ${request.url()}`)
  })
  page.on('response', (response) => {
    if (isApi(response.url())) note(`answered ${response.status()} ${response.url()}`)
  })
  page.on('requestfinished', (request) => pending.delete(request))
  page.on('requestfailed', (request) => {
    pending.delete(request)
    note(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText})`)
  })
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(`at ${frame.url()}`)
  })
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') note(`console ${message.type()}: ${message.text()}`)
  })
  page.on('pageerror', (error) => note(`page error: ${error.message}`))
  page.on('dialog', (dialog) => {
    note(`dialog (${dialog.type()}): ${dialog.message()}`)
    // Playwright dismisses a dialog itself only while no one listens for them: this listener does what it would have.
    dialog.dismiss().catch(() => undefined)
  })
  return {
    async screenshot() {
      const dir = join(ROOT, 'test-results', 'e2e-failures')
      mkdirSync(dir, { recursive: true })
      // Two files run at once: the process id keeps their screenshots of the same instant apart.
      const path = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${process.pid}.png`)
      shot = await page.screenshot({ path, fullPage: true, timeout: 10_000 }).then(() => path, () => 'none (the page was gone)')
    },
    text: () =>
      [
        'The browser then:',
        `  address: ${page.url()}`,
        `  unanswered calls: ${pending.size ? '' : 'none'}`,
        ...[...pending.values()].map((line) => `    ${line}`),
        '  last events:',
        ...events.map((line) => `    ${line}`),
        `  screenshot: ${shot}`,
      ].join('\n'),
  }
}

/** Who a browser or an API call is signed in as: a demo login, or an account created since, given its password. */
export type Who = string | { username: string; password?: string }

/**
 * A fresh context signed in as `who`, opened on the page the console lands it on (or `at`). Its
 * session is the one the file's tests share for that account (see sessionToken), placed where a
 * remembered sign-in keeps it, so the login page is left to the tests about signing in. A test
 * that ends its session (signs out, expires or revokes sessions) asks for a session of its own:
 * the others' would end with it.
 */
export async function openSignedIn(product: Product, who: Who, locale: 'zh-CN' | 'en-US' = 'en-US', options: SignedInOptions = {}): Promise<OpenedBrowser> {
  const account = accountOf(product, who)
  const token = options.ownSession ? await signInByApi(product, account) : await sessionToken(product, account)
  const stored = { ...options.storage, token, 'login-remember': account.username }
  const opened = await openContext(locale, {
    ...options,
    storageState: { cookies: [], origins: [{ origin: product.url, localStorage: Object.entries(stored).map(([name, value]) => ({ name, value })) }] },
  })
  try {
    await opened.page.goto(`${product.url}${options.at ?? '/'}`)
    if (options.at) return opened
    await opened.page.waitForURL((u) => u.pathname !== '/')
    if (new URL(opened.page.url()).pathname.startsWith('/login')) throw new Error(`The console did not take the session of ${account.username}: it opened the login page.`)
    return opened
  } catch (error) {
    await opened.journal.screenshot()
    await opened.close()
    throw error
  }
}

/** The same for `run`, closed afterwards whatever happens. */
export async function withSignedIn(product: Product, who: Who, run: (page: Page) => Promise<void>, locale: 'zh-CN' | 'en-US' = 'en-US', options: SignedInOptions = {}): Promise<void> {
  await runIn(await openSignedIn(product, who, locale, options), run)
}

function accountOf(product: Product, who: Who): { username: string; password: string } {
  const { username, password } = typeof who === 'string' ? { username: who, password: undefined } : who
  const known = password ?? product.logins[username]
  if (known === undefined) throw new Error(`No password for "${username}": the demo logins are ${Object.keys(product.logins).join(', ')}; pass the password of an account created since.`)
  return { username, password: known }
}

/**
 * The session tokens of each product, by account. Kept beside the product rather than on it,
 * so a product stopped and forgotten takes its sessions with it.
 */
const sessions = new WeakMap<Product, Map<string, Promise<string>>>()

/**
 * The session this file's tests share for an account, signed in through the API once, and again
 * only once the server no longer takes it (a test signed it out, or expired every session).
 * `check` asks the server first; `trust` leaves that to the caller, which renews on a refusal.
 */
async function sessionToken(product: Product, account: { username: string; password: string }, how: 'check' | 'trust' | 'renew' = 'check'): Promise<string> {
  const byAccount = sessions.get(product) ?? new Map<string, Promise<string>>()
  sessions.set(product, byAccount)
  const key = `${account.username}\n${account.password}`
  const known = how === 'renew' ? undefined : await byAccount.get(key)?.catch(() => undefined)
  if (known && (how === 'trust' || (await sessionLives(product, known)))) return known
  const token = signInByApi(product, account)
  byAccount.set(key, token)
  return token
}

async function signInByApi(product: Product, account: { username: string; password: string }): Promise<string> {
  const response = await fetch(`${product.url}/api/v1/platform/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(account),
  })
  const envelope = (await response.json()) as { code: number; msg: string; data: { userinfo: { token: string } } }
  if (envelope.code !== 1) throw new Error(`Signing in as ${account.username} answered ${envelope.code}: ${envelope.msg}`)
  return envelope.data.userinfo.token
}

/** The codes of a session the server no longer takes: none (HTTP 401), unknown, revoked, expired. */
const REFUSED_SESSION = new Set([50008, 50012, 50014])

async function sessionLives(product: Product, token: string): Promise<boolean> {
  const response = await fetch(`${product.url}/api/v1/platform/get_user_info`, { method: 'POST', headers: { token, platform: 'pc', 'content-type': 'application/json' }, body: '{}' })
  return response.status !== 401 && !REFUSED_SESSION.has(((await response.json()) as { code: number }).code)
}

/**
 * Click an item of a dropdown menu once the menu has finished appearing, as a person would.
 * Until its motion starts, an antd popup is paused at its first frame, scaled to 80%: Playwright
 * finds it still and aims there, and when the motion starts the point lands elsewhere.
 */
export async function chooseMenuItem(page: Page, name: string, options: { exact?: boolean } = {}): Promise<void> {
  await clickWhenSettled(page.getByRole('menuitem', { name, exact: options.exact }))
}

/** Click an element of an antd popup (a dropdown menu, a select's options, a dialog, a drawer, a menu's group opening in the sider) once the popup has finished appearing. */
export async function clickWhenSettled(target: Locator): Promise<void> {
  await whenSettled(target)
  await target.click()
}

/** Wait until the antd popup holding `target` has finished appearing, where its boxes are where they stay. */
export async function whenSettled(target: Locator): Promise<void> {
  await target.waitFor()
  await target.evaluate(async (element) => {
    const popup = element.closest('.ant-dropdown, .ant-select-dropdown, .ant-modal, .ant-drawer-content-wrapper, .ant-menu-sub') ?? element
    while (/-(appear|enter)\b/.test(popup.className)) await new Promise(requestAnimationFrame)
    await Promise.all(popup.getAnimations({ subtree: true }).map((animation) => animation.finished))
  })
}

/**
 * Sign in through the login page, in whichever locale it shows. Remembered unless asked not to,
 * so the sign-in reaches every tab of the browser (a new page, a reload after the tab closed).
 */
export async function signIn(page: Page, url: string, username: string, password: string, options: { remember?: boolean } = {}): Promise<void> {
  await page.goto(`${url}/login`)
  await page.locator('#username').fill(username)
  await page.locator('#password').fill(password)
  await page.locator('#remember').setChecked(options.remember ?? true)
  await page.locator('form button[type="submit"]').click()
  await page.waitForURL((u) => !u.pathname.startsWith('/login'))
}

/**
 * One API call as a demo login (or an account created since, given its password), for setting
 * the scene, through the session the file shares for that account; signed in again once if the
 * server no longer takes it.
 */
export async function callApi<T = unknown>(product: Product, who: { username: string; password?: string }, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const account = accountOf(product, who)
  const send = async (token: string) => {
    // A FormData body (a file upload) is sent as multipart, with the boundary fetch gives it.
    const form = body instanceof FormData
    const response = await fetch(`${product.url}/api/v1${path}`, {
      method, headers: { token, platform: 'pc', ...(body === undefined || form ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    })
    return { status: response.status, envelope: (await response.json()) as { code: number; msg: string; data: T } }
  }
  let answer = await send(await sessionToken(product, account, 'trust'))
  if (answer.status === 401 || REFUSED_SESSION.has(answer.envelope.code)) answer = await send(await sessionToken(product, account, 'renew'))
  const { envelope } = answer
  if (envelope.code !== 1) throw new Error(`${method} ${path} answered ${envelope.code}: ${envelope.msg}`)
  return envelope.data
}

/** The build `npm start` makes; built here when a test runs before `npm run build` did. */
export function ensureBuilt(): void {
  if (existsSync(join(ROOT, 'dist/console/index.html')) && existsSync(join(ROOT, 'dist/server/main.js'))) return
  // Without vitest's NODE_ENV=test, which would make Vite bundle React's development build.
  const { NODE_ENV: _, ...env } = process.env
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit', env })
  if (result.status !== 0) throw new Error('npm run build failed; the browser tests run against the build.')
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolvePort(port))
    })
    server.on('error', reject)
  })
}

async function waitFor(ready: () => boolean, child: ChildProcess, output: () => string, timeoutMs = 30_000): Promise<void> {
  const started = Date.now()
  while (!ready()) {
    if (child.exitCode !== null) throw new Error(`The server exited before it was ready:\n${output()}`)
    if (Date.now() - started > timeoutMs) throw new Error(`The server was not ready within ${timeoutMs} ms:\n${output()}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return
  const gone = new Promise<void>((r) => child.once('exit', () => r()))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
  await gone
  clearTimeout(timer)
}
