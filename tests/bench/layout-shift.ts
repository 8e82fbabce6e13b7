import { spawnSync } from 'node:child_process'
import { closeFileBrowser, openContext, ROOT, startProduct, type Product } from '../e2e/harness'
import type { Locale, Role } from '../../src/schema/types'
import { listPagesByRole, listShown, type ListPage } from './list-pages'
import { cumulativeLayoutShift, observeLayoutShifts, readLayoutShifts, type Shift } from './shift-observer'
import { followRequests } from './network-quiet'
import { startFloorPage } from './floor-page'
import type { ReportRow } from './report'

/** The issue's target: a list page moves no more than this while it loads. */
export const CLS_TARGET = 0.05

export const VIEWPORTS = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const
export type ViewportName = keyof typeof VIEWPORTS

/** After the data shows and the network is quiet: a late image, font or panel still counts. */
const SETTLE_MS = 500

export interface PageShift {
  role: Role | 'floor'
  path: string
  label: string
  viewport: ViewportName
  /** Largest session window (CLS as browsers report it). */
  cls: number
  /** Every shift from navigation to settled, summed. */
  total: number
  /** Navigation → the list's data on screen. */
  shownMs: number
  shifts: Shift[]
}

export interface LayoutShiftFigures {
  locale: Locale
  pages: PageShift[]
  /** The floor page (tests/bench/floor) measured the same way, at each width. */
  floor: PageShift[]
  /** Logins whose menus hold no list page (the agent's holds its profile alone). */
  withoutLists: string[]
}

/**
 * CLS of every list page each demo role's menu leads to, in the built product (`npm start`'s
 * build, with npm start's demo data: a month of activity and the shared media library), each
 * a cold load of its address in a fresh context (nothing cached) with the session already
 * stored, at a desktop's and a phone's width; measured from the navigation until the list's
 * data shows, the network is quiet, and half a second more.
 */
export async function measureLayoutShift(options: { build?: boolean; locale?: Locale; product?: Product; only?: (path: string) => boolean } = {}): Promise<LayoutShiftFigures> {
  const locale = options.locale ?? 'zh-CN'
  if (options.build ?? true) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
    if (build.status !== 0) throw new Error('npm run build failed')
  }
  const product = options.product ?? (await startProduct({ demoMonth: true, demoLibrary: true }))
  try {
    if (!options.product) await demoLibraryDrawn(product)
    const roles = await listPagesByRole(product)
    const pages: PageShift[] = []
    for (const { username, role, token, pages: lists } of roles) {
      const storage = { token, 'login-remember': username, 'arco-locale': locale }
      for (const list of lists.filter((l) => options.only?.(l.path) ?? true)) {
        for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
          pages.push({ role, path: list.path, label: list.label, viewport, ...(await measurePage(product.url, `${product.url}${list.path}`, list.kind, viewport, storage, locale)) })
        }
      }
    }
    const floorPage = await startFloorPage(product.url)
    const floor: PageShift[] = []
    try {
      const admin = roles.find((r) => r.role === 'admin')!
      for (const viewport of Object.keys(VIEWPORTS) as ViewportName[]) {
        floor.push({ role: 'floor', path: '/', label: 'floor page', viewport, ...(await measurePage(floorPage.url, floorPage.url, 'resource', viewport, { token: admin.token }, locale)) })
      }
    } finally {
      await floorPage.stop()
    }
    return { locale, pages, floor, withoutLists: roles.filter((r) => r.pages.length === 0).map((r) => r.username) }
  } finally {
    await closeFileBrowser()
    if (!options.product) await product.stop()
  }
}

