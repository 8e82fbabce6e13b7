import type { Plugin } from 'vite'
import type { AntdStaticCssApi } from './vite-antd-static-css.ts'
import { chunkOfModule, chunksOf, staticClosure } from './bundle-closure.ts'

/** What index.html's start script is given in the build, in place of its `/*start-assets*\/ null`. */
export interface StartAssets {
  /** The pre-built antd styles of each theme mode (scripts/vite-antd-static-css.ts). */
  antd: ReturnType<AntdStaticCssApi['files']>
  /** The console's own files beyond the entry's (src/console/console-start.tsx and what it imports): preloaded when the console starts, fetched ahead by the login page. */
  console: string[]
  /** Each locale's pack (src/console/i18n/locale-packs.ts) and what it imports beyond the entry: the stored locale's is preloaded at once, as every page waits for it. */
  locales: Record<string, string[]>
}

const PLACEHOLDER = /\/\*start-assets\*\/\s*null/
/** The module the entry imports to start the console (src/console/main.tsx). */
const CONSOLE_START = '/src/console/console-start.tsx'
/** The locale packs' modules, named by locale (src/console/i18n/pack-<locale>.ts). */
const LOCALE_PACK = /\/src\/console\/i18n\/pack-([A-Za-z-]+)\.ts$/

/**
 * Gives index.html's start script the build's file names, and writes the entry's own CSS
 * (antd's reset and the console's few global rules) into the page, ahead of that script: as
 * a file, its link would hold the script back until it arrived (a script waits for the
 * stylesheets before it), and every page needs it before it can paint anyway. It stays
 * first, before antd's styles, as when it was a file.
 */
export function startAssets(antd: { api?: AntdStaticCssApi }): Plugin {
  return {
    name: 'start-assets',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle!
        const entry = ctx.chunk!
        if (!PLACEHOLDER.test(html)) throw new Error('index.html has no /*start-assets*/ null for its start script')
        const chunks = chunksOf(bundle)
        const closure = (fileName: string) => staticClosure(chunks, fileName)
        const start = chunkOfModule(chunks, CONSOLE_START)
        if (!start) throw new Error(`the build has no chunk for ${CONSOLE_START}`)
        const loaded = closure(entry.fileName)
        const beyondEntry = (fileName: string) => [...closure(fileName)].filter((f) => !loaded.has(f))
        const own = beyondEntry(start.fileName)
        const css = own.flatMap((f) => [...(chunks.get(f)!.viteMetadata?.importedCss ?? [])])
        const packs = [...chunks.values()].flatMap((c) => {
          const locale = c.facadeModuleId?.replaceAll('\\', '/').match(LOCALE_PACK)?.[1]
          return locale ? [[locale, beyondEntry(c.fileName).map((f) => `/${f}`)] as const] : []
        })
        if (packs.length === 0) throw new Error('the build has no chunk for a locale pack (src/console/i18n/pack-<locale>.ts)')
        const assets: StartAssets = { antd: antd.api!.files(), console: [...own, ...new Set(css)].map((f) => `/${f}`), locales: Object.fromEntries(packs) }

        let page = html.replace(PLACEHOLDER, JSON.stringify(assets))
        const entryCss = [...(entry.viteMetadata?.importedCss ?? [])]
        for (const file of entryCss) {
          const link = new RegExp(`\\s*<link rel="stylesheet"[^>]*href="/${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`)
          if (!link.test(page)) throw new Error(`index.html has no link to the entry's ${file}`)
          page = page.replace(link, '')
        }
        const text = (source: string | Uint8Array) => (typeof source === 'string' ? source : new TextDecoder().decode(source))
        const styles = entryCss.map((file) => text((bundle[file] as { source: string | Uint8Array }).source)).join('')
        if (styles.includes('</')) throw new Error("the entry's CSS holds '</', which would end its <style> early")
        return styles ? page.replace(/(\s*)<script>/, `$1<style>${styles}</style>$1<script>`) : page
      },
    },
  }
}
