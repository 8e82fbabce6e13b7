import type { LoadResult } from './load'
import { percentile, type ReportRow } from './report'
import { API_LOAD, type ApiRun } from './cluster-load'
import { CLIP } from './cluster-clips'
import { CLIP_SOURCE, NOOP_PLAN, SCALE_CLIPS, WORKER_CONCURRENCY, type ScaleFigures } from './cluster-scale'
import type { QueueRun } from './task-queue'

const processes = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`
const ms = (n: number) => `${n.toFixed(0)} ms`
const seconds = (n: number) => `${(n / 1000).toFixed(1)} s`

function ratio(a: number, b: number): string {
  return b > 0 ? (a / b).toFixed(2) : 'n/a'
}

function clipsPerMinute(run: { clips: number; wallMs: number }): number {
  return run.clips / (run.wallMs / 60_000)
}

/** A backlog's tasks over its first start to its last done: the workers' rate, not the submitting's. */
function jobsPerSecond(run: QueueRun): number {
  return run.burst.tasks / (run.burst.drainMs / 1000)
}

function apiRun(f: ScaleFigures, apis: number): ApiRun {
  return f.api.runs.find((r) => r.apis === apis)!
}

function clipRun(f: ScaleFigures, workers: number) {
  return f.clips.find((r) => r.workers === workers)!
}

/** A count's rounds: the rate their mean, the latencies all their spread-out tasks together. */
function noopRounds(f: ScaleFigures, workers: number) {
  const rounds = f.noop.runs.filter((r) => r.processes === workers)
  return {
    rounds,
    slots: rounds[0]!.slots,
    rate: rounds.reduce((sum, r) => sum + jobsPerSecond(r), 0) / rounds.length,
    latencyMs: rounds.flatMap((r) => r.paced.latencyMs),
  }
}

function describeLoad(load: LoadResult): string {
  const cpu = load.cpuUsPerRequest === undefined ? '' : `, API CPU ${load.cpuUsPerRequest.toFixed(0)} µs/request`
  return `${load.reqPerSec.toFixed(0).padStart(5)} req/s, p50 ${load.p50Ms.toFixed(1)} ms, p99 ${load.p99Ms.toFixed(1)} ms, ${load.requests} requests, ${load.failures} failed${cpu}`
}

/** Where the cores went while it was loaded. */
function describeCores(run: ApiRun, cores: number): string {
  if (run.machineCores === undefined || run.load.cpuUsPerRequest === undefined) return `this process ${run.thisProcessCores.toFixed(2)} cores`
  const apis = (run.load.cpuUsPerRequest * run.load.reqPerSec) / 1e6
  const rest = run.machineCores - apis - run.thisProcessCores
  return `cores busy ${run.machineCores.toFixed(2)} of ${cores}: the APIs ${apis.toFixed(2)}, this process (autocannon, the cluster's log pipes) ${run.thisProcessCores.toFixed(2)}, the rest (nginx, PostgreSQL, other work) ${rest.toFixed(2)}`
}

function busyCores(fraction: number | undefined, cores: number): string {
  return fraction === undefined ? 'n/a' : `${(fraction * cores).toFixed(2)} of ${cores}`
}

