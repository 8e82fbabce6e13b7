import { useMemo, type ReactNode } from 'react'
import { App } from 'antd'
import { AppFeedbackContext, type WithApp } from './app-feedback'

/** Inside antd's App: gives its message, modal and notification at once. */
export function AppFeedbackOfAntd({ children }: { children: ReactNode }) {
  const app = App.useApp()
  const withApp = useMemo<WithApp>(() => (use) => use(app), [app])
  return <AppFeedbackContext.Provider value={withApp}>{children}</AppFeedbackContext.Provider>
}
