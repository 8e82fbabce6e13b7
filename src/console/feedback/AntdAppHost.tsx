import { useEffect } from 'react'
import { App } from 'antd'
import type { AntdAppApi } from './app-feedback'

/** antd's App with no element of its own, beside the page: its messages and dialogs render here, under the page's ConfigProvider. */
export default function AntdAppHost({ onReady }: { onReady: (app: AntdAppApi) => void }) {
  return (
    <App component={false}>
      <Ready onReady={onReady} />
    </App>
  )
}

function Ready({ onReady }: { onReady: (app: AntdAppApi) => void }) {
  const app = App.useApp()
  useEffect(() => onReady(app), [app, onReady])
  return null
}