export function describeScale(f: ScaleFigures): string {
  const load = (l: number[]) => l.map((n) => n.toFixed(2)).join(' ')
  const lines = [
    `\ncluster: startCluster's nginx in front of 2 API processes (RUN_WORKERS=0) and ${f.clips[0]?.workers ?? '?'} workers (WORKER_CONCURRENCY=${WORKER_CONCURRENCY}), with a PostgreSQL, Redis and S3 store (s3rver) of its own, started fresh in ${seconds(f.startMs)}`,
    `  ${f.cores} cores shared by everything below, this process's load generator included; load average ${load(f.loadBefore)} before, ${load(f.loadAfter)} after`,
    `  API: GET ${API_LOAD.path} as the admin (${f.api.rows} rows), ${API_LOAD.connections} connections through nginx, workers idle; ${API_LOAD.warmupSeconds} s warm-up each, then ${API_LOAD.slices} x ${API_LOAD.sliceSeconds} s alternating (req/s over all slices; p50/p99 the median slice); with 1, nginx has only the first API in its upstream and the other idles`,
  ]
  for (const run of f.api.runs) lines.push(`    ${processes(run.apis, 'API ', 'APIs').padEnd(7)} ${describeLoad(run.load)}`, `            ${describeCores(run, f.cores)}`)
  lines.push(`    2 APIs / 1: req/s ${ratio(apiRun(f, 2).load.reqPerSec, apiRun(f, 1).load.reqPerSec)}`)

  lines.push(
    `  smart clips: a ${CLIP_SOURCE.seconds} s ${CLIP_SOURCE.width}x${CLIP_SOURCE.height} source (testsrc2 + tone, ${f.source.mb.toFixed(1)} MiB, made in ${seconds(f.source.generateMs)}) uploaded once through nginx (material/upload, kept in the store);` +
      ` ${SCALE_CLIPS} clips of it at once through task/submit_clip (${CLIP.resolution}p ${CLIP.shape}), run by the cluster's workers, after the same clip once per slot, not timed; 4 workers, then 2, then 1 (stopped in turn)`,
  )
  for (const run of f.clips) {
    lines.push(
      `    ${processes(run.workers, 'worker ', 'workers').padEnd(9)} (${run.workers * WORKER_CONCURRENCY} slots): ${run.clips} clips, ${run.outputSeconds.toFixed(1)} s of video, first submit → last done ${seconds(run.wallMs)} = ${clipsPerMinute(run).toFixed(1)} clips/min; enqueue → start p50 ${seconds(percentile(run.latencyMs, 50))}, p99 ${seconds(percentile(run.latencyMs, 99))} (all ${run.clips} submitted at once: the wait behind earlier clips); cores busy ${busyCores(run.busy, f.cores)}`,
    )
  }
  lines.push(`    2 workers / 1: clips/min ${ratio(clipsPerMinute(clipRun(f, 2)), clipsPerMinute(clipRun(f, 1)))}; 4 workers / 1: ${ratio(clipsPerMinute(clipRun(f, 4)), clipsPerMinute(clipRun(f, 1)))}`)

  lines.push(
    `  no-op tasks on the cluster's PostgreSQL (pg-boss, a schema of their own), the cluster's workers stopped; worker processes as in the tasks part (tests/bench/task-worker.ts), ${WORKER_CONCURRENCY} at a time each; submitted from this process as task/submit does, not over HTTP`,
  )
  const rounds = noopRounds(f, 1).rounds.length
  lines.push(`    each count ${rounds} times, in turns; per round ${NOOP_PLAN.pacedTasks} at random moments (${(1000 / NOOP_PLAN.pacedMeanGapMs).toFixed(1)}/s on average) for enqueue → start, then a backlog of ${NOOP_PLAN.burstTasks} committed at once for tasks/s (first start → last done)`)
  for (const workers of [1, 2, 4]) {
    const n = noopRounds(f, workers)
    lines.push(
      `    ${processes(workers, 'worker ', 'workers').padEnd(9)} (${n.slots} slots): enqueue → start p50 ${ms(percentile(n.latencyMs, 50))}, p99 ${ms(percentile(n.latencyMs, 99))} (${n.latencyMs.length} tasks); ${n.rate.toFixed(0)} tasks/s (rounds ${n.rounds.map((r) => jobsPerSecond(r).toFixed(0)).join(', ')}), run by each process ${n.rounds.map((r) => r.burst.perProcess.join(' + ')).join('; ')}`,
    )
  }
  lines.push(`    2 workers / 1: tasks/s ${ratio(noopRounds(f, 2).rate, noopRounds(f, 1).rate)}; 4 workers / 1: ${ratio(noopRounds(f, 4).rate, noopRounds(f, 1).rate)}`)
  lines.push(
    `  On this machine every process shares the same ${f.cores} cores, so a ratio near 1 with the cores near fully busy is the machine's limit, not the design's.` +
      ' Past one machine, the ratio is what adding a machine adds: each API or worker machine brings its own cores, and all share only PostgreSQL, Redis and the store.',
  )
  return lines.join('\n')
}

export function scaleReportRows(f: ScaleFigures): ReportRow[] {
  const rows: ReportRow[] = []
  for (const run of f.api.runs) rows.push({ label: `API through nginx, ${processes(run.apis, 'process', 'processes')}: req/s (p50 / p99 ms)`, value: `${run.load.reqPerSec.toFixed(0)} (${run.load.p50Ms.toFixed(1)} / ${run.load.p99Ms.toFixed(1)})` })
  rows.push({ label: '  2 API processes / 1', value: ratio(apiRun(f, 2).load.reqPerSec, apiRun(f, 1).load.reqPerSec) })
  for (const workers of [1, 2, 4]) {
    const run = clipRun(f, workers)
    rows.push({ label: `720p clips, ${processes(workers, 'worker', 'workers')}: clips/min (enqueue → start p50 / p99 s)`, value: `${clipsPerMinute(run).toFixed(1)} (${(percentile(run.latencyMs, 50) / 1000).toFixed(1)} / ${(percentile(run.latencyMs, 99) / 1000).toFixed(1)})` })
  }
  rows.push({ label: '  2 workers / 1, 4 workers / 1', value: `${ratio(clipsPerMinute(clipRun(f, 2)), clipsPerMinute(clipRun(f, 1)))}, ${ratio(clipsPerMinute(clipRun(f, 4)), clipsPerMinute(clipRun(f, 1)))}` })
  for (const workers of [1, 2, 4]) {
    const n = noopRounds(f, workers)
    rows.push({ label: `no-op tasks, ${processes(workers, 'worker', 'workers')}: tasks/s (enqueue → start p50 / p99 ms)`, value: `${n.rate.toFixed(0)} (${percentile(n.latencyMs, 50).toFixed(0)} / ${percentile(n.latencyMs, 99).toFixed(0)})` })
  }
  rows.push({ label: '  2 workers / 1, 4 workers / 1', value: `${ratio(noopRounds(f, 2).rate, noopRounds(f, 1).rate)}, ${ratio(noopRounds(f, 4).rate, noopRounds(f, 1).rate)}` })
  return rows
}
