import { join } from 'node:path'
import type { Cleanup } from './cleanup'
import { spawnServer } from './spawn-server'

export interface ColdStarts {
  spawnToListeningMs: number[]
  /** What the server printed as "ready in": from main.ts's first line, so after its imports. */
  readyMs: number[]
}

/** Start the server `runs` times on the filled database and stop it again at once. */
export async function measureColdStarts(entry: string, runs: number, opts: { env: Record<string, string>; logDir: string; cleanup: Cleanup }): Promise<ColdStarts> {
  const out: ColdStarts = { spawnToListeningMs: [], readyMs: [] }
  for (let i = 0; i < runs; i++) {
    const server = await spawnServer(entry, { env: opts.env, logFile: join(opts.logDir, `start-${i}.log`), cleanup: opts.cleanup })
    out.spawnToListeningMs.push(server.spawnToListeningMs)
    if (server.readyMs !== undefined) out.readyMs.push(server.readyMs)
    await server.stop()
  }
  return out
}
