/**
 * Recharge cards at scale, against the built server in its own process: a million cards
 * bulk-loaded, filtered card_list pages under load, the whole table exported as CSV and as
 * XLSX while the server's memory is watched, and 200 redemptions of one card at once, which
 * must credit exactly once. On SQLite and, when DATABASE_URL is set, on PostgreSQL.
 */
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { sql } from 'kysely'
import { readConfig, type Config } from '../../src/server/config'
import { openDatabase } from '../../src/server/db/connect'
import type { Cleanup } from './cleanup'
import { BATCH_SIZE, fillCards, type FilledCards } from './fill-cards'
import { spawnServer, type RunningServer, type ServerCommand } from './spawn-server'
import { signIn } from './api-client'
import { combineSlices, measureSlice, warmUp, type LoadPlan, type LoadResult } from './load'
import { REPO_ROOT } from './paths'
import { countWorkbookRows } from './workbook-rows'
import { rssMb } from './process-cpu'

export const CARD_ROWS = Number(process.env.BENCH_CARD_ROWS ?? 1_000_000)
const LOAD = { warmupSeconds: 2, slices: 3, sliceSeconds: 3 }
/** One client at a time: the latency of a page itself. Eight: what a busy team of admins puts on one process. */
const CONNECTIONS = [1, 8] as const
const REDEMPTIONS = 200

export interface ListFigure {
  name: string
  connections: number
  result: LoadResult
}

export interface ExportFigure {
  format: 'csv' | 'xlsx'
  /** Data rows the file holds, its heading left out. */
  rows: number
  bytes: number
  ms: number
  rssBeforeMb: number
  rssPeakMb: number
}

export interface CardFigures {
  database: 'sqlite' | 'postgres'
  filled: FilledCards
  lists: ListFigure[]
  exports: ExportFigure[]
  redeem: { requests: number; succeeded: number; refused: number; ledgerRows: number; cardUsed: boolean; ms: number }
}

export async function benchCards(database: 'sqlite' | 'postgres', opts: { server: ServerCommand; dir: string; cleanup: Cleanup }): Promise<CardFigures> {
  const env: Record<string, string> = { NODE_ENV: 'production', SCHEMAS_DIR: join(REPO_ROOT, 'schemas') }
  if (database === 'sqlite') {
    env.DATA_DIR = join(opts.dir, 'cards-data')
    // The server inherits this process's environment; a DATABASE_URL set for the PostgreSQL figures must not reach it.
    env.DATABASE_URL = ''
  } else {
    env.DATABASE_URL = process.env.DATABASE_URL!
    env.DATABASE_SCHEMA = `bench_cards_${randomBytes(4).toString('hex')}`
    env.DATA_DIR = join(opts.dir, 'cards-pg-data')
    opts.cleanup.add(() => dropSchema(readConfig(env), env.DATABASE_SCHEMA!))
  }
  const config = readConfig(env)
  const filled = await fillCards(config, CARD_ROWS)
  // What autovacuum does soon after a bulk load, done now so the figures do not depend on when it runs.
  if (database === 'postgres') await withDatabase(config, (db) => sql`vacuum analyze recharge_card`.execute(db))

  const server = await spawnServer(opts.server, { env, logFile: join(opts.dir, `cards-${database}.log`), cleanup: opts.cleanup })
  try {
    const admin = await signIn(server.port, filled.admin.username, filled.admin.password)
    const partner = await signIn(server.port, filled.partner.username, filled.partner.password)
    // The exports first, on the server as it started: its memory then is what an export adds to a fresh process.
    const exports = [await timeExport(server, admin, 'csv'), await timeExport(server, admin, 'xlsx')]
    const redeem = await redeemAtOnce(server, config, filled)
    const lists = await loadLists(server, filled, { admin, partner })
    return { database, filled, lists, exports, redeem }
  } finally {
    await server.stop()
  }
}

