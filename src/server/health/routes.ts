import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import type { Services } from '../services'

/** Longer than this and a dependency counts as not answering: a load balancer's probe should not hang. */
const CHECK_TIMEOUT_MS = 2000

/**
 * GET /health: the process is alive and serving (a restart is the cure when it is not).
 * GET /ready: it can do its work now: the database answers, and the queue too where this process
 * takes tasks. 200 or 503, with what was checked and what is wrong, for a load balancer to route
 * by and an operator to read. Neither needs a session, and neither is logged per call, as probes
 * come every few seconds.
 */
export async function healthRoutes(app: FastifyInstance, opts: { services: Services }): Promise<void> {
  const { services } = opts
  app.get('/health', { logLevel: 'warn' }, (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'alive' }))
  app.get('/ready', { logLevel: 'warn' }, async (_request, reply) => {
    const checks: Record<string, string> = {}
    const look = async (name: string, check: () => Promise<unknown>) => {
      checks[name] = await withTimeout(check()).then(
        () => 'ok',
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      )
    }
    await Promise.all([
      look('database', () => sql`select 1`.execute(services.db)),
      ...(services.tasks.working ? [look('queue', () => services.tasks.queue.ready())] : []),
    ])
    const ready = Object.values(checks).every((state) => state === 'ok')
    return reply.status(ready ? 200 : 503).header('cache-control', 'no-store').send({ status: ready ? 'ready' : 'unavailable', checks })
  })
}

function withTimeout(work: Promise<unknown>): Promise<unknown> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS)
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}
