import { useEffect } from 'react'
import { useLocation } from 'react-router'
import NProgress from 'nprogress'
import 'nprogress/nprogress.css'

// Spec §9: minimum 0.08, speed 200 ms, trickle rate 0.02 (a setting nprogress has but its types omit).
// nprogress marks its bar role="bar", a role that does not exist; the bar is decoration, hidden from screen readers.
NProgress.configure({
  minimum: 0.08,
  speed: 200,
  showSpinner: false,
  template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>',
  barSelector: '.bar',
  ...({ trickleRate: 0.02 } as object),
})

/** Runs the progress bar on every navigation; a lazily loaded page keeps it running until it arrives. */
export function RouteProgress() {
  const location = useLocation()
  useEffect(() => {
    NProgress.start()
    const frame = requestAnimationFrame(() => NProgress.done())
    window.scrollTo(0, 0)
    return () => cancelAnimationFrame(frame)
  }, [location.pathname])
  return null
}

/** Suspense fallback: the bar stays up while a page's code loads. */
export function ProgressFallback() {
  useEffect(() => {
    NProgress.start()
    return () => {
      NProgress.done()
    }
  }, [])
  return null
}
