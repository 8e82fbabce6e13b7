import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const require = createRequire(import.meta.url)

/** The project root, so the bench runs the same from any working directory. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url))

/**
 * tsx's CLI, started with this node binary: what `npm run codegen` runs (and the
 * baseline server runs under), minus npm's own start-up, which is not the codegen's cost.
 */
export const TSX_CLI = require.resolve('tsx/cli')

/** Vite's CLI, for the same reason: `npm run build` minus npm. Vite exports no path to its bin, so read it from its package.json. */
export const VITE_CLI = (() => {
  const manifest = require.resolve('vite/package.json')
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: { vite: string } }
  return join(dirname(manifest), bin.vite)
})()
