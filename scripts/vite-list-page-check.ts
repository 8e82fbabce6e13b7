import type { Plugin } from 'vite'
import { chunkOfModule, chunksOf, staticClosure } from './bundle-closure.ts'

/** The modules whose code every list page runs: the console's start, the signed-in frame and the list. */
const LIST_PAGE = ['/src/console/console-start.tsx', '/src/console/layout/SignedInLayout.tsx', '/src/console/resources/ResourceList.tsx']
/**
 * Libraries only forms and record pages use: rjsf and the markdown it renders help with, the
 * sliders of antd's colour picker, its date picker (whose words, in antd's locale, are every
 * page's) and refine's page frames (@ant-design/pro-*).
 */
const FORMS_ONLY = /[\\/]node_modules[\\/](@rjsf[\\/][^\\/]+|markdown-to-jsx|@ant-design[\\/]pro-[^\\/]+|rc-slider|rc-picker)[\\/]/
const LOCALE = /[\\/]locale[\\/]/

/**
 * Fails the build when the files a list page loads hold what only forms use. How the bundler
 * groups library modules (vite.config.ts, CHUNKS) decides that, not the imports: a kilobyte the
 * frame uses, put in with rjsf, made every list page load 500 KB of forms, and only the
 * weight bench would have told.
 */
export function listPageCheck(): Plugin {
  return {
    name: 'list-page-check',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    generateBundle(_, bundle) {
      const chunks = chunksOf(bundle)
      for (const page of LIST_PAGE) {
        const start = chunkOfModule(chunks, page)
        if (!start) this.error(`list-page-check: the build has no chunk for ${page}`)
        for (const fileName of staticClosure(chunks, start.fileName)) {
          const forms = chunks.get(fileName)!.moduleIds.find((id) => FORMS_ONLY.test(id) && !LOCALE.test(id))
          if (forms) this.error(`list-page-check: ${page} loads ${fileName}, which holds ${forms.replace(/^.*node_modules[\\/]/, '')}: a list page would load what only forms use. See CHUNKS in vite.config.ts.`)
        }
      }
    },
  }
}
