import { useEffect, useLayoutEffect, useState, type RefObject } from 'react'
import type { TableRef } from 'antd/es/table'

/**
 * Whether an antd table is wider than its scrolling box, and the box's width, watched as the
 * window, the box and the table change size. `rows` is the table's data: antd may draw a new
 * table element for new rows, which is then watched instead. The width is 0 until measured.
 * While it scrolls, the box is a region named `label` that a keyboard can reach and scroll, as a
 * table without links or buttons in it (an empty one) offers nothing else to tab to.
 */
export function useOverflowsSideways(table: RefObject<TableRef | null>, rows: unknown, label: string): { overflows: boolean; width: number } {
  const [overflows, setOverflows] = useState(false)
  const [width, setWidth] = useState(0)
  // After every commit, before the paint: the scroll hint above the table and the fitted column
  // widths are right in the frame that first shows the table, instead of a frame later, moving it.
  useLayoutEffect(() => {
    const scroller = table.current?.nativeElement.querySelector('.ant-table-content')
    if (scroller) measure(scroller, setOverflows, setWidth)
  })
  // Afterwards, as the window, the box and the table change size.
  useEffect(() => {
    const scroller = table.current?.nativeElement.querySelector('.ant-table-content')
    if (!scroller) return
    const observer = new ResizeObserver(() => measure(scroller, setOverflows, setWidth))
    observer.observe(scroller)
    for (const element of scroller.querySelectorAll(':scope > table')) observer.observe(element)
    return () => observer.disconnect()
  }, [table, rows])
  useEffect(() => {
    const scroller = table.current?.nativeElement.querySelector('.ant-table-content')
    if (!scroller) return
    if (!overflows) {
      for (const name of ['tabindex', 'role', 'aria-label']) scroller.removeAttribute(name)
      return
    }
    scroller.setAttribute('tabindex', '0')
    scroller.setAttribute('role', 'region')
    scroller.setAttribute('aria-label', label)
  }, [table, rows, overflows, label])
  return { overflows, width }
}

function measure(scroller: Element, setOverflows: (overflows: boolean) => void, setWidth: (width: number) => void): void {
  setOverflows(scroller.scrollWidth > scroller.clientWidth + 1)
  setWidth(scroller.clientWidth)
}
