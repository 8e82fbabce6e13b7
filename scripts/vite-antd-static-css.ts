import { createHash } from 'node:crypto'
import { spawnSync } from 'node:child_process'
import type { Plugin } from 'vite'
import { ANTD_THEMES, type ThemeMode } from '../src/console/theme/antd-theme.ts'

const MODULE_ID = 'virtual:antd-static-css'

/**
 * Builds antd's component styles into one CSS file per theme mode. antd otherwise generates
 * and injects them in the browser as each component first renders, which was most of the
 * work between the first paint and a filled table. The console imports `virtual:antd-static-css`
 * for the files' addresses (none in `npm run dev`, where antd works as usual).
 */
export function antdStaticCss(): Plugin {
  const files = new Map<ThemeMode, { fileName: string; css: string }>()
  let building = false
  return {
    name: 'antd-static-css',
    configResolved(config) {
      building = config.command === 'build' && !config.build.ssr
    },
    buildStart() {
      if (!building) return
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
    resolveId: (id) => (id === MODULE_ID ? `\0${MODULE_ID}` : undefined),
    load(id) {
      if (id !== `\0${MODULE_ID}`) return undefined
      const urls = building ? Object.fromEntries([...files].map(([mode, f]) => [mode, `/${f.fileName}`])) : null
      return `export default ${JSON.stringify(urls)}`
    },
    generateBundle() {
      for (const { fileName, css } of files.values()) this.emitFile({ type: 'asset', fileName, source: css })
    },
  }
}
