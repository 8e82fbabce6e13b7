import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { fixturePasswordHash, startTestServer, PASSWORD, type TestServer } from './harness'
import { hashToken } from '../../src/server/auth/token'
import { upsertAccount } from '../../src/server/accounts/queries'

let server: TestServer
let clock = new Date('2026-01-01T00:00:00.000Z')
beforeAll(async () => {
  server = await startTestServer({ now: () => clock })
})
// Every test starts on 1 January with an empty database and one admin.
beforeEach(async () => {
  clock = new Date('2026-01-01T00:00:00.000Z')
  await server.reset()
  await server.account('admin', 'admin')
})
afterAll(() => server.close())

describe('POST /platform/login', () => {
  it('answers a token in userinfo.token for the right password, and stores only its hash', async () => {
    const res = await server.call<{ userinfo: { token: string; user_type: number } }>('POST', '/platform/login', { body: { username: 'admin', password: PASSWORD } })
    expect(res.status).toBe(200)
    expect(res.body.code).toBe(1)
    const token = res.body.data.userinfo.token
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(res.body.data.userinfo.user_type).toBe(0)
    const rows = await server.services.db.selectFrom('session').selectAll().execute()
    const stored = rows.map((r) => r.token_hash)
    expect(stored).toContain(hashToken(token))
    expect(JSON.stringify(rows)).not.toContain(token)
  })

  it('refuses a wrong password with code 0 and no token', async () => {
    const res = await server.call('POST', '/platform/login', { body: { username: 'admin', password: 'wrong password' } })
    expect(res.body).toMatchObject({ code: 0, msg: 'Wrong username or password.', data: null })
  })

  it('answers an unknown username exactly as a wrong password', async () => {
    const res = await server.call('POST', '/platform/login', { body: { username: 'nobody', password: 'x' } })
    expect(res.body).toMatchObject({ code: 0, msg: 'Wrong username or password.' })
  })

  it('marks empty username and password with the spec §5 messages, in both locales', async () => {
    const en = await server.call('POST', '/platform/login', { body: { username: '', password: '' } })
    expect(en.body.code).toBe(0)
    expect(en.body.data).toEqual({
      errors: [
        { path: '/username', message: 'Username cannot be empty' },
        { path: '/password', message: 'Password cannot be empty' },
      ],
    })
    const zh = await server.call('POST', '/platform/login', { body: { username: 'admin' }, headers: { lang: 'zh-CN' } })
    expect(zh.body).toMatchObject({ code: 0, msg: '密码不能为空', data: { errors: [{ path: '/password', message: '密码不能为空' }] } })
  })

  it('refuses a disabled account', async () => {
    await server.services.db.updateTable('account').set({ status: 0 }).where('username', '=', 'admin').execute()
    const res = await server.call('POST', '/platform/login', { body: { username: 'admin', password: PASSWORD } })
    expect(res.body).toMatchObject({ code: 0, msg: expect.stringContaining('disabled') })
  })

  it('rate-limits guesses at one username with HTTP 429, even with the right password', async () => {
    await upsertAccount(server.services, { username: 'victim', passwordHash: await fixturePasswordHash(), role: 'merchant' })
    const statuses: number[] = []
    for (let i = 0; i < 12; i++) {
      statuses.push((await server.call('POST', '/platform/login', { body: { username: 'victim', password: `guess ${i}` } })).status)
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true)
    expect(statuses.slice(10)).toEqual([429, 429])
    const limited = await server.call('POST', '/platform/login', { body: { username: 'victim', password: PASSWORD } })
    expect(limited.status).toBe(429)
    expect(limited.body).toMatchObject({ code: 0, msg: expect.stringMatching(/Too many requests/) })
    expect((await server.call('POST', '/platform/login', { body: { username: 'admin', password: PASSWORD } })).body.code).toBe(1)
  })
})

