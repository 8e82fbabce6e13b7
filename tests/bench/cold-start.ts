import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Cleanup } from './cleanup'
import { spawnServer, type ServerCommand } from './spawn-server'

export interface ColdStarts {
  spawnToListeningMs: number[]
  /** What the server printed as "ready N ms after the process started": performance.now() at listen, imports included. */
  readyMs: number[]
}

/**
 * Start the server `runs` times and stop it again at once. The data dir must hold a
 * database the server has already set up (the filled one does): a first start on an
 * empty one also seeds demo accounts, five scrypt hashes, which happens once, not per start.
 */
export async function measureColdStarts(server: ServerCommand, runs: number, opts: { env: Record<string, string>; logDir: string; cleanup: Cleanup }): Promise<ColdStarts> {
  const out: ColdStarts = { spawnToListeningMs: [], readyMs: [] }
  for (let i = 0; i < runs; i++) {
    const logFile = join(opts.logDir, `start-${i}.log`)
    const running = await spawnServer(server, { env: opts.env, logFile, cleanup: opts.cleanup })
    await running.stop()
    // main.ts announces seeding in the same output; a start that seeded is not the start measured here.
    if (/seeded demo data/.test(readFileSync(logFile, 'utf8'))) throw new Error(`start ${i + 1} seeded demo data, so the database was empty; cold start is measured on one set up already.`)
    out.spawnToListeningMs.push(running.spawnToListeningMs)
    if (running.readyMs !== undefined) out.readyMs.push(running.readyMs)
  }
  return out
}
