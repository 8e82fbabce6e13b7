/**
 * npm run bench: figures, not a pass/fail test. Fills a temp SQLite database with
 * 100,000 domains, then loads the generic list endpoint of the real server and a
 * hand-written Fastify route doing the same query on the same file, each in its own
 * process, one after the other, from this process. Also times cold start and codegen.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { join } from 'node:path'
import { createCleanup } from './cleanup'
import { fillDomains } from './fill-domains'
import { spawnServer } from './spawn-server'
import { signIn } from './api-client'
import { SCENARIOS } from './scenarios'
import { loadSideBySide, type SideBySide } from './side-by-side'
import { measureColdStarts } from './cold-start'
import { CODEGEN_SCRIPT, codegenAvailable, timeScript, type TimedRun } from './codegen-time'
import type { LoadResult } from './load'
import { median, printReport, spread } from './report'
import { summaryRows, type Timings } from './summary'

const ROWS = 100_000
const RUNS = 3
const CONNECTIONS = 10
const SCHEDULE = { warmupSeconds: 2, slices: 3, sliceSeconds: 4 }
const SERVER = 'src/server/main.ts'
const BASELINE = 'tests/bench/baseline-server.ts'

const cleanup = createCleanup()
try {
  await main()
} catch (error) {
  // After Ctrl-C, a failing step is the interruption itself; the signal handler reports that.
  if (!cleanup.interrupted) console.error('\nbench failed:', error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await cleanup.run()
}

async function main(): Promise<void> {
  const cores = cpus()
  const machine = `${cores.length} cores (${cores[0]?.model.trim() ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}, ${process.platform}/${process.arch}`
  // Other work on the machine moves every figure; the load average says whether there was any.
  console.log(`machine: ${machine}, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`)
  const dir = mkdtempSync(join(tmpdir(), 'console-bench-'))
  cleanup.add(() => rmSync(dir, { recursive: true, force: true }))
  const dataDir = join(dir, 'data')
  const env = { NODE_ENV: 'production', DATA_DIR: dataDir }

  const filled = await fillDomains(dataDir, ROWS)
  console.log(`filled ${ROWS.toLocaleString('en-US')} domain rows in ${Math.round(filled.fillMs)} ms (SQLite in a temp folder)`)

  writeFileSync(join(dir, 'noop.ts'), 'export {}\n')
  const tsxNoopMs = (await timeRuns(() => timeScript(join(dir, 'noop.ts'), []))).map((r) => r.ms)
  console.log(`tsx alone, spawn → exit of an empty file: ${spread(tsxNoopMs)} ms`)

  const codegen = await timeCodegen(dir)
  console.log(`codegen, spawn → exit: ${typeof codegen === 'string' ? codegen : `${spread(codegen.ms)} ms; it printed ${codegen.printedMs.length ? `${spread(codegen.printedMs)} ms` : 'no time'}`}`)

  const starts = await measureColdStarts(SERVER, RUNS, { env, logDir: dir, cleanup })
  console.log(`server cold start: spawn → listening ${spread(starts.spawnToListeningMs)} ms; printed "ready in" ${starts.readyMs.length ? `${spread(starts.readyMs)} ms` : 'not found'}`)
  if (starts.readyMs.length) {
    // Medians do not add up exactly; this shows the order of size of the three parts.
    const imports = median(starts.spawnToListeningMs) - median(tsxNoopMs) - median(starts.readyMs)
    console.log(`  ≈ ${median(tsxNoopMs).toFixed(0)} ms tsx + node start-up, ${imports.toFixed(0)} ms loading and transpiling the server's imports, ${median(starts.readyMs).toFixed(0)} ms from main.ts's first line to listening`)
  }

  const generic = await spawnServer(SERVER, { env, logFile: join(dir, 'generic.log'), cleanup })
  const baseline = await spawnServer(BASELINE, { env, logFile: join(dir, 'baseline.log'), cleanup })
  const token = await signIn(generic.port, filled.username, filled.password)
  console.log(`load: ${CONNECTIONS} connections; ${SCHEDULE.warmupSeconds} s warm-up each, then ${SCHEDULE.slices} x ${SCHEDULE.sliceSeconds} s measured per server, alternating, one server at a time (req/s over all slices; p50/p99 the median slice)`)
  const results: SideBySide[] = []
  for (const scenario of SCENARIOS) {
    const result = await loadSideBySide(scenario, { generic, baseline }, { connections: CONNECTIONS, token }, SCHEDULE)
    results.push(result)
    console.log(`  ${scenario.name}: ${result.matching.toLocaleString('en-US')} rows match, both servers give the same answer; ${scenario.note}`)
    console.log(`    generic  ${describe(result.generic)}`)
    console.log(`    baseline ${describe(result.baseline)}`)
  }
  await generic.stop()
  await baseline.stop()

  const timings: Timings = { results, starts, codegen, tsxNoopMs }
  printReport(`results (times: medians of ${RUNS} runs; ${machine})`, summaryRows(timings))
  const failures = results.reduce((n, r) => n + r.generic.failures + r.baseline.failures, 0)
  if (failures) console.log(`\nwarning: ${failures} failed answers during load; the figures above include them.`)
}

async function timeCodegen(dir: string): Promise<Timings['codegen']> {
  if (!codegenAvailable()) return 'not available (scripts/codegen.ts does not exist yet)'
  try {
    const runs = await timeRuns((i) => timeScript(CODEGEN_SCRIPT, ['--out', join(dir, `generated-${i}`)]))
    return { ms: runs.map((r) => r.ms), printedMs: runs.flatMap((r) => (r.printedMs === undefined ? [] : [r.printedMs])) }
  } catch (error) {
    return `not available: ${(error as Error).message}`
  }
}

function describe(load: LoadResult): string {
  const cpu = load.cpuUsPerRequest === undefined ? '' : `, server CPU ${load.cpuUsPerRequest.toFixed(0)} µs/request`
  return `${load.reqPerSec.toFixed(0).padStart(5)} req/s, p50 ${load.p50Ms.toFixed(1)} ms, p99 ${load.p99Ms.toFixed(1)} ms, ${load.requests} requests, ${load.failures} failed${cpu}`
}

/** Run a timed step RUNS times; the first failure ends it with its reason. */
async function timeRuns(step: (i: number) => Promise<TimedRun>): Promise<Extract<TimedRun, { ok: true }>[]> {
  const out: Extract<TimedRun, { ok: true }>[] = []
  for (let i = 0; i < RUNS; i++) {
    const result = await step(i)
    if (!result.ok) throw new Error(`failed (${result.reason})`)
    out.push(result)
  }
  return out
}
