import type { ColdStarts } from './cold-start'
import type { ConsoleLoadFigures } from './console-load'
import type { SideBySide } from './side-by-side'
import { median, type ReportRow } from './report'

/** The targets. */
export const TARGET = { ratio: 0.8, startMs: 1500, codegenMs: 3000, loginJsGzipKb: 350, listMs: 1000 }

export interface Timings {
  results: readonly SideBySide[]
  /** The one build of the server, spawn → exit. */
  buildMs: number
  starts: ColdStarts
  /** Spawn → exit of each codegen run, and what it printed about itself; or why there is none. */
  codegen: { ms: number[]; printedMs: number[] } | string
  /** tsx's own start-up, which codegen (still under tsx) pays. */
  tsxNoopMs: number[]
  consoleLoad: ConsoleLoadFigures
}

/** The closing table: each figure once, with its target where the issue sets one. */
export function summaryRows({ results, buildMs, starts, codegen, tsxNoopMs, consoleLoad }: Timings): ReportRow[] {
  const rows: ReportRow[] = results.flatMap(({ scenario, generic, baseline }, i) => {
    const ratio = generic.reqPerSec / baseline.reqPerSec
    const cpuRatio = generic.cpuUsPerRequest && baseline.cpuUsPerRequest ? baseline.cpuUsPerRequest / generic.cpuUsPerRequest : undefined
    return [
      { label: `[${scenario.name}] generic req/s, p99 ms`, value: `${generic.reqPerSec.toFixed(0)}, ${generic.p99Ms.toFixed(1)}` },
      { label: `[${scenario.name}] baseline req/s, p99 ms`, value: `${baseline.reqPerSec.toFixed(0)}, ${baseline.p99Ms.toFixed(1)}` },
      // The target is set for the case, the first scenario; the others are context.
      { label: `[${scenario.name}] ratio generic/baseline req/s`, value: ratio.toFixed(2), target: `≥ ${TARGET.ratio}`, ...(i === 0 ? { met: ratio >= TARGET.ratio } : {}) },
      ...(cpuRatio === undefined ? [] : [{ label: `[${scenario.name}] same, by server CPU µs/request`, value: cpuRatio.toFixed(2) }]),
    ]
  })
  // npm start pays the build before every start, but the target is set for the start itself.
  rows.push({ label: 'server build ms (vite build, run by npm start first)', value: buildMs.toFixed(0) })
  const spawnMs = median(starts.spawnToListeningMs)
  rows.push({ label: 'cold start, spawn → listening ms (built, plain node)', value: spawnMs.toFixed(0), target: `< ${TARGET.startMs}`, met: spawnMs < TARGET.startMs })
  if (starts.readyMs.length) rows.push({ label: 'cold start, printed "ready" ms (since process start)', value: median(starts.readyMs).toFixed(0) })
  if (typeof codegen === 'string') {
    rows.push({ label: 'codegen ms', value: 'n/a', target: `< ${TARGET.codegenMs}` })
  } else {
    const ms = median(codegen.ms)
    rows.push({ label: 'codegen, spawn → exit ms (node + tsx + codegen)', value: ms.toFixed(0), target: `< ${TARGET.codegenMs}`, met: ms < TARGET.codegenMs })
    if (codegen.printedMs.length) rows.push({ label: 'codegen, its own printed time ms', value: median(codegen.printedMs).toFixed(0) })
  }
  rows.push({ label: 'tsx alone, spawn → exit ms (part of the codegen figure)', value: median(tsxNoopMs).toFixed(0) })
  const { login, list, listColdMs, listAtLaunchMs, listWarmMs } = consoleLoad
  rows.push({ label: 'console login page JS, raw KB', value: String(login.rawKb) })
  rows.push({ label: 'console login page JS, gzip KB', value: String(login.gzipKb), target: `≤ ${TARGET.loginJsGzipKb}`, met: login.gzipKb <= TARGET.loginJsGzipKb })
  rows.push({ label: 'console first list page JS, raw / gzip KB', value: `${list.rawKb} / ${list.gzipKb}` })
  // The target does not say cached or not; both are shown, each against it.
  const cold = median(listColdMs)
  const warm = median(listWarmMs)
  const atLaunch = median(listAtLaunchMs)
  rows.push({ label: 'navigation → 20 rows ms, fresh profile', value: cold.toFixed(0), target: `≤ ${TARGET.listMs}`, met: cold <= TARGET.listMs })
  rows.push({ label: 'navigation → 20 rows ms, fresh profile at browser launch', value: atLaunch.toFixed(0), target: `≤ ${TARGET.listMs}`, met: atLaunch <= TARGET.listMs })
  rows.push({ label: 'navigation → 20 rows ms, warmed-up browser', value: warm.toFixed(0), target: `≤ ${TARGET.listMs}`, met: warm <= TARGET.listMs })
  return rows
}
