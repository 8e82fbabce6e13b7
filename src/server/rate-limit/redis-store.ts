import { Redis } from 'ioredis'
import type { FastifyInstance } from 'fastify'
import type { RateLimitPluginOptions } from '@fastify/rate-limit'
import type { RedisConfig } from '../config'

/**
 * @fastify/rate-limit's own Redis store (its `redis` option) on a connection of this app's,
 * closed with the app. Every count is a key under `<REDIS_KEY_PREFIX>rate-limit:`, so apps or
 * test runs sharing one Redis never count each other's attempts. The plugin puts a limit's
 * route in its keys, and the app's limits (`app.createRateLimit`) have none: the keys read
 * `console:rate-limit:undefinedundefined-login-user:<name>`, the limit's own key at the end.
 *
 * ```ts
 * await app.register(rateLimit, { global: false, ...redisRateLimitStore(app, config.redis) })
 * ```
 */
export function redisRateLimitStore(app: FastifyInstance, config: RedisConfig): Pick<RateLimitPluginOptions, 'redis' | 'nameSpace'> {
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
  return { redis, nameSpace: `${config.keyPrefix}rate-limit:` }
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
