/**
 * npm run chaos: a benchmark, not a test. Starts npm run cluster's deployment in a temp folder,
 * runs a steady load from several merchants through nginx (reads, clip submits with idempotency
 * keys, uploads straight to the store, deletes) for a bounded time, and meanwhile breaks it: kills
 * an API process and a worker mid-task with -9, restarts PostgreSQL, stops the S3 store and Redis
 * for a while. Then it reports what was lost: requests that failed in flight at a fault and any
 * others, tasks duplicated or never finished, balances that differ from their ledgers, files no
 * record names, and how soon the cluster served again after each fault.
 *
 * Options: --minutes M (5), --merchants N (4).
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { setTimeout as sleep } from 'node:timers/promises'
import { randomBytes } from 'node:crypto'
import { startCluster } from '../../../scripts/cluster/cluster'
import { freePort } from '../../../scripts/cluster/ports'
import { readConfig } from '../../../src/server/config'
import { openServices } from '../../../src/server/start'
import { upsertAccount } from '../../../src/server/accounts/queries'
import { changeMoney } from '../../../src/server/ledger/ledger'
import { makeTestVideo } from '../../../src/server/media/test-media'
import { createCleanup } from '../cleanup'
import { callsOf, merchantLoad, upload, type Merchant, type Sent, type Submit } from './load'
import { databaseAnswers, FAULTS, runFault, type FaultRun } from './faults'
import { ledgerFigures, orphanFigures, taskFigures } from './checks'

const { values } = parseArgs({ options: { minutes: { type: 'string', default: '5' }, merchants: { type: 'string', default: '4' } } })
const durationMs = Number(values.minutes) * 60_000
const merchantCount = Number(values.merchants)
/** Tasks that lost their worker are taken over after this: the product's default is each kind's lease (30 s for a clip). */
const LEASE_SECONDS = 10

const cleanup = createCleanup()
try {
  await chaos()
} catch (error) {
  if (!cleanup.interrupted) console.error('\nchaos run failed:', error instanceof Error ? error.stack : error)
  process.exitCode = 1
} finally {
  await cleanup.run()
}

async function chaos(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'chaos-'))
  // The cluster's PostgreSQL runs as the postgres user when this runs as root: it must reach the folder.
  chmodSync(dir, 0o755)
  cleanup.add(() => rmSync(dir, { recursive: true, force: true }))
  const video = join(dir, 'source.mp4')
  await makeTestVideo(video, { seconds: 2, width: 320, height: 240 })
  console.log(`Starting the cluster (2 APIs, 2 workers, nginx, its own PostgreSQL, Redis and s3rver) in ${dir}…`)
  const cluster = await startCluster({ buildIfChanged: true, apis: 2, workers: 2, port: await freePort(), dir: join(dir, 'cluster'), fresh: true, env: { DEMO_LIBRARY: '0', TASK_LEASE_SECONDS: String(LEASE_SECONDS), WORKER_CONCURRENCY: '1' } })
  cleanup.add(() => cluster.stop())
  const services = await openServices(readConfig(cluster.env))
  cleanup.add(() => services.database.close())

  const merchants: Merchant[] = []
  for (let i = 1; i <= merchantCount; i++) {
    const username = `chaos-m${i}`
    const password = randomBytes(12).toString('base64url')
    const { id } = await upsertAccount(services, { username, password, role: 'merchant', parentUsername: 'partner' })
    await services.db.transaction().execute((trx) => changeMoney(trx, services, { userId: id, type: 'adjust', amount: 1_000_000, operatorId: null }))
    const login = await fetch(`${cluster.url}/api/v1/platform/login`, { method: 'POST', headers: { platform: 'pc', 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) })
    const token = ((await login.json()) as { data: { userinfo: { token: string } } }).data.userinfo.token
    // Setting up is not part of the load: its requests are not counted.
    const call = callsOf(cluster.url, { username, token }, [])
    const materialId = await upload(call, video, 'source.mp4')
    if (!materialId) throw new Error(`${username}'s source video was not taken into the store.`)
    merchants.push({ username, token, materialId })
  }

  console.log(`Load: ${merchantCount} merchants for ${values.minutes} min; faults at 10%, 25%, 40%, 60% and 80% of it.`)
  const sent: Sent[] = []
  const submits: Submit[] = []
  const began = performance.now()
  let stopping = false
  const loads = merchants.map((merchant) => merchantLoad(cluster.url, merchant, video, sent, submits, () => stopping))
  const faults: FaultRun[] = []
  for (const [i, fault] of FAULTS.entries()) {
    const at = began + durationMs * [0.1, 0.25, 0.4, 0.6, 0.8][i]!
    await sleep(Math.max(0, at - performance.now()))
    const run = await runFault(fault, cluster, services.db, merchants[0]!.token)
    console.log(`  ${((run.started - began) / 1000).toFixed(0)} s: ${run.name}: ${run.note}; then served again after ${seconds(run.servedAgainMs)}, every process ready after ${seconds(run.readyAgainMs)}`)
    faults.push(run)
  }
  await sleep(Math.max(0, began + durationMs - performance.now()))
  stopping = true
  await Promise.all(loads)
  await databaseAnswers(services.db)

  const tasks = await taskFigures(services, submits, 180_000)
  const ledger = await ledgerFigures(services)
  const files = await orphanFigures(services, cluster)
  report({ sent, faults, tasks, ledger, files, began })
}

