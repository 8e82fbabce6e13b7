import { API_BASE } from './providers/http-client'

declare global {
  interface Window {
    /** What index.html's start script chose to load first: the login page alone, the batch-authorization page, or the console. */
    consoleStart?: 'login' | 'authorization' | 'console'
    /** The build's files that start script knows of (scripts/vite-start-assets.ts); none in `npm run dev`. */
    consoleAssets?: { antdRest: string; console: string[] }
  }
}

/**
 * The console's files, the antd styles and schema files it needs, fetched into the browser's cache but not
 * run or applied, once the login page has shown and the browser has nothing else to do: the
 * console then opens as soon as the sign-in succeeds. Running them now would keep the page
 * busy while someone types.
 */
export function prefetchConsole(): void {
  const assets = window.consoleAssets
  if (!assets) return
  const idle = window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1))
  const prefetch = () =>
    idle(() => {
      // The console's schema files too: the login page asked only for its own endpoints'.
      for (const href of [...assets.console, assets.antdRest, `${API_BASE}/platform/console_schemas`]) {
        if (document.querySelector(`link[href="${href}"]`)) continue
        const link = document.createElement('link')
        link.rel = 'prefetch'
        link.href = href
        document.head.appendChild(link)
      }
    })
  if (document.readyState === 'complete') prefetch()
  else window.addEventListener('load', prefetch, { once: true })
}
