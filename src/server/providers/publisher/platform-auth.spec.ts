import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startDouyinContract, type DouyinContract } from '../../../../tests/support/douyin-contract'
import { startKuaishouContract, type KuaishouContract } from '../../../../tests/support/kuaishou-contract'
import { TaskFailure } from '../../errors/task-failure'
import { douyinAuth } from './douyin'
import { kuaishouAuth } from './kuaishou'
import { AuthorizationLost, type PlatformAuth } from './platform-auth'
import { AccessTokenExpired } from './publisher'

const REDIRECT = 'https://console.example.com/api/v1/matrix/authorization/callback'

/** The owner's browser on the platform's page: it consents, and is sent back with a code and the state. */
async function consent(auth: PlatformAuth, state: string): Promise<{ code: string; state: string }> {
  const page = await fetch(auth.authorizeUrl({ redirectUri: REDIRECT, state }), { redirect: 'manual' })
  expect(page.status).toBe(302)
  const back = new URL(page.headers.get('location')!)
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT)
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! }
}

async function failure(work: () => Promise<unknown>): Promise<TaskFailure> {
  const error = await work().catch((e: unknown) => e)
  expect(error).toBeInstanceOf(TaskFailure)
  return error as TaskFailure
}

/** Who a failure asks to act: the owner (authorize again), time (tried again), an administrator, or nobody. */
function whose(error: TaskFailure): string {
  if (error instanceof AuthorizationLost) return 'owner'
  if (error instanceof AccessTokenExpired) return 'refresh'
  if (error.retry) return 'later'
  return error.reason['en-US'].includes("does not accept this platform's app") ? 'administrator' : 'refused'
}

