/**
 * npm run bench: figures, not a pass/fail test. Builds the server as npm start does and
 * fills a temp SQLite database with 100,000 domains, then loads the generic list
 * endpoint of the built server and a hand-written Fastify route doing the same query on
 * the same file, each in its own process, one after the other, from this process. Also
 * times the build, cold start and codegen, the relation tree over 100,000 accounts,
 * 10,000 concurrent transfers among 1,000 accounts, recharge cards at a million rows
 * (tests/bench/cards.ts), searches by any part of a field on their trigram index beside the scan they
 * replace, at 100,000 and 1,000,000 rows (tests/bench/contains-search.ts), the media layer rendering a mixed cut (tests/bench/media.ts) and a video
 * from a topic end to end beside the same renders bare (tests/bench/topic-video.ts), and the
 * API process's memory while it runs four clips (tests/bench/task-rss.ts).
 *
 * `npm run bench -- tree` (or `transfers`, `cards`, `search`, `media`, `rss` or `console`) runs only that part's figures;
 * `npm run bench -- lists` sets the generic list beside the hand-written route on SQLite and, with DATABASE_URL, on a
 * PostgreSQL database of its own (tests/bench/lists.ts); `npm run bench -- previews` times the task list while voice previews run (tests/bench/previews.ts);
 * `npm run bench -- tasks` times the task queue with no-op tasks (tests/bench/task-queue.ts; minutes, mostly
 * waiting on the queues' polling, so only by name); `npm run bench -- lighthouse` scores the login page with
 * Lighthouse's mobile run; `npm run bench -- weight` weighs the login page and two signed-in pages on a cold cache; `layout-shift` gives
 * every list page's CLS at 1440 and 390 px (10 minutes or more, so only by name); `navigation` times a menu click → 20 rows beside the floor page; `npm run bench -- cluster` gives the scale figures of npm run cluster's deployment
 * (tests/bench/cluster-scale.ts; minutes, so only by name).
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir, totalmem } from 'node:os'
import { join, relative } from 'node:path'
import { createCleanup } from './cleanup'
import { fillDomains } from './fill-domains'
import { spawnServer, type ServerCommand } from './spawn-server'
import { buildServer } from './build-server'
import { measureStartParts } from './start-parts'
import { benchLists } from './lists'
import { REPO_ROOT } from './paths'
import { signIn } from './api-client'
import { SCENARIOS } from './scenarios'
import { loadSideBySide, type SideBySide } from './side-by-side'
import { measureColdStarts } from './cold-start'
import { CODEGEN_SCRIPT, codegenAvailable, timeScript, type TimedRun } from './codegen-time'
import type { LoadResult } from './load'
import { median, percentile, printReport, spread } from './report'
import { summaryRows, type Timings } from './summary'
import { measureConsoleLoad, type ConsoleLoadFigures } from './console-load'
import { measureLighthouse } from './lighthouse'
import { describeWeights, measureWeights, weightReportRows } from './page-weight'
import { startProduct } from '../e2e/harness'
import { benchTransfers, type TransferFigures } from './transfers'
import { benchTree } from './tree-bench'
import { benchCards, CARD_ROWS, type CardFigures } from './cards'
import { describeLayoutShift, layoutShiftReportRows, measureLayoutShift } from './layout-shift'
import { describeNavigation, measureNavigation, navigationReportRows } from './navigation'
import { benchContainsSearch, containsSearchRows, describeContainsSearch } from './contains-search'
import { benchMedia, type MediaFigures } from './media'
import { benchTopicVideo, type TopicFigures } from './topic-video'
import { benchDigitalHuman, listP99 } from './digital-human'
import { benchPreviews, previewSummary } from './previews'
import { benchTaskQueue, PACED_MEAN_GAP_MS, TASK_CONCURRENCY, type QueueFigures, type QueueRun } from './task-queue'
import { benchTaskRss, rssSummary, RSS_CLIPS, type RssFigures } from './task-rss'
import { benchClusterScale } from './cluster-scale'
import { describeScale, scaleReportRows } from './cluster-report'
import { checkMediaTools, missingToolsMessage } from '../../src/server/media/tools'
import { timeTableWriterAlone, type WriterAloneFigure } from './table-writer-alone'
import type { BuiltServer } from './build-server'
import type { ReportRow } from './report'

const ROWS = 100_000
const RUNS = 3
// Page loads in a browser vary more than requests: more of them for a steady median.
const CONSOLE_RUNS = 7
const LIGHTHOUSE_RUNS = 3
const CONNECTIONS = 10
const SCHEDULE = { warmupSeconds: 2, slices: 3, sliceSeconds: 4 }
const SERVER_SOURCE = 'src/server/main.ts'
// The baseline stays under tsx: past start-up, tsx adds nothing to a request (its loader only sees imports).
const BASELINE: ServerCommand = { file: 'tests/bench/baseline-server.ts', runner: 'tsx' }

/** Parts that can run alone, by the name given after `npm run bench --`. */
const PARTS = ['tree', 'transfers', 'cards', 'search', 'lists', 'media', 'rss', 'previews', 'tasks', 'digital-human', 'console', 'weight', 'layout-shift', 'navigation', 'lighthouse', 'cluster'] as const
const only = process.argv.slice(2)
for (const part of only) {
  if (!(PARTS as readonly string[]).includes(part)) {
    console.error(`bench: there is no part "${part}"; the parts that run alone are: ${PARTS.join(', ')}. Without one, everything runs.`)
    process.exit(2)
  }
}

