import type { Root } from 'react-dom/client'
import type { HttpClient } from './providers/http-client'
import type { ApiErrorChannel } from './providers/api-error-channel'
import type { TokenStore } from './providers/token-store'

/** What the entry makes before anything renders, for the login page opened first and for the console. */
export interface Boot {
  root: Root
  tokens: TokenStore
  http: HttpClient
  /** Failed calls, shown as spec §8 says. */
  apiErrors: ApiErrorChannel
  /** Settles once the pre-built antd styles index.html linked are in (theme/antd-static-css). */
  antdStyles: Promise<void>
  /** Settles once the stored locale's words are in (i18n/locale-packs), which the first render speaks. */
  locale: Promise<unknown>
}

/** Before the app (and its translations) exists: says it plainly in both languages. */
export function showStartFailure(error: Error): void {
  const box = document.createElement('pre')
  box.style.cssText = 'margin:48px auto;max-width:720px;white-space:pre-wrap;font:14px/1.6 system-ui,sans-serif;color:#c00'
  box.textContent = `控制台无法加载 / The console could not load:\n${error.message}\n\n请刷新重试 / Reload to try again.`
  document.getElementById('root')!.replaceWith(box)
}
