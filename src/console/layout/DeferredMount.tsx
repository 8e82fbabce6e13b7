import { useDeferredValue, type ReactNode } from 'react'

/**
 * Its children, first built in a render React may pause for the browser, rather than in the
 * render that revealed them. Refine's checks (signed in, the account's role) end in an update
 * React must finish at once, as their queries are external stores, and the frame or page such a
 * check revealed was then built in one task: on a phone's CPU, a second in which the page took
 * no input. Until then (a frame, or none), `fallback`.
 */
export function DeferredMount({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const ready = useDeferredValue(true, false)
  return ready ? children : fallback
}