const CARDS_LOAD_NOTE = 'each: 2 s warm-up, then 3 x 3 s; p50/p99 the median slice'

const cleanup = createCleanup()
let built: Promise<BuiltServer> | undefined
/** The server build, made once for every part that needs it. */
const builtServer = () => (built ??= buildServer(SERVER_SOURCE, cleanup))
try {
  if (only.length === 0 || only.includes('tree')) await main()
  if (only.length === 0 || only.includes('transfers')) await transfers()
  if (only.length === 0 || only.includes('cards')) await cards()
  if (only.length === 0 || only.includes('search')) await containsSearch()
  if (only.includes('lists')) await benchLists({ file: (await builtServer()).entry, runner: 'node' }, { rows: ROWS, connections: CONNECTIONS, schedule: SCHEDULE }, cleanup)
  if (only.length === 0 || only.includes('media')) await media()
  if (only.length === 0 || only.includes('rss')) await taskRss()
  if (only.length === 0 || only.includes('previews')) await previews()
  if (only.includes('tasks')) await taskQueue()
  if (only.includes('digital-human')) await digitalHuman()
  if (only.includes('console')) await printConsoleLoad()
  if (only.includes('weight')) await printWeights()
  if (only.includes('layout-shift')) await layoutShift()
  if (only.includes('navigation')) await navigation()
  if (only.includes('lighthouse')) await printLighthouse()
  if (only.includes('cluster')) await clusterScale()
} catch (error) {
  // After Ctrl-C, a failing step is the interruption itself; the signal handler reports that.
  if (!cleanup.interrupted) console.error('\nbench failed:', error instanceof Error ? error.message : error)
  process.exitCode = 1
} finally {
  await cleanup.run()
}

/** The console in Chromium against npm start's build: what the login and first list pages load, and how soon the list shows. */
async function printConsoleLoad(): Promise<ConsoleLoadFigures> {
  const figures = await measureConsoleLoad(CONSOLE_RUNS)
  const { login } = figures
  console.log(`  login page JS: ${login.files} files, ${login.rawKb} KB raw, ${login.gzipKb} KB gzip; fetched ahead while idle for after the sign-in, not run: ${login.ahead.files} files, ${login.ahead.rawKb} KB raw, ${login.ahead.gzipKb} KB gzip`)
  console.log(`  first list page JS: ${figures.list.files} files, ${figures.list.rawKb} KB raw, ${figures.list.gzipKb} KB gzip`)
  console.log(`  navigation → 20 rows, fresh profile (nothing cached), browser settled after launch (${spread(figures.settleMs)} ms): ${spread(figures.listColdMs)} ms; warmed-up browser ${spread(figures.listWarmMs)} ms`)
  console.log(`  the same fresh, navigating the moment the browser is up (its own start-up work, about a core for half a second, overlaps): ${spread(figures.listAtLaunchMs)} ms`)
  const floor = median(figures.floorColdMs)
  console.log(`  the floor page (React + antd Table + one fetch of the same rows), fresh profile, in turn with the above: settled ${spread(figures.floorColdMs)} ms, at launch ${spread(figures.floorAtLaunchMs)} ms; console / floor ${(median(figures.listColdMs) / floor).toFixed(2)} settled, ${(median(figures.listAtLaunchMs) / median(figures.floorAtLaunchMs)).toFixed(2)} at launch`)
  return figures
}

