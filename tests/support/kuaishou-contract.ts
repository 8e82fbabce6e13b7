import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createHash, randomBytes } from 'node:crypto'
import { listenLocal } from './listen-local'
import { breakUpload, formOf } from './contract-uploads'

/** How it answers: as documented, or as the platform does when things go wrong. */
export type KuaishouMode = 'ok' | 'failing' | 'hangs' | 'malformed'

interface Account {
  openId: string
  name: string
  accessToken: string
  refreshToken: string
  accessUntil: number
  refreshUntil: number
  /** The owner cancelled the authorization in Kuaishou's settings. */
  revoked?: boolean
}

/** An upload_token from photo/start_upload: its file once sent to the gateway, then one photo/publish. */
export interface KuaishouUpload {
  uploadToken: string
  openId: string
  /** The file the gateway took, once it has: named when it came whole, counted in fragments when it came in them. */
  file: { name: string | null; bytes: number; sha256: string; fragments: number } | null
  /** Fragments come so far, by fragment_id, until /api/upload/complete puts them together. */
  fragments: Map<number, Buffer>
  used: boolean
}

/** A post, as photo/publish, photo/list and photo/info describe it, and whose account made it from what. */
export interface KuaishouPost {
  openId: string
  uploadToken: string
  /** The cover image's bytes as sent. */
  coverBytes: number
  photo_id: string
  /** The caption it was published with: the title and its #topics. */
  caption: string
  cover: string
  play_url: string
  /** Milliseconds since epoch. */
  create_time: number
  /** Its figures: a test sets them, photo/list and photo/info read them. */
  like_count: number
  comment_count: number
  view_count: number
  pending: boolean
}

/**
 * Kuaishou's open platform on 127.0.0.1, as its documentation shows it: the authorization page
 * (`/oauth2/authorize`, consenting at once for `nextUser` and sending the browser back to
 * redirect_uri with a code and the state), and the GET calls answering `{ result: 1, ... }`, or
 * another result with `error_msg`. A refresh hands out a new refresh token and ends the old one.
 *
 * And the publishing calls, app_id and access_token in the query of each: POST
 * /openapi/photo/start_upload answers `{ upload_token, endpoint }`, the endpoint being this
 * server as the upload gateway; POST `http://{endpoint}/api/upload/multipart?upload_token=`
 * takes the file (part `file`), or POST /api/upload/fragment?upload_token=&fragment_id= (from 0)
 * takes a fragment as the body, answering its `checksum` and `size`, and POST
 * /api/upload/complete?upload_token=&fragment_count= puts them together; POST /openapi/photo/publish?upload_token= (multipart `caption`
 * and a required `cover` image) makes the post from a sent file, once, and answers `video_info`;
 * GET /openapi/photo/list (`count` up to 200, `cursor` the last photo_id of the page before)
 * pages the account's posts newest first; GET /openapi/photo/info?photo_id= answers one, or
 * result 120001. An expired token answers 100200108, a cancelled authorization 100200109, an
 * unknown token 100200102, a rate limit 10000302 ("api too fast") or HTTP 429.
 */
export interface KuaishouContract {
  url: string
  appId: string
  appSecret: string
  mode: KuaishouMode
  nextUser: { name: string }
  accounts: Map<string, Account>
  calls: { path: string; query: Record<string, string> }[]
  uploads: KuaishouUpload[]
  /** Every post made, of every account; a test counts them, and sets their figures. */
  posts: KuaishouPost[]
  /** The next this many publishing calls are refused for the rate, as `rateLimitAs` says. */
  rateLimited: number
  /** 'code': result 10000302 in a 200 answer; 'http': an HTTP 429. */
  rateLimitAs: 'code' | 'http'
  /** The next this many file uploads fail once part of the file has come: a 502, or the connection dropped. */
  brokenUploads: number
  brokenUploadAs: '502' | 'reset'
  /** While set, photo/publish makes the post at once but answers only when this settles. */
  holdCreate: Promise<unknown> | null
  /** Settles when the next photo/publish has made its post (before any hold). */
  nextCreate(): Promise<KuaishouPost>
  /** An account as if its owner had just authorized this platform, with a fresh access token. */
  authorized(name?: string): { openId: string; accessToken: string; refreshToken: string }
  expireAccess(openId: string): void
  expireRefresh(openId: string): void
  /** The owner cancels the authorization: its tokens stop working at once. */
  revoke(openId: string): void
  close(): Promise<void>
}

const PUBLISHING = new Set(['/openapi/photo/start_upload', '/api/upload/multipart', '/api/upload/fragment', '/api/upload/complete', '/openapi/photo/publish', '/openapi/photo/list', '/openapi/photo/info'])

