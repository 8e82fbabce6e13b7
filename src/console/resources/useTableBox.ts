import { startTransition, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import type { TableRef } from 'antd/es/table'
import { CONTENT_ID } from '../layout/SkipLink'

/**
 * The width of an antd table's scrolling box, watched as the window and the box change size, and
 * the box to draw instead of the table until that width is known (undefined). `rows` is the
 * table's data: antd may draw a new box for new rows, which is then watched instead.
 */
export function useTableBoxWidth(table: RefObject<TableRef | null>, rows: unknown): { width: number | undefined; placeholder: RefObject<HTMLDivElement | null> } {
  // On a page opened from the menu, the content area is on screen before the list's first render,
  // and the list's box fills it: starting from its width, the measurement below finds what that
  // render assumed, and the table is drawn once. A page opened by its address is built with the
  // frame around it, and its table is drawn once the placeholder is measured: in a render React may
  // pause, not before the first paint in one task with the measuring (on a phone's CPU, half a second).
  const [width, setWidth] = useState(contentWidth)
  const placeholder = useRef<HTMLDivElement>(null)
  // After every commit, before the paint: the fitted column widths (and the scroll hint above the
  // table) are right in the frame that first shows the table, instead of a frame later, moving it.
  useLayoutEffect(() => {
    const box = scrollerOf(table) ?? placeholder.current
    if (!box) return
    if (width === undefined) startTransition(() => setWidth(box.clientWidth))
    else setWidth(box.clientWidth)
  })
  // Afterwards, as the window and the box change size.
  const drawn = width !== undefined
  useEffect(() => {
    const scroller = scrollerOf(table)
    if (!scroller) return
    const observer = new ResizeObserver(() => setWidth(scroller.clientWidth))
    observer.observe(scroller)
    return () => observer.disconnect()
  }, [table, rows, drawn])
  return { width, placeholder }
}

/**
 * While the table overflows its box sideways, the box is a region named `label` that a keyboard
 * can reach and scroll, as a table without links or buttons in it (an empty one) offers nothing
 * else to tab to.
 */
export function useScrollRegion(table: RefObject<TableRef | null>, rows: unknown, overflows: boolean, label: string): void {
  useEffect(() => {
    const scroller = scrollerOf(table)
    if (!scroller) return
    if (!overflows) {
      for (const name of ['tabindex', 'role', 'aria-label']) scroller.removeAttribute(name)
      return
    }
    scroller.setAttribute('tabindex', '0')
    scroller.setAttribute('role', 'region')
    scroller.setAttribute('aria-label', label)
  }, [table, rows, overflows, label])
}

const scrollerOf = (table: RefObject<TableRef | null>) => table.current?.nativeElement.querySelector('.ant-table-content')

/** The content box of the page's content area; undefined while it is not on screen. */
function contentWidth(): number | undefined {
  const content = document.getElementById(CONTENT_ID)
  if (!content) return undefined
  const style = getComputedStyle(content)
  return Math.max(0, content.clientWidth - (parseFloat(style.paddingLeft) || 0) - (parseFloat(style.paddingRight) || 0))
}
