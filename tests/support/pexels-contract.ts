import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { listenLocal } from './listen-local'

/**
 * Pexels' video search on 127.0.0.1, as Pexels documents it. Sources: the API documentation,
 * https://www.pexels.com/api/documentation/ (its sections Authorization, Request Statistics,
 * Pagination, The Video Resource and Search for Videos, read in full from a copy of the page), and
 * the official clients pexels/pexels-javascript (src/createFetchWrapper.ts, src/types.ts) and
 * pexels/pexels-ruby (lib/pexels/client/request.rb, lib/pexels/video/file.rb).
 *
 * Where the documentation says otherwise than is commonly assumed of the API, this server follows
 * the documentation:
 * - The X-Ratelimit-* headers are not on a 429. "These response headers are only returned on
 *   successful (2xx) responses. They are not included with other responses, including 429 Too
 *   Many Requests." They count a month, not an hour: Limit is "your total request limit for the
 *   monthly period" (20000 by default), Reset a UNIX timestamp of when that period rolls over.
 * - A rendition's `quality` is "hd", "sd" or "hls" in every documented example; the HLS stream is
 *   listed among `video_files` with `file_type` "video/mp4", a .m3u8 link and null width and
 *   height. "uhd" and a null quality are not documented; the catalogue has both anyway, as Pexels'
 *   own client leaves the list open ("TODO: find out all types").
 * - `fps` is on the files of the Video Resource example but not on those of the search example;
 *   the resource example also has `full_res: null` and `tags: []`, the search example neither.
 *   The catalogue has both kinds.
 * - A video's page can have no words in its address: the resource example's url is
 *   https://www.pexels.com/video/2499611/.
 *
 * What this server copies:
 * - GET /videos/search with `query` (required), `orientation` (landscape | portrait | square),
 *   `size` (large = 4K, medium = Full HD, small = HD, the minimum size), `locale` (the 28 listed),
 *   `page` (default 1) and `per_page` (default 15, max 80).
 * - The key bare in the Authorization header ("curl -H "Authorization: YOUR_API_KEY""), as both
 *   official clients send it.
 * - The answer: { page, per_page, total_results, url, videos, next_page?, prev_page? }, the page
 *   links only "if there is a corresponding page".
 * - Default limits of 200 requests an hour and 20,000 a month (Guidelines); over them, 429. Here
 *   the month is counted (`remaining`) and mode 'limited' stands for either being reached.
 *
 * What those sources leave open, and what this server does meanwhile:
 * - How a wrong or missing key is answered: 401 here, as users of the API report it (issues of
 *   AguilarLagunasArturo/pexels-image-downloader and barun-saha/slide-deck-ai; the Palladian
 *   PexelsSearcherTest expects "HTTP status 401"). The body is this server's own, in the
 *   `{ "error": string }` shape the JavaScript client types error answers with.
 * - Whether "Bearer <key>" is taken: refused here, as only the bare key is documented.
 * - What a per_page over 80 does: capped at 80 here, the answer's per_page saying so. A per_page
 *   or page below 1, an empty query, or an orientation, size or locale not listed: 400 here, so
 *   that a wrong value shows.
 * - The body of a 429 and of a 500: `{ "error": … }` here.
 * - How words are matched: a video matches a query when one of its words (its title's, in English
 *   or Chinese, Chinese matched within words) is in it; more words matched ranks it higher. The
 *   locale is checked and not otherwise used, the catalogue's words being in both languages.
 */
export interface PexelsContract {
  url: string
  apiKey: string
  mode: PexelsMode
  /** Every call as it came: its path, query, Authorization header and the status answered. */
  requests: { method: string; path: string; query: Record<string, string>; authorization?: string; status: number }[]
  /** Requests left this month, as X-Ratelimit-Remaining says. */
  remaining: number
  close(): Promise<void>
}

export type PexelsMode =
  | 'ok'
  /** Over the rate limit: 429, without the X-Ratelimit-* headers. */
  | 'limited'
  /** 500. */
  | 'failing'
  /** A 200 whose body is not the documented answer. */
  | 'malformed'

interface PexelsFile {
  id: number
  quality: string | null
  file_type: string
  width: number | null
  height: number | null
  fps?: number | null
  link: string
}

