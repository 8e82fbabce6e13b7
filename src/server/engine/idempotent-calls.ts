import { createHash } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { AppError } from '../errors/AppError'
import { recordToRow, rowToRecord } from '../db/records'
import { isUniqueViolation } from '../db/once-per-key'
import { type Services } from '../services'
import { tableOf } from '../db/table-of'
import type { HandlerContext } from './handler-context'

/** The header a client may send its key in, as the IETF draft and the payment APIs name it. */
export const IDEMPOTENCY_HEADER = 'idempotency-key'
const KEY = /^[A-Za-z0-9_-]{8,64}$/
/** How long a key is remembered; a repeat after that is a new call. */
const KEPT_MS = 86_400_000
/** How long a repeat waits for the first call's answer before it is told to come back. */
const WAIT_MS = 15_000
/** A first call still unanswered after this long ended without answering (its process stopped). */
const RUNNING_MS = 10 * 60_000

/**
 * The key of an idempotent call: the header's or the body's, which must agree when both are sent.
 * Where the endpoint's handler reads the key from its body itself, a key sent only as the header
 * is put there too.
 */
export function idempotencyKeyOf(request: FastifyRequest, body: Record<string, unknown>, keyInBody: boolean): string | undefined {
  const header = request.headers[IDEMPOTENCY_HEADER]
  if (header === undefined) return typeof body.idempotency_key === 'string' ? body.idempotency_key : undefined
  if (typeof header !== 'string' || !KEY.test(header)) throw new AppError('IDEMPOTENCY_KEY_INVALID')
  if (body.idempotency_key !== undefined && body.idempotency_key !== header) throw new AppError('IDEMPOTENCY_KEY_MISMATCH')
  if (keyInBody) body.idempotency_key = header
  return header
}

/**
 * Runs an idempotent call once per account, endpoint and key. The key is claimed before the work
 * starts; a repeat sent while the first is still working waits for its answer (a double click, a
 * retry after a timeout), and a repeat after it answered gets that answer. A call that failed
 * leaves no claim: what it refused it did not do, and the same key may be sent again.
 */
export async function runIdempotent(ctx: HandlerContext, key: string, run: () => Promise<unknown>): Promise<{ data: unknown; replayed: boolean }> {
  const { services, endpoint } = ctx
  const entity = services.registry.entities.get('idempotent_call')!
  const table = tableOf(services, 'idempotent_call')
  const caller = ctx.caller!
  const callKey = sha256(`${caller.id}\n${endpoint.id}\n${key}`)
  const { idempotency_key: _, ...body } = ctx.body
  const requestHash = sha256(canonical({ query: ctx.query, body }))
  const now = services.now()
  await forgetOldKeys(services, now)
  const claim = () =>
    services.db
      .insertInto(table)
      .values(recordToRow(entity, { user_id: caller.id, call_key: callKey, request_hash: requestHash, state: 'running', answer: {}, created_at: now.toISOString(), updated_at: now.toISOString() }) as never)
      .execute()
      .then(() => true, (error: unknown) => {
        if (isUniqueViolation(error)) return false
        throw error
      })
  const waitedUntil = Date.now() + WAIT_MS
  while (!(await claim())) {
    const row = await services.db.selectFrom(table).selectAll().where('call_key', '=', callKey).executeTakeFirst()
    // Let go again (the first call failed) in between: this one claims it now.
    if (!row) continue
    // The hash is a private column, which a record leaves out.
    if (row.request_hash !== requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED')
    const first = rowToRecord(entity, row)
    if (first.state === 'done') return { data: (first.answer as { data?: unknown }).data ?? null, replayed: true }
    if (now.getTime() - new Date(String(first.created_at)).getTime() > RUNNING_MS) throw new AppError('IDEMPOTENCY_UNANSWERED')
    if (Date.now() > waitedUntil) throw new AppError('IDEMPOTENCY_IN_PROGRESS')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  let data: unknown
  try {
    data = await run()
  } catch (error) {
    await services.db.deleteFrom(table).where('call_key', '=', callKey).execute()
    throw error
  }
  await services.db
    .updateTable(table)
    .set(recordToRow(entity, { state: 'done', answer: { data: data ?? null }, updated_at: services.now().toISOString() }) as never)
    .where('call_key', '=', callKey)
    .execute()
  return { data, replayed: false }
}

/** When each server last forgot keys past KEPT_MS: at most once a minute, not on every call. */
const forgotAt = new WeakMap<Services, number>()

async function forgetOldKeys(services: Services, now: Date): Promise<void> {
  if (now.getTime() - (forgotAt.get(services) ?? 0) < 60_000) return
  forgotAt.set(services, now.getTime())
  await services.db.deleteFrom(tableOf(services, 'idempotent_call')).where('created_at', '<', new Date(now.getTime() - KEPT_MS).toISOString()).execute()
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

/** JSON with every object's keys in order, so a repeat that lists its fields in another order is the same request. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  )
}
