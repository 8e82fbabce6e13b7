import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PASSWORD, startTestServer, type TestServer } from '../../../tests/api/harness'
import { upsertAccount } from '../../server/accounts/queries'
import { hashCaptchaAnswer } from '../../server/password-reset/captcha'
import type { Role } from '../../schema/types'
import { ApiError } from './ApiError'
import { apiErrorReaction } from './api-error-reaction'
import { createAuthProvider, type Identity } from './authProvider'
import { createHttpClient, type HttpClient } from './http-client'
import { injectFetch } from './inject-fetch'
import { createTokenStore, TOKEN_KEY } from './token-store'

/** What the server says of an overstep opening, as the console keeps it beside the token. */
const OPENING = { opened_by: { id: 3, username: 'north' }, expires_at: '2026-01-01T02:00:00.000Z' }

const START = new Date('2026-03-15T08:00:00.000Z')
let clock = START
let server: TestServer
let merchantId = 0

beforeAll(async () => {
  // Many sign-ins from one address in one file; the limiter has specs of its own.
  server = await startTestServer({ now: () => clock, config: { loginRateLimit: { perUsername: 1000, perAddress: 1000, windowMs: 60_000 } } })
  await upsertAccount(server.services, { username: 'admin', password: PASSWORD, role: 'admin' })
  await upsertAccount(server.services, { username: 'partner', password: PASSWORD, role: 'partner', parentUsername: 'admin' })
  merchantId = (await upsertAccount(server.services, { username: 'merchant', password: PASSWORD, role: 'merchant', parentUsername: 'partner' })).id
  await upsertAccount(server.services, { username: 'agent', password: PASSWORD, role: 'agent', parentUsername: 'merchant' })
})
afterAll(() => server.close())

/** An auth provider over the real API, with storages of its own. */
function setup(fetch: typeof globalThis.fetch = injectFetch(server.app), search = '') {
  const session = new Storage()
  const local = new Storage()
  const tokens = createTokenStore({ session, local })
  const urls: string[] = []
  const http = createHttpClient({ tokens, locale: () => 'en-US', fetch: (input, init) => (urls.push(String(input)), fetch(input, init)) })
  let forgotten = 0
  const auth = createAuthProvider({ http, tokens, forgetAccount: () => forgotten++, search: () => search })
  return { auth, http, tokens, session, local, urls, forgotten: () => forgotten }
}

const userInfo = (token: string) => server.call<Record<string, unknown>>('POST', '/platform/get_user_info', { token })
const failureOf = (http: HttpClient, path = '/platform/get_user_info', body?: object) =>
  http.request({ method: 'POST', path, body }).then(
    () => expect.unreachable(`${path} should have failed`),
    (error: unknown) => error as ApiError,
  )

describe('login', () => {
  it('keeps a remembered sign-in in local storage, and the server accepts it', async () => {
    const { auth, local, session } = setup()
    await expect(auth.login({ username: 'admin', password: PASSWORD, remember: true })).resolves.toEqual({ success: true, redirectTo: '/' })
    const token = local.getItem(TOKEN_KEY)!
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(session.length).toBe(0)
    expect((await userInfo(token)).body).toMatchObject({ code: 1, data: { username: 'admin' } })
  })

  it('keeps a sign-in that is not remembered in session storage only, so it ends with the browser session', async () => {
    const { auth, local, session } = setup()
    local.setItem(TOKEN_KEY, 'an older remembered token')
    await expect(auth.login({ username: 'admin', password: PASSWORD })).resolves.toEqual({ success: true, redirectTo: '/' })
    const token = session.getItem(TOKEN_KEY)!
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(local.length).toBe(0)
    expect((await userInfo(token)).body).toMatchObject({ code: 1, data: { username: 'admin' } })
    await expect(auth.check({})).resolves.toEqual({ authenticated: true })
  })

  it('never stores the password, remembered or not', async () => {
    for (const remember of [true, false]) {
      const { auth, local, session } = setup()
      await auth.login({ username: 'admin', password: PASSWORD, remember })
      const stored = [local, session].flatMap((storage) => Array.from({ length: storage.length }, (_, i) => `${storage.key(i)}=${storage.getItem(storage.key(i)!)}`))
      expect(stored.join('\n')).not.toContain(PASSWORD)
    }
  })

  it('on a refused login clears the stored token and resolves with the server\'s error', async () => {
    const { auth, local, session } = setup()
    local.setItem(TOKEN_KEY, 'stale-login')
    session.setItem(TOKEN_KEY, 'stale-overstep')
    const result = await auth.login({ username: 'admin', password: 'wrong password' })
    expect(result).toEqual({ success: false, error: expect.any(ApiError) })
    expect(result.error).toMatchObject({ message: 'Wrong username or password.', code: 0 })
    expect(local.getItem(TOKEN_KEY)).toBeNull()
    expect(session.getItem(TOKEN_KEY)).toBeNull()
  })

  it('resolves missing credentials with field errors for the form', async () => {
    const { auth } = setup()
    const result = await auth.login({ username: '', password: '' })
    expect(result.success).toBe(false)
    expect((result.error as ApiError).errors).toEqual({ username: ['Username cannot be empty'], password: ['Password cannot be empty'] })
  })

  it('resolves a network failure as a failed login', async () => {
    const { auth, local } = setup(() => Promise.reject(new TypeError('fetch failed')))
    const result = await auth.login({ username: 'admin', password: PASSWORD })
    expect(result).toMatchObject({ success: false, error: { message: 'Network Error' } })
    expect(local.length).toBe(0)
  })
})

