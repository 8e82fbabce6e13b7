import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { REPO_ROOT, TSX_CLI } from './paths'

export type TimedRun = { ok: true; ms: number; printedMs: number | undefined } | { ok: false; reason: string }

/** The codegen CLI, if the project has one yet. */
export const CODEGEN_SCRIPT = join(REPO_ROOT, 'scripts/codegen.ts')

export function codegenAvailable(): boolean {
  return existsSync(CODEGEN_SCRIPT)
}

/**
 * Wall time of one tsx script from spawn to exit, as a person running it waits for it,
 * plus the "(N ms)" it printed about itself, if it printed one (codegen does).
 */
export function timeScript(script: string, args: string[]): Promise<TimedRun> {
  return new Promise((resolve) => {
    const startedAt = performance.now()
    const child = spawn(process.execPath, [TSX_CLI, script, ...args], { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.once('error', (error) => resolve({ ok: false, reason: error.message }))
    child.once('close', (code) => {
      const ms = performance.now() - startedAt
      const printed = /\((\d+) ms\)/.exec(stdout + stderr)
      if (code === 0) resolve({ ok: true, ms, printedMs: printed ? Number(printed[1]) : undefined })
      else resolve({ ok: false, reason: `exit ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ') || 'no message'}` })
    })
  })
}
