/**
 * Kuaishou's open platform on 127.0.0.1: the OAuth calls and the video calls this platform
 * makes, as Kuaishou documents them and as the clients that call it show them.
 *
 * Where each behaviour comes from:
 * - The authorization page and its parameters (app_id; scope, comma-separated; response_type
 *   "写死 code"; ua=pc; redirect_uri "必须以http/https开头"; state): the web-app page,
 *   open.kuaishou.com/platformDocs/develop/web-app.html. A code lives two minutes and works once:
 *   open.kuaishou.com/platformDocs/openAbility/kwaiLogin (code2AccessToken, GET
 *   /oauth2/access_token, its answer with open_id).
 * - The refresh (GET /oauth2/refresh_token): the refreshToken page (apifox mirror,
 *   apifox.com/apidoc/project-462993/api-7075071). It answers no open_id; it gives a new refresh
 *   token and ends the old one, "过期时间会继承上一个refresh_token 的过期时间"; old and new access
 *   tokens "可以同时有效".
 * - The `result` codes: the error-code page (apifox mirror, …/doc-355272): the oauth2.0 table
 *   (100200100 缺少参数, 100200101 无效的client, 100200103 responseType, 100200104 grantType,
 *   100200105 code 错误, 100200106 scope, 100200108 access_token过期, 100200109 用户取消授权,
 *   100200113 refresh_token过期, 100200500 服务内部错误), the content table (120001 视频不存在,
 *   120002 视频未上传成功, 100400 参数错误). From the server error table as transcribed by
 *   api-evangelist/kuaishou: 10000302 "api too fast", 10000500 系统故障; and its live probe of an
 *   unknown route: HTTP 404 `{"result":1026,"error_msg":"[1026] 404 NOT FOUND"}`.
 * - The video calls: mp.kuaishou.com/platformDocs/openAbility/contentManagement/createAVideo.html
 *   (start_upload, the gateway "http://{host}/…", Multipart for files under 10 MB, fragments,
 *   complete, publish with a required cover) and the fragment page (apifox …/api-7075077:
 *   fragment_id from 0, Content-Type video/mp4, answering checksum and size).
 * - photo/info answering `{"result":100120001,"error":"video_not_exist","error_msg":"VIDEO_NOT_EXIST"}`
 *   for a post just published: yikart/AiToEarn's Kuaishou client, which treats it as passing.
 *
 * What the sources leave unsettled, and what this server does about it:
 * - The rows of the parameter table for `ua` and `state` are cut off, and so is what
 *   redirect_uri must match beyond http(s). A client adds ua=pc only on a desktop, so without it
 *   the page is the one for phones: here a request without ua=pc gets that page (200, no
 *   redirect) and an unknown parameter is ignored, so a misspelt `ua` shows in a test.
 * - What a refresh answers for a refresh token already replaced or never given: no page says;
 *   100200102 "请求被拒绝,可能是无效的 token 等" here.
 * - What a refresh answers after the owner cancels the authorization: 100200109 here.
 * - Whether /oauth2 answers the rate code (10000302) and what the /openapi calls answer when
 *   Kuaishou fails inside (10000500 is the mini-program table's): assumed so here.
 * - How long a post answers 100120001 after it is published, and whether photo/list shows it
 *   meanwhile: here until a test marks it shown, and photo/list shows it.
 * - 100200110 (用户授权过期) and 100200111 (用户未授权过): nothing says when they come; not answered.
 * - Which scopes exist beyond user_info and user_video_publish (the web-app page names those
 *   two): the page here knows those and user_video_info, which this platform asks for.
 *
 * Tests drive it through the fields below: `mode` for troubles on every call, `rateLimited`
 * for the next publishing calls, `brokenUploads` for an upload that fails halfway, `holdCreate`
 * for a publish whose answer never comes in time, `newPostsShown` for posts photo/info does not
 * find yet, `expireAccess`, `expireRefresh`, `revoke` and `expireCodes`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createHash, randomBytes } from 'node:crypto'
import { listenLocal } from './listen-local'
import { breakUpload, formOf } from './contract-uploads'

/**
 * How it answers every call: as documented, or as the platform does when things go wrong: busy
 * (服务内部错误 / 系统故障), limited ("api too fast"), failing (HTTP 503), hangs (no answer),
 * malformed (an answer its documentation does not have).
 */
