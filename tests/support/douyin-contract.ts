/**
 * Douyin's open platform on 127.0.0.1: the OAuth calls and the video calls this platform
 * makes, as Douyin documents them and as the clients that call it show them.
 *
 * Where each behaviour comes from:
 * - Token calls, form-encoded ("请注意此条件,并非json,而是form"), their fields, answers and codes:
 *   developer.open-douyin.com/docs/resource/zh-CN/dop/develop/openapi/account-permission/
 *   get-access-token (code once; 28001007 参数不合法, 29002002 ClientKey不合法),
 *   refresh-access-token (expires_in and refresh_expires_in as strings; the refresh token's life
 *   is not extended; 10005 缺少参数; 10010 refresh_token 过期) and refresh-token (renew: a new
 *   refresh token for 30 days, the old one dead, five at most; 10004 权限不足, 10020 超过刷新次数限制).
 * - A refresh while the access token is still good keeps it and only extends it ("相当于续期"),
 *   and an expired access token answers 10008 or 2190008: …/dop/develop/sdk/mobile-app/permission/
 *   get-permission-token, and the older open.douyin.com/platform/resource/docs/openapi/account-permission/ pages.
 * - The older shape (`shape: 'legacy'`): those older pages ("error_code": "0" as a string,
 *   "message": "<nil>", errors beside an `extra` of logid and now), and the answer samples of
 *   fudiwei/DotNetCore.SKIT.FlurlHttpClient.ByteDance (string "0" in `data` and `extra` for the
 *   token, upload and part-upload answers; create_video's code in `extra` alone). 10013
 *   client_key 或 client_secret 错误: the client_token page.
 * - Status codes, new and old tables (busy 28001005 / 2100004, 28001006 网络调用错误, 28001007 /
 *   2100005 参数不合法, 28001008 access_token过期, 28001015 token and open_id not one account,
 *   28001017 未知URI, 28003017 / 2190001 quota 已用完, 28003018 请求频率过高): …/dop/develop/openapi/status-code.
 * - The video calls under /api/douyin/v1/video/ (access-token header, open_id in the query,
 *   multipart part `video`, part_number from 1, upload_id in the query; init and complete with a
 *   JSON `{}`): the SDK above and a Python server client of them. Sizes and length: the older
 *   upload page, open.douyin.com/platform/resource/docs/openapi/video-management/douyin/create/upload/
 *   ("视频文件大小不超过128M,时长在15分钟以内", parts of 5 MB at least, 4 GB in all). A whole
 *   file too large fails at the HTTP level (a blog's test of that API: 502 or a 413 page), not as a code.
 * - 28001003 access_token 无效 (a revoked token), 2114006 (longer than 15 minutes), 2114007 (the
 *   day's posts used up), 2190007 (no such video_id): that Python client; 75 posts a day is a
 *   secondary note's figure for the current pages, which are not stored.
 *
 * What the sources leave unsettled, and what this server does about it:
 * - What a refresh answers after the owner cancels the authorization: no page says. Here the
 *   access token stops at once (as documented) and the refresh answers 10010.
 * - 28001003 and 2190002 for a token the owner revoked are from clients, not from a stored table.
 * - Whether an error can come in `extra` alone: no stored sample shows one; one client reads
 *   `extra.error_code` first, and the SDK's create_video sample has its code only there, so the
 *   legacy shape answers the video calls' errors that way, with the code as a numeral in a string.
 * - Whether init and complete refuse a request without a JSON body: not documented; here they do,
 *   as every client found sends `{}`.
 * - How long a code lives: not in the stored pages; ten minutes here, once only (documented).
 * - video_list's and video_data's limits on count and item_ids; text's 1000 characters and parts
 *   of 100 MB at most (secondary, unverified): only the 1000 characters and 100 MB are checked.
 * - A non-zero extra.sub_error_code beside error_code 0: never answered here, as nothing says
 *   what it means.
 * - Whether the token calls answer the status-code page's busy, rate and quota codes: not said;
 *   `mode` makes every call answer them, as a proxy or the platform in trouble might.
 *
 * Tests drive it through the fields below: `mode` for troubles on every call, `rateLimited`
 * for the next publishing calls, `brokenUploads` for an upload that fails halfway, `holdCreate`
 * for a create whose answer never comes in time, `expireAccess`, `expireRefresh`, `revoke` and
 * `expireCodes` for an account's tokens and the codes outstanding.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createHash, randomBytes } from 'node:crypto'
import { listenLocal } from './listen-local'
import { breakUpload, formOf } from './contract-uploads'

/**
 * How it answers every call: as documented, or as the platform does when things go wrong:
 * busy (系统繁忙), erring (网络调用错误,请重试), limited (请求频率过高), quota (quota 已用完),
 * failing (HTTP 502), hangs (no answer), malformed (an answer its documentation does not have).
 */
