import { createServer, type AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Redis } from 'ioredis'
import { upsertAccount } from '../../src/server/accounts/queries'
import { tableOf } from '../../src/server/db/table-of'
import type { RedisConfig } from '../../src/server/config'
import { fixturePasswordHash, PASSWORD, startSecondInstance, startTestServer, type TestServer } from './harness'
import { dropKeysUnder, keysUnder, openTestRedis, testRedisConfig } from './test-redis'

/** What only Redis shows: where the counts are kept, apart from other apps', and Redis being away. */
let redis: Redis
let server: TestServer
let second: Awaited<ReturnType<typeof startSecondInstance>>
let config: RedisConfig

beforeAll(() => {
  redis = openTestRedis()
})
afterAll(async () => {
  await redis.quit()
})

const login = (app: TestServer['app'], username: string, password = 'guess') =>
  app.inject({ method: 'POST', url: '/api/v1/platform/login', headers: { platform: 'pc' }, payload: { username, password } }).then((res) => res.statusCode)

describe('rate limits counting in Redis', () => {
  beforeAll(async () => {
    config = testRedisConfig()
    server = await startTestServer({ config: { redis: config } })
    second = await startSecondInstance(server)
  })
  // Each test starts with no counts and one account.
  beforeEach(async () => {
    await dropKeysUnder(redis, config.keyPrefix)
    await server.reset()
    await upsertAccount(server.services, { username: 'victim', passwordHash: await fixturePasswordHash(), role: 'merchant' })
  })
  afterAll(async () => {
    await second?.close()
    await server?.close()
    await dropKeysUnder(redis, config.keyPrefix)
  })

  it('keeps one count for both instances under the key prefix, living as long as its window, and none in the database', async () => {
    for (let n = 0; n < 3; n++) expect(await login(n % 2 ? second.app : server.app, 'victim')).toBe(200)
    // The keys are the prefix and the limit's own key, nothing in between.
    const keys = await keysUnder(redis, `${config.keyPrefix}rate-limit:`)
    const [user, address] = [`${config.keyPrefix}rate-limit:login-user:victim`, `${config.keyPrefix}rate-limit:login-ip:127.0.0.1`]
    expect(keys.sort()).toEqual([address, user])
    expect({ user: await redis.get(user!), address: await redis.get(address!) }).toEqual({ user: '3', address: '3' })
    const ttl = await redis.pttl(user!)
    expect(ttl).toBeGreaterThan(0)
    expect(ttl).toBeLessThanOrEqual(60_000)
    expect(await server.services.db.selectFrom(tableOf(server.services, 'rate_limit_hit')).selectAll().execute()).toEqual([])
  })

  it('does not count the attempts of an app with another key prefix on the same Redis', async () => {
    for (let n = 0; n < 10; n++) expect(await login(server.app, 'victim')).toBe(200)
    expect(await login(second.app, 'victim')).toBe(429)
    const otherConfig = testRedisConfig()
    const other = await startTestServer({ config: { redis: otherConfig } })
    try {
      await upsertAccount(other.services, { username: 'victim', passwordHash: await fixturePasswordHash(), role: 'merchant' })
      expect(await login(other.app, 'victim', PASSWORD)).toBe(200)
      expect(await keysUnder(redis, otherConfig.keyPrefix)).toHaveLength(2)
    } finally {
      await other.close()
      await dropKeysUnder(redis, otherConfig.keyPrefix)
    }
  })
})

describe('rate limits while Redis does not answer', () => {
  it('starts, refuses the limited calls rather than letting them through uncounted, says why in the log, and stops', async () => {
    const down = await startTestServer({ config: { redis: { url: `redis://127.0.0.1:${await closedPort()}`, keyPrefix: 'unreachable:' } }, captureLog: true })
    try {
      expect(await login(down.app, 'victim')).toBe(500)
      expect((await down.inject({ method: 'GET', url: '/api/v1/openapi.json' })).statusCode).toBe(200)
      const said = down.logLines.filter((line) => String(line.msg).startsWith('Redis (REDIS_URL) does not answer'))
      expect(said).toHaveLength(1)
    } finally {
      await down.close()
    }
  })
})

/** A port nothing listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}
