import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Cleanup } from './cleanup'
import { fillDomains } from './fill-domains'
import { listSideBySide, type ListFigures } from './list-side-by-side'
import { benchListPostgres } from './list-postgres'
import { printReport, type ReportRow } from './report'
import type { Schedule } from './side-by-side'
import type { ServerCommand } from './spawn-server'

/** The target: the generic list at least as fast as the hand-written route, on both databases. */
export const LIST_RATIO_TARGET = 1.0

export interface ListPlan {
  rows: number
  connections: number
  schedule: Schedule
}

/**
 * `npm run bench -- lists`: the domain list side by side alone, on SQLite and, when
 * DATABASE_URL is set, on a PostgreSQL database of its own; then its closing table.
 */
export async function benchLists(server: ServerCommand, plan: ListPlan, cleanup: Cleanup): Promise<ListFigures[]> {
  const dir = mkdtempSync(join(tmpdir(), 'console-bench-lists-'))
  cleanup.add(() => rmSync(dir, { recursive: true, force: true }))
  const dataDir = join(dir, 'data')
  const filled = await fillDomains(dataDir, plan.rows)
  console.log(`lists: ${plan.rows.toLocaleString('en-US')} domains, ${plan.connections} connections; ${plan.schedule.warmupSeconds} s warm-up each, then ${plan.schedule.slices} x ${plan.schedule.sliceSeconds} s per server, alternating, the first of each round in turn`)
  // A DATABASE_URL in the bench's environment must not reach the SQLite servers.
  const figures = [await listSideBySide(server, { env: { NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: '' }, filled, dir, label: 'sqlite', connections: plan.connections, schedule: plan.schedule, cleanup })]
  const databaseUrl = process.env.DATABASE_URL
  if (databaseUrl) figures.push(await benchListPostgres(server, { databaseUrl, ...plan, cleanup }))
  else console.log('  (PostgreSQL too when DATABASE_URL is set)')
  printReport(`generic list / hand-written route (${cpus().length} cores)`, figures.flatMap(listReportRows))
  return figures
}

/** One database's rows of the closing table, each scenario's ratio against the target. */
export function listReportRows(f: ListFigures): ReportRow[] {
  const load = `load average ${f.loadAverage.map((l) => l.toFixed(2)).join(' ')}`
  return f.results.flatMap(({ scenario, generic, baseline }) => {
    const ratio = generic.reqPerSec / baseline.reqPerSec
    return [
      { label: `${f.label} [${scenario.name}] generic / baseline req/s`, value: `${generic.reqPerSec.toFixed(0)} / ${baseline.reqPerSec.toFixed(0)}` },
      { label: `${f.label} [${scenario.name}] generic / baseline p50, p99 ms`, value: `${generic.p50Ms.toFixed(1)}, ${generic.p99Ms.toFixed(1)} / ${baseline.p50Ms.toFixed(1)}, ${baseline.p99Ms.toFixed(1)}` },
      { label: `${f.label} [${scenario.name}] ratio req/s (${load})`, value: ratio.toFixed(2), target: `≥ ${LIST_RATIO_TARGET.toFixed(1)}`, met: ratio >= LIST_RATIO_TARGET && generic.failures + baseline.failures === 0 },
    ]
  })
}