export type DouyinMode = 'ok' | 'busy' | 'erring' | 'limited' | 'quota' | 'failing' | 'hangs' | 'malformed'
/** Which of its documented samples the answers follow: the current pages, or the older pages and the SDK's samples. */
export type DouyinShape = 'current' | 'legacy'

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
  /** The owner cancelled the authorization in Douyin's settings. */
  revoked?: boolean
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

/** The smallest part Douyin takes but for the last, the largest, the largest file it takes whole, and the largest in all. */
const PART_MIN = 5 * 1024 * 1024
const PART_MAX = 100 * 1024 * 1024
const WHOLE_MAX = 128 * 1024 * 1024
const TOTAL_MAX = 4 * 1024 * 1024 * 1024
const MAX_SECONDS = 15 * 60
const TEXT_MAX = 1000
const ACCESS_SECONDS = 1_296_000
const REFRESH_MS = 2_592_000_000
const CODE_MS = 600_000
const SCOPES = ['user_info', 'video.create.bind', 'video.list.bind', 'video.data.bind', 'video.create']

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

export interface DouyinContract {
  url: string
  clientKey: string
  clientSecret: string
  mode: DouyinMode
  shape: DouyinShape
  /** Who authorizes next on the authorization page. */
  nextUser: { nickname: string }
  accounts: Map<string, Account>
  /** Every call, with its form (the token calls) or its query (the publishing calls), and the content type it came with. */
  calls: { path: string; form: Record<string, string>; query?: Record<string, string>; contentType?: string }[]
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
  /** Whether the app has the renew_refresh_token permission; without it a renewal answers 10004. */
  canRenew: boolean
  /** Posts an account may make in a day; past them create_video answers 2114007. */
  postsPerDay: number
  /** Settles when the next create_video has made its post (before any hold). */
  nextCreate(): Promise<DouyinPost>
  /** An account as if its owner had just authorized this platform, with a fresh access token. */
  authorized(nickname?: string): { openId: string; accessToken: string; refreshToken: string }
  expireAccess(openId: string): void
  expireRefresh(openId: string): void
  /** The owner cancels the authorization in Douyin's settings: the tokens stop working at once. */
  revoke(openId: string): void
  /** Every code given and not yet exchanged runs out. */
  expireCodes(): void
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

/** The codes that differ between the newer table, which the video calls answer now, and the older. */
const VIDEO_CODES = {
  current: { busy: 28001005, invalidToken: 28001003, expiredToken: 28001008, badParam: 28001007, quota: 28003017 },
  legacy: { busy: 2100004, invalidToken: 2190002, expiredToken: 2190008, badParam: 2100005, quota: 2190001 },
}

export async function startDouyinContract(): Promise<DouyinContract> {
  const codes = new Map<string, { openId: string; until: number }>()
  const accounts = new Map<string, Account>()
  const createWaiters: ((post: DouyinPost) => void)[] = []
  /** Part uploads begun and not yet completed, by upload_id: whose, and the parts come so far. */
  const partUploads = new Map<string, { openId: string; name: string; parts: Map<number, Buffer> }>()
  const state = {
    clientKey: 'tt-contract', clientSecret: 'secret-contract', mode: 'ok' as DouyinMode, shape: 'current' as DouyinShape, nextUser: { nickname: 'Tea shop 茶铺' }, accounts, calls: [] as DouyinContract['calls'],
    uploads: [] as DouyinUpload[], posts: [] as DouyinPost[],
    rateLimited: 0, rateLimitAs: 'code' as DouyinContract['rateLimitAs'], brokenUploads: 0, brokenUploadAs: '502' as DouyinContract['brokenUploadAs'], holdCreate: null as Promise<unknown> | null, startingFigures: {} as DouyinContract['startingFigures'],
    canRenew: true, postsPerDay: 75,
    nextCreate: () => new Promise<DouyinPost>((resolve) => createWaiters.push(resolve)),
    authorized: (nickname = 'Tea shop 茶铺') => {
      const account = newAccount(nickname)
      issue(account)
      return { openId: account.openId, accessToken: account.accessToken, refreshToken: account.refreshToken }
    },
    expireAccess: (openId: string) => void (accounts.get(openId)!.accessUntil = 0),
    expireRefresh: (openId: string) => void (accounts.get(openId)!.refreshUntil = 0),
    revoke: (openId: string) => void (accounts.get(openId)!.revoked = true),
    expireCodes: () => codes.forEach((code) => (code.until = 0)),
  }
  const token = (prefix: string) => `${prefix}.${randomBytes(12).toString('hex')}`
  const newAccount = (nickname: string): Account => {
    const openId = `dy-${randomBytes(6).toString('hex')}`
    const account: Account = { openId, nickname, accessToken: '', refreshToken: token('rft'), accessUntil: 0, refreshUntil: Date.now() + REFRESH_MS }
    accounts.set(openId, account)
    return account
  }
  /** An access token still good is kept and extended ("相当于续期"); one run out is replaced. */
  const issue = (account: Account) => {
    if (account.accessUntil <= Date.now()) account.accessToken = token('act')
    account.accessUntil = Date.now() + ACCESS_SECONDS * 1000
  }
  const legacy = () => state.shape === 'legacy'
  /** A count as the shape writes it: a number in the current pages, a numeral in a string in the older. */
  const count = (n: number) => (legacy() ? String(n) : n)
  const remainingSeconds = (until: number) => Math.max(0, Math.round((until - Date.now()) / 1000))

  /** The publishing calls: their own answer shape (`extra` beside `data`), the file parts streamed in. */
  async function publishing(req: IncomingMessage, res: ServerResponse, address: URL) {
    const query = Object.fromEntries(address.searchParams)
    state.calls.push({ path: address.pathname, form: {}, query, contentType: req.headers['content-type'] })
    const codesNow = VIDEO_CODES[state.shape]
    const extra = (code: number, description: string) => ({ error_code: count(code), description, sub_error_code: count(0), sub_description: '', [legacy() ? 'log_id' : 'logid']: '20261127120000CONTRACT', now: count(Date.now()) })
    const send = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    // create_video's sample has no error_code in `data`: its code is in `extra` alone.
    const answer = (data: Record<string, unknown>, codeInData = true) => send({ data: codeInData || !legacy() ? { ...data, error_code: count(0), description: '' } : data, extra: extra(0, '') })
    const refuse = (code: number, description: string) => send(legacy() ? { data: {}, extra: extra(code, description) } : { data: { error_code: code, description }, extra: extra(code, description) })
    if (state.mode === 'hangs') return
    if (state.mode === 'failing') return res.writeHead(502, { 'content-type': 'text/html' }).end('<html>Bad Gateway</html>')
    if (state.mode === 'malformed') return send({ message: 'success' })
    if (state.mode === 'busy') return refuse(codesNow.busy, '系统繁忙，此时请开发者稍候再试')
    if (state.mode === 'erring') return refuse(28001006, '网络调用错误,请重试')
    if (state.mode === 'limited') return refuse(28003018, '请求频率过高')
    if (state.mode === 'quota') return refuse(codesNow.quota, 'quota 已用完')
    if (state.rateLimited > 0) {
      state.rateLimited--
      if (state.rateLimitAs === 'http') return res.writeHead(429, { 'content-type': 'text/plain' }).end('Too Many Requests')
      return refuse(28003018, '请求频率过高')
    }
    const accessToken = String(req.headers['access-token'] ?? '')
    if (!accessToken || !query.open_id) return refuse(codesNow.badParam, '参数不合法：缺少 access-token 或 open_id')
    const account = [...accounts.values()].find((a) => a.accessToken === accessToken)
    if (!account || account.revoked) return refuse(codesNow.invalidToken, 'access_token无效')
    if (account.openId !== query.open_id) return refuse(28001015, '请求参数 access_token 和 openId不匹配')
    if (account.accessUntil < Date.now()) return refuse(codesNow.expiredToken, 'access_token过期,请刷新或重新授权')
    const badParam = (what: string) => refuse(codesNow.badParam, `参数不合法：${what}`)
    const own = (post: DouyinPost) => post.openId === account.openId
    const described = ({ openId: _o, videoId: _v, extra: _e, ...post }: DouyinPost) => post
    const uploaded = (fileName: string, parts: Buffer[]) => {
      const whole = Buffer.concat(parts)
      const seconds = mp4Seconds(whole)
      if (seconds !== null && seconds > MAX_SECONDS) return refuse(2114006, '视频时长超过15分钟')
      const videoId = `v0200f${randomBytes(13).toString('hex')}`
      state.uploads.push({ videoId, openId: account.openId, fileName, bytes: whole.length, sha256: createHash('sha256').update(whole).digest('hex'), parts: parts.length, used: false })
      return answer({ video: { video_id: videoId, width: count(720), height: count(1280) } })
    }
    const route = `${req.method} ${address.pathname}`

    if (route === 'POST /api/douyin/v1/video/upload_video/') {
      // A file too large for one request is the gateway's to turn away, before Douyin reads it.
      if (Number(req.headers['content-length'] ?? 0) > WHOLE_MAX) return res.writeHead(413, { 'content-type': 'text/html' }).end('<html><head><title>413 Request Entity Too Large</title></head><body><center><h1>413 Request Entity Too Large</h1></center><hr><center>Tengine</center></body></html>')
      if (state.brokenUploads > 0) {
        state.brokenUploads--
        return breakUpload(req, res, state.brokenUploadAs)
      }
      const video = (await formOf(req))?.get('video')
      if (!(video instanceof File) || video.size === 0) return badParam('video 为空')
      return uploaded(video.name, [Buffer.from(await video.arrayBuffer())])
    }
    if (route === 'POST /api/douyin/v1/video/init_video_part_upload/') {
      if (!(await jsonOf(req))) return badParam('请求体须为 JSON')
      // Its ids hold characters a query must encode, as Douyin's documentation warns.
      const uploadId = `@${randomBytes(18).toString('base64')}+/=`
      partUploads.set(uploadId, { openId: account.openId, name: '', parts: new Map() })
      return answer({ upload_id: uploadId })
    }
    if (route === 'POST /api/douyin/v1/video/upload_video_part/') {
      const upload = partUploads.get(query.upload_id ?? '')
      const number = Number(query.part_number)
      if (!upload || upload.openId !== account.openId) return badParam('无效的 upload_id')
      if (!/^\d+$/.test(query.part_number ?? '') || number < 1) return badParam('part_number 从 1 开始')
      if (state.brokenUploads > 0) {
        state.brokenUploads--
        return breakUpload(req, res, state.brokenUploadAs)
      }
      const video = (await formOf(req))?.get('video')
      if (!(video instanceof File) || video.size === 0) return badParam('video 为空')
      if (video.size > PART_MAX) return badParam('分片大于100M')
      upload.name ||= video.name
      upload.parts.set(number, Buffer.from(await video.arrayBuffer()))
      return answer({})
    }
    if (route === 'POST /api/douyin/v1/video/complete_video_part_upload/') {
      if (!(await jsonOf(req))) return badParam('请求体须为 JSON')
      const upload = partUploads.get(query.upload_id ?? '')
      if (!upload || upload.openId !== account.openId) return badParam('无效的 upload_id')
      const numbers = [...upload.parts.keys()].sort((a, b) => a - b)
      const parts = numbers.map((n) => upload.parts.get(n)!)
      if (numbers.length === 0 || numbers.some((n, i) => n !== i + 1)) return badParam('分片不连续')
      if (parts.slice(0, -1).some((part) => part.length < PART_MIN)) return badParam('分片小于5M')
      if (parts.reduce((n, p) => n + p.length, 0) > TOTAL_MAX) return badParam('视频大于4G')
      partUploads.delete(query.upload_id!)
      return uploaded(upload.name, parts)
    }
    if (route === 'POST /api/douyin/v1/video/create_video/') {
      const body = await jsonOf(req)
      if (!body) return badParam('请求体须为 JSON')
      const { video_id: videoId, text, ...rest } = body
      if (typeof videoId !== 'string' || !videoId) return badParam('缺少 video_id')
      if (text !== undefined && (typeof text !== 'string' || [...text].length > TEXT_MAX)) return badParam('text 最多 1000 字')
      if (rest.cover_tsp !== undefined && !(typeof rest.cover_tsp === 'number' && rest.cover_tsp >= 0)) return badParam('cover_tsp')
      if (rest.private_status !== undefined && ![0, 1, 2].includes(rest.private_status as number)) return badParam('private_status')
      if (rest.poi_id !== undefined && typeof rest.poi_id !== 'string') return badParam('poi_id')
      const upload = state.uploads.find((u) => u.videoId === videoId && u.openId === account.openId && !u.used)
      if (!upload) return refuse(2190007, '无效的视频文件 ID')
      const today = state.posts.filter((p) => own(p) && p.create_time * 1000 > Date.now() - 86_400_000).length
      if (today >= state.postsPerDay) return refuse(2114007, '已达到抖音接口当日发布上限')
      upload.used = true
      const serial = 7_300_000_000_000_000_000n + BigInt(state.posts.length)
      const post: DouyinPost = {
        openId: account.openId, videoId: upload.videoId, extra: rest,
        item_id: `@${randomBytes(24).toString('base64')}`, title: typeof text === 'string' ? text : '', cover: `https://p3-sign.douyinpic.com/obj/contract/${serial}.jpeg`, share_url: `https://www.iesdouyin.com/share/video/${serial}/`,
        create_time: Math.floor(Date.now() / 1000), is_reviewed: false, is_top: false, video_status: 1, media_type: 4,
        statistics: { play_count: 0, digg_count: 0, comment_count: 0, share_count: 0, forward_count: 0, download_count: 0, ...state.startingFigures },
      }
      state.posts.push(post)
      createWaiters.splice(0).forEach((resolve) => resolve(post))
      if (state.holdCreate) await state.holdCreate.catch(() => undefined)
      return answer({ item_id: post.item_id }, false)
    }
    if (route === 'GET /api/douyin/v1/video/video_list/') {
      const cursor = Number(query.cursor ?? 0)
      const count = Number(query.count ?? 10)
      if (!Number.isInteger(cursor) || cursor < 0 || !Number.isInteger(count) || count < 1) return badParam('cursor 或 count')
      const mine = state.posts.filter(own).reverse()
      const list = mine.slice(cursor, cursor + count).map(described)
      return answer({ list, cursor: cursor + list.length, has_more: cursor + list.length < mine.length })
    }
    if (route === 'POST /api/douyin/v1/video/video_data/') {
      const itemIds = (await jsonOf(req))?.item_ids
      if (!Array.isArray(itemIds) || itemIds.length === 0 || itemIds.some((id) => typeof id !== 'string' || !id)) return badParam('item_ids')
      return answer({ list: state.posts.filter((p) => own(p) && itemIds.includes(p.item_id)).map(described) })
    }
    refuse(28001017, '未知URI')
  }

  /** The token calls and the profile: form-encoded, answering `{ data, message }`. */
  function oauth(req: IncomingMessage, res: ServerResponse, address: URL, form: Record<string, string>) {
    const send = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    const answer = (data: Record<string, unknown>, message = 'success') => send({ data: { ...data, description: '', error_code: count(0) }, message })
    const refuse = (code: number, description: string) => send(legacy() ? { data: { description, error_code: code }, extra: { logid: '2026112712000001', now: Date.now() } } : { data: { description, error_code: code }, message: 'error' })
    if (state.mode === 'hangs') return
    if (state.mode === 'failing') return res.writeHead(502, { 'content-type': 'text/html' }).end('<html>Bad Gateway</html>')
    if (state.mode === 'malformed') return send({ message: 'success' })
    if (state.mode === 'busy') return refuse(2100004, '系统繁忙，此时请开发者稍候再试')
    if (state.mode === 'erring') return refuse(28001006, '网络调用错误,请重试')
    if (state.mode === 'limited') return refuse(28003018, '请求频率过高')
    if (state.mode === 'quota') return refuse(VIDEO_CODES[state.shape].quota, 'quota 已用完')
    const missing = (...names: string[]) => req.method !== 'POST' || names.some((name) => !form[name])
    const grant = (account: Account, refreshed: boolean) => ({
      access_token: account.accessToken, expires_in: refreshed ? String(ACCESS_SECONDS) : count(ACCESS_SECONDS), open_id: account.openId,
      refresh_expires_in: refreshed ? String(remainingSeconds(account.refreshUntil)) : count(remainingSeconds(account.refreshUntil)), refresh_token: account.refreshToken,
      scope: 'user_info,video.create.bind,video.list.bind,video.data.bind', ...(refreshed ? {} : { captcha: '', desc_url: '', log_id: '20261127105733ED3ED7AC56A' }),
    })
    const byRefreshToken = () => [...accounts.values()].find((a) => a.refreshToken === form.refresh_token && !a.revoked && a.refreshUntil > Date.now())

    if (address.pathname === '/oauth/access_token/') {
      if (missing('client_key', 'client_secret', 'code', 'grant_type')) return refuse(10005, '缺少参数')
      if (form.client_key !== state.clientKey) return refuse(29002002, 'ClientKey不合法')
      if (form.client_secret !== state.clientSecret) return refuse(10013, 'client_key 或 client_secret 错误')
      if (form.grant_type !== 'authorization_code') return refuse(28001007, '参数不合法')
      const code = codes.get(form.code!)
      codes.delete(form.code!)
      if (!code || code.until < Date.now()) return refuse(10007, '授权码过期')
      const account = accounts.get(code.openId)!
      issue(account)
      return answer(grant(account, false), legacy() ? '<nil>' : 'success')
    }
    if (address.pathname === '/oauth/refresh_token/') {
      if (missing('client_key', 'grant_type', 'refresh_token')) return refuse(10005, '缺少参数')
      if (form.client_key !== state.clientKey) return refuse(29002002, 'ClientKey不合法')
      if (form.grant_type !== 'refresh_token') return refuse(28001007, '参数不合法')
      const account = byRefreshToken()
      if (!account) return refuse(10010, 'refresh_token 过期')
      issue(account)
      return answer(grant(account, true))
    }
    if (address.pathname === '/oauth/renew_refresh_token/') {
      if (missing('client_key', 'refresh_token')) return refuse(10005, '缺少参数')
      if (form.client_key !== state.clientKey) return refuse(29002002, 'ClientKey不合法')
      if (!state.canRenew) return refuse(10004, '权限不足')
      const account = byRefreshToken()
      if (!account) return refuse(10010, 'refresh_token 过期')
      // Five new refresh tokens at most; then only the owner authorizing again helps.
      account.renewals = (account.renewals ?? 0) + 1
      if (account.renewals > 5) return refuse(10020, '超过刷新次数限制')
      account.refreshToken = token('rft')
      account.refreshUntil = Date.now() + REFRESH_MS
      return answer({ refresh_token: account.refreshToken, expires_in: String(REFRESH_MS / 1000) })
    }
    if (address.pathname === '/oauth/userinfo/') {
      if (missing('access_token', 'open_id')) return refuse(10005, '缺少参数')
      const account = accounts.get(form.open_id!)
      if (!account || account.revoked || account.accessToken !== form.access_token) return refuse(2190002, 'access_token 无效')
      if (account.accessUntil < Date.now()) return refuse(legacy() ? 10008 : 2190008, 'access_token 过期')
      return answer({ avatar: 'https://p3.douyinpic.com/aweme/contract.jpeg', nickname: account.nickname, open_id: account.openId, union_id: `u-${account.openId}` })
    }
    refuse(28001017, '未知URI')
  }

  /** The owner's browser on the authorization page: it consents at once for `nextUser`, and goes back with a code and the state. */
  function authorizePage(res: ServerResponse, query: URLSearchParams) {
    const wrong = (why: string) => res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end(`invalid request: ${why}`)
    const redirect = query.get('redirect_uri') ?? ''
    const scopes = (query.get('scope') ?? '').split(',').filter(Boolean)
    if (query.get('client_key') !== state.clientKey) return wrong('client_key')
    if (query.get('response_type') !== 'code') return wrong('response_type')
    if (scopes.length === 0 || scopes.some((s) => !SCOPES.includes(s))) return wrong('scope')
    if (!/^https?:\/\/[^\s]+$/.test(redirect)) return wrong('redirect_uri')
    const account = newAccount(state.nextUser.nickname)
    const code = randomBytes(10).toString('hex')
    codes.set(code, { openId: account.openId, until: Date.now() + CODE_MS })
    const back = new URL(redirect)
    back.searchParams.set('code', code)
    back.searchParams.set('state', query.get('state') ?? '')
    res.writeHead(302, { location: back.toString() }).end()
  }

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const address = new URL(req.url ?? '/', 'http://contract')
    if (PUBLISHING.has(address.pathname)) {
      return void publishing(req, res, address).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error))
      })
    }
    if (address.pathname === '/platform/oauth/connect/') {
      state.calls.push({ path: address.pathname, form: {}, query: Object.fromEntries(address.searchParams) })
      return authorizePage(res, address.searchParams)
    }
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      // Only a form is read: a JSON body leaves every field missing, as Douyin reads it.
      const isForm = String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded')
      const form = isForm ? Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString())) : {}
      state.calls.push({ path: address.pathname, form, contentType: req.headers['content-type'] })
      oauth(req, res, address, form)
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
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null
  } catch {
    return null
  }
}