/** What the login page and the first signed-in pages load on a cold cache, against npm start's build, with the heaviest answers. */
async function printWeights(): Promise<ReportRow[]> {
  // Alone, today's build first (the full run has just made it for the console's figures).
  if (only.includes('weight') && spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' }).status !== 0) throw new Error('npm run build failed')
  const product = await startProduct()
  try {
    const figures = await measureWeights(product)
    console.log('console weight, cold cache (a fresh profile each page), bytes of each answer as sent uncompressed and as gzip makes them:')
    console.log(describeWeights(figures))
    const rows = weightReportRows(figures)
    if (only.includes('weight')) printReport(`console weight (${cpus().length} cores)`, rows)
    return rows
  } finally {
    await product.stop()
  }
}

/** CLS of every list page the demo logins' menus lead to, cold loads at 1440 and 390 px, beside the floor page's. */
async function layoutShift(): Promise<void> {
  const f = await measureLayoutShift({ build: true })
  console.log(describeLayoutShift(f))
  printReport(`list pages' layout shift (${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')})`, layoutShiftReportRows(f))
}

/** Menu click → 20 rows in an open console, beside the floor page's load. */
async function navigation(): Promise<void> {
  const f = await measureNavigation(CONSOLE_RUNS, { build: true })
  console.log(describeNavigation(f))
  printReport(`navigation (medians of ${CONSOLE_RUNS}; ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')})`, navigationReportRows(f))
}

/** The task list's latency for everyone while 16 merchants ask for voice previews: none, through the gate, and with it opened. */
async function previews(): Promise<void> {
  const missing = missingToolsMessage(await checkMediaTools(), 'en-US')
  if (missing) {
    console.log(`\npreviews: skipped. ${missing}`)
    return
  }
  const figures = await benchPreviews()
  const quiet = previewSummary(figures, 'quiet')
  console.log(`\nvoice previews (espeak-ng + ffmpeg in the request) from 16 merchants at once, while a partner reads task/list every 50 ms; phases in turns, ${cpus().length} cores:`)
  for (const [name, label] of [['quiet', 'no previews'], ['gated', `previews, ${figures.atOnce} at once (as shipped)`], ['open', 'previews, 16 at once (no gate)']] as const) {
    const f = previewSummary(figures, name)
    const previewsSaid = name === 'quiet' ? '' : `; previews served ${f.served} (${(f.served / f.seconds).toFixed(1)}/s), told busy ${f.busy}, failed ${f.failed}`
    console.log(`  ${label.padEnd(40)} list p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms, max ${f.max.toFixed(0)} ms over ${f.reads} reads (p50 ${(f.p50 / quiet.p50).toFixed(2)}× quiet)${previewsSaid}`)
  }
}

/** Throughput with more API and worker processes behind one nginx, on one machine, as ratios of one run. */
async function clusterScale(): Promise<void> {
  const missing = missingToolsMessage(await checkMediaTools(), 'en-US')
  if (missing) {
    console.log(`\ncluster: skipped. ${missing}`)
    return
  }
  const f = await benchClusterScale({ cleanup })
  console.log(describeScale(f))
  printReport(`scale on one machine, measured in this run (${f.cores} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')})`, scaleReportRows(f))
}

/** Lighthouse's mobile scores of the login page and a list page, one line a run, with the machine's load. */
async function printLighthouse(): Promise<void> {
  console.log(`Lighthouse, mobile (simulated mid-range phone, slow 4G), npm start's build, fresh profile each run; load average before: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`)
  const figures = await measureLighthouse(LIGHTHOUSE_RUNS)
  for (const page of figures.pages) {
    console.log(`  ${page.path}:`)
    for (const run of page.runs) {
      if (run.failed) {
        console.log(`    not measured (${run.failed}); run again`)
        continue
      }
      console.log(`    performance ${run.performance}, accessibility ${run.accessibility}: FCP ${run.fcp} ms, LCP ${run.lcp} ms, TBT ${run.tbt} ms, speed index ${run.si} ms, CLS ${run.cls}`)
    }
  }
  console.log(`  load average after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`)
  printReport(
    'Lighthouse, mobile',
    figures.pages.map((page) => {
      const measured = page.runs.filter((r) => !r.failed)
      const score = median(measured.map((r) => r.performance))
      return { label: `${page.path} performance, median of ${measured.length}`, value: String(score), target: '≥ 90', met: score >= 90 }
    }),
  )
}

async function main(): Promise<void> {
  const cores = cpus()
  const machine = `${cores.length} cores (${cores[0]?.model.trim() ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}, ${process.platform}/${process.arch}`
  // Other work on the machine moves every figure; the load average says whether there was any.
  console.log(`machine: ${machine}, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`)
  const dir = mkdtempSync(join(tmpdir(), 'console-bench-'))
  cleanup.add(() => rmSync(dir, { recursive: true, force: true }))
  const dataDir = join(dir, 'data')
  // The domain figures are of the SQLite file filled here; a DATABASE_URL (set for the relation tree's PostgreSQL figures) must not reach those servers.
  const env = { NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: '' }

  // Once, before anything is timed: what npm start runs is the built file under plain node.
  const built = await builtServer()
  const server: ServerCommand = { file: built.entry, runner: 'node' }
  console.log(`server build (vite build --ssr, which npm start runs before every start): ${Math.round(built.buildMs)} ms, once, into ${relative(REPO_ROOT, built.entry)} (removed at the end)`)
  if (only.includes('tree')) return benchTree(server, cleanup)

  const filled = await fillDomains(dataDir, ROWS)
  console.log(`filled ${ROWS.toLocaleString('en-US')} domain rows in ${Math.round(filled.fillMs)} ms (SQLite in a temp folder)`)

  const codegen = await timeCodegen(dir)
  console.log(`codegen, spawn → exit: ${typeof codegen === 'string' ? codegen : `${spread(codegen.ms)} ms; it printed ${codegen.printedMs.length ? `${spread(codegen.printedMs)} ms` : 'no time'}`}`)
  // npm run codegen still runs under tsx (the server no longer does), so tsx's own start-up is part of the figure above.
  writeFileSync(join(dir, 'noop.ts'), 'export {}\n')
  const tsxNoopMs = (await timeRuns(() => timeScript(join(dir, 'noop.ts'), []))).map((r) => r.ms)
  console.log(`  of which tsx alone, spawn → exit of an empty file: ${spread(tsxNoopMs)} ms`)

  // The filled database is one the server has set up already (migrated, with accounts), so no start seeds demo data.
  const starts = await measureColdStarts(server, RUNS, { env, logDir: dir, cleanup })
  console.log(`server cold start, node ${relative(REPO_ROOT, built.entry)} on the filled database (already set up: migrated, has accounts, so nothing is seeded): spawn → listening ${spread(starts.spawnToListeningMs)} ms; printed "ready … after the process started" ${starts.readyMs.length ? `${spread(starts.readyMs)} ms` : 'not found'}`)
  const parts = await measureStartParts(built.entry, RUNS)
  if (starts.readyMs.length) {
    // All but the last part on the server's own clock (ms since its process started); medians do not add up exactly, this shows their order of size.
    const [node, imports, ready, spawnToListening] = [median(parts.nodeMs), median(parts.importsMs), median(starts.readyMs), median(starts.spawnToListeningMs)]
    console.log(`  ≈ ${node.toFixed(0)} ms node start-up, ${(imports - node).toFixed(0)} ms loading the packages the server imports, ${(ready - imports).toFixed(0)} ms the server's own start (schemas, database, app, listen), ${(spawnToListening - ready).toFixed(0)} ms spawning and seeing the port open`)
  }

  const generic = await spawnServer(server, { env, logFile: join(dir, 'generic.log'), cleanup })
  const baseline = await spawnServer(BASELINE, { env, logFile: join(dir, 'baseline.log'), cleanup })
  const token = await signIn(generic.port, filled.username, filled.password)
  console.log(`load: ${CONNECTIONS} connections; ${SCHEDULE.warmupSeconds} s warm-up each, then ${SCHEDULE.slices} x ${SCHEDULE.sliceSeconds} s measured per server, alternating (the first of each round in turn), one server at a time (req/s over all slices; p50/p99 the median slice)`)
  const results: SideBySide[] = []
  for (const scenario of SCENARIOS) {
    const result = await loadSideBySide(scenario, { generic, baseline }, { connections: CONNECTIONS, token }, SCHEDULE)
    results.push(result)
    console.log(`  ${scenario.name}: ${result.matching} rows match, both servers give the same answer; ${scenario.note}`)
    console.log(`    generic  ${describe(result.generic)}`)
    console.log(`    baseline ${describe(result.baseline)}`)
  }
  await generic.stop()
  await baseline.stop()

  // The console, against npm start's full build (console and server) in headless Chromium.
  console.log('console: building it as npm start does, then loading the login page and the first list in Chromium')
  const consoleLoad = await printConsoleLoad()
  const weightRows = await printWeights()

  const timings: Timings = { results, buildMs: built.buildMs, starts, codegen, tsxNoopMs, consoleLoad }
  printReport(`results (times: medians of ${RUNS} runs; ${machine})`, [...summaryRows(timings), ...weightRows])
  const failures = results.reduce((n, r) => n + r.generic.failures + r.baseline.failures, 0)
  if (failures) console.log(`\nwarning: ${failures} failed answers during load; the figures above include them.`)

  console.log('')
  await benchTree(server, cleanup)
}

/** Money and quotas under concurrency, on SQLite and, when DATABASE_URL is set, PostgreSQL. */
async function transfers(): Promise<void> {
  const databases = process.env.DATABASE_URL ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const)
  if (!process.env.DATABASE_URL) console.log('\ntransfers: PostgreSQL skipped (set DATABASE_URL to run it too)')
  for (const database of databases) console.log(describeTransfers(await benchTransfers(database)))
}

