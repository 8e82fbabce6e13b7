import type { BrowserContext, Page } from 'playwright-core'

/** One layout shift as the page saw it: when, how much, and what moved from where to where. */
export interface Shift {
  /** ms after the navigation started. */
  at: number
  value: number
  sources: { node: string; from: Rect; to: Rect }[]
}

type Rect = [x: number, y: number, width: number, height: number]

declare global {
  interface Window {
    benchShifts?: Shift[]
  }
}

/**
 * Records every layout shift of every page the context opens, from the document's first
 * moment (buffered, so shifts before the observer exist count too). Shifts right after an
 * input are left out, as CLS leaves them out.
 */
export async function observeLayoutShifts(context: BrowserContext): Promise<void> {
  // No named functions in the page's code: the bench runs under tsx, whose names for them the page lacks.
  await context.addInitScript(() => {
    const shifts: Shift[] = []
    window.benchShifts = shifts
    interface LayoutShiftEntry extends PerformanceEntry {
      value: number
      hadRecentInput: boolean
      sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[]
    }
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as LayoutShiftEntry[]) {
        if (entry.hadRecentInput) continue
        shifts.push({
          at: Math.round(entry.startTime),
          value: entry.value,
          sources: (entry.sources ?? []).map((s) => {
            // Enough of a node to find it in the code: its tag, id and first classes, and its parent's.
            const [own, parent] = [s.node, s.node?.parentElement].map((n) =>
              n instanceof Element ? `${n.tagName.toLowerCase()}${n.id ? `#${n.id}` : ''}${[...n.classList].slice(0, 3).map((c) => `.${c}`).join('')}` : n ? n.nodeName.toLowerCase() : '',
            )
            const [from, to] = [s.previousRect, s.currentRect].map((r) => [r.x, r.y, r.width, r.height].map(Math.round) as Rect)
            return { node: `${parent ? `${parent} > ` : ''}${own || '(removed)'}`, from: from!, to: to! }
          }),
        })
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

export async function readLayoutShifts(page: Page): Promise<Shift[]> {
  return page.evaluate(() => window.benchShifts ?? [])
}

/**
 * CLS as browsers report it: the largest session window, shifts less than 1 s apart and the
 * window at most 5 s long, summed.
 */
export function cumulativeLayoutShift(shifts: readonly Shift[]): number {
  let worst = 0
  let window = 0
  let first = -Infinity
  let last = -Infinity
  for (const shift of [...shifts].sort((a, b) => a.at - b.at)) {
    if (shift.at - last > 1000 || shift.at - first > 5000) {
      window = 0
      first = shift.at
    }
    window += shift.value
    last = shift.at
    worst = Math.max(worst, window)
  }
  return worst
}
