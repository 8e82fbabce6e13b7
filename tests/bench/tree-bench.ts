import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import type { Envelope } from '../../src/server/envelope'
import type { ProviderServiceTreeChildrenResponse as Children, ProviderServiceTreeSearchResponse as Found } from '../../src/generated/types'
import type { Cleanup } from './cleanup'
import { fillAccounts, type FilledTree } from './fill-accounts'
import { signIn } from './api-client'
import { printReport, type ReportRow } from './report'
import { spawnServer, type ServerCommand } from './spawn-server'

const ACCOUNTS = 100_000
/** Sequential requests per figure, after WARM_UP unmeasured ones: latency with nothing queued in front. */
const REQUESTS = 300
const WARM_UP = 30
const LOAD = { connections: 10, seconds: 5 }

interface Latency {
  p50: number
  p99: number
  max: number
}

/**
 * The relation tree with 100,000 accounts (issue 6: "loads lazily and stays responsive"):
 * fill a database, start the built server on it, and time the calls the tree page makes,
 * one request at a time, then phone searches under load. On SQLite always; on PostgreSQL
 * too when DATABASE_URL is set (in a schema of its own, dropped at the end).
 */
export async function benchTree(server: ServerCommand, cleanup: Cleanup): Promise<void> {
  console.log(`relation tree: ${ACCOUNTS.toLocaleString('en-US')} accounts; each figure is ${REQUESTS} requests one at a time after ${WARM_UP} unmeasured, in ms (p50 / p99 / max)`)
  const targets: { label: string; env: Record<string, string>; fill: Parameters<typeof fillAccounts>[0] }[] = []
  const dir = mkdtempSync(join(tmpdir(), 'console-bench-tree-'))
  cleanup.add(() => rmSync(dir, { recursive: true, force: true }))
  const dataDir = join(dir, 'data')
  targets.push({ label: 'SQLite', env: { NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: '' }, fill: { dataDir } })
  const url = process.env.DATABASE_URL
  if (url) {
    const schema = `bench_tree_${randomBytes(4).toString('hex')}`
    cleanup.add(() => dropSchema(url, schema))
    targets.push({ label: 'PostgreSQL', env: { NODE_ENV: 'production', DATA_DIR: join(dir, 'pg-data'), DATABASE_URL: url, DATABASE_SCHEMA: schema }, fill: { dataDir: join(dir, 'pg-data'), databaseUrl: url, databaseSchema: schema } })
  } else {
    console.log('  (PostgreSQL too when DATABASE_URL is set)')
  }
  for (const target of targets) {
    const filled = await fillAccounts(target.fill, ACCOUNTS)
    console.log(`  ${target.label}: filled ${filled.accounts.toLocaleString('en-US')} accounts in ${Math.round(filled.fillMs)} ms: ${filled.shape}`)
    const running = await spawnServer(server, { env: target.env, logFile: join(dir, `tree-${target.label}.log`), cleanup })
    try {
      printReport(`relation tree on ${target.label}, ${filled.accounts.toLocaleString('en-US')} accounts (ms)`, await measure(running.port, filled))
    } finally {
      await running.stop()
    }
  }
}

