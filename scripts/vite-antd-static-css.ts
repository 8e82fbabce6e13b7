import { createHash } from 'node:crypto'
import { spawnSync } from 'node:child_process'
import type { Plugin } from 'vite'
import { ANTD_THEMES, type ThemeMode } from '../src/console/theme/antd-theme.ts'

/** Each theme mode's two files: what the login page opened first shows, and the rest (scripts/antd-static-css.tsx). */
export type AntdCssFiles = Record<ThemeMode, { login: string; rest: string }>

export interface AntdStaticCssApi {
  /** The files' paths in the build, once it has started. */
  files(): AntdCssFiles
}

/**
 * Builds antd's component styles into CSS files per theme mode, which index.html links, in
 * the remembered mode, before any script runs (scripts/vite-start-assets.ts). antd otherwise
 * generates and injects them in the browser as each component first renders, which was most
 * of the work between the first paint and a filled table. `npm run dev` works as antd does by default.
 */
export function antdStaticCss(): Plugin<AntdStaticCssApi> {
  const files = new Map<string, string>()
  const paths = {} as AntdCssFiles
  return {
    name: 'antd-static-css',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    api: { files: () => paths },
    buildStart() {
      files.clear()
      for (const mode of Object.keys(ANTD_THEMES) as ThemeMode[]) {
        // A separate process: the class hashes must be production ones, whatever this one loaded.
        const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/antd-static-css.tsx', mode], {
          env: { ...process.env, NODE_ENV: 'production' },
          encoding: 'utf8',
          maxBuffer: 64 * 1024 * 1024,
        })
        if (run.status !== 0) this.error(`antd static CSS (${mode}): ${run.stderr}`)
        const parts = JSON.parse(run.stdout) as { login: string; rest: string }
        const name = (part: string, css: string) => {
          const fileName = `assets/antd-${mode}-${part}-${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`
          files.set(fileName, css)
          return `/${fileName}`
        }
        paths[mode] = { login: name('login', parts.login), rest: name('rest', parts.rest) }
      }
    },
    generateBundle() {
      for (const [fileName, source] of files) this.emitFile({ type: 'asset', fileName, source })
    },
  }
}