export type KuaishouMode = 'ok' | 'busy' | 'limited' | 'failing' | 'hangs' | 'malformed'

interface Account {
  openId: string
  name: string
  /** Every access token given and when each stops working (ms since epoch): a refresh leaves the old one working. */
  accessTokens: Map<string, number>
  refreshToken: string
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
  /** Whether photo/info finds it: false, it answers 100120001 VIDEO_NOT_EXIST, as just after publishing. */
  shown: boolean
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
  /** Whether photo/info finds a post as soon as it is published (true), or only once a test sets its `shown`. */
  newPostsShown: boolean
  /** Settles when the next photo/publish has made its post (before any hold). */
  nextCreate(): Promise<KuaishouPost>
  /** An account as if its owner had just authorized this platform, with a fresh access token. */
  authorized(name?: string): { openId: string; accessToken: string; refreshToken: string }
  /** Every access token of the account runs out. */
  expireAccess(openId: string): void
  expireRefresh(openId: string): void
  /** The owner cancels the authorization: its tokens stop working at once. */
  revoke(openId: string): void
  /** Every code given and not yet exchanged runs out. */
  expireCodes(): void
  close(): Promise<void>
}

const PUBLISHING = new Set(['/openapi/photo/start_upload', '/api/upload/multipart', '/api/upload/fragment', '/api/upload/complete', '/openapi/photo/publish', '/openapi/photo/list', '/openapi/photo/info'])
const SCOPES = ['user_info', 'user_video_publish', 'user_video_info']
const ACCESS_SECONDS = 172_800
const REFRESH_SECONDS = 15_552_000
const CODE_MS = 120_000