function describeTransfers(f: TransferFigures): string {
  const holds = f.balanceNotLedger === 0 && f.quotaNotLedger === 0 && f.negative === 0 && f.moneyConserved && f.quotaConserved && f.recordsMatch
  return [
    `\ntransfers on ${f.database}: 10,000 random transfers fired at once among 1,000 accounts (money and a quota; every 20th a retry with the same idempotency key)`,
    `  ${Math.round(f.ms)} ms, ${Math.round(f.perSecond)} transfers/s; ${f.applied} applied, ${f.refused} refused (not enough to send), ${f.retries} retries sent with a key already used`,
    `  balances ≠ ledger: ${f.balanceNotLedger}, quotas ≠ ledger: ${f.quotaNotLedger}, negative: ${f.negative}, money total conserved: ${f.moneyConserved}, quota total conserved: ${f.quotaConserved}, one record per applied transfer: ${f.recordsMatch}`,
    `  invariants ${holds ? 'hold' : 'BROKEN'}`,
  ].join('\n')
}

/** Searches by any part of a field on their trigram index beside the scan they replace (100,000 domains), and at a million on SQLite and, when DATABASE_URL is set, PostgreSQL. */
async function containsSearch(): Promise<void> {
  const built = await builtServer()
  if (!process.env.DATABASE_URL) console.log('\nsearch: PostgreSQL skipped (set DATABASE_URL to run it too)')
  const f = await benchContainsSearch({ server: { file: built.entry, runner: 'node' }, cleanup, databaseUrl: process.env.DATABASE_URL })
  console.log(describeContainsSearch(f))
  printReport(`contains search (${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')})`, containsSearchRows(f))
}