describe('register', () => {
  /** A picture whose answer the test chose, as anyone with the database could. */
  const solvedCaptcha = async () => {
    const { body } = await server.call<{ captcha_id: string }>('GET', '/platform/captcha_image')
    await server.services.db.updateTable('captcha_challenge').set({ answer_hash: hashCaptchaAnswer(body.data.captcha_id, 'REGI') }).where('challenge', '=', body.data.captcha_id).execute()
    return { captcha_id: body.data.captcha_id, captcha: 'REGI' }
  }
  const registration = async (username: string) => ({ invite_code: 'AUTH-P', username, password: 'Tea-leaf 42 shop', domain: 'localhost', ...(await solvedCaptcha()) })

  it('signs the new merchant in for this browser session (session storage), its profile read afresh', async () => {
    await server.services.db.updateTable('account').set({ service_prefix_no: 'AUTH-P' }).where('username', '=', 'partner').execute()
    const { auth, local, session } = setup()
    await auth.login({ username: 'admin', password: PASSWORD, remember: true })
    expect(await auth.getIdentity!()).toMatchObject({ username: 'admin' })
    await expect(auth.register!(await registration('auth-shop'))).resolves.toEqual({ success: true, redirectTo: '/' })
    expect(local.getItem(TOKEN_KEY)).toBeNull()
    expect(session.getItem(TOKEN_KEY)).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(await auth.getIdentity!()).toMatchObject({ username: 'auth-shop', role: 'merchant' })
  })

  it("resolves a refusal with the server's field errors for the form, keeping no token", async () => {
    const { auth, session, local } = setup()
    const result = await auth.register!({ ...(await registration('merchant')), invite_code: 'NOPE' })
    expect(result).toMatchObject({ success: false, error: { fieldErrors: [{ path: '/invite_code', message: expect.stringContaining('"NOPE"') }] } })
    expect(session.length + local.length).toBe(0)
  })
})

describe('logout', () => {
  it('revokes the session on the server, clears the token and forgets the account', async () => {
    const { auth, local, forgotten } = setup()
    await auth.login({ username: 'admin', password: PASSWORD, remember: true })
    const token = local.getItem(TOKEN_KEY)!
    await expect(auth.logout({})).resolves.toEqual({ success: true, redirectTo: '/login' })
    expect(local.getItem(TOKEN_KEY)).toBeNull()
    expect(forgotten()).toBe(1)
    expect((await userInfo(token)).body.code).toBe(50012)
  })

  it('clears the token even when the server refuses the logout', async () => {
    const { auth, tokens, session, local, forgotten } = setup()
    tokens.saveLogin('A'.repeat(43), true)
    tokens.saveOverstep('not-a-token', OPENING)
    await expect(auth.logout({})).resolves.toEqual({ success: true, redirectTo: '/login' })
    expect(session.length + local.length).toBe(0)
    expect(forgotten()).toBe(1)
  })

  it('clears the token even when the server cannot be reached', async () => {
    const { auth, tokens, local, forgotten } = setup(() => Promise.reject(new TypeError('fetch failed')))
    tokens.saveLogin('A'.repeat(43), true)
    await expect(auth.logout({})).resolves.toEqual({ success: true, redirectTo: '/login' })
    expect(local.length).toBe(0)
    expect(forgotten()).toBe(1)
  })

  it('sends nothing when there is no token, and still forgets the account', async () => {
    const { auth, urls, forgotten } = setup()
    await expect(auth.logout({})).resolves.toEqual({ success: true, redirectTo: '/login' })
    expect(urls).toEqual([])
    expect(forgotten()).toBe(1)
  })
})

