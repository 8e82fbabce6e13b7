import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDouyinContract, type DouyinContract } from '../../../../tests/support/douyin-contract'
import { startKuaishouContract, type KuaishouContract } from '../../../../tests/support/kuaishou-contract'
import { TaskFailure } from '../../tasks/task-handler'
import { douyinAuth } from './douyin'
import { kuaishouAuth } from './kuaishou'
import { AuthorizationLost, type PlatformAuth } from './platform-auth'

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

describe("Douyin's OAuth, against a contract server", () => {
  let contract: DouyinContract
  let auth: PlatformAuth
  beforeAll(async () => {
    contract = await startDouyinContract()
    auth = douyinAuth({ clientKey: contract.clientKey, clientSecret: contract.clientSecret, apiUrl: contract.url, timeoutMs: 500 })
  })
  afterAll(() => contract.close())

  it('sends the owner to its authorization page with the scopes to post and read figures, and gets tokens and the profile for the code', async () => {
    const url = new URL(auth.authorizeUrl({ redirectUri: REDIRECT, state: 's-1' }))
    expect(`${url.pathname}?${url.searchParams}`).toBe(`/platform/oauth/connect/?${new URLSearchParams({ client_key: 'tt-contract', response_type: 'code', scope: 'user_info,video.create.bind,video.list.bind,video.data.bind', redirect_uri: REDIRECT, state: 's-1' })}`)
    const back = await consent(auth, 's-1')
    expect(back.state).toBe('s-1')
    const grant = await auth.exchangeCode({ code: back.code, redirectUri: REDIRECT })
    expect(grant).toMatchObject({ openId: expect.stringMatching(/^dy-/), accessToken: expect.stringMatching(/^act\./), refreshToken: expect.stringMatching(/^rft\./), expiresIn: 1_296_000, scope: 'user_info,video.create.bind,video.list.bind,video.data.bind' })
    expect(contract.calls.at(-1)).toEqual({ path: '/oauth/access_token/', form: { client_key: 'tt-contract', client_secret: 'secret-contract', code: back.code, grant_type: 'authorization_code' } })
    expect(await auth.profile(grant)).toEqual({ openId: grant.openId, nickname: 'Tea shop 茶铺', avatarUrl: 'https://p3.douyinpic.com/aweme/contract.jpeg' })
  })

  it('refuses a code used twice, in its own words', async () => {
    const { code } = await consent(auth, 's-2')
    await auth.exchangeCode({ code, redirectUri: REDIRECT })
    const again = await failure(() => auth.exchangeCode({ code, redirectUri: REDIRECT }))
    expect(again.retry).toBe(false)
    expect(again.reason['en-US']).toBe('Douyin refused the request: 授权码过期 (error_code 10007)')
  })

  it('refreshes an expired access token; a refresh token past its time means the owner must authorize again', async () => {
    const grant = await auth.exchangeCode({ code: (await consent(auth, 's-3')).code, redirectUri: REDIRECT })
    contract.expireAccess(grant.openId)
    expect((await failure(() => auth.profile(grant))).reason['en-US']).toContain('access_token 过期 (error_code 2190008)')
    const fresh = await auth.refresh({ refreshToken: grant.refreshToken, openId: grant.openId })
    expect(fresh.accessToken).not.toBe(grant.accessToken)
    expect(fresh.openId).toBe(grant.openId)
    expect((await auth.profile(fresh)).nickname).toBe('Tea shop 茶铺')
    contract.expireRefresh(grant.openId)
    const lost = await failure(() => auth.refresh({ refreshToken: fresh.refreshToken, openId: grant.openId }))
    expect(lost).toBeInstanceOf(AuthorizationLost)
    expect(lost.reason['en-US']).toBe("Douyin no longer accepts this account's authorization: refresh_token 过期 (error_code 10010). Its owner must authorize again.")
  })

  it('busy, failing, silent or malformed is said, and a passing trouble is tried again', async () => {
    const grant = await auth.exchangeCode({ code: (await consent(auth, 's-4')).code, redirectUri: REDIRECT })
    const trouble = async (mode: DouyinContract['mode']) => {
      contract.mode = mode
      const error = await failure(() => auth.refresh({ refreshToken: grant.refreshToken, openId: grant.openId }))
      contract.mode = 'ok'
      return error
    }
    const busy = await trouble('busy')
    expect([busy.retry, busy.reason['en-US']]).toEqual([true, 'Douyin is busy: 系统繁忙，此时请开发者稍候再试 (error_code 2100004); it will be tried again.'])
    expect((await trouble('failing')).retry).toBe(true)
    expect((await trouble('hangs')).reason['en-US']).toBe('Douyin did not answer within 0.5 s; it will be tried again.')
    expect((await trouble('malformed')).reason['en-US']).toContain('Douyin answered something its API does not document')
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

  it('sends the owner to its authorization page, and gets tokens and the profile for the code', async () => {
    const url = new URL(auth.authorizeUrl({ redirectUri: REDIRECT, state: 'k-1' }))
    expect(url.pathname).toBe('/oauth2/authorize')
    expect(Object.fromEntries(url.searchParams)).toEqual({ app_id: 'ks-contract', scope: 'user_info,user_video_publish,user_video_info', response_type: 'code', ui: 'pc', redirect_uri: REDIRECT, state: 'k-1' })
    const grant = await auth.exchangeCode({ code: (await consent(auth, 'k-1')).code, redirectUri: REDIRECT })
    expect(grant).toMatchObject({ openId: expect.stringMatching(/^ks/), expiresIn: 172_800, refreshExpiresIn: 15_552_000, scope: 'user_info,user_video_publish,user_video_info' })
    expect(contract.calls.at(-1)!.query).toMatchObject({ app_id: 'ks-contract', app_secret: 'ks-secret-contract', grant_type: 'authorization_code' })
    expect(await auth.profile(grant)).toEqual({ openId: grant.openId, nickname: '快手茶铺', avatarUrl: 'https://p1.a.yximgs.com/uhead/contract.jpg' })
  })

  it('refreshes with a new refresh token, the old one then refused as a lost authorization', async () => {
    const grant = await auth.exchangeCode({ code: (await consent(auth, 'k-2')).code, redirectUri: REDIRECT })
    const fresh = await auth.refresh({ refreshToken: grant.refreshToken, openId: grant.openId })
    expect(fresh.openId).toBe(grant.openId)
    expect(fresh.refreshToken).not.toBe(grant.refreshToken)
    const lost = await failure(() => auth.refresh({ refreshToken: grant.refreshToken, openId: grant.openId }))
    expect(lost).toBeInstanceOf(AuthorizationLost)
    expect(lost.reason['en-US']).toBe("Kuaishou no longer accepts this account's authorization: refresh_token is invalid or expired (result 100200100). Its owner must authorize again.")
  })

  it("says a wrong App ID or secret is this platform's setting, not the account's", async () => {
    const wrong = kuaishouAuth({ appId: contract.appId, appSecret: 'not-it', apiUrl: contract.url, timeoutMs: 500 })
    const grant = await auth.exchangeCode({ code: (await consent(auth, 'k-3')).code, redirectUri: REDIRECT })
    const refused = await failure(() => wrong.refresh({ refreshToken: grant.refreshToken, openId: grant.openId }))
    expect(refused).not.toBeInstanceOf(AuthorizationLost)
    expect(refused.reason['en-US']).toBe("Kuaishou does not accept this platform's App ID or App Secret: app_id or app_secret is wrong (result 100200101). An administrator checks them in Initial configuration.")
  })

  it('failing, silent or malformed is said', async () => {
    const grant = await auth.exchangeCode({ code: (await consent(auth, 'k-4')).code, redirectUri: REDIRECT })
    for (const [mode, said] of [['failing', 'Kuaishou is busy or failing (HTTP 503'], ['hangs', 'Kuaishou did not answer within 0.5 s'], ['malformed', 'Kuaishou answered something its API does not document']] as const) {
      contract.mode = mode
      const error = await failure(() => auth.profile(grant))
      contract.mode = 'ok'
      expect(error.reason['en-US']).toContain(said)
    }
  })
})