/** Recharge cards at CARD_ROWS rows on SQLite and, when DATABASE_URL is set, PostgreSQL. */
async function cards(): Promise<void> {
  const built = await builtServer()
  const dir = mkdtempSync(join(tmpdir(), 'console-bench-cards-'))
  cleanup.add(() => rmSync(dir, { recursive: true, force: true }))
  const databases = process.env.DATABASE_URL ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const)
  if (!process.env.DATABASE_URL) console.log('\ncards: PostgreSQL skipped (set DATABASE_URL to run it too)')
  const writerAlone = [await timeTableWriterAlone('csv', CARD_ROWS), await timeTableWriterAlone('xlsx', CARD_ROWS)]
  console.log(`\nthe export's table writer alone (as many made-up card rows, no database or HTTP, in this process): ${writerAlone.map((w) => `${w.format.toUpperCase()} ${Math.round(rate(w)).toLocaleString('en-US')} rows/s`).join(', ')}`)
  const rows: ReportRow[] = []
  for (const database of databases) {
    const figures = await benchCards(database, { server: { file: built.entry, runner: 'node' }, dir, cleanup })
    console.log(describeCards(figures, writerAlone))
    rows.push(...cardReportRows(figures))
  }
  printReport(`recharge cards (${CARD_ROWS.toLocaleString('en-US')} rows; ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')})`, rows)
}

function describeCards(f: CardFigures, writerAlone: WriterAloneFigure[]): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`
  const lines = [
    `\ncards on ${f.database}: ${f.filled.rows.toLocaleString('en-US')} cards bulk-loaded in ${s(f.filled.fillMs)} (${s(f.filled.insertMs)} inserting in one transaction, ${s(f.filled.fillMs - f.filled.insertMs)} building the indexes the schema files declare)`,
    `  card_list, 20 rows a page, pages 1-50 in turn (${CARDS_LOAD_NOTE}):`,
  ]
  for (const l of f.lists) lines.push(`    ${l.name.padEnd(44)} ${String(l.connections).padStart(2)} conn: ${describe(l.result)}`)
  for (const e of f.exports) {
    const alone = writerAlone.find((w) => w.format === e.format)
    const share = alone ? `, ${Math.round((rate(e) / rate(alone)) * 100)}% of its writer alone` : ''
    lines.push(`  export ${e.format.toUpperCase()}: ${e.rows.toLocaleString('en-US')} rows, ${(e.bytes / 2 ** 20).toFixed(0)} MiB in ${s(e.ms)} = ${Math.round(rate(e)).toLocaleString('en-US')} rows/s${share}; server RSS ${e.rssBeforeMb.toFixed(0)} MiB before, ${e.rssPeakMb.toFixed(0)} MiB at most`)
  }
  const r = f.redeem
  lines.push(`  use_card: ${r.requests} requests at once on one card from ${f.filled.merchants.length} merchants: ${r.succeeded} credited, ${r.refused} refused, ${r.ledgerRows} ledger row(s), card marked used: ${r.cardUsed} (${Math.round(r.ms)} ms)`)
  return lines.join('\n')
}

/** The media layer: a mixed cut's renders through the pipeline and as bare ffmpeg, then the stream-copy path. */
async function digitalHuman(): Promise<void> {
  const missing = missingToolsMessage(await checkMediaTools(), 'en-US')
  if (missing) {
    console.log(`\ndigital-human: skipped. ${missing}`)
    return
  }
  const f = await benchDigitalHuman({ cleanup })
  const [render, bare, narration] = [median(f.pipelineMs) / 1000, median(f.bareMs) / 1000, median(f.narrationMs) / 1000]
  const rtf = render / f.videoSeconds
  const p99 = listP99(f)
  const { charged } = f.load
  console.log(
    [
      `\ndigital-human: a ${f.videoSeconds.toFixed(1)} s video (720p avatar loop, espeak-ng narration, subtitles per sentence, music; 9:16 720p, 1400 kbps), ${f.pipelineMs.length} runs on ${f.cores} cores`,
      `  narration ${spread(f.narrationMs.map((ms) => ms / 1000), 2)} s; render through the pipeline ${spread(f.pipelineMs.map((ms) => ms / 1000), 2)} s, bare ffmpeg with the same arguments ${spread(f.bareMs.map((ms) => ms / 1000), 2)} s`,
      `  ${f.load.merchants} merchants submitting at once (3 s videos, 480p): drained in ${(f.load.drainMs / 1000).toFixed(1)} s, ${f.load.succeeded} succeeded; ${charged.consumeRows} charges for ${charged.tasks} tasks, ${charged.takenFen} fen taken of ${charged.expectedFen} expected`,
      `  task/list over HTTP meanwhile: ${f.load.listMs.length} calls, p50 ${percentile(f.load.listMs, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms`,
    ].join('\n'),
  )
  printReport(`digital-human (${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')})`, [
    { label: 'render real-time factor (render / video length)', value: rtf.toFixed(2), target: '<= 1.0', met: rtf <= 1 },
    { label: 'with the narration too', value: ((render + narration) / f.videoSeconds).toFixed(2) },
    { label: 'pipeline / bare ffmpeg', value: (render / bare).toFixed(3), target: '<= 1.10', met: render / bare <= 1.1 },
    { label: 'each of 20 submissions charged once', value: `${charged.consumeRows}/${charged.tasks}, ${charged.takenFen}/${charged.expectedFen} fen`, target: 'equal', met: charged.consumeRows === charged.tasks && charged.takenFen === charged.expectedFen },
    { label: 'queue drained, all succeeded', value: `${f.load.succeeded}/${f.load.merchants}`, target: 'all', met: f.load.succeeded === f.load.merchants },
    { label: 'task/list p99 under that load', value: `${p99.toFixed(1)} ms`, target: '< 100 ms', met: p99 < 100 },
  ])
}

async function media(): Promise<void> {
  const missing = missingToolsMessage(await checkMediaTools(), 'en-US')
  if (missing) {
    console.log(`\nmedia: skipped. ${missing}`)
    return
  }
  const f = await benchMedia({ cleanup })
  console.log(describeMedia(f))
  const t = await benchTopicVideo({ cleanup })
  console.log(describeTopic(t))
  printReport(`media (${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')})`, [...mediaReportRows(f), ...topicReportRows(t)])
}

function describeTopic(t: TopicFigures): string {
  const perMinute = (ms: number) => ms / 1000 / (t.outputSeconds / 60)
  return [
    `\nvideo from a topic: a ${t.words}-word English script, local voice, 5 variants at 720x1280 from 12 tagged clips, twice (${t.variants} videos, ${t.outputSeconds.toFixed(1)} s in all):`,
    `    through the task (submit to succeeded)  ${(t.taskMs / 1000).toFixed(1)} s = ${perMinute(t.taskMs).toFixed(1)} s per output minute`,
    `    the same renders as bare ffmpeg        ${(t.bareMs / 1000).toFixed(1)} s = ${perMinute(t.bareMs).toFixed(1)} s per output minute`,
    `    task / bare                            ${(t.taskMs / t.bareMs).toFixed(3)}`,
    `  matching 12 sentences against 10,000 materials (read from the database, then scored): ${spread(t.matchMs)} ms`,
  ].join('\n')
}

function topicReportRows(t: TopicFigures): ReportRow[] {
  const worstMatch = Math.max(...t.matchMs)
  return [
    { label: 'video from a topic: task / bare ffmpeg, same renders', value: (t.taskMs / t.bareMs).toFixed(3), target: '<= 1.10', met: t.taskMs / t.bareMs <= 1.1 },
    { label: 'matching at 10,000 materials, slowest run (ms)', value: worstMatch.toFixed(0), target: '< 1000', met: worstMatch < 1000 },
  ]
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0)
}

