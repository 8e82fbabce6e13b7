import { useEffect, useState, type RefObject } from 'react'
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
  useEffect(() => {
    const scroller = table.current?.nativeElement.querySelector('.ant-table-content')
    if (!scroller) return
    const measure = () => {
      setOverflows(scroller.scrollWidth > scroller.clientWidth + 1)
      setWidth(scroller.clientWidth)
    }
    const observer = new ResizeObserver(measure)
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
