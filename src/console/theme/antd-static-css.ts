/**
 * Settles once the pre-built antd styles that index.html links (see
 * scripts/vite-antd-static-css.ts) are in: antd looks for them on its first render. Where
 * there are none (`npm run dev`), or they fail to load, antd generates the styles itself.
 */
export function antdStaticCssLoaded(): Promise<void> {
  const link = document.querySelector<HTMLLinkElement>('link[data-antd-static]')
  if (!link || link.sheet) return Promise.resolve()
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true })
    link.addEventListener('error', () => resolve(), { once: true })
  })
}
