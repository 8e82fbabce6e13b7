/**
 * Settles once the pre-built antd styles that index.html links (see
 * scripts/vite-antd-static-css.ts) are in: antd looks for them on its first render. Where
 * there are none (`npm run dev`), or they fail to load, antd generates the styles itself.
 */
export function antdStaticCssLoaded(): Promise<void> {
  return Promise.all([...document.querySelectorAll<HTMLLinkElement>('link[data-antd-static]')].map(loaded)).then(() => undefined)
}

let rest: Promise<void> | undefined

/**
 * The antd styles beyond the login page's, linked once and loaded. The login page opened first
 * links only its own part, but the map in it tells antd that every component's styles are in
 * files: anything else it shows (the console, a dialog) waits for this first.
 */
export function antdRestStylesLoaded(): Promise<void> {
  const href = window.consoleAssets?.antdRest
  if (!href) return Promise.resolve()
  return (rest ??= loaded(document.querySelector<HTMLLinkElement>(`link[data-antd-static][href="${href}"]`) ?? addLink(href)))
}

function addLink(href: string): HTMLLinkElement {
  const link = document.createElement('link')
  link.rel = 'stylesheet'
  link.href = href
  link.setAttribute('data-antd-static', '')
  document.head.appendChild(link)
  return link
}

function loaded(link: HTMLLinkElement): Promise<void> {
  if (link.sheet) return Promise.resolve()
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true })
    link.addEventListener('error', () => resolve(), { once: true })
  })
}
