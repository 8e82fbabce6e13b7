import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createHash, randomBytes } from 'node:crypto'
import { listenLocal } from './listen-local'
import { breakUpload, formOf } from './contract-uploads'

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
  /** New refresh tokens given so far (renew_refresh_token allows five). */
  renewals?: number
}

/** A video sent with upload_video or in parts, waiting for the create_video that uses it (once). */
export interface DouyinUpload {
  videoId: string
  openId: string
  fileName: string
  bytes: number
  /** Of the bytes as they arrived, put back together from their parts. */
  sha256: string
  /** 1 when sent whole. */
  parts: number
  used: boolean
}

/** The smallest part Douyin takes, but for the last, and the largest file it takes whole. */
const PART_MIN = 5 * 1024 * 1024
const WHOLE_MAX = 128 * 1024 * 1024

/** A post, as video_list and video_data describe it, and whose account made it from which upload. */
export interface DouyinPost {
  openId: string
  videoId: string
  /** What create_video was sent besides the video_id and text (poi_id and the rest). */
  extra: Record<string, unknown>
  item_id: string
  /** The `text` it was created with: the title and its #topics. */
  title: string
  cover: string
  share_url: string
  /** Seconds since epoch. */
  create_time: number
  is_reviewed: boolean
  is_top: boolean
  video_status: number
  media_type: number
  /** Its figures: a test sets them, video_list and video_data read them. */
  statistics: { play_count: number; digg_count: number; comment_count: number; share_count: number; forward_count: number; download_count: number }
}

/**
 * Douyin's open platform on 127.0.0.1, as its documentation shows it: the authorization page
 * (`/platform/oauth/connect/`, which here consents at once for `nextUser` and sends the browser
 * back to redirect_uri with a code and the state), and the token calls, form-encoded, answering
 * `{ data: { ..., error_code, description }, message }`. A code works once; the tokens expire
 * when the test says (`expireAccess`, `expireRefresh`).
 *
 * And the publishing calls under /api/douyin/v1/video/, each with the account's token in an
 * `access-token` header and its `open_id` in the query, answering `{ data: { ..., error_code,
 * description }, extra }`: upload_video (multipart, part `video`) answers `video: { video_id,
 * width, height }`, and a file over 128 MB must come in parts: init_video_part_upload answers an
 * `upload_id`, upload_video_part (`upload_id`, `part_number` from 1, multipart `video`) takes each
 * part, of 5 MB at least but for the last, and complete_video_part_upload (`upload_id`) puts them
 * together and answers as upload_video does; create_video (JSON `{ video_id, text, cover_tsp?,
 * poi_id? }`, each video_id once, cover_tsp in seconds) makes the post and answers its
 * `item_id`; video_list (GET, `cursor`, `count`) pages the account's posts newest first; video_data (JSON `{ item_ids }`) answers those of its posts with their
 * `statistics`. A token the owner revoked answers 2190002, an expired one 2190008, busy 2100004,
 * a rate limit 28003018 (the one frequency code Douyin documents) or HTTP 429.
 */
export interface DouyinContract {
  url: string
  clientKey: string
  clientSecret: string
  mode: DouyinMode
  /** Who authorizes next on the authorization page. */
  nextUser: { nickname: string }
  accounts: Map<string, Account>
  /** Every call, with its form (the token calls) or its query (the publishing calls). */
  calls: { path: string; form: Record<string, string>; query?: Record<string, string> }[]
  uploads: DouyinUpload[]
  /** Every post made, of every account; a test counts them, and sets their `statistics`. */
  posts: DouyinPost[]
  /** The next this many publishing calls are refused for the rate, as `rateLimitAs` says. */
  rateLimited: number
  /** 'code': error_code 28003018 (请求频率过高) in a 200 answer; 'http': an HTTP 429. */
  rateLimitAs: 'code' | 'http'
  /** The next this many uploads fail once part of the file has come: a 502, or the connection dropped. */
  brokenUploads: number
  brokenUploadAs: '502' | 'reset'
  /** While set, create_video makes the post at once but answers only when this settles. */
  holdCreate: Promise<unknown> | null
  /** The figures a new post starts with (none by default): a browser test sets them before posts are read. */
  startingFigures: Partial<DouyinPost['statistics']>
  /** Settles when the next create_video has made its post (before any hold). */
  nextCreate(): Promise<DouyinPost>
  /** An account as if its owner had just authorized this platform, with a fresh access token. */
  authorized(nickname?: string): { openId: string; accessToken: string; refreshToken: string }
  expireAccess(openId: string): void
  expireRefresh(openId: string): void
  /** The owner cancels the authorization in Douyin's settings: the tokens stop working at once. */
  revoke(openId: string): void
  close(): Promise<void>
}

