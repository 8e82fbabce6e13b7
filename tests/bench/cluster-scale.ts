/**
 * Scale figures of the deployment in deploy/, on one machine, in one run: startCluster's nginx
 * in front of 2 API processes and 4 workers, with a PostgreSQL, Redis and S3 store of its own,
 * started fresh in a temp folder. Measured in turn, on that one cluster:
 *
 * - API requests a second through nginx with 1 and 2 API processes (tests/bench/cluster-load.ts),
 *   while the workers idle;
 * - smart clips at 720p through the cluster with 4, 2 and 1 of its workers (a cluster's workers
 *   can be stopped, not added, hence that order), all of them run the whole way a merchant's are;
 * - no-op tasks on the cluster's PostgreSQL with 1, 2 and 4 worker processes, as the `tasks` part
 *   runs them (tests/bench/task-queue.ts), once the cluster's own workers are stopped.
 *
 * One cluster rather than one per count: a fresh start costs tens of seconds, and every count
 * then runs on the same database, store and source material.
 */
import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { startCluster } from '../../scripts/cluster/cluster'
import { freePort } from '../../scripts/cluster/ports'
import { makeTestVideo } from '../../src/server/media/test-media'
import { signIn } from './api-client'
import type { Cleanup } from './cleanup'
import { loadThroughNginx, type ApiScale } from './cluster-load'
import { runClips, uploadSource, warmUpClips, type ClipRun } from './cluster-clips'
import { benchTaskQueue, TASK_CONCURRENCY, type QueueFigures } from './task-queue'

/** Held at 2 (deploy/env/worker.env's), so that a worker's figures are those of any machine's. */
export const WORKER_CONCURRENCY = TASK_CONCURRENCY
export const CLUSTER_WORKERS = [4, 2, 1] as const
export const SCALE_CLIPS = 8
export const CLIP_SOURCE = { seconds: 5, width: 1280, height: 720, fps: 25 }
/**
 * No-op tasks: the `tasks` part's shape, closer together, and a backlog for the rate. Each count
 * twice, in turns (1, 2, 4, 1, 2, 4): one pass of a few seconds moves by a fifth with other work
 * on a small machine, and the turns spread that over every count.
 */
export const NOOP_PLAN = { processes: [1, 2, 4, 1, 2, 4], pacedTasks: 100, pacedMeanGapMs: 150, burstTasks: 1000, burstAsBacklog: true }

export interface ScaleFigures {
  cores: number
  loadBefore: number[]
  loadAfter: number[]
  startMs: number
  api: ApiScale
  source: { mb: number; generateMs: number }
  clips: (ClipRun & { workers: number })[]
  noop: QueueFigures
}

export async function benchClusterScale(opts: { cleanup: Cleanup }): Promise<ScaleFigures> {
  const loadBefore = loadavg()
  const dir = mkdtempSync(join(tmpdir(), 'bench-cluster-'))
  opts.cleanup.add(() => rmSync(dir, { recursive: true, force: true }))
  // The cluster's PostgreSQL runs as the postgres user when this runs as root: it must reach its folder.
  chmodSync(dir, 0o755)

  const generated = performance.now()
  const source = join(dir, 'source-720p.mp4')
  await makeTestVideo(source, { ...CLIP_SOURCE, preset: 'veryfast' })
  const sourceFigures = { mb: statSync(source).size / 2 ** 20, generateMs: performance.now() - generated }

  const started = performance.now()
  const cluster = await startCluster({
    buildIfChanged: true,
    apis: 2,
    workers: Math.max(...CLUSTER_WORKERS),
    port: await freePort(),
    dir: join(dir, 'cluster'),
    fresh: true,
    // No demo library: its drawing would keep the workers busy while they are measured.
    env: { WORKER_CONCURRENCY: String(WORKER_CONCURRENCY), DEMO_LIBRARY: '0' },
  })
  const startMs = performance.now() - started
  let stopped: Promise<void> | undefined
  const stop = () => (stopped ??= cluster.stop())
  opts.cleanup.add(stop)
  try {
    const login = (role: string) => {
      const found = cluster.logins.find((l) => l.role === role)
      if (!found) throw new Error(`the cluster's first start printed no ${role} login`)
      return found
    }
    const api = await loadThroughNginx(cluster, login('admin'), opts.cleanup)

    const port = Number(new URL(cluster.url).port)
    const merchant = login('merchant')
    const token = await signIn(port, merchant.username, merchant.password)
    const materialId = await uploadSource(port, token, source)
    await warmUpClips(port, token, materialId, Math.max(...CLUSTER_WORKERS) * WORKER_CONCURRENCY)
    const clips: ScaleFigures['clips'] = []
    let running = cluster.workers.length
    for (const workers of CLUSTER_WORKERS) {
      await Promise.all(cluster.workers.slice(workers, running).map((w) => w.stop()))
      running = workers
      clips.push({ workers, ...(await runClips(port, token, materialId, SCALE_CLIPS, `${workers} workers`)) })
    }
    // The no-op workers are this bench's own processes; the cluster's would only poll beside them.
    await Promise.all(cluster.workers.slice(0, running).map((w) => w.stop()))
    const noop = await benchTaskQueue('postgres', { dir, cleanup: opts.cleanup, plan: { ...NOOP_PLAN, inSubmitter: false, databaseUrl: cluster.databaseUrl } })
    return { cores: cpus().length, loadBefore, loadAfter: loadavg(), startMs, api, source: sourceFigures, clips, noop }
  } finally {
    await stop()
  }
}
