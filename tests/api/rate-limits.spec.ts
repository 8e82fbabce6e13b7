// PostgreSQL too: concurrent attempts counted exactly over two instances.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import type { Redis } from 'ioredis'
import { upsertAccount } from '../../src/server/accounts/queries'
import type { Config } from '../../src/server/config'
import { fixturePasswordHash, PASSWORD, startSecondInstance, startTestServer, type TestServer } from './harness'
import { dropKeysUnder, keysUnder, openTestRedis, testRedisConfig } from './test-redis'

/** Two API instances sharing only the database, and Redis when the limits count there. */
let server: TestServer
let second: { app: FastifyInstance; close(): Promise<void> }
let clock: Date
const instances = () => [server.app, second.app]

/** Where both instances count, and how time passes for it. */
interface Store {
  name: string
  config(): Partial<Config>
  /** The instances' clock moves on, and the counts whose windows are over by then end. */
  pass(ms: number): Promise<void>
  drop(): Promise<void>
}

const database: Store = {
  name: 'the database',
  config: () => ({}),
  async pass(ms) {
    clock = new Date(clock.getTime() + ms)
  },
  async drop() {},
}

// Redis keeps time itself: a key whose time to live would be over by then is taken away instead.
let redis: Redis
let redisPrefix = ''
const inRedis: Store = {
  name: 'Redis',
  config() {
    const config = testRedisConfig()
    redisPrefix = config.keyPrefix
    return { redis: config }
  },
  async pass(ms) {
    clock = new Date(clock.getTime() + ms)
    for (const key of await keysUnder(redis, redisPrefix)) {
      const ttl = await redis.pttl(key)
      // A key without one (-1) stays: a count that never ends would be a fault to see.
      if (ttl >= 0 && ttl <= ms) await redis.del(key)
    }
  },
  drop: () => dropKeysUnder(redis, redisPrefix),
}

beforeAll(() => {
  redis = openTestRedis()
})
afterAll(async () => {
  await redis.quit()
})

/**
 * Each test is a caller of its own: its own address and usernames, so the counts of one test
 * never reach another's, and one pair of instances serves the whole file.
 */
let callers = 0
function newCaller() {
  const n = ++callers
  const address = `203.0.113.${n}`
  return {
    username: (name: string) => `${name}-${n}`,
    /** One call on the instance whose turn it is: attempts alternate between the two. */
    async call(turn: number, url: string, body: unknown, headers: Record<string, string> = {}): Promise<number> {
      const res = await instances()[turn % 2]!.inject({ method: 'POST', url: `/api/v1${url}`, remoteAddress: address, headers: { platform: 'pc', ...headers }, payload: body as object })
      return res.statusCode
    },
  }
}

const statuses = async (count: number, attempt: (n: number) => Promise<number>) => {
  const out: number[] = []
  for (let n = 0; n < count; n++) out.push(await attempt(n))
  return out
}

describe.each([database, inRedis])('rate limits hold across instances counting in $name', (store) => {
  beforeAll(async () => {
    clock = new Date('2026-01-01T00:00:00.000Z')
    server = await startTestServer({ now: () => clock, config: store.config() })
    second = await startSecondInstance(server, () => clock)
  })
  afterAll(async () => {
    await second?.close()
    await server?.close()
    await store.drop()
  })

  async function victim(caller: ReturnType<typeof newCaller>): Promise<string> {
    const username = caller.username('victim')
    await upsertAccount(server.services, { username, passwordHash: await fixturePasswordHash(), role: 'merchant' })
    return username
  }

  it('allows 10 sign-in attempts a minute for one username over both instances together, then 429', async () => {
    const caller = newCaller()
    const username = await victim(caller)
    const seen = await statuses(12, (n) => caller.call(n, '/platform/login', { username, password: `guess ${n}` }))
    expect(seen).toEqual([...Array(10).fill(200), 429, 429])
    await store.pass(61_000)
    expect(await caller.call(0, '/platform/login', { username, password: PASSWORD })).toBe(200)
  })

  it('allows 30 sign-in attempts a minute from one address over both instances together, whatever the usernames', async () => {
    const caller = newCaller()
    const seen = await statuses(32, (n) => caller.call(n, '/platform/login', { username: caller.username(`sprayed-${n}`), password: 'guess' }))
    expect(seen).toEqual([...Array(30).fill(200), 429, 429])
  })

  it('counts concurrent attempts on both instances exactly', async () => {
    const caller = newCaller()
    const username = await victim(caller)
    const seen = await Promise.all(Array.from({ length: 16 }, (_, n) => caller.call(n, '/platform/login', { username, password: `guess ${n}` })))
    expect(seen.filter((s) => s === 200)).toHaveLength(10)
    expect(seen.filter((s) => s === 429)).toHaveLength(6)
  })

  it('counts a username the database cannot store as text, or a very long one, like any other', async () => {
    const caller = newCaller()
    // 3 × 9 attempts stay under the 30 an address has; the tenth of each is the last one allowed.
    for (const username of ['nul\u0000name', 'x\ud83d', '😀'.repeat(40)]) {
      const seen = await statuses(9, (n) => caller.call(n, '/platform/login', { username, password: 'guess' }))
      expect({ username, seen }).toEqual({ username, seen: Array(9).fill(200) })
    }
    expect(await caller.call(0, '/platform/login', { username: 'nul\u0000name', password: 'guess' })).toBe(200)
    expect(await caller.call(1, '/platform/login', { username: 'nul\u0000name', password: 'guess' })).toBe(429)
  })

  it('limits change_pwd per account over all its sessions and both instances: 5 tries in 15 minutes', async () => {
    const caller = newCaller()
    const username = await victim(caller)
    const tokens = [await server.login(username), await server.login(username)]
    const seen = await statuses(7, (n) => caller.call(n, '/platform/change_pwd', { old_password: `guess ${n}`, new_password: 'another long secret' }, { token: tokens[Math.floor(n / 2) % 2]! }))
    expect(seen).toEqual([200, 200, 200, 200, 200, 429, 429])
    // The right password is refused too while the limit lasts, and is taken once the window is over.
    const right = { old_password: PASSWORD, new_password: 'another long secret' }
    expect(await caller.call(0, '/platform/change_pwd', right, { token: tokens[0]! })).toBe(429)
    await store.pass(15 * 60_000 + 1000)
    const changed = await server.inject({ method: 'POST', url: '/api/v1/platform/change_pwd', headers: { platform: 'pc', token: tokens[0]! }, payload: right })
    expect(changed.json()).toMatchObject({ code: 1 })
  })

  it('limits change_pwd per address over every account: 20 tries in 15 minutes', async () => {
    const caller = newCaller()
    const tokens: string[] = []
    for (let i = 0; i < 6; i++) {
      const username = caller.username(`shop-${i}`)
      await upsertAccount(server.services, { username, passwordHash: await fixturePasswordHash(), role: 'merchant' })
      tokens.push(await server.login(username))
    }
    // Four tries per account stays under the account limit; the sixth account's first try is the 21st from the address.
    const seen = await statuses(21, (n) => caller.call(n, '/platform/change_pwd', { old_password: 'guess', new_password: 'another long secret' }, { token: tokens[Math.floor(n / 4)]! }))
    expect(seen).toEqual([...Array(20).fill(200), 429])
  })
})
