import { randomBytes } from 'node:crypto'
import { Redis } from 'ioredis'
import type { RedisConfig } from '../../src/server/config'

/** The Redis the API tests count in: this machine's, as on CI's. */
export const TEST_REDIS_URL = 'redis://127.0.0.1:6379'

/**
 * Redis settings for one test: a key prefix of its own, so tests running at once (the SQLite
 * and PostgreSQL passes) and earlier runs never see each other's counts.
 */
export function testRedisConfig(): RedisConfig {
  return { url: TEST_REDIS_URL, keyPrefix: `test-${randomBytes(6).toString('hex')}:` }
}

/** A connection of the test's own, to look at what the apps keep. */
export function openTestRedis(): Redis {
  return new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1 })
}

export async function keysUnder(redis: Redis, prefix: string): Promise<string[]> {
  const keys: string[] = []
  let cursor = '0'
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000)
    keys.push(...batch)
    cursor = next
  } while (cursor !== '0')
  return keys
}

export async function dropKeysUnder(redis: Redis, prefix: string): Promise<void> {
  const keys = await keysUnder(redis, prefix)
  if (keys.length > 0) await redis.del(...keys)
}
