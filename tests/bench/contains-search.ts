/**
 * Searches by any part of a field (x-index "contains") through the generic list endpoint:
 * domain hosts, as tests/bench/fill-domains.ts fills them. At 100,000 rows, the built server
 * with the trigram index beside the same build on a copy of the database whose schemas lack
 * the keyword (so it reads every row, as every search did before the index), loaded in
 * alternating slices; at 1,000,000 rows, the latency of one search at a time on SQLite and,
 * when DATABASE_URL is set, on a PostgreSQL database of its own. Every answer the figures are
 * of is first checked against a scan: its total too, which stops at the server's search count
 * limit (SEARCH_COUNT_LIMIT, 2,000) and says so for a term matching more.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { readConfig } from '../../src/server/config'
import { openDatabase } from '../../src/server/db/connect'
import type { Cleanup } from './cleanup'
import { fillDomains, HOST_WORDS, type FilledDatabase } from './fill-domains'
import { spawnServer, type RunningServer, type ServerCommand } from './spawn-server'
import { fetchList, signIn } from './api-client'
import { combineSlices, measureSlice, warmUp, type LoadPlan, type LoadResult, type Slice } from './load'
import { REPO_ROOT } from './paths'
import type { ReportRow } from './report'
import { ownPostgresDatabase } from './own-database'

export const SEARCH_ROWS = 100_000
export const LARGE_SEARCH_ROWS = Number(process.env.BENCH_SEARCH_ROWS ?? 1_000_000)
const SIDE_BY_SIDE = { connections: 10, warmupSeconds: 2, slices: 3, sliceSeconds: 3 }
/** One client at a time: the latency of a search itself, nothing queued in front of it. */
const LATENCY = { connections: 1, warmupSeconds: 2, slices: 3, sliceSeconds: 3 }
const LIST = '/api/v1/domain/list'
const PAGE_SIZE = 20

export interface SearchTerm {
  text: string
  kind: 'selective' | 'rare' | 'absent' | 'tenth'
  /** Pages requested in turn under load: as many as the matches fill at 100,000 rows, at most 50. */
  pages: number
}

/** Hosts are `<word><i>.<tld>` with the word HOST_WORDS[i % 10] (fill-domains.ts), so each term's matches are known ahead. */
export const SEARCH_TERMS: readonly SearchTerm[] = [
  // studio4242, studio42422 (and ten more among a million).
  { text: `${HOST_WORDS[2]}4242`, kind: 'selective', pages: 1 },
  // Any host with 4242 in its number: a page and a half.
  { text: '4242', kind: 'selective', pages: 2 },
  { text: `${HOST_WORDS[6]}99996`, kind: 'rare', pages: 1 },
  { text: 'nosuchhost', kind: 'absent', pages: 1 },
  // The main bench's term (scenarios.ts): a tenth of the rows.
  { text: HOST_WORDS[0], kind: 'tenth', pages: 50 },
]

export interface SideBySideTerm {
  term: SearchTerm
  matching: number
  /** Where the index's count stopped, for a term matching more than the server counts (the scan counts every match). */
  countedTo?: number
  indexed: LoadResult
  scanned: LoadResult
}

export interface LatencyTerm {
  term: SearchTerm
  matching: number
  /** Where the count stopped, for a term matching more than the server counts. */
  countedTo?: number
  result: LoadResult
}

export interface LargeFigures {
  database: 'sqlite' | 'postgres'
  rows: number
  fillMs: number
  terms: LatencyTerm[]
}

export interface ContainsSearchFigures {
  rows: number
  fillMs: number
  sideBySide: SideBySideTerm[]
  large: LargeFigures[]
  /** Answers compared with the scan's, each a total with pages of rows: all equal, or the bench stops. */
  comparedAnswers: number
}

export interface ContainsSearchOptions {
  server: ServerCommand
  cleanup: Cleanup
  /** PostgreSQL's figures too, in a database made for them on this server and dropped after. */
  databaseUrl?: string
}

export async function benchContainsSearch(options: ContainsSearchOptions): Promise<ContainsSearchFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'console-bench-search-'))
  options.cleanup.add(() => rmSync(dir, { recursive: true, force: true }))
  const compared = { answers: 0 }
  const side = await sideBySide(options, dir, compared)
  const large = [await largeOnSqlite(options, dir, compared)]
  if (options.databaseUrl) large.push(await largeOnPostgres(options, options.databaseUrl, dir, compared))
  return { ...side, large, comparedAnswers: compared.answers }
}