interface CatalogueVideo {
  id: number
  width: number
  height: number
  duration: number
  slug: string
  words: string[]
  user: { id: number; name: string; url: string }
  files: Omit<PexelsFile, 'id'>[]
  /** Shaped as the Video Resource example (fps, full_res, tags), not as the search example. */
  resourceShape?: boolean
}

const LOCALES = new Set(['en-US', 'pt-BR', 'es-ES', 'ca-ES', 'de-DE', 'it-IT', 'fr-FR', 'sv-SE', 'id-ID', 'pl-PL', 'ja-JP', 'zh-TW', 'zh-CN', 'ko-KR', 'th-TH', 'nl-NL', 'hu-HU', 'vi-VN', 'cs-CZ', 'da-DK', 'fi-FI', 'uk-UA', 'el-GR', 'ro-RO', 'nb-NO', 'sk-SK', 'tr-TR', 'ru-RU'])
const ORIENTATIONS = new Set(['landscape', 'portrait', 'square'])
/** The short side a video needs for each `size`. */
const SIZES: Record<string, number> = { large: 2160, medium: 1080, small: 720 }
const MONTHLY_LIMIT = 20_000

const vimeo = (n: number, q: string, profile: number) => `https://player.vimeo.com/external/${n}.${q}.mp4?s=contract&profile_id=${profile}&oauth2_token_id=57447761`
const hls = (n: number): Omit<PexelsFile, 'id'> => ({ quality: 'hls', file_type: 'video/mp4', width: null, height: null, link: `https://player.vimeo.com/external/${n}.m3u8?s=contract&oauth2_token_id=57447761` })

