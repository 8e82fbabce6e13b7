import autocannon from 'autocannon'
import { median } from './report'

export interface LoadResult {
  /** Answered requests over the measured time, all slices together. */
  reqPerSec: number
  /** Median over the slices: one slice hit by other work on the machine does not decide it. */
  p99Ms: number
  p50Ms: number
  requests: number
  /** Server CPU per answered request, in µs: steadier than req/s on a machine doing other work. */
  cpuUsPerRequest: number | undefined
  /** Non-2xx answers, connection errors and 2xx bodies that were not a success envelope. */
  failures: number
}

export interface LoadPlan {
  connections: number
  /** Path and query without the page: `page=` is appended, cycling 1..pages, so the offset varies. */
  path: string
  pages: number
  token: string
}

export interface LoadTarget {
  port: number
  cpuMs(): number | undefined
}

export interface Slice {
  seconds: number
  requests: number
  served: number
  failures: number
  p50Ms: number
  p99Ms: number
  cpuMs: number | undefined
}

/** Load whose figures are dropped: JIT, SQLite page cache and statements get warm. */
export async function warmUp(server: LoadTarget, plan: LoadPlan, seconds: number): Promise<void> {
  await fire(server.port, plan, seconds)
}

/** One measured stretch of load from this process. */
export async function measureSlice(server: LoadTarget, plan: LoadPlan, seconds: number): Promise<Slice> {
  const cpuBefore = server.cpuMs()
  const result = await fire(server.port, plan, seconds)
  const cpuAfter = server.cpuMs()
  const failures = result.non2xx + result.errors + result.mismatches
  return {
    seconds: result.duration,
    requests: result.requests.total,
    served: result.requests.total - result.mismatches - result.non2xx,
    failures,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    cpuMs: cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore,
  }
}

export function combineSlices(slices: readonly Slice[]): LoadResult {
  const sum = (pick: (s: Slice) => number) => slices.reduce((n, s) => n + pick(s), 0)
  const served = sum((s) => s.served)
  const cpuKnown = slices.every((s) => s.cpuMs !== undefined)
  return {
    reqPerSec: served / sum((s) => s.seconds),
    p50Ms: median(slices.map((s) => s.p50Ms)),
    p99Ms: median(slices.map((s) => s.p99Ms)),
    requests: sum((s) => s.requests),
    cpuUsPerRequest: cpuKnown && served > 0 ? (sum((s) => s.cpuMs ?? 0) * 1000) / served : undefined,
    failures: sum((s) => s.failures),
  }
}

function fire(port: number, plan: LoadPlan, seconds: number): Promise<autocannon.Result> {
  let page = 0
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: plan.connections,
    duration: seconds,
    headers: { token: plan.token, platform: 'pc' },
    requests: [{ setupRequest: (request) => ({ ...request, path: `${plan.path}&page=${(page++ % plan.pages) + 1}` }) }],
    // A 200 can still carry code 0; only a success envelope counts as served.
    verifyBody: (body) => body.startsWith('{"code":1,'),
  })
}