describe('check', () => {
  it('is signed in with a token whose profile loads, from a login or an overstep, and sends the rest to login', async () => {
    const { auth, tokens } = setup()
    await expect(auth.check({})).resolves.toEqual({ authenticated: false, redirectTo: '/login', logout: true })
    const token = await server.login('partner')
    tokens.saveOverstep(token, OPENING)
    await expect(auth.check({})).resolves.toEqual({ authenticated: true })
    tokens.clear()
    tokens.saveLogin(token, true)
    await expect(auth.check({})).resolves.toEqual({ authenticated: true })
  })

  it('opens a merchant console in this tab for login_type=1 (overstep): the token it gets lives in session storage', async () => {
    const merchantToken = await server.login('merchant')
    const asked: unknown[] = []
    const inject = injectFetch(server.app)
    // The overstep answer stands in for the server's, so that the merchant id the console sends can be anything.
    const opening = { opened_by: { id: 1, username: 'admin' }, expires_at: '2026-03-15T10:00:00.000Z' }
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (!String(input).endsWith('/platform/overstep_login')) return inject(input, init)
      asked.push(JSON.parse(String(init!.body)))
      const data = { userinfo: { id: 42, username: 'merchant', user_type: 2, token: merchantToken, expires_at: opening.expires_at }, opened_by: opening.opened_by }
      return new Response(JSON.stringify({ code: 1, msg: 'ok', time: 0, data }), { headers: { 'content-type': 'application/json' } })
    }) as typeof globalThis.fetch
    const { auth, tokens, session, local } = setup(fetch, '?login_type=1&merchant_id=42')
    tokens.saveLogin(await server.login('admin'), true)
    // The router checks twice while the page opens: still one overstep session, one log row.
    await expect(Promise.all([auth.check({}), auth.check({})])).resolves.toEqual([{ authenticated: true }, { authenticated: true }])
    expect(asked).toEqual([{ merchant_id: 42 }])
    expect(session.getItem(TOKEN_KEY)).toBe(merchantToken)
    expect(local.getItem(TOKEN_KEY)).not.toBe(merchantToken)
    // The identity says who opened this console and when it ends, for the header to show.
    expect(await auth.getIdentity!()).toMatchObject({ username: 'merchant', overstep: opening })
    // Once this tab has its session token, a reload does not ask again.
    await auth.check({})
    expect(asked).toHaveLength(1)
  })

  it('opens a merchant console for login_type=1 in a tab that was given a sign-in that is not remembered (a link opened with its opener)', async () => {
    const { auth, tokens, session } = setup(injectFetch(server.app), `?login_type=1&merchant_id=${merchantId}`)
    session.setItem(TOKEN_KEY, await server.login('partner'))
    expect(tokens.hasOverstepToken()).toBe(false)
    await expect(auth.check({})).resolves.toEqual({ authenticated: true })
    expect(tokens.hasOverstepToken()).toBe(true)
    expect(await auth.getIdentity!()).toMatchObject({ username: 'merchant' })
  })

  it('goes to login when the overstep login is refused, keeping no token for this tab', async () => {
    const { auth, tokens, session } = setup(injectFetch(server.app), '?login_type=1&merchant_id=42')
    tokens.saveLogin(await server.login('admin'), true)
    await expect(auth.check({})).resolves.toMatchObject({ authenticated: false, redirectTo: '/login' })
    expect(session.getItem(TOKEN_KEY)).toBeNull()
  })

  it('signs out when the profile cannot be loaded (spec §4), whatever the token looked like', async () => {
    const { auth, tokens } = setup()
    tokens.saveLogin('A'.repeat(43), true)
    await expect(auth.check({})).resolves.toMatchObject({ authenticated: false, redirectTo: '/login', logout: true, error: { code: 50008 } })
  })
})

