import { Redis } from 'ioredis'
import type { FastifyInstance } from 'fastify'
import type { FastifyRateLimitStore, RateLimitPluginOptions } from '@fastify/rate-limit'
import type { RedisConfig } from '../config'

/**
 * The app's rate limits counted in Redis, on a connection of this app's closed with the app.
 * Every count is the key `<REDIS_KEY_PREFIX>rate-limit:<the limit's own key>`
 * (`console:rate-limit:login-user:<name>`), so apps or test runs sharing one Redis never count
 * each other's attempts. The plugin's own Redis store puts a limit's route in its keys, and the
 * app's limits (`app.createRateLimit`) have none: its keys read `…undefinedundefined-login-user:…`.
 *
 * ```ts
 * await app.register(rateLimit, { global: false, ...redisRateLimitStore(app, config.redis) })
 * ```
 */
export function redisRateLimitStore(app: FastifyInstance, config: RedisConfig): Pick<RateLimitPluginOptions, 'store'> {
  const redis = new Redis(config.url, {
    // ioredis's defaults let a command wait through 20 reconnections: a sign-in would hang while Redis is away instead of being refused.
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: 2000,
    connectionName: 'console-rate-limit',
  })
  watchConnection(app, redis)
  app.addHook('onClose', async () => {
    // quit waits for the answers still owed; a connection that is down has none, and is dropped.
    await redis.quit().catch(() => redis.disconnect())
  })
  const prefix = `${config.keyPrefix}rate-limit:`
  class RedisRateLimitStore implements FastifyRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number): void {
      redis.eval(COUNT, 1, prefix + key, timeWindow).then((answer) => callback(null, state(answer)), (error: Error) => callback(error, null as never))
    }

    /** The count without adding to it (the plugin's `{ increment: false }`). */
    read(key: string, callback: Callback): void {
      redis.eval(READ, 1, prefix + key).then((answer) => callback(null, state(answer)), (error: Error) => callback(error, null as never))
    }

    // Each limit gets a store of its own from the plugin; the limits name their keys themselves.
    child(): FastifyRateLimitStore {
      return new RedisRateLimitStore()
    }
  }
  return { store: RedisRateLimitStore }
}

type Callback = Parameters<FastifyRateLimitStore['incr']>[1]

/** One more attempt: counted up, its window started with the first. */
const COUNT = `
  local current = redis.call('INCR', KEYS[1])
  if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
  return {current, redis.call('PTTL', KEYS[1])}
`

const READ = `
  local current = redis.call('GET', KEYS[1])
  if not current then return {0, 0} end
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl < 0 then ttl = 0 end
  return {tonumber(current), ttl}
`

function state(answer: unknown): { current: number; ttl: number } {
  const [current, ttl] = answer as [number, number]
  return { current: current, ttl: Math.max(0, ttl) }
}

/**
 * The server starts whether or not Redis answers, and ioredis reconnects by itself; the log
 * says once when Redis goes away (not at every retry) and when it is back. The URL may hold a
 * password, so it is never logged.
 */
function watchConnection(app: FastifyInstance, redis: Redis): void {
  let down = false
  redis.on('error', (error: Error) => {
    if (down) return
    down = true
    app.log.error({ err: error }, 'Redis (REDIS_URL) does not answer: sign-in, registration, captchas and password changes are refused until it does')
  })
  redis.on('ready', () => {
    if (down) app.log.warn('Redis (REDIS_URL) answers again: the rate limits count there again')
    down = false
  })
}