function seconds(ms: number): string {
  return Number.isNaN(ms) ? 'never (2 min)' : `${(ms / 1000).toFixed(1)} s`
}

function report(r: { sent: Sent[]; faults: FaultRun[]; tasks: Awaited<ReturnType<typeof taskFigures>>; ledger: Awaited<ReturnType<typeof ledgerFigures>>; files: Awaited<ReturnType<typeof orphanFigures>>; began: number }): void {
  const windows = r.faults.map((f) => ({ ...f, until: f.ended + Math.max(Number.isNaN(f.readyAgainMs) ? 120_000 : f.readyAgainMs, Number.isNaN(f.servedAgainMs) ? 120_000 : f.servedAgainMs) }))
  const failed = r.sent.filter((s) => !s.ok)
  const during = (s: Sent) => windows.findIndex((w) => s.started <= w.until && s.ended >= w.started)
  const others = failed.filter((s) => during(s) < 0)
  const load = loadavg().map((l) => l.toFixed(1)).join(' ')
  console.log(`\nchaos run: ${((performance.now() - r.began) / 60_000).toFixed(1)} min, ${cpus().length} cores, load average ${load}`)
  console.log(`${'fault'.padEnd(30)} ${'served again'.padStart(13)} ${'all ready'.padStart(10)} ${'failed in it'.padStart(13)}  what (recovery counted from the kill, or from the service's return)`)
  for (const [i, w] of windows.entries()) {
    const inIt = failed.filter((s) => during(s) === i)
    const kinds = [...new Set(inIt.map((s) => `${s.what} ${s.status}`))].slice(0, 4).join(', ')
    console.log(`${w.name.padEnd(30)} ${seconds(w.servedAgainMs).padStart(13)} ${seconds(w.readyAgainMs).padStart(10)} ${String(inIt.length).padStart(13)}  ${w.note}${kinds ? ` (${kinds})` : ''}`)
  }
  console.log(`requests: ${r.sent.length} sent, ${failed.length} failed: ${failed.length - others.length} in flight at a fault, ${others.length} others${others.length ? ` (${[...new Set(others.map((s) => `${s.what} ${s.status}`))].slice(0, 6).join(', ')})` : ''}`)
  const t = r.tasks
  console.log(`tasks: ${t.submitted} submitted, ${t.neverTaken} never taken, ${t.succeededOnce} succeeded exactly once, ${t.failed.length} failed with a reason, ${t.duplicated} duplicated, ${t.unfinished} unfinished`)
  for (const f of t.failed.slice(0, 5)) console.log(`  failed: ${f.title}: ${f.reason}`)
  console.log(`balances: ${r.ledger.accounts} accounts, ${r.ledger.unequal.length === 0 ? 'every balance and quota equals its ledger' : `${r.ledger.unequal.length} differ from their ledger: ${r.ledger.unequal.slice(0, 5).join('; ')}`}`)
  console.log(`files: ${r.files.objects} objects in the store, ${r.files.orphans.length} named by no record${r.files.orphans.length ? ` (${r.files.orphans.slice(0, 5).join(', ')})` : ''}; ${r.files.leftFolders.length} task folders left in workers' data folders`)
}