/** Videos of every shape Pexels documents, and some it answers without documenting. */
const CATALOGUE: CatalogueVideo[] = [
  {
    // The search example's own video: 4K, its files out of order, an HLS stream without size.
    id: 1448735, width: 4096, height: 2160, duration: 32, slug: 'video-of-forest', words: ['forest', 'trees', 'nature', '森林', '树木', '自然'],
    user: { id: 574687, name: 'Ruvim Miksanskiy', url: 'https://www.pexels.com/@digitech' },
    files: [
      { quality: 'sd', file_type: 'video/mp4', width: 640, height: 338, link: vimeo(291648067, 'sd', 164) },
      { quality: 'hd', file_type: 'video/mp4', width: 2048, height: 1080, link: vimeo(291648067, 'hd', 175) },
      { quality: 'hd', file_type: 'video/mp4', width: 4096, height: 2160, link: vimeo(291648067, 'hd', 172) },
      { quality: 'hd', file_type: 'video/mp4', width: 1366, height: 720, link: vimeo(291648067, 'hd', 174) },
      { quality: 'hd', file_type: 'video/mp4', width: 2732, height: 1440, link: vimeo(291648067, 'hd', 170) },
      { quality: 'sd', file_type: 'video/mp4', width: 960, height: 506, link: vimeo(291648067, 'sd', 165) },
      hls(291648067),
    ],
  },
  {
    // The resource example's video: portrait, no words in its address, fps on its files.
    id: 2499611, width: 1080, height: 1920, duration: 22, slug: '', words: ['forest', 'path', 'morning', '森林', '小路', '清晨'],
    user: { id: 680589, name: 'Joey Farina', url: 'https://www.pexels.com/@joey' }, resourceShape: true,
    files: [
      { quality: 'hd', file_type: 'video/mp4', width: 1080, height: 1920, fps: 23.976, link: vimeo(342571552, 'hd', 175) },
      { quality: 'sd', file_type: 'video/mp4', width: 540, height: 960, fps: 23.976, link: vimeo(342571552, 'sd', 165) },
      { quality: 'sd', file_type: 'video/mp4', width: 240, height: 426, fps: 23.976, link: vimeo(342571552, 'sd', 139) },
      { quality: 'hd', file_type: 'video/mp4', width: 720, height: 1280, fps: 23.976, link: vimeo(342571552, 'hd', 174) },
      { quality: 'sd', file_type: 'video/mp4', width: 360, height: 640, fps: 23.976, link: vimeo(342571552, 'sd', 164) },
      { ...hls(342571552), fps: null },
    ],
  },
  {
    // Portrait and short: three seconds of a city at night, a "uhd" file and one of no quality.
    id: 3195394, width: 2160, height: 3840, duration: 3, slug: 'city-lights-at-night', words: ['city', 'night', 'lights', 'street', '城市', '夜晚', '灯光'],
    user: { id: 1437723, name: 'cottonbro studio', url: 'https://www.pexels.com/@cottonbro' },
    files: [
      { quality: 'uhd', file_type: 'video/mp4', width: 2160, height: 3840, link: 'https://videos.pexels.com/video-files/3195394/3195394-uhd_2160_3840_25fps.mp4' },
      { quality: null, file_type: 'video/mp4', width: 720, height: 1280, link: 'https://videos.pexels.com/video-files/3195394/3195394-hd_720_1280_25fps.mp4' },
      { quality: 'sd', file_type: 'video/mp4', width: 360, height: 640, link: 'https://videos.pexels.com/video-files/3195394/3195394-sd_360_640_25fps.mp4' },
    ],
  },
  {
    // Portrait, long enough, a city street by day.
    id: 5532771, width: 1080, height: 1920, duration: 14, slug: 'people-crossing-a-city-street', words: ['city', 'street', 'people', 'crossing', '城市', '街道', '行人'],
    user: { id: 3149039, name: 'Kelly', url: 'https://www.pexels.com/@kelly' },
    files: [
      { quality: 'sd', file_type: 'video/mp4', width: 506, height: 960, link: 'https://videos.pexels.com/video-files/5532771/5532771-sd_506_960_25fps.mp4' },
      { quality: 'hd', file_type: 'video/mp4', width: 1080, height: 1920, link: 'https://videos.pexels.com/video-files/5532771/5532771-hd_1080_1920_25fps.mp4' },
      { quality: 'hd', file_type: 'video/mp4', width: 720, height: 1280, link: 'https://videos.pexels.com/video-files/5532771/5532771-hd_720_1280_25fps.mp4' },
    ],
  },
  {
    // Old and small: nothing reaches 720, so only its largest will do.
    id: 854982, width: 960, height: 540, duration: 11, slug: 'waves-on-the-beach', words: ['sea', 'waves', 'beach', 'ocean', '大海', '海浪', '海滩'],
    user: { id: 1179532, name: 'Pressmaster', url: 'https://www.pexels.com/@pressmaster' },
    files: [
      { quality: 'sd', file_type: 'video/mp4', width: 640, height: 360, link: 'https://videos.pexels.com/video-files/854982/854982-sd_640_360_24fps.mp4' },
      { quality: 'sd', file_type: 'video/mp4', width: 960, height: 540, link: 'https://videos.pexels.com/video-files/854982/854982-sd_960_540_24fps.mp4' },
      hls(854982),
    ],
  },
  {
    // Square, of a cup of coffee.
    id: 6060027, width: 1080, height: 1080, duration: 9, slug: 'pouring-coffee-into-a-cup', words: ['coffee', 'cup', 'morning', 'drink', '咖啡', '杯子', '清晨'],
    user: { id: 2286921, name: 'Mikhail Nilov', url: 'https://www.pexels.com/@mikhail-nilov' },
    files: [
      { quality: 'hd', file_type: 'video/mp4', width: 1080, height: 1080, link: 'https://videos.pexels.com/video-files/6060027/6060027-hd_1080_1080_30fps.mp4' },
      { quality: 'sd', file_type: 'video/mp4', width: 540, height: 540, link: 'https://videos.pexels.com/video-files/6060027/6060027-sd_540_540_30fps.mp4' },
    ],
  },
]

type Answer = [status: number, body: unknown, headers?: Record<string, string>]

const orientationOf = (v: CatalogueVideo) => (v.width === v.height ? 'square' : v.width > v.height ? 'landscape' : 'portrait')

/** How many of the query's words a video has; Chinese, written without spaces, is matched within words. */
function score(video: CatalogueVideo, query: string): number {
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean)
  return terms.filter((term) => video.words.some((word) => word === term || (/[^\x00-\x7f]/.test(term) && (term.includes(word) || word.includes(term))))).length
}

function videoOf(v: CatalogueVideo): Record<string, unknown> {
  const page = v.slug ? `https://www.pexels.com/video/${v.slug}-${v.id}/` : `https://www.pexels.com/video/${v.id}/`
  return {
    id: v.id,
    width: v.width,
    height: v.height,
    url: page,
    image: `https://images.pexels.com/videos/${v.id}/free-video-${v.id}.jpg?fit=crop&w=1200&h=630&auto=compress&cs=tinysrgb`,
    ...(v.resourceShape ? { full_res: null, tags: [] } : {}),
    duration: v.duration,
    user: v.user,
    video_files: v.files.map((f, i) => {
      const { fps, ...file } = f
      return { id: v.id * 10 + i, ...file, ...(v.resourceShape ? { fps: fps ?? null } : {}) }
    }),
    video_pictures: [0, 1, 2].map((nr) => ({ id: v.id * 100 + nr, picture: `https://static-videos.pexels.com/videos/${v.id}/pictures/preview-${nr}.jpg`, nr })),
  }
}

