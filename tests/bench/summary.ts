import type { ColdStarts } from './cold-start'
import type { SideBySide } from './side-by-side'
import { median, type ReportRow } from './report'

/** The targets. */
export const TARGET = { ratio: 0.8, startMs: 1500, codegenMs: 3000 }

export interface Timings {
  results: readonly SideBySide[]
  starts: ColdStarts
  /** Spawn → exit of each codegen run, and what it printed about itself; or why there is none. */
  codegen: { ms: number[]; printedMs: number[] } | string
  tsxNoopMs: number[]
}

/** The closing table: each figure once, with its target where the issue sets one. */
export function summaryRows({ results, starts, codegen, tsxNoopMs }: Timings): ReportRow[] {
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
  const spawnMs = median(starts.spawnToListeningMs)
  rows.push({ label: 'cold start, spawn → listening ms (node + tsx + imports + start)', value: spawnMs.toFixed(0), target: `< ${TARGET.startMs}`, met: spawnMs < TARGET.startMs })
  if (starts.readyMs.length) {
    const readyMs = median(starts.readyMs)
    rows.push({ label: 'cold start, printed "ready in" ms (after imports)', value: readyMs.toFixed(0), target: `< ${TARGET.startMs}`, met: readyMs < TARGET.startMs })
  }
  if (typeof codegen === 'string') {
    rows.push({ label: 'codegen ms', value: 'n/a', target: `< ${TARGET.codegenMs}` })
  } else {
    const ms = median(codegen.ms)
    rows.push({ label: 'codegen, spawn → exit ms (node + tsx + codegen)', value: ms.toFixed(0), target: `< ${TARGET.codegenMs}`, met: ms < TARGET.codegenMs })
    if (codegen.printedMs.length) rows.push({ label: 'codegen, its own printed time ms', value: median(codegen.printedMs).toFixed(0) })
  }
  rows.push({ label: 'tsx alone, spawn → exit ms (part of the spawn figures)', value: median(tsxNoopMs).toFixed(0) })
  return rows
}