function mediaRatios(f: MediaFigures) {
  const pipelineS = sum(f.encode.pipelineMs) / 1000
  const bareS = sum(f.encode.bareMs) / 1000
  return { pipelineS, bareS, overhead: pipelineS / bareS, perMinute: f.variants / (pipelineS / 60), copyFactor: f.copy.outputSeconds / (sum(f.copy.ms) / 1000) }
}

function describeMedia(f: MediaFigures): string {
  const r = mediaRatios(f)
  return [
    `\nmedia: ${f.clips} clips of 5 s 1280x720 25 fps (testsrc2 + tone, H.264/AAC) made in ${(f.generateMs / 1000).toFixed(1)} s; probing one (ffprobe + decoding its last second): ${spread(f.probeMs)} ms`,
    `  ${f.variants} distinct variants (3 slots x 4 clips, 2-4 s of each) re-encoded to ${f.encode.size} (crop, 1200 kbps, libx264 veryfast), ${f.encode.outputSeconds.toFixed(1)} s of video in all:`,
    `    through renderClip  ${r.pipelineS.toFixed(1)} s, ${spread(f.encode.pipelineMs)} ms a variant, ${r.perMinute.toFixed(1)} variants/min`,
    `    bare ffmpeg         ${r.bareS.toFixed(1)} s, ${spread(f.encode.bareMs)} ms a variant (the same argument arrays from clipArgs, no progress pipe; runs alternated with the above)`,
    `    pipeline / bare     ${r.overhead.toFixed(3)}`,
    `  stream copy (the same variants, whole clips, 16:9 as recorded; concat demuxer): ${f.copy.outputSeconds.toFixed(1)} s of video in ${(sum(f.copy.ms) / 1000).toFixed(2)} s, ${spread(f.copy.ms)} ms a variant = ${r.copyFactor.toFixed(0)}x real time`,
    `  pickVariants: 1,000 distinct variants of 10 slots x 20 clips (20^10 combinations) in ${f.pickLargeMs.toFixed(0)} ms`,
  ].join('\n')
}