/** The same build on two copies of one database: with the index, and with schemas that lack the keyword, which drops it at start. */
async function sideBySide(options: ContainsSearchOptions, dir: string, compared: { answers: number }): Promise<Pick<ContainsSearchFigures, 'rows' | 'fillMs' | 'sideBySide'>> {
  const indexedDir = join(dir, 'indexed')
  const scannedDir = join(dir, 'scanned')
  const filled = await fillDomains(indexedDir, SEARCH_ROWS)
  cpSync(indexedDir, scannedDir, { recursive: true })
  const schemasDir = schemasWithoutContains(join(dir, 'schemas-without-contains'))
  const env = { NODE_ENV: 'production', DATABASE_URL: '' }
  const indexed = await spawnServer(options.server, { env: { ...env, DATA_DIR: indexedDir }, logFile: join(dir, 'indexed.log'), cleanup: options.cleanup })
  const scanned = await spawnServer(options.server, { env: { ...env, DATA_DIR: scannedDir, SCHEMAS_DIR: schemasDir }, logFile: join(dir, 'scanned.log'), cleanup: options.cleanup })
  try {
    const tokens = { indexed: await signIn(indexed.port, filled.username, filled.password), scanned: await signIn(scanned.port, filled.username, filled.password) }
    const out: SideBySideTerm[] = []
    for (const term of SEARCH_TERMS) {
      const { matching, countedTo } = await sameAnswers(term, { port: indexed.port, token: tokens.indexed }, { port: scanned.port, token: tokens.scanned }, countLimitOf({ ...env, DATA_DIR: indexedDir }))
      compared.answers++
      const plan = (token: string): LoadPlan => ({ connections: SIDE_BY_SIDE.connections, path: searchPath(term), pages: term.pages, token })
      await warmUp(indexed, plan(tokens.indexed), SIDE_BY_SIDE.warmupSeconds)
      await warmUp(scanned, plan(tokens.scanned), SIDE_BY_SIDE.warmupSeconds)
      // In turns, so a spell of other work on the machine lands on both rather than deciding the ratio.
      const slices: { indexed: Slice[]; scanned: Slice[] } = { indexed: [], scanned: [] }
      for (let i = 0; i < SIDE_BY_SIDE.slices; i++) {
        slices.indexed.push(await measureSlice(indexed, plan(tokens.indexed), SIDE_BY_SIDE.sliceSeconds))
        slices.scanned.push(await measureSlice(scanned, plan(tokens.scanned), SIDE_BY_SIDE.sliceSeconds))
      }
      out.push({ term, matching, countedTo, indexed: combineSlices(slices.indexed), scanned: combineSlices(slices.scanned) })
    }
    return { rows: filled.rows, fillMs: filled.fillMs, sideBySide: out }
  } finally {
    await indexed.stop()
    await scanned.stop()
  }
}

async function largeOnSqlite(options: ContainsSearchOptions, dir: string, compared: { answers: number }): Promise<LargeFigures> {
  const dataDir = join(dir, 'large')
  const filled = await fillDomains(dataDir, LARGE_SEARCH_ROWS)
  const env = { NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: '' }
  return { database: 'sqlite', rows: filled.rows, fillMs: filled.fillMs, terms: await latencies(options, env, filled, join(dir, 'large-sqlite.log'), compared) }
}

/** In a database of its own (own-database.ts). */
async function largeOnPostgres(options: ContainsSearchOptions, databaseUrl: string, dir: string, compared: { answers: number }): Promise<LargeFigures> {
  const url = await ownPostgresDatabase(databaseUrl, 'bench_contains', options.cleanup)
  const dataDir = join(dir, 'large-pg')
  const filled = await fillDomains(dataDir, LARGE_SEARCH_ROWS, url)
  const env = { NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: url }
  return { database: 'postgres', rows: filled.rows, fillMs: filled.fillMs, terms: await latencies(options, env, filled, join(dir, 'large-postgres.log'), compared) }
}

async function latencies(options: ContainsSearchOptions, env: Record<string, string>, filled: FilledDatabase, logFile: string, compared: { answers: number }): Promise<LatencyTerm[]> {
  const server = await spawnServer(options.server, { env, logFile, cleanup: options.cleanup })
  try {
    const token = await signIn(server.port, filled.username, filled.password)
    const out: LatencyTerm[] = []
    for (const term of SEARCH_TERMS) {
      const { matching, countedTo } = await sameAsScan(term, { port: server.port, token }, env)
      compared.answers++
      out.push({ term, matching, countedTo, result: await measure(server, { connections: LATENCY.connections, path: searchPath(term), pages: term.pages, token }) })
    }
    return out
  } finally {
    await server.stop()
  }
}

