import { createContext, useContext } from 'react'
import type { App } from 'antd'

/** What antd's App gives its children: message, modal and notification, styled by the ConfigProvider above. */
export type AntdAppApi = ReturnType<typeof App.useApp>

/**
 * Runs `use` with antd's App once it is there. The console mounts antd's App with its frame
 * (AntdAppWithFeedback), so `use` runs at once; the login page opened first loads it with its
 * first message (DeferredAntdApp), as most visits there never show one. Modules on the login
 * page's path take message, modal and notification from here, never from antd's App directly:
 * importing App brings every dialog's code with it.
 */
export type WithApp = (use: (app: AntdAppApi) => void) => void

export const AppFeedbackContext = createContext<WithApp | undefined>(undefined)

export function useWithApp(): WithApp {
  const withApp = useContext(AppFeedbackContext)
  if (!withApp) throw new Error('useWithApp needs AntdAppWithFeedback or DeferredAntdApp above it.')
  return withApp
}