function mediaReportRows(f: MediaFigures): ReportRow[] {
  const r = mediaRatios(f)
  return [
    { label: 'mixed cut, re-encoded variants per minute', value: r.perMinute.toFixed(1) },
    { label: 'renderClip / bare ffmpeg, same arguments', value: r.overhead.toFixed(3), target: '<= 1.10', met: r.overhead <= 1.1 },
    { label: 'stream copy, output seconds per wall second', value: `${r.copyFactor.toFixed(0)}x`, target: '>= 20x', met: r.copyFactor >= 20 },
  ]
}

/** The API process's memory while its own workers run four clips, as npm start runs them. */
async function taskRss(): Promise<void> {
  const missing = missingToolsMessage(await checkMediaTools(), 'en-US')
  if (missing) {
    console.log(`\nrss: skipped. ${missing}`)
    return
  }
  const built = await builtServer()
  const dir = mkdtempSync(join(tmpdir(), 'bench-rss-'))
  cleanup.add(() => rmSync(dir, { recursive: true, force: true }))
  const f = await benchTaskRss({ server: { file: built.entry, runner: 'node' }, dir, cleanup })
  console.log(describeRss(f))
  printReport(`API process memory while tasks run (${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')})`, rssReportRows(f))
}

function describeRss(f: RssFigures): string {
  const r = rssSummary(f)
  const mb = (n: number) => `${n.toFixed(0)} MiB`
  return [
    `\nrss: the built server under npm start's node options, SQLite, its own workers ${RSS_CLIPS} at a time (WORKER_CONCURRENCY=${RSS_CLIPS}); a merchant uploaded 2 videos of 10 s 1280x720 (${f.sourceMb.map((m) => m.toFixed(1)).join(' and ')} MiB, made in ${(f.generateMs / 1000).toFixed(1)} s) through material/upload`,
    `  then submitted ${RSS_CLIPS} smart clips of both through task/submit_clip (720p 9:16, fade, subtitles): ${f.atOnce} of them ran at once, ${f.outputSeconds.toFixed(1)} s of video in all, first submit → last done ${(f.wallMs / 1000).toFixed(1)} s`,
    `  server VmRSS, read every 100 ms over that time (${f.samples.length} readings): peak ${mb(r.peakMb)}, median ${mb(r.medianMb)}; just started ${mb(f.startedMb)}, idle after the uploads ${mb(f.idleMb)}; peak / idle ${(r.peakMb / f.idleMb).toFixed(2)}`,
    `  its ffmpeg processes (where the work happens), for context: ${r.mediaAtPeak.processes} of them holding ${mb(r.mediaAtPeak.mb)} at the server's peak; at most ${r.mostMedia} at once, ${mb(r.mediaPeakMb)} together at most`,
  ].join('\n')
}

function rssReportRows(f: RssFigures): ReportRow[] {
  const r = rssSummary(f)
  return [
    { label: `server RSS, ${RSS_CLIPS} clips running, peak`, value: `${r.peakMb.toFixed(0)} MiB`, target: '< 250 MiB', met: r.peakMb < 250 },
    { label: `server RSS, ${RSS_CLIPS} clips running, median`, value: `${r.medianMb.toFixed(0)} MiB`, target: '< 250 MiB', met: r.medianMb < 250 },
    { label: 'server RSS, idle before submitting', value: `${f.idleMb.toFixed(0)} MiB` },
    { label: 'ffmpeg processes at the server\'s peak', value: `${r.mediaAtPeak.mb.toFixed(0)} MiB` },
  ]
}

/** The task queue with no-op tasks: enqueue → start and jobs/s, on SQLite and, when DATABASE_URL is set, PostgreSQL. */
async function taskQueue(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-tasks-'))
  cleanup.add(() => rmSync(dir, { recursive: true, force: true }))
  const databases = process.env.DATABASE_URL ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const)
  if (!process.env.DATABASE_URL) console.log('\ntasks: PostgreSQL skipped (set DATABASE_URL to run it too)')
  const figures: QueueFigures[] = []
  for (const database of databases) {
    const f = await benchTaskQueue(database, { dir, cleanup })
    console.log(describeQueue(f))
    figures.push(f)
  }
  const [sqlite, postgres] = figures
  if (sqlite && postgres) {
    const pair = (processes: number) => [sqlite, postgres].map((f) => f.runs.find((r) => r.processes === processes)!) as [QueueRun, QueueRun]
    console.log('\n  postgres / sqlite, measured in this run:')
    for (const processes of [1, 2, 0]) {
      const [s, p] = pair(processes)
      console.log(`    ${runLabel(processes).padEnd(30)} enqueue → start p50 ${ratio(p50(p.paced), p50(s.paced))}, p99 ${ratio(p99(p.paced), p99(s.paced))}; jobs/s ${ratio(jobsPerSecond(p), jobsPerSecond(s))}`)
    }
  }
  printReport(`task queue, no-op tasks (${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')})`, figures.flatMap(queueReportRows))
}

function p50(phase: { latencyMs: number[] }): number {
  return percentile(phase.latencyMs, 50)
}

