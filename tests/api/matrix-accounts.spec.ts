// PostgreSQL too: scheduled renewals claim each account once, over the queue.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './harness'
import { startDouyinContract, type DouyinContract } from '../support/douyin-contract'
import { startKuaishouContract, type KuaishouContract } from '../support/kuaishou-contract'
import { waitForTask } from '../support/tasks'
import { taskHandlers } from '../../src/server/task-handlers'
import { startWorkers } from '../../src/server/tasks/engine'

type Link = { id: number; name: string; code: string; status: string; platforms: string[]; expires_at: string; authorized_count: number; host: string }
type Account = Record<string, unknown> & { id: number; platform: string; nickname: string; status: string; problem: string; access_expires_at: string | null; link_id: number | null }

const HOST = 'console.test'
const CALLBACK = `http://${HOST}/api/v1/platform/oauth_callback`
const DAY = 86_400_000

describe('matrix accounts: batch-authorization links, the platforms\' OAuth flow, sealed tokens renewed on schedule (issue: matrix distribution)', () => {
  let server: TestServer
  let douyin: DouyinContract
  let kuaishou: KuaishouContract
  let token: Record<string, string>
  let id: Record<string, number>
  let link: Link
  /** The server's clock: moved forward to age links, states and tokens. */
  let ahead = 0

  const publishing = (values: Record<string, unknown>) => server.call('POST', '/platform/set_config', { token: token.admin, body: { group: 'publishing', values } })
  const setUpBoth = async () => expect((await publishing({ douyin_client_key: douyin.clientKey, douyin_client_secret: douyin.clientSecret, douyin_api_url: douyin.url, kuaishou_app_id: kuaishou.appId, kuaishou_app_secret: kuaishou.appSecret, kuaishou_api_url: kuaishou.url })).body.code).toBe(1)
  const addLink = (body: Record<string, unknown>) => server.call<Link>('POST', '/authorization_link/add', { token: token.m1, body })
  const info = (code: string, lang = 'en-US') => server.call<{ state: string; merchant: string; site_name: string; platforms: { platform: string; ready: boolean }[] }>('GET', '/platform/authorization_link_info', { query: { code }, headers: { 'accept-language': lang } })
  /** authorization_start as the page calls it: the platform's address, and the cookie it set. */
  const start = async (code: string, platform: string) => {
    const res = await server.inject({ method: 'POST', url: '/api/v1/platform/authorization_start', headers: { host: HOST, platform: 'pc', 'content-type': 'application/json', 'accept-language': 'en-US' }, payload: JSON.stringify({ code, platform }) })
    const body = res.json() as { code: number; msg: string; data: { url: string } | null }
    const cookie = String(res.headers['set-cookie'] ?? '').split(';')[0]!
    return { body, cookie }
  }
  /** The person agrees on the platform's page: the platform sends the browser back with a code and the state. */
  const consent = async (url: string) => {
    const res = await fetch(url, { redirect: 'manual' })
    expect(res.status).toBe(302)
    const back = new URL(res.headers.get('location')!)
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK)
    return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! }
  }
  /** The callback as the browser makes it; answers where it sends the person. */
  const callback = async (query: Record<string, string>, cookie?: string) => {
    const res = await server.inject({ method: 'GET', url: `/api/v1/platform/oauth_callback?${new URLSearchParams(query)}`, headers: { host: HOST, ...(cookie ? { cookie } : {}) } })
    expect(res.statusCode).toBe(303)
    const to = new URL(String(res.headers.location), `http://${HOST}`)
    expect(to.pathname).toBe('/batchAuthorization')
    return to.searchParams
  }
  const authorize = async (code: string, platform: string) => {
    const started = await start(code, platform)
    expect(started.body.code).toBe(1)
    return callback(await consent(started.body.data!.url), started.cookie)
  }
  const accounts = async (who = 'm1') => (await server.call<{ data: Account[] }>('GET', '/platform/get_account', { token: token[who], query: { limit: 100 } })).body.data.data
  const rawAccounts = () => sql<Record<string, unknown>>`select * from ${sql.table(server.services.registry.entities.get('platform_account')!.table)}`.execute(server.services.db).then((r) => r.rows)

  beforeAll(async () => {
    douyin = await startDouyinContract()
    kuaishou = await startKuaishouContract()
    server = await startTestServer({ now: () => new Date(Date.now() + ahead), config: { vendorTiming: { timeoutMs: 2000 }, taskEverySeconds: 1 } })
    ;({ id, token } = await server.accounts([
      ['admin', 'admin'],
      ['p1', 'partner', 'admin'],
      ['p2', 'partner', 'admin'],
      ['m1', 'merchant', 'p1'],
      ['m2', 'merchant', 'p2'],
    ]))
    await sql`update ${sql.table(server.services.registry.entities.get('user')!.table)} set name = ${'Tea House 茶馆'} where id = ${id.m1}`.execute(server.services.db)
    await setUpBoth()
    const made = await server.inject({ method: 'POST', url: '/api/v1/authorization_link/add', headers: { host: `${HOST}:8443`, platform: 'pc', token: token.m1!, 'content-type': 'application/json' }, payload: JSON.stringify({ name: 'Spring shops', valid_days: 30 }) })
    link = (made.json() as { data: Link }).data
    await startWorkers(server.services, taskHandlers, 2)
  })
  afterAll(async () => {
    await server.close()
    await douyin.close()
    await kuaishou.close()
  })

  it('a merchant\'s link is signed, lasts the days asked, offers both platforms and remembers the site it was made on', async () => {
    expect(link).toMatchObject({ name: 'Spring shops', status: 'active', platforms: ['douyin', 'kuaishou'], authorized_count: 0, host: HOST })
    expect(link.code).toMatch(/^\d+\.[A-Za-z0-9_-]{24}$/)
    expect(new Date(link.expires_at).getTime() - Date.now()).toBeGreaterThan(29 * DAY)
    const listed = await server.call<{ data: Link[] }>('GET', '/authorization_link/list', { token: token.m1 })
    expect(listed.body.data.data.map((l) => l.code)).toEqual([link.code])
    // Another merchant's link is as good as missing.
    expect((await server.call('POST', '/authorization_link/revoke', { token: token.m2, body: { id: link.id } })).body).toMatchObject({ code: 0, msg: expect.stringContaining('does not exist') })
  })

  it('the open page learns the merchant, the site and which platforms are set up, without signing in', async () => {
    // The platforms' apps are taken away after the link was made.
    expect((await publishing({ douyin_client_key: '', kuaishou_app_id: '' })).body.code).toBe(1)
    const before = await info(link.code)
    expect(before.body).toMatchObject({ code: 1, data: { state: 'active', merchant: 'Tea House 茶馆', platforms: [{ platform: 'douyin', ready: false }, { platform: 'kuaishou', ready: false }] } })
    const refused = await start(link.code, 'douyin')
    expect(refused.body).toMatchObject({ code: 0, msg: expect.stringContaining("This platform's Douyin app is not set up") })
    // The form that makes a link says so before anyone fills it in, in the caller's language.
    const notices = (lang: string) => server.call<{ notices: { type: string; message: string }[]; values?: { platforms: string[] } }>('GET', '/authorization_link/form_notices', { token: token.m1, headers: { lang } })
    expect((await notices('en-US')).body.data.notices).toEqual([{ type: 'warning', message: expect.stringMatching(/^Douyin, Kuaishou cannot be authorized yet: the platform has not set up its app there/) }])
    expect((await notices('zh-CN')).body.data.notices).toEqual([{ type: 'warning', message: expect.stringMatching(/^暂时无法授权抖音、快手/) }])
    // A link is made only for platforms the site has set up, and says which it has not.
    expect((await addLink({ name: 'Nothing set up' })).body).toMatchObject({ code: 0, data: { errors: [{ path: '/platforms' }] }, msg: expect.stringContaining('Douyin, Kuaishou cannot be authorized yet') })
    expect((await publishing({ douyin_client_key: douyin.clientKey })).body.code).toBe(1)
    const douyinReady = (await notices('en-US')).body.data
    expect([douyinReady.notices.map((n) => n.message), douyinReady.values]).toEqual([[expect.stringMatching(/^Kuaishou cannot be authorized yet/)], { platforms: ['douyin'] }])
    expect((await addLink({ name: 'Both asked', platforms: ['douyin', 'kuaishou'] })).body).toMatchObject({ code: 0, msg: expect.stringMatching(/^Kuaishou cannot be authorized yet/) })
    const douyinOnly = await addLink({ name: 'What is set up' })
    expect(douyinOnly.body.data.platforms).toEqual(['douyin'])
    // Gone again, so the tests below see the one link they know.
    await sql`delete from ${sql.table(server.services.registry.entities.get('authorization_link')!.table)} where id = ${douyinOnly.body.data.id}`.execute(server.services.db)
    await setUpBoth()
    expect((await info(link.code)).body.data.platforms).toEqual([{ platform: 'douyin', ready: true }, { platform: 'kuaishou', ready: true }])
    expect((await notices('en-US')).body.data).toEqual({ notices: [] })
  })

  it('a code this server did not sign is a link that does not exist, in both languages', async () => {
    const [linkId] = link.code.split('.')
    for (const forged of [`${linkId}.AAAAAAAAAAAAAAAAAAAAAAAA`, `${Number(linkId) + 1}.${link.code.split('.')[1]}`, 'nonsense']) {
      expect((await info(forged)).body).toMatchObject({ code: 0, msg: expect.stringContaining('This authorization link does not exist') })
    }
    expect((await info('nonsense', 'zh-CN')).body.msg).toContain('该授权链接不存在')
  })

  it('an owner authorizes Douyin: the account lands on the merchant\'s list, its tokens sealed and never sent', async () => {
    const started = await start(link.code, 'douyin')
    expect(started.body.code).toBe(1)
    const authorizeAt = new URL(started.body.data!.url)
    expect(authorizeAt.origin).toBe(douyin.url)
    expect(authorizeAt.pathname).toBe('/platform/oauth/connect/')
    expect(Object.fromEntries(authorizeAt.searchParams)).toMatchObject({ client_key: douyin.clientKey, response_type: 'code', redirect_uri: CALLBACK, scope: 'user_info,video.create.bind,video.list.bind,video.data.bind' })
    expect(started.cookie).toMatch(/^oauth_browser_\d+=[A-Za-z0-9_-]{43}$/)
    const back = await callback(await consent(started.body.data!.url), started.cookie)
    expect(Object.fromEntries(back)).toEqual({ link: link.code, result: 'ok', platform: 'douyin', account: 'Tea shop 茶铺' })

    const [account] = await accounts()
    expect(account).toMatchObject({ platform: 'douyin', nickname: 'Tea shop 茶铺', status: 'authorized', problem: '', link_id: link.id, scope: 'user_info,video.create.bind,video.list.bind,video.data.bind' })
    expect(account!.open_id).toMatch(/^dy-/)
    expect(account).not.toHaveProperty('access_token')
    expect(account).not.toHaveProperty('refresh_token')
    expect(new Date(account!.access_expires_at!).getTime() - Date.now()).toBeGreaterThan(14 * DAY)
    const issued = douyin.accounts.get(String(account!.open_id))!
    const [raw] = await rawAccounts()
    expect(String(raw!.access_token)).toMatch(/^v1\./)
    expect(String(raw!.access_token)).not.toContain(issued.accessToken)
    expect(String(raw!.refresh_token)).not.toContain(issued.refreshToken)
    expect((await server.call<{ data: Link[] }>('GET', '/authorization_link/list', { token: token.m1 })).body.data.data[0]!.authorized_count).toBe(1)
  })

  it('with a site address set, the platform sends the person back there, whatever Host a request names; a domain of the site keeps its own', async () => {
    const init = (values: Record<string, unknown>) => server.call('POST', '/platform/set_config', { token: token.admin, body: { group: 'init', values } })
    const startAt = async (host: string) => {
      const res = await server.inject({ method: 'POST', url: '/api/v1/platform/authorization_start', headers: { host, platform: 'pc', 'content-type': 'application/json' }, payload: JSON.stringify({ code: link.code, platform: 'douyin' }) })
      return new URL((res.json() as { data: { url: string } }).data.url).searchParams.get('redirect_uri')
    }
    expect((await init({ site_url: 'https://console.example.com/admin' })).body.code).toBe(1)
    const domain = await server.call<{ id: number }>('POST', '/domain/add', { token: token.admin, body: { host: 'shop.partner.test', name: 'Partner shop' } })
    expect(domain.body.code).toBe(1)
    try {
      expect(await startAt('attacker.test')).toBe('https://console.example.com/api/v1/platform/oauth_callback')
      expect(await startAt('console.example.com')).toBe('https://console.example.com/api/v1/platform/oauth_callback')
      expect(await startAt('shop.partner.test')).toBe('http://shop.partner.test/api/v1/platform/oauth_callback')
      const made = await server.inject({ method: 'POST', url: '/api/v1/authorization_link/add', headers: { host: 'attacker.test', platform: 'pc', token: token.m1!, 'content-type': 'application/json' }, payload: JSON.stringify({ name: 'Forged host', valid_days: 1 }) })
      expect((made.json() as { data: Link }).data.host).toBe('console.example.com')
    } finally {
      await init({ site_url: '' })
      await server.call('POST', '/domain/batch_del', { token: token.admin, body: { ids: [domain.body.data.id] } })
    }
  })

  it('a state is spent once: the same callback again adds nothing', async () => {
    const started = await start(link.code, 'douyin')
    const returned = await consent(started.body.data!.url)
    expect((await callback(returned, started.cookie)).get('result')).toBe('ok')
    expect((await callback(returned, started.cookie)).get('result')).toBe('used')
    expect(await accounts()).toHaveLength(2)
  })

  it('a forged state, or one from another purpose, is refused before anything is asked of the platform', async () => {
    const calls = douyin.calls.length
    expect((await callback({ code: 'x', state: '1.AAAAAAAAAAAAAAAAAAAAAAAA' })).get('result')).toBe('state')
    // The link's own code is signed too, but for another purpose.
    expect((await callback({ code: 'x', state: link.code })).get('result')).toBe('state')
    expect((await callback({ code: 'x' })).get('result')).toBe('state')
    expect(douyin.calls.length).toBe(calls)
  })

  it('a callback planted in another browser adds nothing and leaves the real one working', async () => {
    const started = await start(link.code, 'douyin')
    douyin.nextUser = { nickname: 'Noodle bar 面馆' }
    const returned = await consent(started.body.data!.url)
    const planted = await callback(returned)
    expect(Object.fromEntries(planted)).toEqual({ link: link.code, result: 'browser' })
    expect((await callback(returned, 'oauth_browser_1=wrong; other=1')).get('result')).toBe('browser')
    expect((await callback(returned, started.cookie)).get('account')).toBe('Noodle bar 面馆')
  })

  it('a refusal on the platform\'s page, and a state left past ten minutes, add nothing', async () => {
    const denied = await start(link.code, 'douyin')
    const state = new URL(denied.body.data!.url).searchParams.get('state')!
    expect((await callback({ state, error: 'access_denied', error_description: 'user cancelled' }, denied.cookie)).get('result')).toBe('denied')

    const late = await start(link.code, 'douyin')
    const returned = await consent(late.body.data!.url)
    ahead += 11 * 60_000
    expect((await callback(returned, late.cookie)).get('result')).toBe('state_expired')
    expect(await accounts()).toHaveLength(3)
  })

  it('a code the platform refuses is said as the platform\'s failure, and nothing is stored', async () => {
    const started = await start(link.code, 'douyin')
    const state = new URL(started.body.data!.url).searchParams.get('state')!
    expect((await callback({ state, code: 'not-a-code-douyin-issued' }, started.cookie)).get('result')).toBe('platform')
    expect(await accounts()).toHaveLength(3)
  })

  it('Kuaishou authorizes through its own flow', async () => {
    const back = await authorize(link.code, 'kuaishou')
    expect(Object.fromEntries(back)).toMatchObject({ result: 'ok', platform: 'kuaishou', account: '快手茶铺' })
    expect(kuaishou.calls.some((c) => c.path === '/oauth2/access_token')).toBe(true)
    const mine = await accounts()
    expect(mine.find((a) => a.platform === 'kuaishou')).toMatchObject({ status: 'authorized', nickname: '快手茶铺' })
  })

  it('partners and admins see the accounts in their reach; merchants only their own', async () => {
    const list = async (who: string) => (await server.call<{ data: Account[] }>('GET', '/platform/platform_user_list', { token: token[who] })).body
    expect((await list('admin')).data.data).toHaveLength(4)
    expect((await list('p1')).data.data).toHaveLength(4)
    expect((await list('p2')).data.data).toHaveLength(0)
    expect((await list('m1')).code).toBe(0)
    expect(await accounts('m2')).toHaveLength(0)
  })

  it('assisted platforms are added by name and say a person posts; Douyin cannot be added that way', async () => {
    const added = await server.call<Account>('POST', '/platform_account/add', { token: token.m1, body: { platform: 'xiaohongshu', nickname: 'Tea notes', remark: 'Posted by Li' } })
    expect(added.body).toMatchObject({ code: 1, data: { platform: 'xiaohongshu', status: 'assisted', open_id: '' } })
    const douyinByName = await server.call('POST', '/platform_account/add', { token: token.m1, body: { platform: 'douyin', nickname: 'Fake' } })
    expect(douyinByName.body).toMatchObject({ code: 0, data: { errors: [expect.objectContaining({ path: '/platform' })] } })
    // An edit cannot turn an assisted account into another platform's.
    const edit = await server.call('POST', '/platform_account/edit', { token: token.m1, body: { id: added.body.data.id, platform: 'douyin' } })
    expect(edit.body.code).toBe(0)
  })

  it('a revoked link stops at once, authorizations already started included', async () => {
    const other = (await server.call<Link>('POST', '/authorization_link/add', { token: token.m1, body: { name: 'One shop', platforms: ['douyin'] } })).body.data
    expect((await start(other.code, 'kuaishou')).body).toMatchObject({ code: 0, msg: 'This link does not offer Kuaishou.' })
    const started = await start(other.code, 'douyin')
    const returned = await consent(started.body.data!.url)
    const revoked = await server.call<Link>('POST', '/authorization_link/revoke', { token: token.m1, body: { id: other.id } })
    expect(revoked.body.data.status).toBe('revoked')
    expect((await callback(returned, started.cookie)).get('result')).toBe('link_revoked')
    expect((await info(other.code)).body.data.state).toBe('revoked')
    expect((await start(other.code, 'douyin')).body).toMatchObject({ code: 0, msg: expect.stringContaining('revoked') })
    expect((await server.call('POST', '/authorization_link/revoke', { token: token.m1, body: { id: other.id } })).body.msg).toBe(`Link ${other.id} is already revoked.`)
  })

  it('tokens are renewed by a scheduled task before they end, once per account, still sealed', async () => {
    const before = (await accounts()).find((a) => a.platform === 'douyin' && a.nickname === 'Tea shop 茶铺')!
    const refreshes = () => douyin.calls.filter((c) => c.path === '/oauth/refresh_token/').length
    const calls = refreshes()
    // Fourteen and a half days on, the token has twelve hours left: renewal is due.
    ahead += 14.5 * DAY
    token.m1 = await server.login('m1')
    const task = await waitForKind('platform_token_refresh', before.id)
    await waitForTask(server, token.m1!, task, 'succeeded')
    const after = (await accounts()).find((a) => a.id === before.id)!
    expect(new Date(after.access_expires_at!).getTime()).toBeGreaterThan(new Date(before.access_expires_at!).getTime())
    expect(after.status).toBe('authorized')
    expect(refreshes()).toBeGreaterThan(calls)
    // No token in plain text anywhere in the database, the task's recorded steps included.
    if (process.env.TEST_DATABASE !== 'postgres') {
      const file = Buffer.concat(['console.sqlite', 'console.sqlite-wal'].filter((name) => existsSync(join(server.services.config.dataDir, name))).map((name) => readFileSync(join(server.services.config.dataDir, name))))
      for (const issued of [...douyin.accounts.values()].filter((a) => a.accessToken)) {
        expect(file.includes(issued.accessToken)).toBe(false)
        expect(file.includes(issued.refreshToken)).toBe(false)
      }
    }
    const steps = await sql<{ steps: string }>`select steps from ${sql.table(server.services.registry.entities.get('task')!.table)} where id = ${task}`.execute(server.services.db)
    expect(JSON.stringify(steps.rows)).toContain('v1.')
    for (const issued of [...douyin.accounts.values()].filter((a) => a.accessToken)) expect(JSON.stringify(steps.rows)).not.toContain(issued.accessToken)
  })

  it('an account whose refresh the platform refuses says re-authorize, with the platform\'s reason', async () => {
    const target = (await accounts()).find((a) => a.nickname === 'Noodle bar 面馆')!
    const earlier = await waitForKind('platform_token_refresh', target.id)
    // Renewed a moment ago with the rest, once that renewal has ended: its new token comes due
    // fourteen and a half days on. A renewal still running when the clock moves would renew it from then.
    await waitForTask(server, token.m1!, earlier, 'succeeded')
    douyin.expireRefresh(String(target.open_id))
    ahead += 14.5 * DAY
    token.m1 = await server.login('m1')
    const task = await waitForKind('platform_token_refresh', target.id, earlier)
    await waitForTask(server, token.m1!, task, 'failed')
    const after = (await accounts()).find((a) => a.id === target.id)!
    expect(after).toMatchObject({ status: 'reauthorize', problem: expect.stringContaining('Douyin no longer accepts this account') })
  })

  it('a Douyin refresh token near its thirty days is renewed with the access token, and the account lives on', async () => {
    const teaShop = (await accounts()).find((a) => a.nickname === 'Tea shop 茶铺')!
    const issued = douyin.accounts.get(String(teaShop.open_id))!
    expect(douyin.calls.some((c) => c.path === '/oauth/renew_refresh_token/')).toBe(false)
    const oldRefresh = issued.refreshToken
    // Its refresh token has three days left, as the next refresh tells; the access token is due again.
    issued.refreshUntil = Date.now() + 3 * DAY
    ahead += 14.5 * DAY
    token.m1 = await server.login('m1')
    await expect.poll(async () => (await accounts()).find((a) => a.id === teaShop.id)!.refresh_expires_at, { timeout: 20_000 }).not.toBe(teaShop.refresh_expires_at)
    const after = (await accounts()).find((a) => a.id === teaShop.id)!
    expect(after.status).toBe('authorized')
    expect(new Date(String(after.refresh_expires_at)).getTime() - (Date.now() + ahead)).toBeGreaterThan(29 * DAY)
    expect(douyin.calls.filter((c) => c.path === '/oauth/renew_refresh_token/' && c.form.refresh_token === oldRefresh)).toHaveLength(1)
    expect(issued.refreshToken).not.toBe(oldRefresh)
  })

  it('a Kuaishou refresh its server cannot answer now is tried again, the account kept; one refused for the app fails for an administrator, the account kept', async () => {
    const target = (await accounts()).find((a) => a.platform === 'kuaishou')!
    const earlier = await waitForKind('platform_token_refresh', target.id)
    await waitForTask(server, token.m1!, earlier, 'succeeded')
    kuaishou.mode = 'busy'
    // Two days on, its access token of two days is due.
    ahead += 2 * DAY
    token.m1 = await server.login('m1')
    const busy = await waitForKind('platform_token_refresh', target.id, earlier)
    const waiting = await waitForTask(server, token.m1!, busy, 'queued', (t) => t.attempts >= 1 && /Kuaishou is busy/.test(t.error['en-US'] ?? ''))
    expect(waiting.error['en-US']).toBe('Kuaishou is busy: 服务内部错误 (result 100200500); it will be tried again.')
    expect((await accounts()).find((a) => a.id === target.id)).toMatchObject({ status: 'authorized', problem: '' })
    kuaishou.mode = 'ok'
    await waitForTask(server, token.m1!, busy, 'succeeded')

    token.admin = await server.login('admin')
    expect((await publishing({ kuaishou_app_secret: 'not-the-secret' })).body.code).toBe(1)
    ahead += 2 * DAY
    token.m1 = await server.login('m1')
    try {
      const refused = await waitForKind('platform_token_refresh', target.id, busy)
      const failed = await waitForTask(server, token.m1!, refused, 'failed')
      expect(failed.error['en-US']).toMatch(/^Kuaishou does not accept this platform's app or what it sent: .* \(result 100200101\)\. The account is not at fault and is kept; an administrator checks/)
      expect(failed.attempts).toBe(1)
      expect((await accounts()).find((a) => a.id === target.id)).toMatchObject({ status: 'authorized', problem: '' })
    } finally {
      token.admin = await server.login('admin')
      await setUpBoth()
    }
  })

  /** The newest task of a kind for an account, once the schedule has queued it. */
  async function waitForKind(kind: string, accountId: number, after = 0): Promise<number> {
    const until = Date.now() + 20_000
    for (;;) {
      const res = await server.call<{ data: { id: number; kind: string }[] }>('GET', '/task/list', { token: token.m1, query: { kind, sort: 'id', order: 'desc' } })
      const found = await Promise.all(res.body.data.data.map(async (t) => (await server.call<{ input: { account_id: number } }>('GET', '/task/detail', { token: token.m1, query: { id: t.id } })).body.data))
      const match = res.body.data.data.find((t, i) => t.id > after && found[i]!.input.account_id === accountId)
      if (match) return match.id
      if (Date.now() > until) throw new Error(`No ${kind} task was queued for account ${accountId}.`)
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
  }
})