async function measure(server: RunningServer, plan: LoadPlan): Promise<LoadResult> {
  await warmUp(server, plan, LATENCY.warmupSeconds)
  const slices: Slice[] = []
  for (let i = 0; i < LATENCY.slices; i++) slices.push(await measureSlice(server, plan, LATENCY.sliceSeconds))
  return combineSlices(slices)
}

function searchPath(term: SearchTerm): string {
  return `${LIST}?host=${encodeURIComponent(term.text)}&limit=${PAGE_SIZE}`
}

type Client = { port: number; token: string }

/** The pages a check reads: the first ones loaded, and the last. */
async function pagesOf(client: Client, term: SearchTerm) {
  const first = await fetchList(client.port, `${searchPath(term)}&page=1`, client.token)
  const pages = [first]
  for (let page = 2; page <= Math.min(term.pages, first.last_page); page++) pages.push(await fetchList(client.port, `${searchPath(term)}&page=${page}`, client.token))
  if (first.last_page > term.pages) pages.push(await fetchList(client.port, `${searchPath(term)}&page=${first.last_page}`, client.token))
  return pages
}

/**
 * Both servers' pages, equal, or the bench stops: figures of different answers compare nothing.
 * The scan counts every match; the index's count stops at the server's limit (answeredTotal).
 */
async function sameAnswers(term: SearchTerm, indexed: Client, scanned: Client, countLimit: number): Promise<{ matching: number; countedTo?: number }> {
  const a = await pagesOf(indexed, term)
  const b = []
  for (const page of a) b.push(await fetchList(scanned.port, `${searchPath(term)}&page=${page.current_page}`, scanned.token))
  const matching = b[0]!.total
  const answered = a.map((page) => ({ ...answeredTotal(page), data: page.data }))
  const expected = b.map((page) => ({ ...expectedTotal(matching, page.data.length, countLimit), data: page.data }))
  if (JSON.stringify(answered) !== JSON.stringify(expected)) {
    throw new Error(`host contains "${term.text}": the index answers differently from the scan:\n index: ${JSON.stringify(answered).slice(0, 300)}\n scan:  ${JSON.stringify(expected).slice(0, 300)}`)
  }
  return matching > countLimit ? { matching, countedTo: countLimit } : { matching }
}

