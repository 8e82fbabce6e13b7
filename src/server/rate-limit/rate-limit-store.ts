import type { FastifyInstance } from 'fastify'
import type { RateLimitPluginOptions } from '@fastify/rate-limit'
import type { Services } from '../services'
import { databaseRateLimitStore } from './database-store'
import { redisRateLimitStore } from './redis-store'

/**
 * Where the app's rate limits count: in Redis when REDIS_URL is set, in the database
 * (rate_limit_hit) otherwise. Either way every instance sharing it counts the same attempts,
 * so the limits hold behind a load balancer.
 */
export function rateLimitStore(app: FastifyInstance, services: Services): Pick<RateLimitPluginOptions, 'store' | 'skipOnError'> {
  return {
    ...(services.config.redis ? redisRateLimitStore(app, services.config.redis) : { store: databaseRateLimitStore(services) }),
    // A store that cannot count fails the request (a 500) rather than letting it through: these
    // limits are what stands between a password guesser and the accounts, and skipping them while
    // Redis or the database is away would open sign-in to unlimited guessing exactly then.
    skipOnError: false,
  }
}