describe('session errors (DESIGN §3)', () => {
  it('answers HTTP 401 when no token is sent', async () => {
    const res = await server.call('POST', '/platform/get_user_info')
    expect(res.status).toBe(401)
    expect(res.body.code).toBe(0)
  })

  it('answers 50008 for a malformed or unknown token', async () => {
    expect((await server.call('POST', '/platform/get_user_info', { token: 'not-a-token' })).body.code).toBe(50008)
    expect((await server.call('POST', '/platform/get_user_info', { token: 'A'.repeat(43) })).body.code).toBe(50008)
  })

  it('answers 50012 after logout, after a password change elsewhere, and for a disabled account', async () => {
    const first = await server.login('admin')
    expect((await server.call('POST', '/platform/logout', { token: first })).body.code).toBe(1)
    expect((await server.call('POST', '/platform/get_user_info', { token: first })).body.code).toBe(50012)

    const kept = await server.login('admin')
    const other = await server.login('admin')
    const changed = await server.call('POST', '/platform/change_pwd', { token: kept, body: { old_password: PASSWORD, new_password: 'a brand new secret' } })
    expect(changed.body.code).toBe(1)
    expect((await server.call('POST', '/platform/get_user_info', { token: other })).body.code).toBe(50012)
    expect((await server.call('POST', '/platform/get_user_info', { token: kept })).body.code).toBe(1)
    expect((await server.call('POST', '/platform/login', { body: { username: 'admin', password: PASSWORD } })).body.code).toBe(0)
    expect((await server.call('POST', '/platform/login', { body: { username: 'admin', password: 'a brand new secret' } })).body.code).toBe(1)

    await server.services.db.updateTable('account').set({ status: 0 }).where('username', '=', 'admin').execute()
    expect((await server.call('POST', '/platform/get_user_info', { token: kept })).body.code).toBe(50012)
  })

  it('answers 50014 once the session has expired', async () => {
    const token = await server.login('admin')
    clock = new Date(clock.getTime() + 8 * 24 * 3600_000)
    expect((await server.call('POST', '/platform/get_user_info', { token })).body.code).toBe(50014)
  })

  it('keeps the password when the current one given to change_pwd is wrong, and marks the field', async () => {
    const token = await server.login('admin')
    const res = await server.call('POST', '/platform/change_pwd', { token, body: { old_password: 'nope', new_password: 'another long one' } })
    expect(res.body).toMatchObject({ code: 0, data: { errors: [{ path: '/old_password' }] } })
    expect(await server.login('admin')).toBeTruthy()
  })
})

describe('POST /platform/get_user_info', () => {
  it('answers the profile fields of spec §3 with their defaults and never the password hash', async () => {
    const { token } = await server.account('m1', 'merchant', 'admin')
    const res = await server.call<Record<string, unknown>>('POST', '/platform/get_user_info', { token })
    expect(res.body.code).toBe(1)
    expect(res.body.data).toMatchObject({
      username: 'm1', user_type: 2, money: '0.00', can_transfer_money: 1, can_transfer_digital_man: 1,
      can_transfer_digital_voice: 1, can_transfer_digital_man_advanced: 1, open_oem: 0,
    })
    expect(res.body.data).not.toHaveProperty('password_hash')
    expect(res.body.data).not.toHaveProperty('path')
  })
})

describe('own profile (spec §2 /user/setting, platform/edit_user_info)', () => {
  it('lets any role change its own name, nickname, avatar and introduction, and nothing else', async () => {
    const merchant = await server.account('m1', 'merchant')
    const other = await server.account('m2', 'merchant')
    const body = { name: 'Noodle House', nickname: 'Noodles', avatar: '/uploads/2026-11/0123456789abcdef0123456789abcdef.png', introduction: 'Hand-pulled since 1998.' }
    const res = await server.call<Record<string, unknown>>('POST', '/platform/edit_user_info', { token: merchant.token, body })
    expect(res.body.data).toMatchObject({ ...body, username: 'm1', user_type: 2 })
    expect((await server.call('POST', '/platform/get_user_info', { token: merchant.token })).body.data).toMatchObject(body)
    const untouched = (await server.call<Record<string, unknown>>('POST', '/platform/get_user_info', { token: other.token })).body.data
    expect([untouched.nickname, untouched.avatar]).toEqual(['', ''])
    const sneaky = await server.call('POST', '/platform/edit_user_info', { token: merchant.token, body: { ...body, user_type: 0 } })
    expect(sneaky.body).toMatchObject({ code: 0, data: { errors: [{ path: '/user_type' }] } })
    const partial = await server.call('POST', '/platform/edit_user_info', { token: merchant.token, body: { name: 'Only name' } })
    expect(partial.body.data).toMatchObject({ ...body, name: 'Only name' })
  })
})

