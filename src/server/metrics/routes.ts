import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Gauge, Registry } from 'prom-client'
import type { Services } from '../services'
import { tableOf } from '../db/table-of'
import { httpDuration, httpRequests, processMetrics } from './instruments'

/**
 * GET /metrics in Prometheus's text format, behind METRICS_TOKEN (sent as a bearer token); without
 * the setting there is no such page. Besides this process's own figures it reads what every
 * process shares from the database at each scrape: tasks queued, running and failed by kind, how
 * long the oldest has waited, and the money and quota reserves tasks hold. Those are the same
 * from every process; sum the per-process ones (requests, ffmpeg, vendors) across instances.
 */
export async function metricsRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const { services } = opts
  const token = services.config.metricsToken
  if (!token) return
  app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
    const given = Buffer.from(String(request.headers.authorization ?? '').replace(/^Bearer /i, ''))
    const wanted = Buffer.from(token)
    if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return reply.status(401).header('www-authenticate', 'Bearer').send('The metrics need the METRICS_TOKEN as a bearer token.\n')
    const shared = await sharedMetrics(services)
    const merged = Registry.merge([processMetrics, shared])
    return reply.header('content-type', merged.contentType).header('cache-control', 'no-store').send(await merged.metrics())
  })
}

/** One answered request in this process's figures, by its route's template; `elapsedMs` as reply.elapsedTime gives it. */
export function countRequest(request: FastifyRequest, reply: FastifyReply, elapsedMs = reply.elapsedTime): void {
  const route = request.routeOptions.url ?? 'unmatched'
  if (route === '/metrics') return
  const labels = labelsOf(route, request.method, reply.statusCode)
  httpRequests.inc(labels.answered)
  httpDuration.observe(labels.timed, elapsedMs / 1000)
}

interface RequestLabels {
  answered: { route: string; method: string; status: string }
  timed: { route: string; method: string }
}

/**
 * The label sets of a route, method and status, made once: a process answers a few hundred of
 * them, and building both objects and the status's text for each request is work for nothing.
 */
const labelSets = new Map<string, Map<string, Map<number, RequestLabels>>>()

function labelsOf(route: string, method: string, status: number): RequestLabels {
  let byMethod = labelSets.get(route)
  if (!byMethod) labelSets.set(route, (byMethod = new Map()))
  let byStatus = byMethod.get(method)
  if (!byStatus) byMethod.set(method, (byStatus = new Map()))
  let labels = byStatus.get(status)
  if (!labels) byStatus.set(status, (labels = { answered: { route, method, status: String(status) }, timed: { route, method } }))
  return labels
}

/** The figures every process reads alike from the database, gathered afresh for one scrape. */
async function sharedMetrics(services: Services): Promise<Registry> {
  const registry = new Registry()
  const tasks = new Gauge({ name: 'tasks', help: 'Tasks queued, running and failed, by kind.', labelNames: ['kind', 'status'] as const, registers: [registry] })
  const waited = new Gauge({ name: 'task_oldest_queued_seconds', help: 'How long the oldest queued task of each kind has waited to start.', labelNames: ['kind'] as const, registers: [registry] })
  const reserved = new Gauge({ name: 'reserved', help: 'What tasks not yet ended hold back from their owners: money in CNY, quotas in units, by ledger.', labelNames: ['ledger'] as const, registers: [registry] })
  const table = tableOf(services, 'task')
  const db = services.db
  const counts = await db.selectFrom(table).select(['kind', 'status', db.fn.countAll<number>().as('n'), db.fn.min('created_at').as('oldest')]).where('status', 'in', ['queued', 'running', 'failed']).groupBy(['kind', 'status']).execute()
  const now = services.now().getTime()
  for (const row of counts) {
    tasks.set({ kind: row.kind, status: row.status }, Number(row.n))
    if (row.status === 'queued' && row.oldest) waited.set({ kind: row.kind }, Math.max(0, (now - Date.parse(String(row.oldest))) / 1000))
  }
  const held = await db.selectFrom(table).select(['cost_ledger', db.fn.sum<number>('cost_amount').as('amount')]).where('cost_state', '=', 'reserved').groupBy('cost_ledger').execute()
  reserved.set({ ledger: 'money' }, 0)
  for (const row of held) reserved.set({ ledger: row.cost_ledger ?? 'money' }, row.cost_ledger === 'money' ? Number(row.amount) / 100 : Number(row.amount))
  return registry
}
