import { createHash } from 'node:crypto'
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import type { Services } from '../services'
import { tableOf } from '../db/table-of'

type Callback = Parameters<FastifyRateLimitStore['incr']>[1]

/** A bucket's count in its current window, and the milliseconds until the window ends. */
export interface BucketState {
  current: number
  ttl: number
}

/**
 * @fastify/rate-limit's store (its README's "custom store") over the rate_limit_hit table, so
 * that every server instance on one database counts the same attempts: in process memory, two
 * instances behind a load balancer each allowed the whole limit. Every limit the app creates
 * (`app.createRateLimit`) shares it; the limits' keys keep their buckets apart.
 *
 * ```ts
 * await app.register(rateLimit, { global: false, store: databaseRateLimitStore(services) })
 * ```
 */
export function databaseRateLimitStore(services: Pick<Services, 'db' | 'registry' | 'now'>): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number): void {
      hitBucket(services, key, timeWindow).then((state) => callback(null, state), (error: Error) => callback(error))
    }

    /** The count without adding to it (the plugin's `{ increment: false }`). */
    read(key: string, callback: Callback): void {
      readBucket(services, key).then((state) => callback(null, state), (error: Error) => callback(error))
    }

    // Each limit gets a store of its own from the plugin; they all count in the one table.
    child(): FastifyRateLimitStore {
      return new DatabaseRateLimitStore()
    }
  }
  return DatabaseRateLimitStore
}

/**
 * One more attempt in a bucket, in a single statement: the row is inserted, or counted up, or
 * (its window over) started again at one. Concurrent attempts on any number of instances each
 * see a count of their own, as the database serialises the upserts on the bucket's row.
 */
export async function hitBucket(services: Pick<Services, 'db' | 'registry' | 'now'>, key: string, windowMs: number): Promise<BucketState> {
  const table = tableOf(services, 'rate_limit_hit')
  const bucket = bucketOf(key)
  const now = services.now()
  const at = now.toISOString()
  const ends = new Date(now.getTime() + windowMs).toISOString()
  const row = await services.db
    .insertInto(table)
    .values({ bucket, hits: 1, window_ends_at: ends, created_at: at, updated_at: at })
    .onConflict((oc) =>
      oc.column('bucket').doUpdateSet((eb) => {
        const over = eb(`${table}.window_ends_at`, '<=', at)
        return {
          hits: eb.case().when(over).then(1).else(eb(`${table}.hits`, '+', 1)).end(),
          window_ends_at: eb.case().when(over).then(ends).else(eb.ref(`${table}.window_ends_at`)).end(),
          updated_at: at,
        }
      }),
    )
    .returning(['hits', 'window_ends_at'])
    .executeTakeFirstOrThrow()
  const current = row.hits
  // A bucket starting a window is the moment to drop those whose windows are over, so the table holds live buckets only.
  if (current === 1) await services.db.deleteFrom(table).where('window_ends_at', '<', at).execute()
  return { current, ttl: Math.max(0, Date.parse(row.window_ends_at) - now.getTime()) }
}

async function readBucket(services: Pick<Services, 'db' | 'registry' | 'now'>, key: string): Promise<BucketState> {
  const now = services.now()
  const row = await services.db.selectFrom(tableOf(services, 'rate_limit_hit')).select(['hits', 'window_ends_at']).where('bucket', '=', bucketOf(key)).executeTakeFirst()
  const ttl = row ? Date.parse(row.window_ends_at) - now.getTime() : 0
  return ttl > 0 ? { current: row!.hits, ttl } : { current: 0, ttl: 0 }
}

/**
 * A limit's key as its bucket is stored. Keys carry what a request sent (a username), and the
 * limits run before the request is validated: a NUL, which PostgreSQL cannot store as text, a
 * surrogate, or a key longer than the column is stored as its hash instead, so it is counted
 * like any other rather than failing the request.
 */
function bucketOf(key: string): string {
  return key.length <= 200 && !/[\u0000\uD800-\uDFFF]/.test(key) ? key : `sha256:${createHash('sha256').update(key).digest('hex')}`
}