describe('overstep sessions end with their opener', () => {
  const code = async (token: string) => (await server.call('POST', '/platform/get_user_info', { token })).body.code
  /** A partner signed in, its merchant's console opened from that sign-in, and the token of each. */
  const openConsole = async () => {
    const { id, token } = await server.accounts([['north', 'partner', 'admin'], ['north-shop', 'merchant', 'north']] as const)
    const opened = await server.call<{ userinfo: { token: string; expires_at: string }; opened_by: { id: number; username: string } }>('POST', '/platform/overstep_login', {
      token: token.north,
      body: { merchant_id: id['north-shop'] },
    })
    expect(opened.body.code, opened.body.msg).toBe(1)
    expect(await code(opened.body.data.userinfo.token)).toBe(1)
    return { id, partner: token.north!, merchant: opened.body.data.userinfo.token, answer: opened.body.data }
  }
  const revokedAt = async (token: string) =>
    (await server.services.db.selectFrom('session').select('revoked_at').where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow()).revoked_at

  it('says who opened it and lasts two hours of its own, then expires', async () => {
    const { id, merchant, answer } = await openConsole()
    expect(answer.opened_by).toEqual({ id: id.north, username: 'north' })
    expect(answer.userinfo.expires_at).toBe('2026-01-01T02:00:00.000Z')
    clock = new Date('2026-01-01T01:59:00.000Z')
    expect(await code(merchant)).toBe(1)
    clock = new Date('2026-01-01T02:00:00.000Z')
    expect(await code(merchant)).toBe(50014)
  })

  it('ends when the opener signs out, and only the console opened from that sign-in', async () => {
    const { id, partner, merchant } = await openConsole()
    const elsewhere = await server.login('north')
    const otherConsole = await server.call<{ userinfo: { token: string } }>('POST', '/platform/overstep_login', { token: elsewhere, body: { merchant_id: id['north-shop'] } })
    expect((await server.call('POST', '/platform/logout', { token: partner })).body.code).toBe(1)
    expect(await code(merchant)).toBe(50012)
    expect(await revokedAt(merchant)).not.toBeNull()
    expect(await code(otherConsole.body.data.userinfo.token)).toBe(1)
  })

  it('ends when the opener session is revoked or expires, checked on every request', async () => {
    const { partner, merchant } = await openConsole()
    // Revoked by any path, even one that never looks at the sessions opened from it.
    await server.services.db.updateTable('session').set({ revoked_at: clock.toISOString(), revoked_reason: 'logout' }).where('token_hash', '=', hashToken(partner)).execute()
    expect(await revokedAt(merchant)).toBeNull()
    expect(await code(merchant)).toBe(50012)

    const second = await openConsole2()
    await server.services.db.updateTable('session').set({ expires_at: '2026-01-01T00:30:00.000Z' }).where('token_hash', '=', hashToken(second.partner)).execute()
    clock = new Date('2026-01-01T00:31:00.000Z')
    expect(await code(second.merchant)).toBe(50012)
  })

  it('never outlives the session that opened it', async () => {
    const partner = (await server.accounts([['west', 'partner', 'admin'], ['west-shop', 'merchant', 'west']] as const))
    clock = new Date('2026-01-07T23:30:00.000Z')
    const opened = await server.call<{ userinfo: { expires_at: string } }>('POST', '/platform/overstep_login', { token: partner.token.west, body: { merchant_id: partner.id['west-shop'] } })
    // The partner signed in on 1 January for 168 hours: its console ends with that sign-in, at midnight.
    expect(opened.body.data.userinfo.expires_at).toBe('2026-01-08T00:00:00.000Z')
  })

  it('ends when the opener is disabled or changes its password, even from the session it opened the console from', async () => {
    const { id, partner, merchant } = await openConsole()
    const changed = await server.call('POST', '/platform/change_pwd', { token: partner, body: { old_password: PASSWORD, new_password: 'a brand new secret' } })
    expect(changed.body.code).toBe(1)
    expect(await code(partner)).toBe(1)
    expect(await code(merchant)).toBe(50012)

    const again = await server.call<{ userinfo: { token: string } }>('POST', '/platform/overstep_login', { token: partner, body: { merchant_id: id['north-shop'] } })
    expect(await code(again.body.data.userinfo.token)).toBe(1)
    const admin = await server.login('admin')
    expect((await server.call('POST', '/provider_service/edit', { token: admin, body: { id: id.north, status: 0 } })).body.code).toBe(1)
    expect(await code(again.body.data.userinfo.token)).toBe(50012)
  })

  /** Another partner and merchant pair, for a test that needs two. */
  async function openConsole2() {
    const { id, token } = await server.accounts([['south', 'partner', 'admin'], ['south-shop', 'merchant', 'south']] as const)
    const opened = await server.call<{ userinfo: { token: string } }>('POST', '/platform/overstep_login', { token: token.south, body: { merchant_id: id['south-shop'] } })
    return { partner: token.south!, merchant: opened.body.data.userinfo.token }
  }
})

