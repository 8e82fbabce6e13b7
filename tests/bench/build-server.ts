import { spawn } from 'node:child_process'
import { existsSync, readdirSync, rmSync } from 'node:fs'
import { basename, extname, join } from 'node:path'
import type { Cleanup } from './cleanup'
import { REPO_ROOT, VITE_CLI } from './paths'

/**
 * Where the bench builds the server. Inside the repo, because the bundle imports its
 * packages by bare name and Node looks for them only in node_modules folders above the
 * file: built into a temp folder, it cannot start. Not dist/server, which is npm start's.
 */
export const BUILD_DIR = join(REPO_ROOT, 'dist/bench-server')

export interface BuiltServer {
  /** The built entry, to run with plain node as npm start does. */
  entry: string
  /** Wall time of the build, spawn → exit: what npm start spends before the server starts. */
  buildMs: number
}

/** `npm run build` with BUILD_DIR as its outDir, once; removed again when the bench ends. */
export async function buildServer(source: string, cleanup: Cleanup): Promise<BuiltServer> {
  const dist = join(REPO_ROOT, 'dist')
  const distExisted = existsSync(dist)
  // Added before building, so an interrupted build is removed too.
  cleanup.add(() => {
    rmSync(BUILD_DIR, { recursive: true, force: true })
    // A dist/ this bench created for it alone goes as well: the tree is left as it was found.
    if (!distExisted && existsSync(dist) && readdirSync(dist).length === 0) rmSync(dist, { recursive: true })
  })
  const startedAt = performance.now()
  await run([VITE_CLI, 'build', '--ssr', source, '--outDir', BUILD_DIR, '--emptyOutDir', '--logLevel', 'warn'])
  const buildMs = performance.now() - startedAt
  const entry = join(BUILD_DIR, `${basename(source, extname(source))}.js`)
  if (!existsSync(entry)) throw new Error(`vite build finished but wrote no ${entry}.`)
  return { entry, buildMs }
}

function run(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('error', reject)
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`vite build failed (exit ${code}):\n${output.trim().split('\n').slice(-20).join('\n')}`))))
  })
}
