import { asSchemaDb } from '../db/connect'
import { publicColumns, rowToRecord } from '../db/records'
import { ofEndpoint } from '../engine/generic/record-scope'
import { requireCaller, type RequestContext } from '../engine/handler-context'
import { AppError } from '../errors/AppError'
import { perAccountCount } from '../http/per-account-count'
import type { Services } from '../services'

/** How often a stream looks for changes made by other processes; changes made in this one wake it at once. */
const POLL_MS = 1000
/** A comment line now and then keeps proxies from closing a quiet stream. */
const KEEPALIVE_MS = 15_000
const BATCH = 100

/**
 * Server-Sent Events of the endpoint's records in the caller's reach: tasks, or what tasks
 * change (a release plan's posts). Workers may run in other processes (or machines), so the
 * stream reads the database: every record whose updated_at passed the cursor, scoped as the
 * entity's list is. The cursor (updated_at and id) is each event's id, so a client reconnecting
 * with Last-Event-ID resumes where it stopped. Events are named after the entity.
 */
export async function followRecords(ctx: RequestContext, since: string | undefined): Promise<unknown> {
  const { services, reply, request } = ctx
  // Each open stream reads the database every second: an account holds only so many at once.
  const release = streamsOf(services).take(requireCaller(ctx).id)
  if (!release) throw new AppError('TOO_MANY_STREAMS', { max: services.config.eventStreamsPerAccount })
  const entity = services.registry.entities.get(ctx.endpoint.entity ?? 'task')!
  const db = asSchemaDb(services.db)
  const lastEventId = request.headers['last-event-id']
  let cursor = parseCursor(typeof lastEventId === 'string' ? lastEventId : since) ?? { at: services.now().toISOString(), id: 0 }
  // A client that left before the stream began (the request already closed) gets only the opening lines.
  let closed = request.raw.closed || request.raw.destroyed
  let wake: (() => void) | undefined
  const stopListening = services.tasks.onChange(() => wake?.())
  const leave = () => {
    closed = true
    wake?.()
  }
  request.raw.on('close', leave)
  reply.raw.on('close', leave)

  reply.hijack()
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // Proxies such as nginx would otherwise hold events back to fill a buffer.
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  })
  reply.raw.write(`retry: 2000\n: following ${entity.name} since ${cursor.at}\n\n`)

  void (async () => {
    let quietSince = Date.now()
    try {
      while (!closed) {
        const rows = await ofEndpoint(ctx, db.selectFrom(entity.table), entity)
          .select(publicColumns(entity).map((c) => `${entity.table}.${c}`))
          .where((eb) => eb.or([eb(`${entity.table}.updated_at`, '>', cursor.at), eb.and([eb(`${entity.table}.updated_at`, '=', cursor.at), eb(`${entity.table}.id`, '>', cursor.id)])]))
          .orderBy(`${entity.table}.updated_at`)
          .orderBy(`${entity.table}.id`)
          .limit(BATCH)
          .execute()
        for (const row of rows) {
          cursor = { at: String(row.updated_at), id: Number(row.id) }
          reply.raw.write(`id: ${cursor.at}|${cursor.id}\nevent: ${entity.name}\ndata: ${JSON.stringify(rowToRecord(entity, row))}\n\n`)
        }
        if (rows.length > 0) quietSince = Date.now()
        else if (Date.now() - quietSince > KEEPALIVE_MS) {
          reply.raw.write(': still here\n\n')
          quietSince = Date.now()
        }
        if (rows.length < BATCH) await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, POLL_MS)
          wake = () => {
            clearTimeout(timer)
            resolve()
          }
        })
      }
    } catch (error) {
      request.log.error({ err: error }, `${entity.name} events stopped`)
    } finally {
      release()
      stopListening()
      reply.raw.end()
    }
  })()
  return reply
}

const openStreams = new WeakMap<Services, ReturnType<typeof perAccountCount>>()

function streamsOf(services: Services): ReturnType<typeof perAccountCount> {
  let count = openStreams.get(services)
  if (!count) openStreams.set(services, (count = perAccountCount(() => services.config.eventStreamsPerAccount)))
  return count
}

function parseCursor(text: string | undefined): { at: string; id: number } | undefined {
  const match = text?.match(/^(\d{4}-\d\d-\d\dT[\d:.]+Z)(?:\|(\d+))?$/)
  return match ? { at: match[1]!, id: Number(match[2] ?? 0) } : undefined
}