const PUBLISHING = new Set([
  '/api/douyin/v1/video/upload_video/',
  '/api/douyin/v1/video/init_video_part_upload/',
  '/api/douyin/v1/video/upload_video_part/',
  '/api/douyin/v1/video/complete_video_part_upload/',
  '/api/douyin/v1/video/create_video/',
  '/api/douyin/v1/video/video_list/',
  '/api/douyin/v1/video/video_data/',
])

export async function startDouyinContract(): Promise<DouyinContract> {
  const codes = new Map<string, string>()
  const accounts = new Map<string, Account>()
  const createWaiters: ((post: DouyinPost) => void)[] = []
  /** Part uploads begun and not yet completed, by upload_id: whose, and the parts come so far. */
  const partUploads = new Map<string, { openId: string; name: string; parts: Map<number, Buffer> }>()
  const state = {
    clientKey: 'tt-contract', clientSecret: 'secret-contract', mode: 'ok' as DouyinMode, nextUser: { nickname: 'Tea shop 茶铺' }, accounts, calls: [] as DouyinContract['calls'],
    uploads: [] as DouyinUpload[], posts: [] as DouyinPost[],
    rateLimited: 0, rateLimitAs: 'code' as DouyinContract['rateLimitAs'], brokenUploads: 0, brokenUploadAs: '502' as DouyinContract['brokenUploadAs'], holdCreate: null as Promise<unknown> | null, startingFigures: {} as DouyinContract['startingFigures'],
    nextCreate: () => new Promise<DouyinPost>((resolve) => createWaiters.push(resolve)),
    authorized: (nickname = 'Tea shop 茶铺') => {
      const openId = `dy-${randomBytes(6).toString('hex')}`
      const account: Account = { openId, nickname, accessToken: '', refreshToken: token('rft'), accessUntil: 0, refreshUntil: Date.now() + 2_592_000_000 }
      accounts.set(openId, account)
      issue(account)
      return { openId, accessToken: account.accessToken, refreshToken: account.refreshToken }
    },
    expireAccess: (openId: string) => void (accounts.get(openId)!.accessUntil = 0),
    expireRefresh: (openId: string) => void (accounts.get(openId)!.refreshUntil = 0),
    revoke: (openId: string) => {
      const account = accounts.get(openId)!
      account.accessToken = token('revoked')
      account.refreshUntil = 0
    },
  }
  const token = (prefix: string) => `${prefix}.${randomBytes(12).toString('hex')}`
  const issue = (account: Account) => {
    account.accessToken = token('act')
    account.accessUntil = Date.now() + 1_296_000_000
    return { access_token: account.accessToken, expires_in: 1_296_000, open_id: account.openId, refresh_expires_in: Math.round((account.refreshUntil - Date.now()) / 1000), refresh_token: account.refreshToken, scope: 'user_info,video.create.bind,video.list.bind,video.data.bind', captcha: '', desc_url: '', description: '', error_code: 0, log_id: '20261127' }
  }

  /** The publishing calls: their own answer shape (`extra` beside `data`), the file parts streamed in. */
  async function publishing(req: IncomingMessage, res: ServerResponse, address: URL) {
    const query = Object.fromEntries(address.searchParams)
    state.calls.push({ path: address.pathname, form: {}, query })
    const extra = (code: number, description: string) => ({ error_code: code, description, sub_error_code: 0, sub_description: '', logid: '20261127120000CONTRACT', now: Date.now() })
    const answer = (data: Record<string, unknown>) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { ...data, error_code: 0, description: '' }, extra: extra(0, '') }))
    const refuse = (code: number, description: string) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { error_code: code, description }, extra: extra(code, description) }))
    if (state.mode === 'hangs') return
    if (state.mode === 'failing') return res.writeHead(502, { 'content-type': 'text/html' }).end('<html>Bad Gateway</html>')
    if (state.mode === 'busy') return refuse(2100004, '系统繁忙，此时请开发者稍候再试')
    if (state.mode === 'malformed') return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'success' }))
    if (state.rateLimited > 0) {
      state.rateLimited--
      if (state.rateLimitAs === 'http') return res.writeHead(429, { 'content-type': 'text/plain' }).end('Too Many Requests')
      return refuse(28003018, '请求频率过高')
    }
    const account = accounts.get(query.open_id ?? '')
    if (!account || account.accessToken !== req.headers['access-token']) return refuse(2190002, 'access_token无效')
    if (account.accessUntil < Date.now()) return refuse(2190008, 'access_token过期,请刷新或重新授权')
    const own = (post: DouyinPost) => post.openId === account.openId
    const described = ({ openId: _o, videoId: _v, extra: _e, ...post }: DouyinPost) => post
    const uploaded = (fileName: string, parts: Buffer[]) => {
      const videoId = `v0200f${randomBytes(13).toString('hex')}`
      const sha256 = parts.reduce((hash, part) => hash.update(part), createHash('sha256')).digest('hex')
      state.uploads.push({ videoId, openId: account.openId, fileName, bytes: parts.reduce((n, p) => n + p.length, 0), sha256, parts: parts.length, used: false })
      return answer({ video: { video_id: videoId, width: 720, height: 1280 } })
    }

    if (req.method === 'POST' && address.pathname === '/api/douyin/v1/video/upload_video/') {
      if (state.brokenUploads > 0) {
        state.brokenUploads--
        return breakUpload(req, res, state.brokenUploadAs)
      }
      const video = (await formOf(req))?.get('video')
      if (!(video instanceof File) || video.size === 0) return refuse(2100005, '参数不合法')
      if (video.size > WHOLE_MAX) return refuse(2100005, '视频超过128M，请使用分片上传')
      return uploaded(video.name, [Buffer.from(await video.arrayBuffer())])
    }
    if (req.method === 'POST' && address.pathname === '/api/douyin/v1/video/init_video_part_upload/') {
      // Its ids hold characters a query must encode, as Douyin's documentation warns.
      const uploadId = `@${randomBytes(18).toString('base64')}+/=`
      partUploads.set(uploadId, { openId: account.openId, name: '', parts: new Map() })
      return answer({ upload_id: uploadId })
    }
    if (req.method === 'POST' && address.pathname === '/api/douyin/v1/video/upload_video_part/') {
      const upload = partUploads.get(query.upload_id ?? '')
      const number = Number(query.part_number)
      if (!upload || upload.openId !== account.openId) return refuse(2100005, '无效的 upload_id')
      if (!Number.isInteger(number) || number < 1) return refuse(2100005, '参数不合法')
      if (state.brokenUploads > 0) {
        state.brokenUploads--
        return breakUpload(req, res, state.brokenUploadAs)
      }
      const video = (await formOf(req))?.get('video')
      if (!(video instanceof File) || video.size === 0) return refuse(2100005, '参数不合法')
      upload.name ||= video.name
      upload.parts.set(number, Buffer.from(await video.arrayBuffer()))
      return answer({})
    }
    if (req.method === 'POST' && address.pathname === '/api/douyin/v1/video/complete_video_part_upload/') {
      const upload = partUploads.get(query.upload_id ?? '')
      if (!upload || upload.openId !== account.openId) return refuse(2100005, '无效的 upload_id')
      const numbers = [...upload.parts.keys()].sort((a, b) => a - b)
      const parts = numbers.map((n) => upload.parts.get(n)!)
      if (numbers.length === 0 || numbers.some((n, i) => n !== i + 1)) return refuse(2100005, '分片不连续')
      if (parts.slice(0, -1).some((part) => part.length < PART_MIN)) return refuse(2100005, '分片小于5M')
      partUploads.delete(query.upload_id!)
      return uploaded(upload.name, parts)
    }
    if (req.method === 'POST' && address.pathname === '/api/douyin/v1/video/create_video/') {
      const { video_id: videoId, text, ...rest } = (await jsonOf(req)) ?? {}
      const upload = state.uploads.find((u) => u.videoId === videoId && u.openId === account.openId && !u.used)
      if (typeof text !== 'string' || (rest.cover_tsp !== undefined && !(typeof rest.cover_tsp === 'number' && rest.cover_tsp >= 0))) return refuse(2100005, '参数不合法')
      if (!upload) return refuse(2190007, '无效的视频文件 ID')
      upload.used = true
      const serial = 7_300_000_000_000_000_000n + BigInt(state.posts.length)
      const post: DouyinPost = {
        openId: account.openId, videoId: upload.videoId, extra: rest,
        item_id: `@${randomBytes(24).toString('base64')}`, title: text, cover: `https://p3-sign.douyinpic.com/obj/contract/${serial}.jpeg`, share_url: `https://www.iesdouyin.com/share/video/${serial}/`,
        create_time: Math.floor(Date.now() / 1000), is_reviewed: false, is_top: false, video_status: 1, media_type: 4,
        statistics: { play_count: 0, digg_count: 0, comment_count: 0, share_count: 0, forward_count: 0, download_count: 0, ...state.startingFigures },
      }
      state.posts.push(post)
      createWaiters.splice(0).forEach((resolve) => resolve(post))
      if (state.holdCreate) await state.holdCreate.catch(() => undefined)
      return answer({ item_id: post.item_id, video_id: upload.videoId })
    }
    if (req.method === 'GET' && address.pathname === '/api/douyin/v1/video/video_list/') {
      const cursor = Number(query.cursor ?? 0)
      const count = Number(query.count ?? 10)
      if (!Number.isInteger(cursor) || cursor < 0 || !Number.isInteger(count) || count < 1) return refuse(2100005, '参数不合法')
      const mine = state.posts.filter(own).reverse()
      const list = mine.slice(cursor, cursor + count).map(described)
      return answer({ list, cursor: cursor + list.length, has_more: cursor + list.length < mine.length })
    }
    if (req.method === 'POST' && address.pathname === '/api/douyin/v1/video/video_data/') {
      const itemIds = (await jsonOf(req))?.item_ids
      if (!Array.isArray(itemIds) || itemIds.length === 0) return refuse(2100005, '参数不合法')
      return answer({ list: state.posts.filter((p) => own(p) && itemIds.includes(p.item_id)).map(described) })
    }
    refuse(2100005, '参数不合法')
  }

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const address = new URL(req.url ?? '/', 'http://contract')
    if (PUBLISHING.has(address.pathname)) {
      return void publishing(req, res, address).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error))
      })
    }
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
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
      if (address.pathname === '/oauth/renew_refresh_token/') {
        if (form.client_key !== state.clientKey || !form.refresh_token) return refuse(10005, '缺少参数')
        const account = [...accounts.values()].find((a) => a.refreshToken === form.refresh_token)
        if (!account || account.refreshUntil < Date.now()) return refuse(10010, 'refresh_token 过期')
        // Five new refresh tokens at most; then only the owner authorizing again helps.
        account.renewals = (account.renewals ?? 0) + 1
        if (account.renewals > 5) return refuse(10020, '超过刷新次数限制')
        account.refreshToken = token('rft')
        account.refreshUntil = Date.now() + 2_592_000_000
        return answer({ refresh_token: account.refreshToken, expires_in: 2_592_000, description: '', error_code: 0 })
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


async function jsonOf(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  if (!String(req.headers['content-type']).startsWith('application/json')) return null
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  try {
    const body = JSON.parse(Buffer.concat(chunks).toString()) as unknown
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : null
  } catch {
    return null
  }
}

