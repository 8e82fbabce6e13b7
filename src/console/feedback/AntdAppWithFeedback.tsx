import { useMemo, type ReactNode } from 'react'
import { App } from 'antd'
import { AppFeedbackContext, type WithApp } from './app-feedback'

/** antd's App around `children`, its message, modal and notification given to useWithApp at once. */
export function AntdAppWithFeedback({ children }: { children: ReactNode }) {
  return (
    <App>
      <Feedback>{children}</Feedback>
    </App>
  )
}

function Feedback({ children }: { children: ReactNode }) {
  const app = App.useApp()
  const withApp = useMemo<WithApp>(() => (use) => use(app), [app])
  return <AppFeedbackContext.Provider value={withApp}>{children}</AppFeedbackContext.Provider>
}
