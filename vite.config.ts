import { readdirSync, readFileSync } from 'node:fs'
import { basename } from 'node:path'
import type { Plugin } from 'vite'
import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { antdStaticCss } from './scripts/vite-antd-static-css.ts'
import { startAssets } from './scripts/vite-start-assets.ts'
import { listPageCheck } from './scripts/vite-list-page-check.ts'

/** Where `npm run dev` finds the API (scripts/dev.ts starts it there). */
const apiPort = Number(process.env.API_PORT ?? 3001)

/**
 * The API suite: every file on SQLite, and on PostgreSQL too (when DATABASE_URL is set, as in CI)
 * the files where the dialect matters: transactions, locking, races, migrations, the queue,
 * search, JSON and dates. Such a file says so in its first line, with why
 * ("// PostgreSQL too: racing transfers ..."); tests/README.md gives the rule.
 *
 * Files share their modules within a worker (isolate: false): loading the server's code again
 * for every file cost more than most files' tests. A file that replaces a module (vi.mock)
 * needs a module registry of its own, so those run isolated, in a project of their own.
 */
const API_DIR = 'tests/api'
const apiSpecs = readdirSync(API_DIR).filter((name) => name.endsWith('.spec.ts')).map((name) => ({ path: `${API_DIR}/${name}`, text: readFileSync(`${API_DIR}/${name}`, 'utf8') }))
const replacesModules = (spec: { text: string }) => /\bvi\.mock\(/.test(spec.text)
const postgresToo = (spec: { text: string }) => /^\/\/ PostgreSQL too: \S/.test(spec.text)

const apiSuite = (database: 'sqlite' | 'postgres') => {
  const specs = database === 'postgres' ? apiSpecs.filter(postgresToo) : apiSpecs
  const project = (name: string, isolate: boolean, include: string[]) => ({
    extends: true as const,
    test: { name, include, isolate, env: { TEST_DATABASE: database }, testTimeout: 30_000, hookTimeout: 30_000 },
  })
  return [
    project(`api:${database}`, false, specs.filter((spec) => !replacesModules(spec)).map((spec) => spec.path)),
    project(`api:${database}:isolated`, true, specs.filter(replacesModules).map((spec) => spec.path)),
  ]
}

/**
 * Packages whose modules only define things, though their package.json does not say so.
 * @refinedev/antd imports react-markdown (for a field we never render), and without this hint
 * the whole markdown parser ships with every list page; @refinedev/core imports papaparse for
 * CSV imports and exports the console does not use (its downloads are the server's).
 */
const PURE_PACKAGES = /node_modules\/(papaparse|react-markdown|remark-[^/]+|micromark[^/]*|mdast-[^/]+|unist-[^/]+|unified|vfile[^/]*|property-information|hast-[^/]+|space-separated-tokens|comma-separated-tokens|style-to-object|inline-style-parser|parse-entities|markdown-table|trough|bail|extend|xtend|ccount|mdurl|repeat-string)\//

/**
 * How the console's code is cut into files. What the entry needs (the login page a signed-out
 * visitor opens first) is one file, and library modules are grouped by the pages that use them.
 * Other libraries' groups under 30 KB go in with their nearest neighbour, so a page may load a
 * few KB it does not use: a browser fetches six files at a time from one server. antd's (with
 * its rc-* parts, icons and colours) are never merged: the nearest neighbour of a kilobyte of
 * them the frame uses (an icon, a popover) was as likely the forms' colour picker or refine's
 * page frames, and every list page then loaded 200 to 500 KB of forms. A first list loads 81
 * files, 2.3 MB; merged, 52 files and 2.9 MB.
 */
const LIBRARY_GROUP = 'lib'
const UI_GROUP = 'ui'
const UI_LIBRARY = /node_modules[\\/](antd|rc-[^\\/]+|@rc-component|@ant-design)[\\/]/
// antd's words for a language other than its own (en_US, which it carries itself), kept to themselves: merged into a
// library group, they made the login page's locale pack bring the console's router and Refine.
const ANTD_LOCALE = /node_modules[\\/](antd|rc-picker|rc-pagination)[\\/].+[\\/]locale[\\/](?!en_US)[a-z]{2}_[A-Z]{2}\.js$/
const CHUNKS = {
  groups: [
    { name: 'initial', tags: ['$initial' as const], priority: 3 },
    { name: 'antd-locale', test: ANTD_LOCALE, priority: 2 },
    { name: UI_GROUP, test: UI_LIBRARY, entriesAware: true, priority: 1.5 },
    { name: LIBRARY_GROUP, test: /node_modules[\\/]/, entriesAware: true, entriesAwareMergeThreshold: 30 * 1024, priority: 1 },
  ],
}
// A library or UI group is named after every page using it, which makes names of 200 characters.
const groupOf = (name: string | undefined) => [LIBRARY_GROUP, UI_GROUP].find((group) => name?.startsWith(`${group}~`))
const consoleChunkName = (chunk: { name: string }) => `assets/${groupOf(chunk.name) ?? '[name]'}-[hash].js`
const consoleAssetName = (asset: { names: string[] }) => `assets/${groupOf(asset.names[0]) ?? '[name]'}-[hash][extname]`

/**
 * Files the server starts as they are (a worker thread's script), copied beside the server
 * build, where `new URL('./<name>', import.meta.url)` finds them as it does in src/.
 */
const SERVER_FILES = ['src/server/export/xlsx-worker.mjs']

const copyServerFiles = (): Plugin => ({
  name: 'copy-server-files',
  apply: (_, env) => env.command === 'build' && Boolean(env.isSsrBuild),
  generateBundle() {
    for (const file of SERVER_FILES) this.emitFile({ type: 'asset', fileName: basename(file), source: readFileSync(file, 'utf8') })
  },
})

const antdCss = antdStaticCss()

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), antdCss, startAssets(antdCss), listPageCheck(), copyServerFiles()],
  build: {
    outDir: 'dist/console',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      treeshake: { moduleSideEffects: (id: string) => (PURE_PACKAGES.test(id) ? false : undefined) },
      // The server is one file; only the console is cut.
      ...(isSsrBuild ? {} : { output: { codeSplitting: CHUNKS, chunkFileNames: consoleChunkName, assetFileNames: consoleAssetName } }),
    },
  },
  // The server build bundles Kysely: its ~200 small ES modules cost a fresh process more to load than one file.
  ssr: { noExternal: ['kysely'] },
  server: { proxy: { '/api': `http://127.0.0.1:${apiPort}` } },
  test: {
    projects: [
      // Unit and console files share their modules within a worker, as the API suite's do: loading antd
      // and React again for each console file cost twice its tests. No file replaces a module (vi.mock).
      { extends: true, test: { name: 'unit', include: ['src/**/*.spec.ts', 'scripts/**/*.spec.ts'], exclude: ['src/console/**'], isolate: false } },
      // refine's react-router bindings through Vite, as the console's own imports go: left to Node, they load
      // react-router's CommonJS copy, whose router context is not the one the console's routes provide.
      { extends: true, test: { name: 'console', include: ['src/console/**/*.spec.{ts,tsx}'], environment: 'happy-dom', isolate: false, server: { deps: { inline: ['@refinedev/react-router'] } } } },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.spec.ts'],
          globalSetup: ['tests/e2e/build-once.ts'],
          setupFiles: ['tests/e2e/journal-on-failure.ts', 'tests/e2e/browser-per-file.ts'],
          testTimeout: 60_000,
          hookTimeout: 90_000,
          // Two files at a time, each with its own product on a free port and a data folder of its own.
          // The phase is bound by Chromium's CPU: four at a time took as long as two on two cores.
          maxWorkers: 2,
          // A worker's files share the modules they import (Playwright, the schema registry, the API
          // harness), loaded once rather than for every file; each file starts its own product and browser.
          isolate: false,
          // After the other projects when they run together: vitest runs projects with different
          // worker counts as separate groups, and the browser tests are best alone on the machine.
          sequence: { groupOrder: 1 },
          // A page shows what a poll waits for once its lazily loaded code has arrived and run, which
          // on a busy two-core machine can take more than vitest's default second (Playwright waits 5).
          expect: { poll: { timeout: 5000 } },
        },
      },
      ...apiSuite('sqlite'),
      ...(process.env.DATABASE_URL ? apiSuite('postgres') : []),
    ],
  },
}))