/**
 * An MP4's length from its movie header (moov/mvhd), or null for bytes that are not one: a
 * test sends noise where only the size matters, which Douyin would refuse later, not here.
 */
function mp4Seconds(file: Buffer): number | null {
  const box = (from: number, to: number, type: string): [number, number] | null => {
    for (let at = from; at + 8 <= to; ) {
      let size = file.readUInt32BE(at)
      let header = 8
      if (size === 1 && at + 16 <= to) {
        size = Number(file.readBigUInt64BE(at + 8))
        header = 16
      } else if (size === 0) size = to - at
      if (size < header || at + size > to || !/^[a-z0-9 ]{4}$/i.test(file.toString('latin1', at + 4, at + 8))) return null
      if (file.toString('latin1', at + 4, at + 8) === type) return [at + header, at + size]
      at += size
    }
    return null
  }
  const moov = box(0, file.length, 'moov')
  const mvhd = moov && box(moov[0], moov[1], 'mvhd')
  if (!mvhd || mvhd[1] - mvhd[0] < 32) return null
  const [at] = mvhd
  const v1 = file[at] === 1
  const timescale = file.readUInt32BE(at + (v1 ? 20 : 12))
  const duration = v1 ? Number(file.readBigUInt64BE(at + 24)) : file.readUInt32BE(at + 16)
  return timescale > 0 ? duration / timescale : null
}
