import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { randomBytes } from 'node:crypto'
import { listenLocal } from './listen-local'

/** How it answers: as documented, or as the platform does when things go wrong. */
export type DouyinMode = 'ok' | 'busy' | 'failing' | 'hangs' | 'malformed'

interface Account {
  openId: string
  nickname: string
  accessToken: string
  refreshToken: string
  /** When the access token stops working (ms since epoch). */
  accessUntil: number
  refreshUntil: number
}

/**
 * Douyin's open platform on 127.0.0.1, as its documentation shows it: the authorization page
 * (`/platform/oauth/connect/`, which here consents at once for `nextUser` and sends the browser
 * back to redirect_uri with a code and the state), and the token calls, form-encoded, answering
 * `{ data: { ..., error_code, description }, message }`. A code works once; the tokens expire
 * when the test says (`expireAccess`, `expireRefresh`).
 */
export interface DouyinContract {
  url: string
  clientKey: string
  clientSecret: string
  mode: DouyinMode
  /** Who authorizes next on the authorization page. */
  nextUser: { nickname: string }
  accounts: Map<string, Account>
  /** Every call, with its form. */
  calls: { path: string; form: Record<string, string> }[]
  expireAccess(openId: string): void
  expireRefresh(openId: string): void
  close(): Promise<void>
}

export async function startDouyinContract(): Promise<DouyinContract> {
  const codes = new Map<string, string>()
  const accounts = new Map<string, Account>()
  const state = {
    clientKey: 'tt-contract', clientSecret: 'secret-contract', mode: 'ok' as DouyinMode, nextUser: { nickname: 'Tea shop 茶铺' }, accounts, calls: [] as DouyinContract['calls'],
    expireAccess: (openId: string) => void (accounts.get(openId)!.accessUntil = 0),
    expireRefresh: (openId: string) => void (accounts.get(openId)!.refreshUntil = 0),
  }
  const token = (prefix: string) => `${prefix}.${randomBytes(12).toString('hex')}`
  const issue = (account: Account) => {
    account.accessToken = token('act')
    account.accessUntil = Date.now() + 1_296_000_000
    return { access_token: account.accessToken, expires_in: 1_296_000, open_id: account.openId, refresh_expires_in: Math.round((account.refreshUntil - Date.now()) / 1000), refresh_token: account.refreshToken, scope: 'user_info,video.create.bind,video.data.bind', captcha: '', desc_url: '', description: '', error_code: 0, log_id: '20261127' }
  }
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const address = new URL(req.url ?? '/', 'http://contract')
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString()))
      state.calls.push({ path: address.pathname, form })
      const answer = (data: Record<string, unknown>) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data, message: data.error_code === 0 ? 'success' : 'error' }))
      const refuse = (code: number, description: string) => answer({ error_code: code, description })
      if (address.pathname === '/platform/oauth/connect/') {
        const redirect = address.searchParams.get('redirect_uri')
        if (address.searchParams.get('client_key') !== state.clientKey || !redirect || address.searchParams.get('response_type') !== 'code') return res.writeHead(400, { 'content-type': 'text/plain' }).end('invalid request')
        const openId = `dy-${randomBytes(6).toString('hex')}`
        accounts.set(openId, { openId, nickname: state.nextUser.nickname, accessToken: '', refreshToken: token('rft'), accessUntil: 0, refreshUntil: Date.now() + 2_592_000_000 })
        const code = randomBytes(10).toString('hex')
        codes.set(code, openId)
        const back = new URL(redirect)
        back.searchParams.set('code', code)
        back.searchParams.set('state', address.searchParams.get('state') ?? '')
        return res.writeHead(302, { location: back.toString() }).end()
      }
      if (state.mode === 'hangs') return
      if (state.mode === 'failing') return res.writeHead(502, { 'content-type': 'text/html' }).end('<html>Bad Gateway</html>')
      if (state.mode === 'busy') return refuse(2100004, '系统繁忙，此时请开发者稍候再试')
      if (state.mode === 'malformed') return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'success' }))
      if (req.method !== 'POST' || !String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')) return refuse(2100005, '参数不合法')
      if (address.pathname === '/oauth/access_token/') {
        if (form.client_key !== state.clientKey || form.client_secret !== state.clientSecret) return refuse(10013, 'client_key 或 client_secret 错误')
        if (form.grant_type !== 'authorization_code') return refuse(10002, '参数错误')
        const openId = codes.get(form.code ?? '')
        if (!openId) return refuse(10007, '授权码过期')
        codes.delete(form.code!)
        return answer(issue(accounts.get(openId)!))
      }
      if (address.pathname === '/oauth/refresh_token/') {
        if (form.client_key !== state.clientKey || form.grant_type !== 'refresh_token') return refuse(10002, '参数错误')
        const account = [...accounts.values()].find((a) => a.refreshToken === form.refresh_token)
        if (!account || account.refreshUntil < Date.now()) return refuse(10010, 'refresh_token 过期')
        return answer(issue(account))
      }
      if (address.pathname === '/oauth/userinfo/') {
        const account = accounts.get(form.open_id ?? '')
        if (!account || account.accessToken !== form.access_token) return refuse(2190002, 'access_token 无效')
        if (account.accessUntil < Date.now()) return refuse(2190008, 'access_token 过期')
        return answer({ avatar: 'https://p3.douyinpic.com/aweme/contract.jpeg', nickname: account.nickname, open_id: account.openId, union_id: `u-${account.openId}`, error_code: 0, description: '' })
      }
      refuse(2100005, '接口不存在')
    })
  })
  const listening = await listenLocal(server)
  const contract = state as unknown as DouyinContract
  contract.url = `${listening.origin}`
  contract.close = listening.close
  return contract
}