describe("Douyin's OAuth, against a contract server", () => {
  let contract: DouyinContract
  let auth: PlatformAuth
  beforeAll(async () => {
    contract = await startDouyinContract()
    auth = douyinAuth({ clientKey: contract.clientKey, clientSecret: contract.clientSecret, apiUrl: contract.url, timeoutMs: 500 })
  })
  afterAll(() => contract.close())
  afterEach(() => void Object.assign(contract, { mode: 'ok', shape: 'current', canRenew: true }))
  const authorized = async (state: string) => auth.exchangeCode({ code: (await consent(auth, state)).code, redirectUri: REDIRECT })

  it('sends the owner to its authorization page with the scopes to post and read figures, and gets tokens and the profile for the code', async () => {
    const url = new URL(auth.authorizeUrl({ redirectUri: REDIRECT, state: 's-1' }))
    expect(`${url.pathname}?${url.searchParams}`).toBe(`/platform/oauth/connect/?${new URLSearchParams({ client_key: 'tt-contract', response_type: 'code', scope: 'user_info,video.create.bind,video.list.bind,video.data.bind', redirect_uri: REDIRECT, state: 's-1' })}`)
    const back = await consent(auth, 's-1')
    expect(back.state).toBe('s-1')
    const grant = await auth.exchangeCode({ code: back.code, redirectUri: REDIRECT })
    expect(grant).toMatchObject({ openId: expect.stringMatching(/^dy-/), accessToken: expect.stringMatching(/^act\./), refreshToken: expect.stringMatching(/^rft\./), expiresIn: 1_296_000, refreshExpiresIn: 2_592_000, scope: 'user_info,video.create.bind,video.list.bind,video.data.bind' })
    expect(contract.calls.at(-1)).toEqual({ path: '/oauth/access_token/', form: { client_key: 'tt-contract', client_secret: 'secret-contract', code: back.code, grant_type: 'authorization_code' }, contentType: 'application/x-www-form-urlencoded' })
    expect(await auth.profile(grant)).toEqual({ openId: grant.openId, nickname: 'Tea shop 茶铺', avatarUrl: 'https://p3.douyinpic.com/aweme/contract.jpeg' })
  })

  it('reads the older documented answers: error_code "0" and every lifetime as a string', async () => {
    contract.shape = 'legacy'
    const grant = await authorized('s-legacy')
    expect(grant).toMatchObject({ expiresIn: 1_296_000, refreshExpiresIn: 2_592_000 })
    expect((await auth.profile(grant)).nickname).toBe('Tea shop 茶铺')
    contract.expireAccess(grant.openId)
    const refreshed = await auth.refresh({ refreshToken: grant.refreshToken, openId: grant.openId })
    expect(refreshed.expiresIn).toBe(1_296_000)
    const renewed = await auth.renewRefreshToken!({ refreshToken: refreshed.refreshToken })
    expect(renewed.refreshExpiresIn).toBe(2_592_000)
  })

  it('refuses a code used twice, or one left too long, in its own words, and asks no one to authorize again', async () => {
    const { code } = await consent(auth, 's-2')
    await auth.exchangeCode({ code, redirectUri: REDIRECT })
    const again = await failure(() => auth.exchangeCode({ code, redirectUri: REDIRECT }))
    expect([whose(again), again.reason['en-US']]).toEqual(['refused', 'Douyin refused the request: 授权码过期 (error_code 10007)'])
    const late = await consent(auth, 's-2b')
    contract.expireCodes()
    expect(whose(await failure(() => auth.exchangeCode({ code: late.code, redirectUri: REDIRECT })))).toBe('refused')
  })

  it("says a wrong client_key or client_secret is this platform's app, for an administrator", async () => {
    const { code } = await consent(auth, 's-app')
    const wrongSecret = await failure(() => douyinAuth({ clientKey: contract.clientKey, clientSecret: 'not-it', apiUrl: contract.url, timeoutMs: 500 }).exchangeCode({ code, redirectUri: REDIRECT }))
    expect([whose(wrongSecret), wrongSecret.reason['en-US']]).toEqual(['administrator', expect.stringMatching(/^Douyin does not accept this platform's app or what it sent: client_key 或 client_secret 错误 \(error_code 10013\)\. The account is not at fault and is kept; an administrator checks/)])
    const grant = await authorized('s-app2')
    const wrongKey = await failure(() => douyinAuth({ clientKey: 'tt-other', clientSecret: contract.clientSecret, apiUrl: contract.url, timeoutMs: 500 }).refresh({ refreshToken: grant.refreshToken, openId: grant.openId }))
    expect([whose(wrongKey), wrongKey.reason['en-US']]).toEqual(['administrator', expect.stringContaining('ClientKey不合法 (error_code 29002002)')])
  })

  it('a refresh while the access token is good extends it; once it has run out, gives a new one; the refresh token keeps its end', async () => {
    const grant = await authorized('s-3')
    const extended = await auth.refresh({ refreshToken: grant.refreshToken, openId: grant.openId })
    expect(extended.accessToken).toBe(grant.accessToken)
    contract.expireAccess(grant.openId)
    const expired = await failure(() => auth.profile(grant))
    expect([whose(expired), expired.reason['en-US']]).toEqual(['refresh', expect.stringContaining('access_token 过期 (error_code 2190008)')])
    contract.accounts.get(grant.openId)!.refreshUntil = Date.now() + 86_400_000
    const fresh = await auth.refresh({ refreshToken: grant.refreshToken, openId: grant.openId })
    expect(fresh.accessToken).not.toBe(grant.accessToken)
    expect([fresh.openId, fresh.refreshToken]).toEqual([grant.openId, grant.refreshToken])
    expect(fresh.refreshExpiresIn).toBeLessThanOrEqual(86_400)
    expect((await auth.profile(fresh)).nickname).toBe('Tea shop 茶铺')
  })

  it('says an expired access token at the profile is one to refresh, as its older code 10008 too', async () => {
    contract.shape = 'legacy'
    const grant = await authorized('s-10008')
    contract.expireAccess(grant.openId)
    const expired = await failure(() => auth.profile(grant))
    expect([whose(expired), expired.reason['en-US']]).toEqual(['refresh', expect.stringContaining('(error_code 10008)')])
  })

  it('a refresh token past its time, or an authorization the owner cancelled, means the owner must authorize again', async () => {
    const grant = await authorized('s-4')
    contract.expireRefresh(grant.openId)
    const lost = await failure(() => auth.refresh({ refreshToken: grant.refreshToken, openId: grant.openId }))
    expect(lost).toBeInstanceOf(AuthorizationLost)
    expect(lost.reason['en-US']).toBe("Douyin no longer accepts this account's authorization: refresh_token 过期 (error_code 10010). Its owner must authorize again.")
    expect(lost.reason['zh-CN']).toBe('抖音不再接受这个账号的授权：refresh_token 过期 (error_code 10010)。请账号本人重新授权。')
    const revoked = await authorized('s-5')
    contract.revoke(revoked.openId)
    expect(whose(await failure(() => auth.profile(revoked)))).toBe('owner')
    expect(whose(await failure(() => auth.refresh({ refreshToken: revoked.refreshToken, openId: revoked.openId })))).toBe('owner')
  })

  it('renews the refresh token five times, the old one then dead; a sixth asks the owner; without the permission, the administrator', async () => {
    const grant = await authorized('s-6')
    let refreshToken = grant.refreshToken
    for (let i = 0; i < 5; i++) {
      const renewed = await auth.renewRefreshToken!({ refreshToken })
      expect(renewed.refreshExpiresIn).toBe(2_592_000)
      expect(whose(await failure(() => auth.refresh({ refreshToken, openId: grant.openId })))).toBe('owner')
      refreshToken = renewed.refreshToken
    }
    const usedUp = await failure(() => auth.renewRefreshToken!({ refreshToken }))
    expect([whose(usedUp), usedUp.reason['en-US']]).toEqual(['owner', expect.stringContaining('超过刷新次数限制 (error_code 10020)')])
    contract.canRenew = false
    const other = await authorized('s-7')
    const noPermission = await failure(() => auth.renewRefreshToken!({ refreshToken: other.refreshToken }))
    expect([whose(noPermission), noPermission.reason['en-US']]).toEqual(['administrator', expect.stringContaining('权限不足 (error_code 10004)')])
  })

  it('busy, erring, limiting, out of quota, failing, silent or malformed: tried again but for the malformed, and never a lost authorization', async () => {
    const grant = await authorized('s-8')
    const trouble = async (mode: DouyinContract['mode'], shape: DouyinContract['shape'] = 'current') => {
      Object.assign(contract, { mode, shape })
      const error = await failure(() => auth.refresh({ refreshToken: grant.refreshToken, openId: grant.openId }))
      Object.assign(contract, { mode: 'ok', shape: 'current' })
      expect(error).not.toBeInstanceOf(AuthorizationLost)
      return error
    }
    const busy = await trouble('busy')
    expect([busy.retry, busy.reason['en-US']]).toEqual([true, 'Douyin is busy: 系统繁忙，此时请开发者稍候再试 (error_code 2100004); it will be tried again.'])
    expect(busy.reason['zh-CN']).toBe('抖音暂时繁忙：系统繁忙，此时请开发者稍候再试 (error_code 2100004)，稍后会重试。')
    expect([(await trouble('erring')).retry, (await trouble('erring')).reason['en-US']]).toEqual([true, 'Douyin is busy: 网络调用错误,请重试 (error_code 28001006); it will be tried again.'])
    expect((await trouble('limited')).reason['en-US']).toBe('Douyin is limiting requests: 请求频率过高 (error_code 28003018); it will be tried again.')
    expect((await trouble('quota')).reason['en-US']).toBe('Douyin is limiting requests: quota 已用完 (error_code 28003017); it will be tried again.')
    expect((await trouble('quota', 'legacy')).reason['en-US']).toContain('(error_code 2190001)')
    expect((await trouble('failing')).retry).toBe(true)
    expect((await trouble('hangs')).reason['en-US']).toBe('Douyin did not answer within 0.5 s; it will be tried again.')
    const malformed = await trouble('malformed')
    expect([malformed.retry, malformed.reason['en-US']]).toEqual([false, expect.stringContaining('Douyin answered something its API does not document')])
  })
})

describe("Kuaishou's OAuth, against a contract server", () => {
  let contract: KuaishouContract
  let auth: PlatformAuth
  beforeAll(async () => {
    contract = await startKuaishouContract()
    auth = kuaishouAuth({ appId: contract.appId, appSecret: contract.appSecret, apiUrl: contract.url, timeoutMs: 500 })
  })
  afterAll(() => contract.close())
  afterEach(() => void (contract.mode = 'ok'))
  const authorized = async (state: string) => auth.exchangeCode({ code: (await consent(auth, state)).code, redirectUri: REDIRECT })

  it('sends the owner to its web-app authorization page (ua=pc), and gets tokens and the profile for the code', async () => {
    const url = new URL(auth.authorizeUrl({ redirectUri: REDIRECT, state: 'k-1' }))
    expect(url.pathname).toBe('/oauth2/authorize')
    expect(Object.fromEntries(url.searchParams)).toEqual({ app_id: 'ks-contract', scope: 'user_info,user_video_publish,user_video_info', response_type: 'code', ua: 'pc', redirect_uri: REDIRECT, state: 'k-1' })
    const grant = await auth.exchangeCode({ code: (await consent(auth, 'k-1')).code, redirectUri: REDIRECT })
    expect(grant).toMatchObject({ openId: expect.stringMatching(/^ks/), expiresIn: 172_800, refreshExpiresIn: 15_552_000, scope: 'user_info,user_video_publish,user_video_info' })
    expect(contract.calls.at(-1)!.query).toMatchObject({ app_id: 'ks-contract', app_secret: 'ks-secret-contract', grant_type: 'authorization_code' })
    expect(await auth.profile(grant)).toEqual({ openId: grant.openId, nickname: '快手茶铺', avatarUrl: 'https://p1.a.yximgs.com/uhead/contract.jpg' })
  })

  it('without ua=pc its page is the one for phones, which sends no browser back', async () => {
    const url = new URL(auth.authorizeUrl({ redirectUri: REDIRECT, state: 'k-ua' }))
    url.searchParams.delete('ua')
    url.searchParams.set('ui', 'pc')
    const page = await fetch(url, { redirect: 'manual' })
    expect([page.status, await page.text()]).toEqual([200, expect.stringContaining('手机页面')])
  })

  it('refreshes into a new refresh token that keeps the old one\'s end, the account\'s open_id kept; the old access token still works', async () => {
    const grant = await authorized('k-2')
    contract.accounts.get(grant.openId)!.refreshUntil = Date.now() + 86_400_000
    const fresh = await auth.refresh({ refreshToken: grant.refreshToken, openId: grant.openId })
    expect(contract.calls.at(-1)!.path).toBe('/oauth2/refresh_token')
    expect(fresh.openId).toBe(grant.openId)
    expect(fresh.refreshToken).not.toBe(grant.refreshToken)
    expect(fresh.refreshExpiresIn).toBeGreaterThan(86_000)
    expect(fresh.refreshExpiresIn).toBeLessThanOrEqual(86_400)
    expect((await auth.profile(grant)).nickname).toBe('快手茶铺')
    expect((await auth.profile(fresh)).nickname).toBe('快手茶铺')
    const old = await failure(() => auth.refresh({ refreshToken: grant.refreshToken, openId: grant.openId }))
    expect([whose(old), old.reason['en-US']]).toEqual(['administrator', expect.stringContaining('(result 100200102)')])
  })

  it('only a refresh token run out or an authorization cancelled asks the owner to authorize again', async () => {
    const expired = await authorized('k-3')
    contract.expireRefresh(expired.openId)
    const lost = await failure(() => auth.refresh({ refreshToken: expired.refreshToken, openId: expired.openId }))
    expect(lost).toBeInstanceOf(AuthorizationLost)
    expect(lost.reason['en-US']).toBe("Kuaishou no longer accepts this account's authorization: refresh_token过期 (result 100200113). Its owner must authorize again.")
    const cancelled = await authorized('k-4')
    contract.revoke(cancelled.openId)
    expect(whose(await failure(() => auth.refresh({ refreshToken: cancelled.refreshToken, openId: cancelled.openId })))).toBe('owner')
    expect(whose(await failure(() => auth.profile(cancelled)))).toBe('owner')
  })

  it("says a wrong App ID or secret is this platform's app, the account kept", async () => {
    const grant = await authorized('k-5')
    const wrong = kuaishouAuth({ appId: contract.appId, appSecret: 'not-it', apiUrl: contract.url, timeoutMs: 500 })
    const refused = await failure(() => wrong.refresh({ refreshToken: grant.refreshToken, openId: grant.openId }))
    expect(refused).not.toBeInstanceOf(AuthorizationLost)
    expect(refused.retry).toBe(false)
    expect(refused.reason['en-US']).toBe("Kuaishou does not accept this platform's app or what it sent: 无效的client,无效的 app 或 developer,可能是验证参数不正确 (result 100200101). The account is not at fault and is kept; an administrator checks the Kuaishou app under Short-video platforms in Initial configuration, and its permissions on Kuaishou's open platform.")
    expect(refused.reason['zh-CN']).toContain('请管理员在“初始化配置”的短视频平台中核对快手应用的信息')
  })

  it('refuses a code used twice or left past its two minutes as the code, not the account', async () => {
    const { code } = await consent(auth, 'k-6')
    await auth.exchangeCode({ code, redirectUri: REDIRECT })
    const again = await failure(() => auth.exchangeCode({ code, redirectUri: REDIRECT }))
    expect([whose(again), again.reason['en-US']]).toEqual(['refused', 'Kuaishou refused the request: 请求的 code 错误 (result 100200105)'])
    const late = await consent(auth, 'k-7')
    contract.expireCodes()
    expect(whose(await failure(() => auth.exchangeCode({ code: late.code, redirectUri: REDIRECT })))).toBe('refused')
  })

  it('an expired access token at the profile is one to refresh', async () => {
    const grant = await authorized('k-8')
    contract.expireAccess(grant.openId)
    const expired = await failure(() => auth.profile(grant))
    expect([whose(expired), expired.reason['en-US']]).toEqual(['refresh', expect.stringContaining('access_token过期 (result 100200108)')])
  })

  it('a refresh Kuaishou cannot answer now (its server failing, its rate) is tried again, the account kept; failing, silent or malformed is said', async () => {
    const grant = await authorized('k-9')
    const trouble = async (mode: KuaishouContract['mode']) => {
      contract.mode = mode
      const error = await failure(() => auth.refresh({ refreshToken: grant.refreshToken, openId: grant.openId }))
      contract.mode = 'ok'
      expect(error).not.toBeInstanceOf(AuthorizationLost)
      return error
    }
    const busy = await trouble('busy')
    expect([busy.retry, busy.reason['en-US']]).toEqual([true, 'Kuaishou is busy: 服务内部错误 (result 100200500); it will be tried again.'])
    const limited = await trouble('limited')
    expect([limited.retry, limited.reason['en-US']]).toEqual([true, 'Kuaishou is limiting requests: api too fast (result 10000302); it will be tried again.'])
    expect(limited.reason['zh-CN']).toBe('快手正在限制请求频率：api too fast (result 10000302)，稍后会重试。')
    for (const [mode, said] of [['failing', 'Kuaishou is busy or failing (HTTP 503'], ['hangs', 'Kuaishou did not answer within 0.5 s'], ['malformed', 'Kuaishou answered something its API does not document']] as const) {
      expect((await trouble(mode)).reason['en-US']).toContain(said)
    }
    expect((await auth.refresh({ refreshToken: grant.refreshToken, openId: grant.openId })).openId).toBe(grant.openId)
  })
})
