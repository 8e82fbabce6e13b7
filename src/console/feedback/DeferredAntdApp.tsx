import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react'
import { AppFeedbackContext, type AntdAppApi, type WithApp } from './app-feedback'

const AntdAppHost = lazy(() => import('./AntdAppHost'))

/**
 * antd's App loaded when something first wants to show a message or dialog: what is asked
 * for before it is in waits for it, in order. The page's children never remount, so what
 * was typed stays.
 */
export function DeferredAntdApp({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState(false)
  const app = useRef<AntdAppApi>(undefined)
  const waiting = useRef<((app: AntdAppApi) => void)[]>([])
  const withApp = useMemo<WithApp>(
    () => (use) => {
      if (app.current) return use(app.current)
      waiting.current.push(use)
      setWanted(true)
    },
    [],
  )
  const onReady = useCallback((ready: AntdAppApi) => {
    app.current = ready
    for (const use of waiting.current.splice(0)) use(ready)
  }, [])
  return (
    <AppFeedbackContext.Provider value={withApp}>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <AntdAppHost onReady={onReady} />
        </Suspense>
      )}
    </AppFeedbackContext.Provider>
  )
}
