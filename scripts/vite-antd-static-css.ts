import { createHash } from 'node:crypto'
import { spawnSync } from 'node:child_process'
import type { Plugin } from 'vite'
import { ANTD_THEMES, THEME_KEY, type ThemeMode } from '../src/console/theme/antd-theme.ts'

/**
 * Builds antd's component styles into one CSS file per theme mode, and links the file of
 * the remembered mode from index.html before any script runs. antd otherwise generates and
 * injects them in the browser as each component first renders, which was most of the work
 * between the first paint and a filled table. `npm run dev` works as antd does by default.
 */
export function antdStaticCss(): Plugin {
  const files = new Map<ThemeMode, { fileName: string; css: string }>()
  return {
    name: 'antd-static-css',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    buildStart() {
      for (const mode of Object.keys(ANTD_THEMES) as ThemeMode[]) {
        // A separate process: the class hashes must be production ones, whatever this one loaded.
        const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/antd-static-css.tsx', mode], {
          env: { ...process.env, NODE_ENV: 'production' },
          encoding: 'utf8',
          maxBuffer: 64 * 1024 * 1024,
        })
        if (run.status !== 0) this.error(`antd static CSS (${mode}): ${run.stderr}`)
        const hash = createHash('sha256').update(run.stdout).digest('hex').slice(0, 10)
        files.set(mode, { fileName: `assets/antd-${mode}-${hash}.css`, css: run.stdout })
      }
    },
    transformIndexHtml() {
      const href = Object.fromEntries([...files].map(([mode, f]) => [mode, `/${f.fileName}`]))
      // Chosen in the page, as the mode is remembered in the browser; src/console/theme/antd-static-css.ts waits for it.
      const pick = `(function(){var h=${JSON.stringify(href)};var l=document.createElement('link');l.rel='stylesheet';l.setAttribute('data-antd-static','');l.href=h[localStorage.getItem(${JSON.stringify(THEME_KEY)})==='dark'?'dark':'light'];document.head.appendChild(l)})()`
      return [{ tag: 'script', children: pick, injectTo: 'head' }]
    },
    generateBundle() {
      for (const { fileName, css } of files.values()) this.emitFile({ type: 'asset', fileName, source: css })
    },
  }
}