function p99(phase: { latencyMs: number[] }): number {
  return percentile(phase.latencyMs, 99)
}

/** First submit to last done: the rate a burst of submissions is worked off at, the workers' first look included. */
function jobsPerSecond(run: QueueRun): number {
  return run.burst.tasks / (run.burst.wallMs / 1000)
}

function ratio(a: number, b: number): string {
  if (!(b > 0)) return 'n/a'
  const r = a / b
  // Two significant digits below 0.1, where two decimals would show 0.00.
  return r < 0.1 ? r.toPrecision(2) : r.toFixed(2)
}

function runLabel(processes: number): string {
  return processes === 0 ? 'in the submitting process' : `${processes} worker process${processes > 1 ? 'es' : ''}`
}

function describeQueue(f: QueueFigures): string {
  const queue =
    f.database === 'sqlite'
      ? 'the table task_job: an idle slot looks again after 500 ms; a submit wakes only the slots of its own process'
      : "pg-boss 10: each slot's fetch loop waits until 500 ms after its last fetch began, job or not, unless notified; a submit notifies only its own process's slots"
  const lines = [
    `\ntasks on ${f.database} (${queue}); no-op tasks submitted from this process as task/submit does (the row and its job in one transaction, then a wake), not over HTTP; ${TASK_CONCURRENCY} at a time in each process`,
  ]
  const ms = (n: number) => `${n.toFixed(0)} ms`
  for (const run of f.runs) {
    const b = run.burst
    const where = run.processes === 0 ? `${runLabel(0)} (as npm start runs them), ${run.slots} slots` : `${runLabel(run.processes)}, ${run.slots} slots`
    lines.push(`  ${where}:`)
    lines.push(`    spread out, ${run.paced.tasks} at random moments (${(1000 / PACED_MEAN_GAP_MS).toFixed(1)}/s on average): enqueue → start p50 ${ms(p50(run.paced))}, p99 ${ms(p99(run.paced))}`)
    lines.push(
      `    ${b.tasks} at once (submitted in ${ms(b.enqueueMs)}): ${jobsPerSecond(run).toFixed(0)} jobs/s first submit → last done, ${(b.tasks / (b.drainMs / 1000)).toFixed(0)}/s from the first start; waited p50 ${ms(p50(b))}, p99 ${ms(p99(b))}${run.processes > 1 ? `; run by each process: ${b.perProcess.join(' + ')}` : ''}`,
    )
  }
  const [one, two, inside] = [1, 2, 0].map((processes) => f.runs.find((r) => r.processes === processes)!) as [QueueRun, QueueRun, QueueRun]
  lines.push(`  2 processes / 1: jobs/s ${ratio(jobsPerSecond(two), jobsPerSecond(one))}, enqueue → start p50 ${ratio(p50(two.paced), p50(one.paced))}; in the submitting process / 1 worker process: jobs/s ${ratio(jobsPerSecond(inside), jobsPerSecond(one))}, p50 ${ratio(p50(inside.paced), p50(one.paced))}`)
  if (f.database === 'sqlite') lines.push('  (SQLite is one host: the worker processes share the one database file beside the submitting process)')
  return lines.join('\n')
}

function queueReportRows(f: QueueFigures): ReportRow[] {
  return f.runs.flatMap((run) => [
    { label: `${f.database}, ${runLabel(run.processes)}: enqueue → start p50 / p99`, value: `${p50(run.paced).toFixed(0)} / ${p99(run.paced).toFixed(0)} ms` },
    { label: `${f.database}, ${runLabel(run.processes)}: no-op jobs/s (${run.burst.tasks} at once)`, value: jobsPerSecond(run).toFixed(0) },
  ])
}

/** Rows a second, of an export or of its writer alone. */
function rate(figure: { rows: number; ms: number }): number {
  return figure.rows / (figure.ms / 1000)
}

function cardReportRows(f: CardFigures): ReportRow[] {
  const out: ReportRow[] = []
  for (const l of f.lists.filter((x) => x.connections === 1)) {
    out.push({ label: `${f.database}: card_list p99, ${l.name}, 1 conn`, value: `${l.result.p99Ms.toFixed(1)} ms`, target: '< 50 ms', met: l.result.p99Ms < 50 && l.result.failures === 0 })
  }
  for (const e of f.exports) {
    out.push({ label: `${f.database}: export ${e.format} rate`, value: `${Math.round(rate(e)).toLocaleString('en-US')} rows/s`, target: '>= 50,000', met: rate(e) >= 50_000 && e.rows === f.filled.rows })
    out.push({ label: `${f.database}: server RSS during ${e.format} export`, value: `${e.rssPeakMb.toFixed(0)} MiB`, target: '< 250 MiB', met: e.rssPeakMb < 250 })
  }
  const r = f.redeem
  out.push({ label: `${f.database}: ${r.requests} concurrent use_card, credits`, value: `${r.succeeded} (${r.ledgerRows} ledger)`, target: 'exactly 1', met: r.succeeded === 1 && r.ledgerRows === 1 && r.cardUsed })
  return out
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