describe('onError', () => {
  it('signs nobody out behind their back when a session ends (spec §8 asks first), for HTTP 401 and the codes the server really sends', async () => {
    const noToken = setup()
    const unknown = setup()
    unknown.tokens.saveLogin('A'.repeat(43), true)
    const revoked = setup()
    await revoked.auth.login({ username: 'partner', password: PASSWORD, remember: true })
    const revokedToken = revoked.local.getItem(TOKEN_KEY)!
    await server.call('POST', '/platform/logout', { token: revokedToken })
    const expired = setup()
    await expired.auth.login({ username: 'merchant', password: PASSWORD, remember: true })
    clock = new Date(START.getTime() + 8 * 24 * 3600_000)
    const expiredError = await failureOf(expired.http).finally(() => (clock = START))

    const cases: [ReturnType<typeof setup>, ApiError, { statusCode: number; code: number }][] = [
      [noToken, await failureOf(noToken.http), { statusCode: 401, code: 0 }],
      [unknown, await failureOf(unknown.http), { statusCode: 200, code: 50008 }],
      [revoked, await failureOf(revoked.http), { statusCode: 200, code: 50012 }],
      [expired, expiredError, { statusCode: 200, code: 50014 }],
    ]
    for (const [{ auth, tokens, forgotten }, error, expected] of cases) {
      expect(error).toMatchObject(expected)
      const before = tokens.read()
      await expect(auth.onError(error)).resolves.toEqual({})
      expect(tokens.read()).toBe(before)
      expect(forgotten()).toBe(0)
    }

    // What the console shows instead (layout/ApiErrorNotices), for these very errors.
    const on = (path: string) => ({ path })
    expect(apiErrorReaction(cases[0]![1], on('/domain/list'), false)).toEqual({ kind: 'login-expired' })
    expect(apiErrorReaction(cases[0]![1], on('/domain/list'), true)).toEqual({ kind: 'close-window' })
    for (const [, error] of cases.slice(1)) {
      expect(apiErrorReaction(error, on('/domain/list'), false)).toEqual({ kind: 'confirm-logout' })
      expect(apiErrorReaction(error, on('/platform/get_user_info'), false)).toEqual({ kind: 'none' })
      // A quiet call (a live list's polling) still says the session ended.
      expect(apiErrorReaction(error, { path: '/task/list', quiet: true }, false)).toEqual({ kind: 'confirm-logout' })
    }
  })

  it('leaves other failures to the page: refusals, validation, network', async () => {
    const merchant = setup()
    await merchant.auth.login({ username: 'merchant', password: PASSWORD, remember: true })
    const refused = await failureOf(merchant.http, '/domain/add')
    expect(refused.statusCode).toBe(403)
    const invalid = await failureOf(merchant.http, '/platform/change_pwd', { old_password: 'nope', new_password: 'another long one' })
    expect(invalid.errors).toHaveProperty('old_password')
    const offline = await failureOf(setup(() => Promise.reject(new TypeError('fetch failed'))).http)

    for (const error of [refused, invalid, offline, new Error('boom'), undefined]) {
      await expect(merchant.auth.onError(error)).resolves.toEqual({})
    }
    expect(merchant.local.getItem(TOKEN_KEY)).not.toBeNull()
    expect(merchant.forgotten()).toBe(0)

    // Shown for 5 seconds as the server or the browser put it; nothing for the sign-in form, which says it inline.
    expect(apiErrorReaction(refused, { path: '/domain/add' }, false)).toEqual({ kind: 'toast', text: refused.message })
    expect(refused.message).toMatch(/merchant/)
    expect(apiErrorReaction(invalid, { path: '/platform/change_pwd' }, false)).toEqual({ kind: 'toast', text: 'The current password is wrong.' })
    expect(apiErrorReaction(offline, { path: '/domain/list' }, false)).toEqual({ kind: 'toast', key: 'errors.network' })
    // A quiet call shows its failures itself (an upload's file line), or they are nobody's to see (polling).
    for (const error of [refused, invalid, offline]) expect(apiErrorReaction(error, { path: '/task/list', quiet: true }, false)).toEqual({ kind: 'none' })
    const wrongLogin = await failureOf(setup().http, '/platform/login', { username: 'merchant', password: 'wrong password' })
    expect(apiErrorReaction(wrongLogin, { path: '/platform/login' }, false)).toEqual({ kind: 'none' })
    // Nor for the registration form, which marks its fields.
    const refusedRegistration = await failureOf(setup().http, '/platform/register', { invite_code: 'NOPE', username: 'someone', password: 'Tea-leaf 42', captcha_id: 'x', captcha: 'x', domain: 'localhost' })
    expect(apiErrorReaction(refusedRegistration, { path: '/platform/register' }, false)).toEqual({ kind: 'none' })
  })
})

