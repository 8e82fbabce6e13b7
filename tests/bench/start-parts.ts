import { spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

export interface StartParts {
  /** performance.now() at the first line of an empty script: node's own start-up. */
  nodeMs: number[]
  /** performance.now() once every module the built server imports at its top has loaded and run. */
  importsMs: number[]
}

const PRINT_NOW = 'console.log(performance.now())\n'

/**
 * What the server's printed "ready" is made of, on its clock (ms since the process
 * started): node alone, then node plus the packages the built server imports (its own
 * import lines, none of its code). The rest of "ready" is the server's own start:
 * schemas, database, app, listen. Each part in a fresh process, as a start pays it.
 */
export async function measureStartParts(entry: string, runs: number): Promise<StartParts> {
  const specifiers = topImports(readFileSync(entry, 'utf8'))
  if (specifiers.length === 0) throw new Error(`found no import lines at the top of ${entry}; the start breakdown would be wrong.`)
  // Next to the entry, so bare package names resolve as they do for it (see build-server.ts); removed with it.
  const empty = join(dirname(entry), 'bench-empty.mjs')
  const importsOnly = join(dirname(entry), 'bench-imports-only.mjs')
  writeFileSync(empty, PRINT_NOW)
  writeFileSync(importsOnly, specifiers.map((s) => `import ${JSON.stringify(s)}\n`).join('') + PRINT_NOW)
  const out: StartParts = { nodeMs: [], importsMs: [] }
  for (let i = 0; i < runs; i++) {
    out.nodeMs.push(await printedNow(empty))
    out.importsMs.push(await printedNow(importsOnly))
  }
  return out
}

/** The bundle's static imports: vite writes them as the first lines, one per module. */
function topImports(code: string): string[] {
  return [...code.matchAll(/^import\s(?:[^'"]*?\sfrom\s)?["']([^"']+)["'];?$/gm)].map((m) => m[1]!)
}

function printedNow(file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [file], { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('error', reject)
    child.once('close', (code) => {
      const ms = Number(output.trim().split('\n').at(-1))
      if (code === 0 && Number.isFinite(ms)) resolve(ms)
      else reject(new Error(`${file} failed (exit ${code}): ${output.trim().split('\n').slice(-3).join(' | ')}`))
    })
  })
}