async function measurePage(origin: string, url: string, kind: ListPage['kind'], viewport: ViewportName, storage: Record<string, string>, locale: Locale): Promise<Omit<PageShift, 'role' | 'path' | 'label' | 'viewport'>> {
  const opened = await openContext(locale, {
    viewport: VIEWPORTS[viewport],
    storageState: { cookies: [], origins: [{ origin, localStorage: Object.entries(storage).map(([name, value]) => ({ name, value })) }] },
  })
  try {
    await observeLayoutShifts(opened.context)
    const requests = followRequests(opened.page)
    const started = performance.now()
    await opened.page.goto(url)
    await listShown(opened.page, kind).catch(async (error: Error) => {
      const text = await opened.page.locator('body').innerText().catch(() => '')
      throw new Error(`${url}: the list did not show (${error.message}); the page was at ${opened.page.url()} and read: ${text.slice(0, 300)}`)
    })
    const shownMs = performance.now() - started
    await requests.quiet()
    requests.stop()
    await opened.page.waitForTimeout(SETTLE_MS)
    if (new URL(opened.page.url()).pathname !== new URL(url).pathname) throw new Error(`${url} led to ${opened.page.url()}`)
    const shifts = await readLayoutShifts(opened.page)
    return { cls: cumulativeLayoutShift(shifts), total: shifts.reduce((sum, s) => sum + s.value, 0), shownMs, shifts }
  } finally {
    await opened.close()
  }
}

/** npm start draws the shared library after it listens; the materials pages are measured with it there. */
async function demoLibraryDrawn(product: Product, timeoutMs = 120_000): Promise<void> {
  const started = Date.now()
  while (!/Demo library(:| not made)/.test(product.output())) {
    if (Date.now() - started > timeoutMs) throw new Error(`the demo library was not drawn within ${timeoutMs / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** The page that moved most at a width. */
export function worstAt(figures: LayoutShiftFigures, viewport: ViewportName): PageShift | undefined {
  return figures.pages.filter((p) => p.viewport === viewport).sort((a, b) => b.cls - a.cls)[0]
}

/** One line a page and width, worst first, with what moved on the pages over the target. */
export function describeLayoutShift(figures: LayoutShiftFigures): string {
  const lines = [`\nlayout shift (CLS, largest session window) of every list page in the demo logins' menus, cold load of each in a fresh context, ${figures.locale}, signed in:`]
  const sorted = [...figures.pages].sort((a, b) => b.cls - a.cls)
  for (const p of sorted) {
    lines.push(`  ${p.cls.toFixed(3)} ${p.viewport.padEnd(7)} ${p.role.padEnd(8)} ${p.path.padEnd(34)} data shown ${p.shownMs.toFixed(0)} ms${p.total > p.cls + 0.0005 ? `, all shifts ${p.total.toFixed(3)}` : ''}`)
    if (p.cls > CLS_TARGET) for (const s of p.shifts.filter((s) => s.value >= 0.005)) lines.push(`      ${s.value.toFixed(3)} at ${s.at} ms: ${s.sources.map((source) => `${source.node} ${source.from.join(',')} → ${source.to.join(',')}`).join('; ')}`)
  }
  for (const f of figures.floor) lines.push(`  floor page ${f.viewport}: ${f.cls.toFixed(3)}, rows shown ${f.shownMs.toFixed(0)} ms`)
  if (figures.withoutLists.length) lines.push(`  no list page in the menu of: ${figures.withoutLists.join(', ')}`)
  return lines.join('\n')
}

export function layoutShiftReportRows(figures: LayoutShiftFigures): ReportRow[] {
  return (Object.keys(VIEWPORTS) as ViewportName[]).map((viewport) => {
    const worst = worstAt(figures, viewport)
    const floor = figures.floor.find((f) => f.viewport === viewport)
    const { width } = VIEWPORTS[viewport]
    const count = figures.pages.filter((p) => p.viewport === viewport).length
    return {
      label: `CLS, worst of ${count} list pages at ${width} px (${worst ? `${worst.role} ${worst.path}` : 'none'}; floor page ${floor?.cls.toFixed(3) ?? 'n/a'})`,
      value: worst ? worst.cls.toFixed(3) : 'n/a',
      target: `<= ${CLS_TARGET}`,
      met: worst !== undefined && figures.pages.every((p) => p.viewport !== viewport || p.cls <= CLS_TARGET),
    }
  })
}
