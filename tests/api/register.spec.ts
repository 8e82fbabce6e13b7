// PostgreSQL too: racing registrations for the last place under a partner.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { verifyPassword } from '../../src/server/auth/password'
import { readConfig } from '../../src/server/config'
import { startTestServer, type TestServer } from './harness'

// The characters each captcha picture was drawn with: what a person reads off the picture.
const drawn = vi.hoisted(() => [] as string[])
vi.mock('svg-captcha', async (importOriginal) => {
  const real = (await importOriginal<{ default: (text: string, options: unknown) => string }>()).default
  return { default: Object.assign((text: string, options: unknown) => (drawn.push(text), real(text, options)), real) }
})

const NEW_PASSWORD = 'Tea-leaf 42 shop'
const SITE = 'shop.example.com'

interface Registered { userinfo: { id: number; username: string; user_type: number; token: string; expires_at: string } }
interface Account { id: number; username: string; user_type: number; parent_id: number | null; path: string; service_id: number; mobile: string; name: string; status: number; password_hash: string; created_at: string }

let server: TestServer
const token: Record<string, string> = {}
const id: Record<string, number> = {}

/** Many registrations from one address in a test; the limit has a test of its own. */
async function start(registerRateLimit = { perAddress: 1000, windowMs: 60_000 }): Promise<void> {
  server = await startTestServer({ config: { registerRateLimit } })
  const made = await server.accounts([['admin', 'admin'], ['p', 'partner', 'admin'], ['q', 'partner', 'admin'], ['p-shop', 'merchant', 'p']] as const)
  Object.assign(token, made.token)
  Object.assign(id, made.id)
  await server.services.db.updateTable('account').set({ service_prefix_no: 'P100' }).where('id', '=', id.p!).execute()
  await server.services.db.updateTable('account').set({ service_prefix_no: 'Q200', status: 0 }).where('id', '=', id.q!).execute()
}

async function captcha(): Promise<{ id: string; answer: string }> {
  const res = await server.call<{ captcha_id: string }>('GET', '/platform/captcha_image')
  expect(res.body.code, res.body.msg).toBe(1)
  return { id: res.body.data.captcha_id, answer: drawn.at(-1)! }
}

/** Register with a solved captcha, unless the body says otherwise. */
async function register(body: Record<string, unknown> = {}, lang?: string) {
  const picture = await captcha()
  return server.call<Registered>('POST', '/platform/register', {
    body: { invite_code: 'P100', username: 'new-shop', password: NEW_PASSWORD, captcha_id: picture.id, captcha: picture.answer.toLowerCase(), domain: SITE, ...body },
    headers: lang ? { lang } : {},
  })
}