describe('download links sign in with a one-use ticket, never the session token', () => {
  const EXPORT = '/release_post/export_data'
  const ask = (token: string, path: string) => server.call<{ ticket: string; expires_at: string }>('POST', '/platform/download_ticket', { token, body: { path } })
  const open = (url: string) => server.inject({ method: 'GET', url, headers: { platform: 'pc' } })

  it('opens its one endpoint once, as the session that asked, and stores only its hash', async () => {
    const { token } = await server.account('m1', 'merchant', 'admin')
    const asked = await ask(token, EXPORT)
    expect(asked.body.data.expires_at).toBe('2026-01-01T00:01:00.000Z')
    const { ticket } = asked.body.data
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const rows = await server.services.db.selectFrom('download_ticket').selectAll().execute()
    expect(rows.map((r) => [r.ticket_hash, r.path])).toEqual([[hashToken(ticket), EXPORT]])
    expect(JSON.stringify(rows)).not.toContain(ticket)

    // Another endpoint's link refuses it, and leaves it unspent.
    expect((await open(`/api/v1/task/events?ticket=${ticket}`)).json()).toMatchObject({ msg: expect.stringContaining('used or has expired') })
    const first = await open(`/api/v1${EXPORT}?format=csv&ticket=${ticket}`)
    expect([first.statusCode, first.headers['content-type']]).toEqual([200, 'text/csv; charset=utf-8'])
    const again = await open(`/api/v1${EXPORT}?format=csv&ticket=${ticket}`)
    expect([again.statusCode, again.json().msg]).toEqual([401, 'This download link has been used or has expired: start the download again from the console.'])
  })

  it('lets one of two requests racing with the same ticket through', async () => {
    const { token } = await server.account('m1', 'merchant', 'admin')
    const { ticket } = (await ask(token, EXPORT)).body.data
    const answers = await Promise.all(Array.from({ length: 4 }, () => open(`/api/v1${EXPORT}?ticket=${ticket}`)))
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401, 401, 401])
  })

  it('is dead a minute on, and with the session that asked for it', async () => {
    const { token } = await server.account('m1', 'merchant', 'admin')
    const late = (await ask(token, EXPORT)).body.data.ticket
    const early = (await ask(token, EXPORT)).body.data.ticket
    clock = new Date('2026-01-01T00:00:59.000Z')
    expect((await open(`/api/v1${EXPORT}?ticket=${early}`)).statusCode).toBe(200)
    clock = new Date('2026-01-01T00:01:00.000Z')
    expect((await open(`/api/v1${EXPORT}?ticket=${late}`)).statusCode).toBe(401)

    const afterLogout = (await ask(token, EXPORT)).body.data.ticket
    await server.call('POST', '/platform/logout', { token })
    expect((await open(`/api/v1${EXPORT}?ticket=${afterLogout}`)).json()).toMatchObject({ code: 50012 })
  })

  it('is refused for a role the endpoint refuses, and for what is no download; a session token in a link is refused by name', async () => {
    const { token } = await server.account('m1', 'merchant', 'admin')
    const forbidden = await ask(token, '/recharge_card/export_data')
    expect([forbidden.status, forbidden.body.msg]).toEqual([403, 'Your role (merchant) may not call GET /recharge_card/export_data.'])
    for (const path of ['/task/list', '/platform/oauth_callback', '/ai/chat', '/no/such']) {
      const refused = await ask(token, path)
      expect(refused.body, path).toMatchObject({ code: 0, data: { errors: [{ path: '/path', message: `${path} is not a download link: tickets are only for downloads and event streams.` }] } })
    }
    const old = await open(`/api/v1${EXPORT}?token=${token}`)
    expect([old.statusCode, old.json().msg]).toEqual([401, expect.stringContaining('ask platform/download_ticket for a ticket')])
    expect(await server.services.db.selectFrom('download_ticket').select('id').execute()).toEqual([])
  })
})