/** The server's total and ids, page by page, against one scan of the table in the list's order (id, newest first). */
async function sameAsScan(term: SearchTerm, client: Client, env: Record<string, string>): Promise<{ matching: number; countedTo?: number }> {
  const pages = await pagesOf(client, term)
  const config = readConfig({ ...env, SCHEMAS_DIR: join(REPO_ROOT, 'schemas') })
  const countLimit = countLimitOf(env)
  const database = await openDatabase(config)
  try {
    const pattern = `%${term.text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    const { rows } = await sql<{ id: number }>`select id from domain where lower(host) like ${pattern} escape '\\' order by id desc`.execute(database.db)
    const ids = rows.map((row) => Number(row.id))
    const expected = pages.map((page) => {
      const onPage = ids.slice((page.current_page - 1) * PAGE_SIZE, page.current_page * PAGE_SIZE)
      return { ...expectedTotal(ids.length, onPage.length, countLimit), ids: onPage }
    })
    const answered = pages.map((page) => ({ ...answeredTotal(page), ids: page.data.map((row) => Number(row.id)) }))
    if (JSON.stringify(answered) !== JSON.stringify(expected)) {
      throw new Error(`host contains "${term.text}" on ${config.databaseUrl ? 'PostgreSQL' : 'SQLite'}: the server answers differently from a scan:\n server: ${JSON.stringify(answered).slice(0, 300)}\n scan:   ${JSON.stringify(expected).slice(0, 300)}`)
    }
    return ids.length > countLimit ? { matching: ids.length, countedTo: countLimit } : { matching: ids.length }
  } finally {
    await database.close()
  }
}

/** Where a server started with `env` stops counting a search: its environment is this process's with `env` over it (spawn-server.ts). */
function countLimitOf(env: Record<string, string>): number {
  return readConfig({ ...process.env, ...env }).searchCountLimit
}

/**
 * A page's total when `matching` rows match and the count stops at `countLimit`: past the limit,
 * the limit as a lower bound, except on a page short of full, which ends the matches.
 */
function expectedTotal(matching: number, onPage: number, countLimit: number): { total: number; atLeast?: true } {
  return matching <= countLimit || (onPage > 0 && onPage < PAGE_SIZE) ? { total: matching } : { total: countLimit, atLeast: true }
}

function answeredTotal(page: { total: number; total_is_at_least?: true }): { total: number; atLeast?: true } {
  return page.total_is_at_least ? { total: page.total, atLeast: true } : { total: page.total }
}

/** A copy of schemas/ whose entities declare no "x-index": "contains": a server started on it searches as before the index, reading every row. */
function schemasWithoutContains(target: string): string {
  cpSync(join(REPO_ROOT, 'schemas'), target, { recursive: true })
  const entities = join(target, 'entities')
  for (const file of readdirSync(entities).filter((name) => name.endsWith('.json'))) {
    const entity = JSON.parse(readFileSync(join(entities, file), 'utf8')) as { properties?: Record<string, Record<string, unknown>> }
    const searched = Object.values(entity.properties ?? {}).filter((property) => property['x-index'] === 'contains')
    for (const property of searched) delete property['x-index']
    if (searched.length) writeFileSync(join(entities, file), JSON.stringify(entity, null, 2))
  }
  return target
}

/** Lines for the console, one a term. */
export function describeContainsSearch(f: ContainsSearchFigures): string {
  const load = (r: LoadResult) => `${r.reqPerSec.toFixed(0).padStart(5)} req/s, p50 ${r.p50Ms.toFixed(1)} ms, p99 ${r.p99Ms.toFixed(1)} ms${r.failures ? `, ${r.failures} failed` : ''}`
  const lines = [
    `\ncontains search (domain/list?host=…, x-index "contains"): ${f.rows.toLocaleString('en-US')} domains filled in ${(f.fillMs / 1000).toFixed(1)} s; the same build with the index and on a copy whose schemas lack the keyword (every row read), ${SIDE_BY_SIDE.connections} connections, ${SIDE_BY_SIDE.warmupSeconds} s warm-up each, then ${SIDE_BY_SIDE.slices} x ${SIDE_BY_SIDE.sliceSeconds} s alternating; every term's answers equal:`,
  ]
  for (const s of f.sideBySide) {
    lines.push(`  "${s.term.text}" (${s.term.kind}, ${s.matching.toLocaleString('en-US')} match${counted(s)}): index / scan ${(s.indexed.reqPerSec / s.scanned.reqPerSec).toFixed(1)}x`)
    lines.push(`    index ${load(s.indexed)}`)
    lines.push(`    scan  ${load(s.scanned)}`)
  }
  for (const l of f.large) {
    lines.push(`  ${l.database}, ${l.rows.toLocaleString('en-US')} domains (filled in ${(l.fillMs / 1000).toFixed(1)} s), one search at a time, answers equal to a scan's:`)
    for (const t of l.terms) lines.push(`    "${t.term.text}" (${t.term.kind}, ${t.matching.toLocaleString('en-US')} match${counted(t)}): ${load(t.result)}`)
  }
  return lines.join('\n')
}

/** The report's rows: ≥ 10× a scan for the searches that match few rows, p99 under 50 ms at a million rows. */
export function containsSearchRows(f: ContainsSearchFigures): ReportRow[] {
  const rows: ReportRow[] = []
  for (const s of f.sideBySide) {
    const ratio = s.indexed.reqPerSec / s.scanned.reqPerSec
    const failed = s.indexed.failures + s.scanned.failures > 0
    rows.push({
      label: `search at ${f.rows.toLocaleString('en-US')}: "${s.term.text}" (${s.matching.toLocaleString('en-US')} match${counted(s)}), index / scan req/s`,
      value: `${ratio.toFixed(1)}x (${s.indexed.reqPerSec.toFixed(0)} / ${s.scanned.reqPerSec.toFixed(0)})`,
      ...(s.term.kind === 'tenth' ? {} : { target: '>= 10x', met: ratio >= 10 && !failed }),
    })
  }
  for (const l of f.large) {
    for (const t of l.terms) {
      rows.push({ label: `search at ${l.rows.toLocaleString('en-US')}, ${l.database}: "${t.term.text}" (${t.matching.toLocaleString('en-US')} match${counted(t)}) p99`, value: `${t.result.p99Ms.toFixed(1)} ms`, target: '< 50 ms', met: t.result.p99Ms < 50 && t.result.failures === 0 })
    }
  }
  rows.push({ label: 'search answers equal to the scan (total and pages)', value: `${f.comparedAnswers} of ${f.comparedAnswers}`, target: 'all', met: true })
  return rows
}

function counted(t: { countedTo?: number }): string {
  return t.countedTo === undefined ? '' : `, counted to ${t.countedTo.toLocaleString('en-US')}`
}
