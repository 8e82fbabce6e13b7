import { createServer, type Server } from 'node:http'
import { randomBytes } from 'node:crypto'
import { listenLocal } from './listen-local'

/** How it answers: as documented, or as the platform does when things go wrong. */
export type KuaishouMode = 'ok' | 'failing' | 'hangs' | 'malformed'

interface Account {
  openId: string
  name: string
  accessToken: string
  refreshToken: string
  accessUntil: number
  refreshUntil: number
}

/**
 * Kuaishou's open platform on 127.0.0.1, as its documentation shows it: the authorization page
 * (`/oauth2/authorize`, consenting at once for `nextUser` and sending the browser back to
 * redirect_uri with a code and the state), and the GET calls answering `{ result: 1, ... }`, or
 * another result with `error_msg`. A refresh hands out a new refresh token and ends the old one.
 */
export interface KuaishouContract {
  url: string
  appId: string
  appSecret: string
  mode: KuaishouMode
  nextUser: { name: string }
  accounts: Map<string, Account>
  calls: { path: string; query: Record<string, string> }[]
  expireAccess(openId: string): void
  expireRefresh(openId: string): void
  close(): Promise<void>
}

export async function startKuaishouContract(): Promise<KuaishouContract> {
  const codes = new Map<string, string>()
  const accounts = new Map<string, Account>()
  const state = {
    appId: 'ks-contract', appSecret: 'ks-secret-contract', mode: 'ok' as KuaishouMode, nextUser: { name: '快手茶铺' }, accounts, calls: [] as KuaishouContract['calls'],
    expireAccess: (openId: string) => void (accounts.get(openId)!.accessUntil = 0),
    expireRefresh: (openId: string) => void (accounts.get(openId)!.refreshUntil = 0),
  }
  const token = () => randomBytes(16).toString('hex')
  const issue = (account: Account, withOpenId: boolean) => {
    account.accessToken = token()
    account.refreshToken = token()
    account.accessUntil = Date.now() + 172_800_000
    account.refreshUntil = Date.now() + 15_552_000_000
    return { result: 1, access_token: account.accessToken, expires_in: 172_800, refresh_token: account.refreshToken, refresh_token_expires_in: 15_552_000, ...(withOpenId ? { open_id: account.openId } : {}), scopes: ['user_info', 'user_video_publish', 'user_video_info'] }
  }
  const server: Server = createServer((req, res) => {
    const address = new URL(req.url ?? '/', 'http://contract')
    const query = Object.fromEntries(address.searchParams)
    state.calls.push({ path: address.pathname, query })
    const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    const refuse = (result: number, message: string) => json({ result, error_msg: message })
    if (address.pathname === '/oauth2/authorize') {
      if (query.app_id !== state.appId || !query.redirect_uri || query.response_type !== 'code') return res.writeHead(400, { 'content-type': 'text/plain' }).end('invalid request')
      const openId = `ks${randomBytes(8).toString('hex')}`
      accounts.set(openId, { openId, name: state.nextUser.name, accessToken: '', refreshToken: '', accessUntil: 0, refreshUntil: 0 })
      const code = randomBytes(10).toString('hex')
      codes.set(code, openId)
      const back = new URL(query.redirect_uri)
      back.searchParams.set('code', code)
      back.searchParams.set('state', query.state ?? '')
      return res.writeHead(302, { location: back.toString() }).end()
    }
    if (state.mode === 'hangs') return
    if (state.mode === 'failing') return res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable')
    if (state.mode === 'malformed') return json({ status: 'ok' })
    if (req.method !== 'GET') return refuse(100200100, 'method not allowed')
    if (address.pathname === '/oauth2/access_token') {
      if (query.app_id !== state.appId || query.app_secret !== state.appSecret) return refuse(100200101, 'app_id or app_secret is wrong')
      const openId = codes.get(query.code ?? '')
      if (query.grant_type !== 'authorization_code' || !openId) return refuse(100200100, 'invalid code')
      codes.delete(query.code!)
      return json(issue(accounts.get(openId)!, true))
    }
    if (address.pathname === '/oauth2/refresh_token') {
      if (query.app_id !== state.appId || query.app_secret !== state.appSecret) return refuse(100200101, 'app_id or app_secret is wrong')
      const account = [...accounts.values()].find((a) => a.refreshToken === query.refresh_token)
      if (query.grant_type !== 'refresh_token' || !account || account.refreshUntil < Date.now()) return refuse(100200100, 'refresh_token is invalid or expired')
      return json(issue(account, false))
    }
    if (address.pathname === '/openapi/user_info') {
      const account = [...accounts.values()].find((a) => a.accessToken === query.access_token)
      if (query.app_id !== state.appId || !account || account.accessUntil < Date.now()) return refuse(100200100, 'access_token is invalid or expired')
      return json({ result: 1, user_info: { name: account.name, sex: 'F', fan: 120, follow: 8, head: 'https://p1.a.yximgs.com/uhead/contract.jpg', bigHead: 'https://p1.a.yximgs.com/uhead/contract-big.jpg', city: '杭州' } })
    }
    refuse(100200100, 'unknown api')
  })
  const listening = await listenLocal(server)
  const contract = state as unknown as KuaishouContract
  contract.url = `${listening.origin}`
  contract.close = listening.close
  return contract
}