export async function startPexelsContract(): Promise<PexelsContract> {
  const state = {
    apiKey: 'test-pexels-key',
    mode: 'ok' as PexelsMode,
    requests: [] as PexelsContract['requests'],
    remaining: MONTHLY_LIMIT,
  }
  // The first of next month, as the documented example's Reset is a moment, not a count of seconds.
  const now = new Date()
  const monthEnds = Math.floor(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) / 1000)

  const search = (query: URLSearchParams): Answer => {
    const bad = (error: string): Answer => [400, { error }]
    const q = query.get('query')?.trim() ?? ''
    if (!q) return bad('query is required.')
    const orientation = query.get('orientation')
    if (orientation !== null && !ORIENTATIONS.has(orientation)) return bad('orientation must be one of landscape, portrait or square.')
    const size = query.get('size')
    if (size !== null && !(size in SIZES)) return bad('size must be one of large, medium or small.')
    const locale = query.get('locale')
    if (locale !== null && !LOCALES.has(locale)) return bad(`locale ${locale} is not supported.`)
    const page = Number(query.get('page') ?? '1')
    const asked = Number(query.get('per_page') ?? '15')
    if (!Number.isInteger(page) || page < 1) return bad('page must be a positive integer.')
    if (!Number.isInteger(asked) || asked < 1) return bad('per_page must be a positive integer.')
    const perPage = Math.min(asked, 80)
    const found = CATALOGUE
      .filter((v) => orientation === null || orientationOf(v) === orientation)
      .filter((v) => size === null || Math.min(v.width, v.height) >= SIZES[size]!)
      .map((v) => ({ v, score: score(v, q) }))
      .filter((m) => m.score > 0)
      .sort((a, b) => b.score - a.score)
      .map((m) => m.v)
    const link = (p: number) => {
      const next = new URLSearchParams(query)
      next.set('page', String(p))
      next.set('per_page', String(perPage))
      return `https://api.pexels.com/videos/search/?${next}`
    }
    return [200, {
      page,
      per_page: perPage,
      total_results: found.length,
      url: `https://www.pexels.com/search/videos/${encodeURIComponent(q)}/`,
      videos: found.slice((page - 1) * perPage, page * perPage).map(videoOf),
      ...(page * perPage < found.length ? { next_page: link(page + 1) } : {}),
      ...(page > 1 ? { prev_page: link(page - 1) } : {}),
    }]
  }

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://contract')
    const authorization = req.headers.authorization
    const call: PexelsContract['requests'][number] = { method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), ...(authorization === undefined ? {} : { authorization }), status: 0 }
    state.requests.push(call)
    const send = ([status, body, headers]: Answer) => {
      call.status = status
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(typeof body === 'string' ? body : JSON.stringify(body))
    }
    if (authorization !== state.apiKey) return send([401, { error: 'Unauthorized: the Authorization header does not carry a valid API key.' }])
    if (state.mode === 'limited' || state.remaining <= 0) return send([429, { error: 'Rate limit exceeded' }])
    if (state.mode === 'failing') return send([500, { error: 'Internal Server Error' }])
    if (call.method !== 'GET' || url.pathname.replace(/\/$/, '') !== '/videos/search') return send([404, { error: 'Not Found' }])
    const answer = search(url.searchParams)
    if (answer[0] !== 200) return send(answer)
    state.remaining -= 1
    const headers = { 'x-ratelimit-limit': String(MONTHLY_LIMIT), 'x-ratelimit-remaining': String(state.remaining), 'x-ratelimit-reset': String(monthEnds) }
    if (state.mode === 'malformed') return send([200, { page: 1, per_page: 15, total_results: 0, photos: [] }, headers])
    return send([answer[0], answer[1], headers])
  }

  const listening = await listenLocal(createServer(handle))
  const contract = state as PexelsContract
  contract.url = listening.origin
  contract.close = () => listening.close()
  return contract
}
