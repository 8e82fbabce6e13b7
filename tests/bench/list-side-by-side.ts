import { join } from 'node:path'
import { loadavg } from 'node:os'
import type { Cleanup } from './cleanup'
import type { FilledDatabase } from './fill-domains'
import { signIn } from './api-client'
import { SCENARIOS } from './scenarios'
import { loadSideBySide, type Schedule, type SideBySide } from './side-by-side'
import { spawnServer, type ServerCommand } from './spawn-server'
import type { LoadResult } from './load'

// The baseline stays under tsx: past start-up, tsx adds nothing to a request (its loader only sees imports).
export const BASELINE: ServerCommand = { file: 'tests/bench/baseline-server.ts', runner: 'tsx' }

export interface ListFigures {
  label: string
  results: SideBySide[]
  /** The load average when the figures were taken: other work on the machine moves them. */
  loadAverage: number[]
}

/**
 * The generic domain list of the built server beside the hand-written baseline on one filled
 * database (`env` says which), each in its own process, every scenario in alternating slices.
 */
export async function listSideBySide(
  server: ServerCommand,
  opts: { env: Record<string, string>; filled: FilledDatabase; dir: string; label: string; connections: number; schedule: Schedule; cleanup: Cleanup },
): Promise<ListFigures> {
  const generic = await spawnServer(server, { env: opts.env, logFile: join(opts.dir, `generic-${opts.label}.log`), cleanup: opts.cleanup })
  const baseline = await spawnServer(BASELINE, { env: opts.env, logFile: join(opts.dir, `baseline-${opts.label}.log`), cleanup: opts.cleanup })
  try {
    const token = await signIn(generic.port, opts.filled.username, opts.filled.password)
    const results: SideBySide[] = []
    for (const scenario of SCENARIOS) {
      const result = await loadSideBySide(scenario, { generic, baseline }, { connections: opts.connections, token }, opts.schedule)
      results.push(result)
      console.log(`  ${opts.label}, ${scenario.name}: ${result.matching} rows match, both servers give the same answer; ${scenario.note}`)
      console.log(`    generic  ${describeLoad(result.generic)}`)
      console.log(`    baseline ${describeLoad(result.baseline)}`)
      console.log(`    ratio generic/baseline: req/s ${(result.generic.reqPerSec / result.baseline.reqPerSec).toFixed(2)}${cpuRatio(result)}`)
    }
    return { label: opts.label, results, loadAverage: loadavg() }
  } finally {
    await generic.stop()
    await baseline.stop()
  }
}

export function describeLoad(load: LoadResult): string {
  const cpu = load.cpuUsPerRequest === undefined ? '' : `, server CPU ${load.cpuUsPerRequest.toFixed(0)} µs/request`
  return `${load.reqPerSec.toFixed(0).padStart(5)} req/s, p50 ${load.p50Ms.toFixed(1)} ms, p99 ${load.p99Ms.toFixed(1)} ms, ${load.requests} requests, ${load.failures} failed${cpu}`
}

function cpuRatio({ generic, baseline }: SideBySide): string {
  return generic.cpuUsPerRequest && baseline.cpuUsPerRequest ? `, by server CPU µs/request ${(baseline.cpuUsPerRequest / generic.cpuUsPerRequest).toFixed(2)}` : ''
}
