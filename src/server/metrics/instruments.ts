import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'

/**
 * What this process measures as it works, for GET /metrics: its requests, its ffmpeg runs and
 * its vendor calls, with Node's own figures. One registry a process: the API and a worker each
 * answer for themselves, and a scraper adds them up by their instance label.
 */
export const processMetrics = new Registry()
collectDefaultMetrics({ register: processMetrics })

export const httpRequests = new Counter({
  name: 'http_requests_total',
  help: 'Requests answered, by route (its template, not the address asked), method and status.',
  labelNames: ['route', 'method', 'status'] as const,
  registers: [processMetrics],
})

export const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time from a request arriving to its answer sent, by route and method.',
  labelNames: ['route', 'method'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processMetrics],
})

export const ffmpegDuration = new Histogram({
  name: 'ffmpeg_run_duration_seconds',
  help: 'Wall time of each ffmpeg run, by how it ended (ok or failed).',
  labelNames: ['outcome'] as const,
  buckets: [0.1, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 900],
  registers: [processMetrics],
})

export const vendorDuration = new Histogram({
  name: 'vendor_call_duration_seconds',
  help: "Wall time of each call to a vendor's HTTP API, by vendor and the status it answered (or failed when none came).",
  labelNames: ['vendor', 'status'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120],
  registers: [processMetrics],
})

export const taskQueueWait = new Histogram({
  name: 'task_queue_wait_seconds',
  help: 'Time from a task being queued (or queued again) to a worker of this process starting it, by kind. A scheduled post waits for its slot as well.',
  labelNames: ['kind'] as const,
  buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900],
  registers: [processMetrics],
})

/** The connections of a pool as pg keeps them, read at each scrape. */
export interface PoolFigures {
  totalCount: number
  idleCount: number
  waitingCount: number
}

/** This process's PostgreSQL pool in its figures: connections open, idle, and queries waiting for one. */
export function watchPool(pool: PoolFigures, max: number): void {
  processMetrics.removeSingleMetric('db_pool_connections')
  processMetrics.removeSingleMetric('db_pool_waiting')
  new Gauge({
    name: 'db_pool_connections',
    help: 'Connections of this process\'s PostgreSQL pool, by state (in use, idle) and its most (max).',
    labelNames: ['state'] as const,
    registers: [processMetrics],
    collect() {
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount)
      this.set({ state: 'idle' }, pool.idleCount)
      this.set({ state: 'max' }, max)
    },
  })
  new Gauge({
    name: 'db_pool_waiting',
    help: 'Queries of this process waiting for a free PostgreSQL connection.',
    registers: [processMetrics],
    collect() {
      this.set(pool.waitingCount)
    },
  })
}

/** Times `work` into `histogram`, labelled by how it ended. */
export async function timed<T>(observe: (seconds: number, outcome: 'ok' | 'failed') => void, work: () => Promise<T>): Promise<T> {
  const started = process.hrtime.bigint()
  const seconds = () => Number(process.hrtime.bigint() - started) / 1e9
  try {
    const result = await work()
    observe(seconds(), 'ok')
    return result
  } catch (error) {
    observe(seconds(), 'failed')
    throw error
  }
}