describe('getIdentity and getPermissions', () => {
  it.each([
    ['admin', 0],
    ['partner', 1],
    ['merchant', 2],
    ['agent', 3],
  ] as [Role, number][])('gives %s (user_type %i) its role', async (role, userType) => {
    const { auth } = setup()
    await auth.login({ username: role, password: PASSWORD })
    const identity = (await auth.getIdentity!()) as Identity
    expect(identity).toMatchObject({ username: role, user_type: userType, role })
    await expect(auth.getPermissions!()).resolves.toBe(role)
  })

  it('carries the show_config and resource settings by name, loaded with the profile (spec §4)', async () => {
    const admin = await server.login('admin')
    await server.call('POST', '/platform/set_config', { token: admin, body: { group: 'resource', values: { copyright: '© Demo Video' } } })
    const { auth } = setup()
    await auth.login({ username: 'merchant', password: PASSWORD })
    const identity = (await auth.getIdentity!()) as Identity
    expect(identity.settings).toMatchObject({ copyright: '© Demo Video', money_name: '余额', saler_show: true })
  })

  it('answers null without a token, and asks nothing', async () => {
    const { auth, urls } = setup()
    await expect(auth.getIdentity!()).resolves.toBeNull()
    await expect(auth.getPermissions!()).resolves.toBeNull()
    expect(urls).toEqual([])
  })

  it('follows the token: an overstep token in session storage wins, and removing it returns to the login\'s account', async () => {
    const { auth, tokens, session } = setup()
    await auth.login({ username: 'admin', password: PASSWORD, remember: true })
    expect(await auth.getPermissions!()).toBe('admin')
    tokens.saveOverstep(await server.login('merchant'), OPENING)
    expect(await auth.getIdentity!()).toMatchObject({ username: 'merchant', role: 'merchant' })
    session.removeItem(TOKEN_KEY)
    expect(await auth.getPermissions!()).toBe('admin')
  })

  it('rejects when the profile cannot be read, and reads it again next time', async () => {
    const { auth, tokens } = setup()
    tokens.saveLogin('A'.repeat(43), true)
    await expect(auth.getIdentity!()).rejects.toMatchObject({ code: 50008 })
    tokens.saveLogin(await server.login('agent'), true)
    await expect(auth.getIdentity!()).resolves.toMatchObject({ role: 'agent' })
  })

  it('works as Refine calls it: a method taken off the provider, with no `this`', async () => {
    const { auth } = setup()
    await auth.login({ username: 'partner', password: PASSWORD })
    const { getIdentity, getPermissions } = auth
    await expect(getIdentity!()).resolves.toMatchObject({ role: 'partner' })
    await expect(getPermissions!()).resolves.toBe('partner')
  })

  it('treats a user_type it does not know as the narrowest role, agent', async () => {
    const tokens = createTokenStore({ session: new Storage(), local: new Storage() })
    tokens.saveLogin('token', true)
    const http: HttpClient = {
      request: async <T>() => ({ id: 1, username: 'someone', user_type: 9 }) as T,
      upload: () => expect.unreachable('no uploads here'),
      uploadTo: () => expect.unreachable('no uploads here'),
      downloadUrl: () => expect.unreachable('no downloads here'),
      stream: () => expect.unreachable('no streams here'),
    }
    const auth = createAuthProvider({ http, tokens })
    await expect(auth.getIdentity!()).resolves.toMatchObject({ user_type: 9, role: 'agent' })
  })
})
