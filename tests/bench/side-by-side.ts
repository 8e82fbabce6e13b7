import { fetchList } from './api-client'
import { combineSlices, measureSlice, warmUp, type LoadPlan, type LoadResult, type Slice } from './load'
import type { RunningServer } from './spawn-server'
import type { Scenario } from './scenarios'

export interface SideBySide {
  scenario: Scenario
  /** The rows the scenario's filter matches, as the list's total says it ("at least 2,000" where a search stops counting). */
  matching: string
  generic: LoadResult
  baseline: LoadResult
}

export interface Schedule {
  warmupSeconds: number
  /** Measured time per server is slices x sliceSeconds. */
  slices: number
  sliceSeconds: number
}

/**
 * Check that both servers answer the scenario alike, warm both, then measure them in
 * alternating slices: never both at once, so neither competes with the other for the cores,
 * and a spell of other work on the machine lands on both instead of deciding the ratio. Which
 * server goes first changes every round (generic then baseline, then baseline then generic, ...),
 * so neither is always the one measured right after the other's load, or the one a steady
 * drift in the machine's state reaches first.
 */
export async function loadSideBySide(
  scenario: Scenario,
  servers: { generic: RunningServer; baseline: RunningServer },
  plan: Omit<LoadPlan, 'path' | 'pages'>,
  schedule: Schedule,
): Promise<SideBySide> {
  // Not page 1: an offset the two could get wrong differently.
  const sample = `${scenario.path}&page=${Math.min(7, scenario.pages)}`
  const [fromGeneric, fromBaseline] = await Promise.all([fetchList(servers.generic.port, sample, plan.token), fetchList(servers.baseline.port, sample, plan.token)])
  if (JSON.stringify(fromGeneric) !== JSON.stringify(fromBaseline)) {
    throw new Error(`The baseline answers ${sample} differently from the generic route, so their figures would compare different work:\n generic:  ${JSON.stringify(fromGeneric).slice(0, 300)}\n baseline: ${JSON.stringify(fromBaseline).slice(0, 300)}`)
  }
  if (fromGeneric.data.length === 0) throw new Error(`${sample} answers no rows; the scenario would measure empty pages.`)

  const full: LoadPlan = { ...plan, path: scenario.path, pages: scenario.pages }
  await warmUp(servers.generic, full, schedule.warmupSeconds)
  await warmUp(servers.baseline, full, schedule.warmupSeconds)
  const generic: Slice[] = []
  const baseline: Slice[] = []
  for (let i = 0; i < schedule.slices; i++) {
    const order = i % 2 === 0 ? (['generic', 'baseline'] as const) : (['baseline', 'generic'] as const)
    for (const which of order) (which === 'generic' ? generic : baseline).push(await measureSlice(servers[which], full, schedule.sliceSeconds))
  }
  const matching = `${fromGeneric.total_is_at_least ? 'at least ' : ''}${fromGeneric.total.toLocaleString('en-US')}`
  return { scenario, matching, generic: combineSlices(generic), baseline: combineSlices(baseline) }
}