async function loadLists(server: RunningServer, filled: FilledCards, tokens: { admin: string; partner: string }): Promise<ListFigure[]> {
  const path = '/api/v1/recharge_card/card_list?limit=20'
  // Shares of the table as fillCards lays it out: a fifth of the batches in the partner's reach, a tenth of each batch used, a quarter money.
  const rows = (share: number) => `${Math.round(filled.rows * share).toLocaleString('en-US')} rows`
  const scenarios = [
    { name: `admin, one batch (${BATCH_SIZE.toLocaleString('en-US')} rows)`, query: `&batch_no=${filled.sampleBatch}`, token: tokens.admin },
    { name: 'admin, issued on one day', query: `&created_at_from=${filled.sampleDay}&created_at_to=${filled.sampleDay}`, token: tokens.admin },
    { name: `partner, unused in its reach (${rows(0.18)})`, query: '&status=0', token: tokens.partner },
    { name: `admin, money cards (${rows(0.25)})`, query: '&kind=money', token: tokens.admin },
    { name: `admin, unused (${rows(0.9)})`, query: '&status=0', token: tokens.admin },
    { name: `admin, no filter (${rows(1)})`, query: '', token: tokens.admin },
  ]
  const out: ListFigure[] = []
  for (const scenario of scenarios) {
    for (const connections of CONNECTIONS) {
      const plan: LoadPlan = { connections, path: `${path}${scenario.query}`, pages: 50, token: scenario.token }
      await warmUp(server, plan, LOAD.warmupSeconds)
      const slices = []
      for (let i = 0; i < LOAD.slices; i++) slices.push(await measureSlice(server, plan, LOAD.sliceSeconds))
      out.push({ name: scenario.name, connections, result: combineSlices(slices) })
    }
  }
  return out
}

/** The whole table through the download link, read as fast as the client can, with the server's resident memory sampled every 20 ms. */
async function timeExport(server: RunningServer, token: string, format: 'csv' | 'xlsx'): Promise<ExportFigure> {
  const rssBeforeMb = rssMb(server.pid)
  let rssPeakMb = rssBeforeMb
  const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, rssMb(server.pid))), 20)
  const started = performance.now()
  try {
    const res = await fetch(`http://127.0.0.1:${server.port}/api/v1/recharge_card/export_data?format=${format}`, { headers: { token } })
    if (res.status !== 200 || !res.body) throw new Error(`export ${format} answered HTTP ${res.status}: ${await res.text()}`)
    let bytes = 0
    let newlines = 0
    const workbook: Uint8Array[] = []
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length
      if (format === 'xlsx') workbook.push(chunk)
      else for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) newlines++
    }
    const ms = performance.now() - started
    // Counted after the clock stops: a workbook is only readable whole.
    const rows = format === 'csv' ? newlines : await countWorkbookRows(Buffer.concat(workbook))
    return { format, rows: rows - 1, bytes, ms, rssBeforeMb, rssPeakMb }
  } finally {
    clearInterval(sampler)
    rssPeakMb = Math.max(rssPeakMb, rssMb(server.pid))
  }
}

/** 200 requests redeeming one unused money card at the same moment, from ten merchants; afterwards the ledger is read. */
async function redeemAtOnce(server: RunningServer, config: Config, filled: FilledCards): Promise<CardFigures['redeem']> {
  const card = await withDatabase(config, (db) =>
    db.selectFrom('recharge_card').select(['id', 'card_password']).where('kind', '=', 'money').where('status', '=', 0).orderBy('id').limit(1).executeTakeFirstOrThrow(),
  )
  const tokens = await Promise.all(filled.merchants.map((m) => signIn(server.port, m.username, m.password)))
  const started = performance.now()
  const answers = await Promise.all(
    Array.from({ length: REDEMPTIONS }, (_, i) =>
      fetch(`http://127.0.0.1:${server.port}/api/v1/recharge_card/use_card`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', platform: 'pc', token: tokens[i % tokens.length]! },
        body: JSON.stringify({ card_password: card.card_password }),
      }).then(async (res) => ((await res.json()) as { code: number }).code),
    ),
  )
  const ms = performance.now() - started
  const after = await withDatabase(config, async (db) => ({
    ledger: await db.selectFrom('user_money_log').select(db.fn.countAll().as('n')).where('related_type', '=', 'recharge_card').where('related_id', '=', Number(card.id)).executeTakeFirstOrThrow(),
    card: await db.selectFrom('recharge_card').select('status').where('id', '=', Number(card.id)).executeTakeFirstOrThrow(),
  }))
  const succeeded = answers.filter((code) => code === 1).length
  return { requests: REDEMPTIONS, succeeded, refused: answers.length - succeeded, ledgerRows: Number(after.ledger.n), cardUsed: Number(after.card.status) === 1, ms }
}

async function withDatabase<T>(config: Config, run: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>): Promise<T> {
  const database = await openDatabase(config)
  try {
    return await run(database.db)
  } finally {
    await database.close()
  }
}

async function dropSchema(config: Config, schema: string): Promise<void> {
  await withDatabase({ ...config, databaseSchema: undefined }, (db) => sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db))
}