const accountNamed = (username: string) => server.services.db.selectFrom('account').selectAll().where('username', '=', username).executeTakeFirst() as Promise<Account | undefined>
const accountCount = async () => Number((await server.services.db.selectFrom('account').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
const merchantsOf = async (partner: string) =>
  Number((await server.services.db.selectFrom('account').select((eb) => eb.fn.countAll().as('n')).where('parent_id', '=', id[partner]!).where('user_type', '=', 2).executeTakeFirstOrThrow()).n)
const setPlatform = (values: Record<string, unknown>) => server.call('POST', '/platform/set_config', { token: token.admin, body: { group: 'platform', values } })
const addSite = (host: string, allowRegister: number) => server.call('POST', '/domain/add', { token: token.admin, body: { host, name: host, allow_register: allowRegister } })
const systemInfo = async (domain: string) => (await server.call<{ allow_register: boolean }>('GET', '/platform/get_system_info', { query: { domain } })).body.data.allow_register

/** A username no other test of the file has taken. */
let n = 0
const fresh = (stem = 'shop') => `${stem}-${++n}`

describe('POST /platform/register: a merchant registers with a partner\'s invitation code', () => {
  beforeAll(() => start())
  afterAll(() => server.close())
  afterEach(() => setPlatform({ VITE_MERCHANT_COUNT_LIMITATION: '-1' }))

  it('lands the new merchant under the partner, with the partner\'s path, and signs it in', async () => {
    const partner = (await accountNamed('p'))!
    const res = await register({ invite_code: ' P100 ', username: 'new-shop' })
    expect(res.body).toMatchObject({ code: 1, data: { userinfo: { username: 'new-shop', user_type: 2, token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) } } })
    const stored = (await accountNamed('new-shop'))!
    expect(stored).toMatchObject({ id: res.body.data.userinfo.id, user_type: 2, parent_id: partner.id, service_id: partner.id, path: `${partner.path}${stored.id}/`, name: 'new-shop', mobile: '', status: 1 })
    expect(stored.password_hash).not.toContain(NEW_PASSWORD)
    expect(await verifyPassword(NEW_PASSWORD, stored.password_hash)).toBe(true)

    // Signed in as the new merchant, which its partner now finds among its own.
    const me = await server.call<{ username: string; user_type: number }>('POST', '/platform/get_user_info', { token: res.body.data.userinfo.token })
    expect(me.body.data).toMatchObject({ username: 'new-shop', user_type: 2 })
    const merchants = await server.call<{ data: { username: string }[] }>('GET', '/provider_service/merchant', { token: token.p, query: { limit: 100 } })
    expect(merchants.body.data.data.map((m) => m.username)).toEqual(expect.arrayContaining(['new-shop', 'p-shop']))
    expect(await server.login('new-shop', NEW_PASSWORD)).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('keeps a username that is a mobile number as the account\'s mobile too, so forgot-password finds it by either', async () => {
    const res = await register({ username: '13800138000' })
    expect(res.body.code, res.body.msg).toBe(1)
    expect(await accountNamed('13800138000')).toMatchObject({ mobile: '13800138000', user_type: 2 })
    await server.services.db.updateTable('account').set({ mobile: '13900139000' }).where('username', '=', 'p-shop').execute()
    const taken = await register({ username: '13900139000' }, 'zh-CN')
    expect(taken.body).toMatchObject({ code: 0, data: { errors: [{ path: '/username', message: '手机号“13900139000”已被其他账号使用。' }] } })
    expect(await accountNamed('13900139000')).toBeUndefined()
  })

  it.each([
    ['en-US', 'There is no partner with invitation code "NOPE". Check the code with the partner who invited you.'],
    ['zh-CN', '邀请码“NOPE”不存在，请向邀请您的服务商核对。'],
  ])('refuses an unknown invitation code on its field (%s), writing nothing', async (lang, message) => {
    const before = await accountCount()
    const res = await register({ invite_code: 'NOPE', username: fresh() }, lang)
    expect(res.body).toMatchObject({ code: 0, msg: message, data: { errors: [{ path: '/invite_code', message }] } })
    expect(await accountCount()).toBe(before)
  })

  it("refuses a disabled partner's code, and a merchant's, as unknown", async () => {
    const username = fresh()
    expect((await register({ invite_code: 'Q200', username })).body.data).toEqual({ errors: [{ path: '/invite_code', message: expect.stringContaining('"Q200"') }] })
    await server.services.db.updateTable('account').set({ service_prefix_no: 'M300' }).where('username', '=', 'p-shop').execute()
    expect((await register({ invite_code: 'M300', username })).body.data).toEqual({ errors: [{ path: '/invite_code', message: expect.stringContaining('"M300"') }] })
    expect(await accountNamed(username)).toBeUndefined()
  })

  it.each([
    ['en-US', 'Username "p-shop" is already used by another Account.'],
    ['zh-CN', '用户名“p-shop”已被其他账号使用。'],
  ])('refuses a username that is taken on its field (%s)', async (lang, message) => {
    const before = await accountCount()
    const res = await register({ username: 'p-shop' }, lang)
    expect(res.body).toMatchObject({ code: 0, data: { errors: [{ path: '/username', message }] } })
    expect(await accountCount()).toBe(before)
  })

  it.each([
    ['12345678', 'en-US', 'This password is too weak: mix at least two kinds of characters (letters, digits, symbols or spaces).'],
    ['aaaa1111', 'zh-CN', '密码强度不够：请至少使用 5 个不同的字符。'],
    ['{name}-2024', 'en-US', 'This password is too weak: it must not contain the username.'],
    ['Password1', 'zh-CN', '该密码过于常见，很容易被猜中，请换一个。'],
  ])('refuses the weak password %j on its field (%s), leaving the picture for the next try', async (password, lang, message) => {
    const username = fresh()
    const picture = await captcha()
    const body = { invite_code: 'P100', username, captcha_id: picture.id, captcha: picture.answer, domain: SITE }
    const weak = await server.call('POST', '/platform/register', { body: { ...body, password: password.replace('{name}', username) }, headers: { lang } })
    expect(weak.body).toMatchObject({ code: 0, data: { errors: [{ path: '/password', message }] } })
    expect(await accountNamed(username)).toBeUndefined()
    const strong = await server.call('POST', '/platform/register', { body: { ...body, password: NEW_PASSWORD } })
    expect(strong.body.code, strong.body.msg).toBe(1)
  })

  it('refuses a password shorter than 8 characters through the schema, in both locales', async () => {
    const en = await register({ password: 'Ab1-', username: fresh() })
    expect(en.body).toMatchObject({ code: 0, data: { errors: [{ path: '/password', message: expect.stringContaining('Password') }] } })
    const zh = await register({ password: 'Ab1-', username: fresh() }, 'zh-CN')
    expect(zh.body).toMatchObject({ code: 0, data: { errors: [{ path: '/password', message: expect.stringContaining('密码') }] } })
  })

  it.each([
    ['en-US', 'The picture code is wrong or has expired. Type the characters of the new picture.'],
    ['zh-CN', '图形验证码错误或已过期，请输入新图片中的字符。'],
  ])('refuses a wrong picture code on its field (%s) before looking at the code or the username, and uses the picture up', async (lang, message) => {
    const username = fresh()
    const picture = await captcha()
    const body = { invite_code: 'NOPE', username: 'p-shop', password: NEW_PASSWORD, captcha_id: picture.id, domain: SITE }
    const wrong = await server.call('POST', '/platform/register', { body: { ...body, captcha: 'XXXX' }, headers: { lang } })
    expect(wrong.body).toMatchObject({ code: 0, data: { errors: [{ path: '/captcha', message }] } })
    const reused = await server.call('POST', '/platform/register', { body: { ...body, invite_code: 'P100', username, captcha: picture.answer } })
    expect(reused.body).toMatchObject({ code: 0, data: { errors: [{ path: '/captcha' }] } })
    expect(await accountNamed(username)).toBeUndefined()
  })

  it("refuses a partner that has reached the merchant limit on the code's field, in both locales; raising the limit lets the merchant in", async () => {
    const have = await merchantsOf('p')
    await setPlatform({ VITE_MERCHANT_COUNT_LIMITATION: String(have) })
    const username = fresh()
    const full = await register({ username })
    expect(full.body).toMatchObject({ code: 0, data: { errors: [{ path: '/invite_code', message: 'The partner of this invitation code cannot take more merchants now. Ask the partner who invited you.' }] } })
    const zh = await register({ username }, 'zh-CN')
    expect(zh.body).toMatchObject({ code: 0, msg: '该邀请码所属服务商的商户数已满，暂时无法注册，请联系邀请您的服务商。' })
    expect(await accountNamed(username)).toBeUndefined()
    await setPlatform({ VITE_MERCHANT_COUNT_LIMITATION: String(have + 1) })
    expect((await register({ username })).body.code).toBe(1)
    expect((await register({ username: fresh() })).body.data).toMatchObject({ errors: [{ path: '/invite_code' }] })
    expect(await merchantsOf('p')).toBe(have + 1)
  })

  it('lets only one of three registrations take the last place under a partner', async () => {
    const have = await merchantsOf('p')
    await setPlatform({ VITE_MERCHANT_COUNT_LIMITATION: String(have + 1) })
    const results = await Promise.all([register({ username: fresh('racer') }), register({ username: fresh('racer') }), register({ username: fresh('racer') })])
    expect(results.filter((r) => r.body.code === 1)).toHaveLength(1)
    expect(await merchantsOf('p')).toBe(have + 1)
  })
})

describe('where registration is open: the domain decides, else the platform setting', () => {
  beforeAll(() => start())
  afterAll(() => server.close())

  it("is open by default, closed on a site that closes it, and the login page's system info says the same", async () => {
    expect(await systemInfo(SITE)).toBe(true)
    await addSite('closed.example.com', 0)
    expect(await systemInfo('https://Closed.example.com:8443/login')).toBe(false)
    const en = await register({ domain: 'closed.example.com', username: 'closed-shop' })
    expect(en.body).toMatchObject({ code: 0, msg: 'Registration is not open on this site. Ask the partner who invited you, or an administrator, for an account.' })
    const zh = await register({ domain: 'closed.example.com', username: 'closed-shop' }, 'zh-CN')
    expect(zh.body).toMatchObject({ code: 0, msg: '本站未开放注册，请联系邀请您的服务商或管理员开通账号。' })
    expect(await accountNamed('closed-shop')).toBeUndefined()
  })

  it('follows the platform setting on an unknown host and on a site that leaves it to the platform; a site that opens itself stays open', async () => {
    await addSite('follows.example.com', -1)
    await addSite('open.example.com', 1)
    // The default site's own choice is its own: it does not speak for hosts no site names.
    await server.call('POST', '/domain/add', { token: token.admin, body: { host: 'default.example.com', name: 'Default', is_default: 1, allow_register: 0 } })
    expect(await systemInfo('unknown.example.org')).toBe(true)
    await setPlatform({ allow_register: false })
    expect([await systemInfo('unknown.example.org'), await systemInfo('follows.example.com'), await systemInfo('open.example.com')]).toEqual([false, false, true])
    expect((await register({ domain: 'unknown.example.org', username: 'stranger-shop' })).body.msg).toMatch(/^Registration is not open/)
    expect((await register({ domain: 'follows.example.com', username: 'follower-shop' })).body.msg).toMatch(/^Registration is not open/)
    expect((await register({ domain: 'open.example.com', username: 'open-shop' })).body.code).toBe(1)
  })
})

describe('the registration rate limit', () => {
  afterAll(() => server.close())

  it('answers 429 past the limit per address, whatever the requests held', async () => {
    await start({ perAddress: 3, windowMs: 60_000 })
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) statuses.push((await register({ invite_code: 'NOPE' })).status)
    expect(statuses).toEqual([200, 200, 200, 429])
    const limited = await register()
    expect(limited.body).toMatchObject({ code: 0, msg: expect.stringMatching(/^Too many requests\. Try again in \d+ seconds\.$/) })
    expect(await accountNamed('new-shop')).toBeUndefined()
  })

  it('allows 5 a minute per address unless REGISTER_LIMIT_PER_ADDRESS says otherwise', () => {
    expect(readConfig({ NODE_ENV: 'test' }).registerRateLimit).toEqual({ perAddress: 5, windowMs: 60_000 })
  })
})
