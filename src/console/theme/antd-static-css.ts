import staticCss from 'virtual:antd-static-css'
import type { ThemeMode } from './antd-theme'

/**
 * Links the pre-built antd styles of the mode the console opens in, and settles once they
 * are in: antd checks for them on its first render. If they fail to load, antd generates
 * the styles itself, as it does in `npm run dev` where there are none.
 */
export function loadAntdStaticCss(mode: ThemeMode): Promise<void> {
  const href = staticCss?.[mode]
  if (!href) return Promise.resolve()
  return new Promise((resolve) => {
    const link = document.createElement('link')
    link.rel = 'stylesheet'
    link.href = href
    link.onload = link.onerror = () => resolve()
    document.head.prepend(link)
  })
}
