import { useEffect, useRef, type RefObject } from 'react'
import { useLocation, useNavigationType } from 'react-router'

/** How long a page may take to show its heading (its code and first data loading) before focus is left where it is. */
const HEADING_WAIT_MS = 10_000

/**
 * Focuses the shown page's h1 inside `root`, unless the page or a dialog it opened has
 * focused something of its own (a field it starts on). False while there is no heading yet.
 */
export function focusPageHeading(root: HTMLElement): boolean {
  const active = document.activeElement
  if (active && active !== root && active !== document.body && active.checkVisibility() && (root.contains(active) || active.closest('.ant-modal-wrap'))) return true
  const heading = [...root.querySelectorAll('h1')].find((h) => h.checkVisibility())
  if (!heading) return false
  heading.tabIndex = -1
  heading.focus()
  return true
}

/**
 * Moves focus to the heading of each page opened inside the console, so a keyboard or screen
 * reader user starts on the new page instead of on the link that led there (or on nothing,
 * once that link is gone). The first page of a full load keeps the browser's start, so "Skip
 * to content" stays the first Tab stop. The heading may come late (lazy code, a loading
 * record), so it is waited for.
 */
export function useFocusPageOnNavigate(container: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation()
  const navigationType = useNavigationType()
  const focusedFor = useRef<string>(undefined)

  useEffect(() => {
    const first = focusedFor.current === undefined
    // Once per address: StrictMode runs effects twice.
    if (focusedFor.current === pathname) return
    focusedFor.current = pathname
    if (first && navigationType === 'POP') return
    const root = container.current
    if (!root || focusPageHeading(root)) return
    const observer = new MutationObserver(() => focusPageHeading(root) && stop())
    const timer = setTimeout(() => stop(), HEADING_WAIT_MS)
    const stop = () => {
      observer.disconnect()
      clearTimeout(timer)
    }
    // A kept tab's page is shown again by a change of its style, not of the tree.
    observer.observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['style', 'class', 'hidden'] })
    return stop
  }, [pathname, navigationType, container])
}