export async function startKuaishouContract(): Promise<KuaishouContract> {
  const codes = new Map<string, string>()
  const accounts = new Map<string, Account>()
  const createWaiters: ((post: KuaishouPost) => void)[] = []
  let host = ''
  const state = {
    appId: 'ks-contract', appSecret: 'ks-secret-contract', mode: 'ok' as KuaishouMode, nextUser: { name: '快手茶铺' }, accounts, calls: [] as KuaishouContract['calls'],
    uploads: [] as KuaishouUpload[], posts: [] as KuaishouPost[],
    rateLimited: 0, rateLimitAs: 'code' as KuaishouContract['rateLimitAs'], brokenUploads: 0, brokenUploadAs: '502' as KuaishouContract['brokenUploadAs'], holdCreate: null as Promise<unknown> | null,
    nextCreate: () => new Promise<KuaishouPost>((resolve) => createWaiters.push(resolve)),
    authorized: (name = '快手茶铺') => {
      const openId = `ks${randomBytes(8).toString('hex')}`
      const account: Account = { openId, name, accessToken: '', refreshToken: '', accessUntil: 0, refreshUntil: 0 }
      accounts.set(openId, account)
      issue(account, true)
      return { openId, accessToken: account.accessToken, refreshToken: account.refreshToken }
    },
    expireAccess: (openId: string) => void (accounts.get(openId)!.accessUntil = 0),
    expireRefresh: (openId: string) => void (accounts.get(openId)!.refreshUntil = 0),
    revoke: (openId: string) => {
      const account = accounts.get(openId)!
      account.revoked = true
      account.refreshUntil = 0
    },
  }
  const token = () => randomBytes(16).toString('hex')
  const issue = (account: Account, withOpenId: boolean) => {
    account.accessToken = token()
    account.refreshToken = token()
    account.accessUntil = Date.now() + 172_800_000
    account.refreshUntil = Date.now() + 15_552_000_000
    return { result: 1, access_token: account.accessToken, expires_in: 172_800, refresh_token: account.refreshToken, refresh_token_expires_in: 15_552_000, ...(withOpenId ? { open_id: account.openId } : {}), scopes: ['user_info', 'user_video_publish', 'user_video_info'] }
  }

  async function publishing(req: IncomingMessage, res: ServerResponse, address: URL, query: Record<string, string>) {
    const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    const refuse = (result: number, message: string) => json({ result, error_msg: message })
    if (state.mode === 'hangs') return
    if (state.mode === 'failing') return res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable')
    if (state.mode === 'malformed') return json({ status: 'ok' })
    if (state.rateLimited > 0) {
      state.rateLimited--
      if (state.rateLimitAs === 'http') return res.writeHead(429, { 'content-type': 'text/plain' }).end('Too Many Requests')
      return refuse(10000302, 'api too fast')
    }
    const described = ({ openId: _o, uploadToken: _u, coverBytes: _c, ...post }: KuaishouPost) => post

    // The upload gateway knows the upload_token only; the file is the account's that asked for it.
    if (address.pathname === '/api/upload/multipart') {
      const upload = state.uploads.find((u) => u.uploadToken === query.upload_token)
      if (req.method !== 'POST' || !upload || upload.file) return refuse(100400, 'upload_token is invalid')
      if (state.brokenUploads > 0) {
        state.brokenUploads--
        return breakUpload(req, res, state.brokenUploadAs)
      }
      const file = (await formOf(req))?.get('file')
      if (!(file instanceof File) || file.size === 0) return refuse(100400, 'file is missing or empty')
      const bytes = Buffer.from(await file.arrayBuffer())
      upload.file = { name: file.name, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), fragments: 0 }
      return json({ result: 1 })
    }
    if (address.pathname === '/api/upload/fragment') {
      const upload = state.uploads.find((u) => u.uploadToken === query.upload_token)
      const id = Number(query.fragment_id)
      if (req.method !== 'POST' || !upload || upload.file) return refuse(100400, 'upload_token is invalid')
      if (query.fragment_id === undefined || !Number.isInteger(id) || id < 0) return refuse(100400, 'fragment_id is invalid')
      if (state.brokenUploads > 0) {
        state.brokenUploads--
        return breakUpload(req, res, state.brokenUploadAs)
      }
      const chunks: Buffer[] = []
      for await (const chunk of req) chunks.push(chunk as Buffer)
      const fragment = Buffer.concat(chunks)
      if (fragment.length === 0) return refuse(100400, 'fragment is empty')
      upload.fragments.set(id, fragment)
      return json({ result: 1, checksum: createHash('md5').update(fragment).digest('hex'), size: fragment.length })
    }
    if (address.pathname === '/api/upload/complete') {
      const upload = state.uploads.find((u) => u.uploadToken === query.upload_token)
      if (req.method !== 'POST' || !upload || upload.file) return refuse(100400, 'upload_token is invalid')
      const count = Number(query.fragment_count)
      const ids = [...upload.fragments.keys()].sort((a, b) => a - b)
      if (!Number.isInteger(count) || count < 1 || ids.length !== count || ids.some((id, i) => id !== i)) return refuse(100400, 'fragments are missing')
      const fragments = ids.map((id) => upload.fragments.get(id)!)
      const sha256 = fragments.reduce((hash, f) => hash.update(f), createHash('sha256')).digest('hex')
      upload.file = { name: null, bytes: fragments.reduce((n, f) => n + f.length, 0), sha256, fragments: count }
      upload.fragments.clear()
      return json({ result: 1 })
    }

    if (query.app_id !== state.appId) return refuse(100200101, 'app_id is invalid')
    const account = [...accounts.values()].find((a) => a.accessToken === query.access_token)
    if (!account) return refuse(100200102, 'access_token is invalid')
    if (account.revoked) return refuse(100200109, 'the user cancelled the authorization of this app')
    if (account.accessUntil < Date.now()) return refuse(100200108, 'access_token expired')
    const own = (post: KuaishouPost) => post.openId === account.openId

    if (req.method === 'POST' && address.pathname === '/openapi/photo/start_upload') {
      const upload: KuaishouUpload = { uploadToken: randomBytes(18).toString('base64url'), openId: account.openId, file: null, fragments: new Map(), used: false }
      state.uploads.push(upload)
      return json({ result: 1, upload_token: upload.uploadToken, endpoint: host })
    }
    if (req.method === 'POST' && address.pathname === '/openapi/photo/publish') {
      const form = await formOf(req)
      const caption = form?.get('caption')
      const cover = form?.get('cover')
      if (typeof caption !== 'string' || !(cover instanceof File) || cover.size === 0) return refuse(100400, 'caption and cover are required')
      const upload = state.uploads.find((u) => u.uploadToken === query.upload_token && u.openId === account.openId)
      if (!upload?.file || upload.used) return refuse(120002, '视频未上传成功')
      upload.used = true
      const photoId = `3x${randomBytes(7).toString('hex')}`
      const post: KuaishouPost = {
        openId: account.openId, uploadToken: upload.uploadToken, coverBytes: cover.size,
        photo_id: photoId, caption, cover: `https://p2.a.yximgs.com/upic/contract/${photoId}.jpg`, play_url: `https://www.kuaishou.com/short-video/${photoId}`,
        create_time: Date.now(), like_count: 0, comment_count: 0, view_count: 0, pending: false,
      }
      state.posts.push(post)
      createWaiters.splice(0).forEach((resolve) => resolve(post))
      if (state.holdCreate) await state.holdCreate.catch(() => undefined)
      return json({ result: 1, video_info: described(post) })
    }
    if (req.method === 'GET' && address.pathname === '/openapi/photo/list') {
      const count = Number(query.count ?? 20)
      if (!Number.isInteger(count) || count < 1 || count > 200) return refuse(100400, 'count must be 1 to 200')
      const mine = state.posts.filter(own).reverse()
      const after = query.cursor ? mine.findIndex((p) => p.photo_id === query.cursor) : -1
      if (query.cursor && after < 0) return refuse(100400, 'cursor is invalid')
      return json({ result: 1, video_list: mine.slice(after + 1, after + 1 + count).map(described) })
    }
    if (req.method === 'GET' && address.pathname === '/openapi/photo/info') {
      const post = state.posts.find((p) => own(p) && p.photo_id === query.photo_id)
      return post ? json({ result: 1, video_info: described(post) }) : refuse(120001, '视频不存在')
    }
    refuse(100200100, 'method not allowed')
  }

  const server: Server = createServer((req, res) => {
    const address = new URL(req.url ?? '/', 'http://contract')
    const query = Object.fromEntries(address.searchParams)
    state.calls.push({ path: address.pathname, query })
    const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    const refuse = (result: number, message: string) => json({ result, error_msg: message })
    if (PUBLISHING.has(address.pathname)) {
      return void publishing(req, res, address, query).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error))
      })
    }
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
  host = new URL(listening.origin).host
  const contract = state as unknown as KuaishouContract
  contract.url = `${listening.origin}`
  contract.close = listening.close
  return contract
}