async function measure(port: number, filled: FilledTree): Promise<ReportRow[]> {
  const admin = await signIn(port, filled.admin.username, filled.admin.password)
  const partner = await signIn(port, filled.largePartner.username, filled.largePartner.password)
  const children = (token: string, query = '') => call<Children>(port, token, `/provider_service/tree_children${query}`)
  const search = (token: string, keyword: string) => call<Found>(port, token, `/provider_service/tree_search?keyword=${encodeURIComponent(keyword)}`)
  // The first 7 to 11 digits of an existing number, a different one each time.
  const phonePrefixes = (mobiles: string[]) => (i: number) => mobiles[(i * 7_919) % mobiles.length]!.slice(0, 7 + (i % 5))
  const adminPhone = phonePrefixes(filled.mobiles)
  const partnerPhone = phonePrefixes(filled.largeBranchMobiles)
  // Matches few names (…的店 4242, 42420…42429), so the search reads every row: the worst case.
  const rareName = (i: number) => `的店 ${1000 + ((i * 37) % 9000)}`
  const large = filled.largePartner.id

  // What each call answers, checked once, so the figures are of real work.
  const roots = await children(admin)
  expect(roots.list.length === 1 && roots.list[0]!.child_count > 0, 'the admin as the one root, with children', roots)
  const partners = await children(admin, `?parent_id=${filled.adminId}`)
  expect(partners.list.some((p) => p.id === large && p.child_count === 50_005), 'partner-1 with 50,000 merchants and 5 sub-partners below it', partners)
  const branch = await children(admin, `?parent_id=${large}&limit=100`)
  expect(branch.list.length === 100 && branch.more && branch.total === 50_005, 'a first page of 100 of 50,005 with more', branch)
  const found = await search(admin, adminPhone(1))
  expect(found.list.length >= 1 && found.list[0]!.ancestor_ids.length >= 2, 'a phone match with its ancestors', found)
  const own = await search(partner, partnerPhone(1))
  expect(own.list.length >= 1 && own.list.every((m) => m.ancestor_ids[0] === large), "a phone match in partner-1's subtree", own)
  expect((await search(admin, rareName(0))).list.length >= 1, 'name matches', rareName(0))

  const rows: [string, Latency][] = [
    ['admin: its roots (children of the root)', await time(() => children(admin))],
    ['admin: children of the admin (8 partners, with their child counts)', await time(() => children(admin, `?parent_id=${filled.adminId}`))],
    ['children of partner-1 (50,005 children): first 100', await time(() => children(admin, `?parent_id=${large}&limit=100`))],
    ['children of partner-1: 100 after a child deep in (keyset)', await time((i) => children(admin, `?parent_id=${large}&limit=100&after_id=${40_000 + (i % 100) * 90}`))],
    ['partner-1 signed in: its root (itself, counting 50,005 below)', await time(() => children(partner))],
    ['admin: search by phone (first 7-11 digits)', await time((i) => search(admin, adminPhone(i)))],
    ['partner-1: search by phone in its subtree', await time((i) => search(partner, partnerPhone(i)))],
    ['admin: search by name (text, matching few: reads every row)', await time((i) => search(admin, rareName(i)))],
  ]
  const load = await loadPhoneSearch(port, admin, adminPhone)
  return [
    ...rows.map(([label, l]) => ({ label, value: `${l.p50.toFixed(1)} / ${l.p99.toFixed(1)} / ${l.max.toFixed(1)}` })),
    { label: `admin: search by phone, ${LOAD.connections} connections for ${LOAD.seconds} s`, value: `${load.reqPerSec.toFixed(0)} req/s, p50 ${load.p50} / p99 ${load.p99}${load.failures ? `, ${load.failures} failed` : ''}` },
  ]
}

async function time(request: (i: number) => Promise<unknown>): Promise<Latency> {
  for (let i = 0; i < WARM_UP; i++) await request(i)
  const ms: number[] = []
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now()
    await request(WARM_UP + i)
    ms.push(performance.now() - started)
  }
  ms.sort((a, b) => a - b)
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.ceil(q * ms.length) - 1)]!
  return { p50: at(0.5), p99: at(0.99), max: ms.at(-1)! }
}

async function loadPhoneSearch(port: number, token: string, prefix: (i: number) => string) {
  let i = 0
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: LOAD.connections,
    duration: LOAD.seconds,
    headers: { token, platform: 'pc' },
    requests: [{ setupRequest: (request) => ({ ...request, path: `/api/v1/provider_service/tree_search?keyword=${prefix(i++)}` }) }],
    verifyBody: (body) => body.startsWith('{"code":1,'),
  })
  return {
    reqPerSec: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.mismatches,
  }
}

async function call<T>(port: number, token: string, path: string): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${port}/api/v1${path}`, { headers: { token, platform: 'pc' } })
  const body = (await res.json()) as Envelope<T>
  if (res.status !== 200 || body.code !== 1) throw new Error(`GET ${path} answered HTTP ${res.status}, code ${body.code}: ${body.msg}`)
  return body.data
}

function expect(ok: boolean, what: string, answer: unknown): void {
  if (!ok) throw new Error(`The relation tree bench expected ${what}, but the server answered ${JSON.stringify(answer).slice(0, 300)}`)
}

async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(`drop schema if exists "${schema}" cascade`)
  } finally {
    await client.end()
  }
}