export async function startKuaishouContract(): Promise<KuaishouContract> {
  const codes = new Map<string, { openId: string; until: number }>()
  const accounts = new Map<string, Account>()
  const createWaiters: ((post: KuaishouPost) => void)[] = []
  let host = ''
  const state = {
    appId: 'ks-contract', appSecret: 'ks-secret-contract', mode: 'ok' as KuaishouMode, nextUser: { name: '快手茶铺' }, accounts, calls: [] as KuaishouContract['calls'],
    uploads: [] as KuaishouUpload[], posts: [] as KuaishouPost[],
    rateLimited: 0, rateLimitAs: 'code' as KuaishouContract['rateLimitAs'], brokenUploads: 0, brokenUploadAs: '502' as KuaishouContract['brokenUploadAs'], holdCreate: null as Promise<unknown> | null,
    newPostsShown: true,
    nextCreate: () => new Promise<KuaishouPost>((resolve) => createWaiters.push(resolve)),
    authorized: (name = '快手茶铺') => {
      const account = newAccount(name)
      const { access_token: accessToken } = exchanged(account)
      return { openId: account.openId, accessToken, refreshToken: account.refreshToken }
    },
    expireAccess: (openId: string) => accounts.get(openId)!.accessTokens.forEach((_, t, all) => all.set(t, 0)),
    expireRefresh: (openId: string) => void (accounts.get(openId)!.refreshUntil = 0),
    revoke: (openId: string) => void (accounts.get(openId)!.revoked = true),
    expireCodes: () => codes.forEach((code) => (code.until = 0)),
  }
  const token = () => randomBytes(16).toString('hex')
  const newAccount = (name: string): Account => {
    const account: Account = { openId: `ks${randomBytes(8).toString('hex')}`, name, accessTokens: new Map(), refreshToken: '', refreshUntil: 0 }
    accounts.set(account.openId, account)
    return account
  }
  const scopes = ['user_info', 'user_video_publish', 'user_video_info']
  const newAccess = (account: Account) => {
    const access = token()
    account.accessTokens.set(access, Date.now() + ACCESS_SECONDS * 1000)
    return access
  }
  /** What the code exchange answers: the account's open_id, and a refresh token of its own lifetime. */
  const exchanged = (account: Account) => {
    account.refreshToken = token()
    account.refreshUntil = Date.now() + REFRESH_SECONDS * 1000
    return { result: 1, access_token: newAccess(account), expires_in: ACCESS_SECONDS, refresh_token: account.refreshToken, refresh_token_expires_in: REFRESH_SECONDS, open_id: account.openId, scopes }
  }
  /** What a refresh answers: no open_id, a new refresh token that keeps the old one's end. */
  const refreshed = (account: Account) => {
    account.refreshToken = token()
    const left = Math.max(0, Math.round((account.refreshUntil - Date.now()) / 1000))
    return { result: 1, access_token: newAccess(account), expires_in: ACCESS_SECONDS, refresh_token: account.refreshToken, refresh_token_expires_in: left, scopes }
  }
  const json = (res: ServerResponse, body: unknown, status = 200) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  /** The troubles of `mode`, said as the call's part of the platform says them; false when there is none. */
  const trouble = (res: ServerResponse, oauth: boolean): boolean => {
    if (state.mode === 'ok') return false
    if (state.mode === 'failing') res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable')
    else if (state.mode === 'malformed') json(res, { status: 'ok' })
    else if (state.mode === 'busy') json(res, oauth ? { result: 100200500, error_msg: '服务内部错误' } : { result: 10000500, error_msg: '系统故障' })
    else if (state.mode === 'limited') json(res, { result: 10000302, error_msg: 'api too fast' })
    return true
  }
  /** The account whose access token the call carries, or the refusal it gets. */
  const caller = (res: ServerResponse, query: Record<string, string>): Account | null => {
    const refused = (result: number, message: string) => {
      json(res, { result, error_msg: message })
      return null
    }
    if (query.app_id !== state.appId) return refused(100200101, '无效的client,无效的 app 或 developer')
    if (!query.access_token) return refused(100200100, '请求缺少参数或参数类型错误')
    const account = [...accounts.values()].find((a) => a.accessTokens.has(query.access_token!))
    if (!account) return refused(100200102, '请求被拒绝,可能是无效的 token 等')
    if (account.revoked) return refused(100200109, '用户取消该 app 授权')
    if (account.accessTokens.get(query.access_token!)! < Date.now()) return refused(100200108, 'access_token过期')
    return account
  }

  async function publishing(req: IncomingMessage, res: ServerResponse, address: URL, query: Record<string, string>) {
    const refuse = (result: number, message: string) => json(res, { result, error_msg: message })
    if (state.mode === 'hangs' || trouble(res, false)) return
    if (state.rateLimited > 0) {
      state.rateLimited--
      if (state.rateLimitAs === 'http') return res.writeHead(429, { 'content-type': 'text/plain' }).end('Too Many Requests')
      return refuse(10000302, 'api too fast')
    }
    const described = ({ openId: _o, uploadToken: _u, coverBytes: _c, shown: _s, ...post }: KuaishouPost) => post

    // The upload gateway knows the upload_token only; the file is the account's that asked for it.
    if (address.pathname.startsWith('/api/upload/')) {
      const upload = state.uploads.find((u) => u.uploadToken === query.upload_token)
      if (req.method !== 'POST' || !upload || upload.file) return refuse(100400, 'upload_token is invalid')
      if (address.pathname === '/api/upload/multipart') {
        if (state.brokenUploads > 0) {
          state.brokenUploads--
          return breakUpload(req, res, state.brokenUploadAs)
        }
        const file = (await formOf(req))?.get('file')
        if (!(file instanceof File) || file.size === 0) return refuse(100400, 'file is missing or empty')
        const bytes = Buffer.from(await file.arrayBuffer())
        upload.file = { name: file.name, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), fragments: 0 }
        return json(res, { result: 1 })
      }
      if (address.pathname === '/api/upload/fragment') {
        const id = Number(query.fragment_id)
        if (!/^\d+$/.test(query.fragment_id ?? '')) return refuse(100400, 'fragment_id is invalid')
        if (req.headers['content-type'] !== 'video/mp4') return refuse(100400, 'Content-Type must be video/mp4')
        if (state.brokenUploads > 0) {
          state.brokenUploads--
          return breakUpload(req, res, state.brokenUploadAs)
        }
        const chunks: Buffer[] = []
        for await (const chunk of req) chunks.push(chunk as Buffer)
        const fragment = Buffer.concat(chunks)
        if (fragment.length === 0) return refuse(100400, 'fragment is empty')
        upload.fragments.set(id, fragment)
        return json(res, { result: 1, checksum: createHash('md5').update(fragment).digest('hex'), size: fragment.length })
      }
      if (address.pathname === '/api/upload/complete') {
        const count = Number(query.fragment_count)
        const ids = [...upload.fragments.keys()].sort((a, b) => a - b)
        if (!Number.isInteger(count) || count < 1 || ids.length !== count || ids.some((id, i) => id !== i)) return refuse(100400, 'fragments are missing')
        const fragments = ids.map((id) => upload.fragments.get(id)!)
        const sha256 = fragments.reduce((hash, f) => hash.update(f), createHash('sha256')).digest('hex')
        upload.file = { name: null, bytes: fragments.reduce((n, f) => n + f.length, 0), sha256, fragments: count }
        upload.fragments.clear()
        return json(res, { result: 1 })
      }
    }

    const account = caller(res, query)
    if (!account) return
    const own = (post: KuaishouPost) => post.openId === account.openId
    const route = `${req.method} ${address.pathname}`

    if (route === 'POST /openapi/photo/start_upload') {
      const upload: KuaishouUpload = { uploadToken: randomBytes(18).toString('base64url'), openId: account.openId, file: null, fragments: new Map(), used: false }
      state.uploads.push(upload)
      return json(res, { result: 1, upload_token: upload.uploadToken, endpoint: host })
    }
    if (route === 'POST /openapi/photo/publish') {
      const form = await formOf(req)
      const caption = form?.get('caption')
      const cover = form?.get('cover')
      if (!query.upload_token || typeof caption !== 'string' || !(cover instanceof File) || cover.size === 0) return refuse(100400, '参数错误：upload_token、caption 与 cover 必填')
      const upload = state.uploads.find((u) => u.uploadToken === query.upload_token && u.openId === account.openId)
      if (!upload?.file || upload.used) return refuse(120002, '视频未上传成功')
      upload.used = true
      const photoId = `3x${randomBytes(7).toString('hex')}`
      const post: KuaishouPost = {
        openId: account.openId, uploadToken: upload.uploadToken, coverBytes: cover.size, shown: state.newPostsShown,
        photo_id: photoId, caption, cover: `https://p2.a.yximgs.com/upic/contract/${photoId}.jpg`, play_url: `https://www.kuaishou.com/short-video/${photoId}`,
        create_time: Date.now(), like_count: 0, comment_count: 0, view_count: 0, pending: false,
      }
      state.posts.push(post)
      createWaiters.splice(0).forEach((resolve) => resolve(post))
      if (state.holdCreate) await state.holdCreate.catch(() => undefined)
      return json(res, { result: 1, video_info: described(post) })
    }
    if (route === 'GET /openapi/photo/list') {
      const count = Number(query.count ?? 20)
      if (!Number.isInteger(count) || count < 1 || count > 200) return refuse(100400, 'count must be 1 to 200')
      const mine = state.posts.filter(own).reverse()
      const after = query.cursor ? mine.findIndex((p) => p.photo_id === query.cursor) : -1
      if (query.cursor && after < 0) return refuse(100400, 'cursor is invalid')
      return json(res, { result: 1, video_list: mine.slice(after + 1, after + 1 + count).map(described) })
    }
    if (route === 'GET /openapi/photo/info') {
      if (!query.photo_id) return refuse(100400, '参数错误：photo_id 必填')
      const post = state.posts.find((p) => own(p) && p.photo_id === query.photo_id)
      if (post && !post.shown) return json(res, { result: 100120001, error: 'video_not_exist', error_msg: 'VIDEO_NOT_EXIST' })
      return post ? json(res, { result: 1, video_info: described(post) }) : refuse(120001, '视频不存在')
    }
    notFound(res)
  }

  /** The owner's browser on the authorization page: the web-app page consents at once for `nextUser`, and goes back with a code and the state. */
  function authorizePage(res: ServerResponse, query: Record<string, string>) {
    const wrong = (why: string) => res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end(`invalid request: ${why}`)
    const asked = (query.scope ?? '').split(',').filter(Boolean)
    if (query.app_id !== state.appId) return wrong('100200101 无效的client')
    if (query.response_type !== 'code') return wrong('100200103 请求的 responseType 错误')
    if (asked.length === 0 || asked.some((s) => !SCOPES.includes(s))) return wrong('100200106 请求的 scope 错误')
    if (!/^https?:\/\/[^\s]+$/.test(query.redirect_uri ?? '')) return wrong('redirect_uri 必须以http/https开头')
    if (query.ua !== 'pc') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<html><body>快手授权（手机页面）：请在快手 App 中确认授权</body></html>')
    const account = newAccount(state.nextUser.name)
    const code = randomBytes(10).toString('hex')
    codes.set(code, { openId: account.openId, until: Date.now() + CODE_MS })
    const back = new URL(query.redirect_uri!)
    back.searchParams.set('code', code)
    back.searchParams.set('state', query.state ?? '')
    res.writeHead(302, { location: back.toString() }).end()
  }

  /** GET /oauth2/access_token, /oauth2/refresh_token and /openapi/user_info. */
  function oauth(req: IncomingMessage, res: ServerResponse, address: URL, query: Record<string, string>) {
    const refuse = (result: number, message: string) => json(res, { result, error_msg: message })
    if (state.mode === 'hangs' || trouble(res, address.pathname.startsWith('/oauth2/'))) return
    if (req.method !== 'GET') return notFound(res)
    if (address.pathname === '/oauth2/access_token') {
      if (!query.app_id || !query.app_secret || !query.code || !query.grant_type) return refuse(100200100, '请求缺少参数或参数类型错误')
      if (query.app_id !== state.appId || query.app_secret !== state.appSecret) return refuse(100200101, '无效的client,无效的 app 或 developer,可能是验证参数不正确')
      if (query.grant_type !== 'authorization_code') return refuse(100200104, '请求的 grantType 不支持')
      const code = codes.get(query.code)
      codes.delete(query.code)
      if (!code || code.until < Date.now()) return refuse(100200105, '请求的 code 错误')
      return json(res, exchanged(accounts.get(code.openId)!))
    }
    if (address.pathname === '/oauth2/refresh_token') {
      if (!query.app_id || !query.app_secret || !query.refresh_token || !query.grant_type) return refuse(100200100, '请求缺少参数或参数类型错误')
      if (query.app_id !== state.appId || query.app_secret !== state.appSecret) return refuse(100200101, '无效的client,无效的 app 或 developer,可能是验证参数不正确')
      if (query.grant_type !== 'refresh_token') return refuse(100200104, '请求的 grantType 不支持')
      const account = [...accounts.values()].find((a) => a.refreshToken === query.refresh_token)
      if (!account) return refuse(100200102, '请求被拒绝,可能是无效的 token 等')
      if (account.revoked) return refuse(100200109, '用户取消该 app 授权')
      if (account.refreshUntil < Date.now()) return refuse(100200113, 'refresh_token过期')
      return json(res, refreshed(account))
    }
    if (address.pathname === '/openapi/user_info') {
      const account = caller(res, query)
      if (!account) return
      return json(res, { result: 1, user_info: { name: account.name, sex: 'F', fan: 120, follow: 8, head: 'https://p1.a.yximgs.com/uhead/contract.jpg', bigHead: 'https://p1.a.yximgs.com/uhead/contract-big.jpg', city: '杭州' } })
    }
    notFound(res)
  }

  const server: Server = createServer((req, res) => {
    const address = new URL(req.url ?? '/', 'http://contract')
    const query = Object.fromEntries(address.searchParams)
    state.calls.push({ path: address.pathname, query })
    if (PUBLISHING.has(address.pathname)) {
      return void publishing(req, res, address, query).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error))
      })
    }
    if (address.pathname === '/oauth2/authorize') return authorizePage(res, query)
    oauth(req, res, address, query)
  })
  const listening = await listenLocal(server)
  host = new URL(listening.origin).host
  const contract = state as unknown as KuaishouContract
  contract.url = `${listening.origin}`
  contract.close = listening.close
  return contract
}

function notFound(res: ServerResponse) {
  res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ result: 1026, error_msg: '[1026] 404 NOT FOUND' }))
}
