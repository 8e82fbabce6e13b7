import { readFile } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { listenLocal } from './listen-local'

/**
 * Pixabay's video search on 127.0.0.1, as Pixabay documents it. Sources: the API documentation,
 * https://pixabay.com/api/docs/ (Rate Limit, Hotlinking, Error Handling and Search Videos, with
 * its example answer, read from copies of the page), and for what it leaves unsaid, answers of the
 * real API that its users quote (named below).
 *
 * Where the documentation says otherwise than is commonly assumed of the API, this server follows
 * the documentation:
 * - X-RateLimit-Reset is "the remaining time in seconds after which the current rate limit window
 *   resets", a count of seconds, not a moment. (Older copies of the page say 100 a minute but
 *   describe the headers over 30 minutes; the current one says 100 in 60 seconds throughout.)
 * - Of a missing rendition the documentation says "an empty URL value and a size of zero", and of
 *   `large` only. Its width and height are not documented; they are 0 here.
 * - The video search has no `orientation` parameter (the image search has one): a video's shape
 *   is not a filter, and an `orientation` sent is ignored, as unknown parameters are here.
 * - Renditions: large "usually" 3840x2160, medium 1920x1080 (older 1280x720) and "available for
 *   all Pixabay videos", small 1280x720 (older 960x540), tiny 960x540 (older 640x360); the example
 *   answer's video 125 is older still (1920x1080 down to 480x270) and is in the catalogue as it is.
 *
 * What this server copies:
 * - GET /api/videos/ with `key` (required), `q` (URL encoded, "may not exceed 100 characters"),
 *   `lang` (cs, da, de, en, es, fr, id, it, hu, nl, no, pl, pt, ro, sk, fi, sv, tr, vi, th, bg,
 *   ru, el, ja, ko, zh; default en), `id`, `video_type` (all, film, animation), `min_width`,
 *   `min_height`, `safesearch`, `order` (popular, latest), `page` (default 1) and `per_page`
 *   ("Accepted values: 3 - 200", default 20).
 * - The answer { total, totalHits, hits }, totalHits at most 500 ("the API is limited to return a
 *   maximum of 500 videos per query"); each hit { id, pageURL, type, tags (comma separated),
 *   duration, videos: { large, medium, small, tiny: { url, width, height, size, thumbnail } },
 *   views, downloads, likes, comments, user_id, user, userImageURL }.
 * - Errors: "a response with propper HTTP error status code … The body of this response contains
 *   a description of the issue in plain text"; over the rate limit, 429 "API rate limit exceeded".
 * - 100 requests per 60 seconds per key, said on every answer in X-RateLimit-Limit,
 *   X-RateLimit-Remaining and X-RateLimit-Reset (a user's probe of the real API, quoted in a public
 *   note: Limit=100, Remaining=99, Reset=60).
 *
 * What those sources leave open, and what this server does meanwhile:
 * - A wrong or missing key: 400 "[ERROR 400] Invalid or missing API key ([key])." (an answer of
 *   the real API quoted in a public test suite; a 2015 issue of Swinject/SwinjectMVVMExample
 *   quotes "[ERROR 400] Invalid API key. Note: This value is case-sensitive.").
 * - per_page outside 3–200: 400 '[ERROR 400] "per_page" is out of valid range.', a page past the
 *   results: 400 '[ERROR 400] "page" is out of valid range.' (both quoted by users, e.g.
 *   momozor/python-pixabay issue 5 and calesthio/OpenMontage pull request 263).
 * - A q over 100 characters: 400 '[ERROR 400] "q" exceeds the maximum length of 100 characters.',
 *   this server's wording in the shape of the others; characters counted as Unicode code points
 *   of the decoded term.
 * - A lang, video_type or order not listed: 400 '[ERROR 400] "<name>" is invalid.' here.
 * - The body of a 500, and how words are matched: a hit matches when one of the query's words is
 *   one of its tags or a word of one (Chinese within the tag); it answers its tags in the language
 *   searched where the catalogue has them, else in English.
 * - The 24-hour caching Pixabay requires of its users is theirs to do; nothing here checks it.
 * - With `cdnFile` set, the renditions' links point here instead of cdn.pixabay.com and each
 *   serves that file, as the CDN serves a video to anyone without the key.
 */
export interface PixabayContract {
  /** Where the API lives, as pixabayStock's baseUrl takes it: <origin>/api/. */
  url: string
  apiKey: string
  mode: PixabayMode
  /** Requests a key may make in a window of 60 seconds. */
  limit: number
  /** Every call as it came: its path, its query decoded, and the status answered. */
  requests: { method: string; path: string; query: Record<string, string>; status: number }[]
  /**
   * A real MP4 this server hands out as every rendition, from its own /video/ path in place of
   * cdn.pixabay.com, for a test that downloads what it found; unset, the links are the CDN's.
   */
  cdnFile?: string
  close(): Promise<void>
}

export type PixabayMode =
  | 'ok'
  /** Over the rate limit: 429 "API rate limit exceeded", X-RateLimit-Remaining 0. */
  | 'limited'
  /** 500. */
  | 'failing'
  /** A 200 whose body is a web page, not JSON. */
  | 'malformed'

interface Rendition {
  url: string
  width: number
  height: number
  size: number
  thumbnail: string
}

interface CatalogueHit {
  id: number
  pageURL: string
  type: 'film' | 'animation'
  tags: { en: string; zh?: string }
  duration: number
  sizes: Record<'large' | 'medium' | 'small' | 'tiny', [number, number] | null>
  user: [id: number, name: string]
  downloads: number
  /** Not suitable for all ages: left out under safesearch=true. */
  adult?: boolean
}

const LANGUAGES = new Set(['cs', 'da', 'de', 'en', 'es', 'fr', 'id', 'it', 'hu', 'nl', 'no', 'pl', 'pt', 'ro', 'sk', 'fi', 'sv', 'tr', 'vi', 'th', 'bg', 'ru', 'el', 'ja', 'ko', 'zh'])
const WINDOW_MS = 60_000
const MAX_TOTAL_HITS = 500

const CATALOGUE: CatalogueHit[] = [
  {
    // The documentation's example answer, as it stands.
    id: 125, pageURL: 'https://pixabay.com/videos/id-125/', type: 'film', duration: 12, downloads: 1464,
    tags: { en: 'flowers, yellow, blossom', zh: '花, 黄色, 开花' },
    sizes: { large: [1920, 1080], medium: [1280, 720], small: [640, 360], tiny: [480, 270] }, user: [1281706, 'Coverr-Free-Footage'],
  },
  {
    id: 31377, pageURL: 'https://pixabay.com/videos/forest-trees-nature-morning-31377/', type: 'film', duration: 20, downloads: 5210,
    tags: { en: 'forest, trees, nature, morning', zh: '森林, 树木, 自然, 清晨' },
    sizes: { large: [3840, 2160], medium: [1920, 1080], small: [1280, 720], tiny: [960, 540] }, user: [3764790, 'Engin_Akyurt'],
  },
  {
    // Old: no large rendition, said as an empty one.
    id: 2373, pageURL: 'https://pixabay.com/videos/forest-fog-trees-mist-2373/', type: 'film', duration: 15, downloads: 2875,
    tags: { en: 'forest, fog, trees, mist', zh: '森林, 雾, 树木, 薄雾' },
    sizes: { large: null, medium: [1280, 720], small: [960, 540], tiny: [640, 360] }, user: [1283884, 'Vimeo-Free-Videos'],
  },
  {
    id: 187451, pageURL: 'https://pixabay.com/videos/city-night-street-lights-187451/', type: 'film', duration: 18, downloads: 940,
    tags: { en: 'city, night, street, lights', zh: '城市, 夜晚, 街道, 灯光' },
    sizes: { large: [2160, 3840], medium: [1080, 1920], small: [720, 1280], tiny: [540, 960] }, user: [26543749, 'Pressmaster'],
  },
  {
    // Too short for most sentences.
    id: 44127, pageURL: 'https://pixabay.com/videos/forest-sunlight-trees-44127/', type: 'film', duration: 4, downloads: 1306,
    tags: { en: 'forest, sunlight, trees', zh: '森林, 阳光, 树木' },
    sizes: { large: [3840, 2160], medium: [2560, 1440], small: [1920, 1080], tiny: [1280, 720] }, user: [9254130, 'Pexels-Free'],
  },
  {
    id: 90312, pageURL: 'https://pixabay.com/videos/forest-cartoon-animation-90312/', type: 'animation', duration: 10, downloads: 420,
    tags: { en: 'forest, cartoon, animation' },
    sizes: { large: null, medium: [1920, 1080], small: [1280, 720], tiny: [960, 540] }, user: [4153204, 'motionstock'],
  },
  {
    id: 66001, pageURL: 'https://pixabay.com/videos/beach-sunbathing-summer-66001/', type: 'film', duration: 16, downloads: 3020, adult: true,
    tags: { en: 'beach, sunbathing, summer', zh: '海滩, 日光浴, 夏天' },
    sizes: { large: [3840, 2160], medium: [1920, 1080], small: [1280, 720], tiny: [960, 540] }, user: [2954093, 'Beachfront'],
  },
]

type Answer = [status: number, body: string, type?: string]

function tagsIn(hit: CatalogueHit, lang: string): string {
  return (lang === 'zh' ? hit.tags.zh : undefined) ?? hit.tags.en
}

function score(hit: CatalogueHit, q: string, lang: string): number {
  const tags = tagsIn(hit, lang).toLowerCase().split(',').map((t) => t.trim())
  const words = new Set(tags.flatMap((t) => [t, ...t.split(/\s+/)]))
  const terms = q.toLowerCase().split(/\s+/).filter(Boolean)
  return terms.filter((term) => words.has(term) || (/[^\x00-\x7f]/.test(term) && tags.some((t) => t.includes(term) || term.includes(t)))).length
}

function hitOf(hit: CatalogueHit, lang: string, cdn = 'https://cdn.pixabay.com'): Record<string, unknown> {
  const day = `2023/0${1 + (hit.id % 9)}/1${hit.id % 10}`
  const videos = Object.fromEntries(Object.entries(hit.sizes).map(([name, size]): [string, Rendition] => [name, size
    ? {
        url: `${cdn}/video/${day}/${hit.id}-8234${hit.id % 1000}_${name}.mp4`,
        width: size[0],
        height: size[1],
        size: Math.round(size[0] * size[1] * hit.duration * 0.25),
        thumbnail: `https://cdn.pixabay.com/video/${day}/${hit.id}-8234${hit.id % 1000}_${name}.jpg`,
      }
    : { url: '', width: 0, height: 0, size: 0, thumbnail: '' }]))
  return {
    id: hit.id,
    pageURL: hit.pageURL,
    type: hit.type,
    tags: tagsIn(hit, lang),
    duration: hit.duration,
    videos,
    views: hit.downloads * 4,
    downloads: hit.downloads,
    likes: Math.round(hit.downloads / 60),
    comments: Math.round(hit.downloads / 400),
    user_id: hit.user[0],
    user: hit.user[1],
    userImageURL: `https://cdn.pixabay.com/user/2020/01/01/00-00-00-${hit.user[0] % 1000}_250x250.jpg`,
  }
}

export async function startPixabayContract(): Promise<PixabayContract> {
  let origin = ''
  const state = {
    cdnFile: undefined as string | undefined,
    apiKey: 'test-pixabay-key',
    mode: 'ok' as PixabayMode,
    limit: 100,
    requests: [] as PixabayContract['requests'],
  }
  let window = { startedAt: Date.now(), used: 0 }

  const search = (query: URLSearchParams): Answer => {
    const bad = (text: string): Answer => [400, `[ERROR 400] ${text}`]
    const int = (name: string, fallback: number) => (query.has(name) ? Number(query.get(name)) : fallback)
    const q = query.get('q')?.trim() ?? ''
    if ([...q].length > 100) return bad('"q" exceeds the maximum length of 100 characters.')
    const lang = query.get('lang') ?? 'en'
    if (!LANGUAGES.has(lang)) return bad('"lang" is invalid.')
    const videoType = query.get('video_type') ?? 'all'
    if (!['all', 'film', 'animation'].includes(videoType)) return bad('"video_type" is invalid.')
    const order = query.get('order') ?? 'popular'
    if (!['popular', 'latest'].includes(order)) return bad('"order" is invalid.')
    const perPage = int('per_page', 20)
    if (!Number.isInteger(perPage) || perPage < 3 || perPage > 200) return bad('"per_page" is out of valid range.')
    const page = int('page', 1)
    const minWidth = int('min_width', 0)
    const minHeight = int('min_height', 0)
    const safe = query.get('safesearch') === 'true'
    const id = query.get('id')
    const found = CATALOGUE
      .filter((h) => id === null || String(h.id) === id)
      .filter((h) => videoType === 'all' || h.type === videoType)
      .filter((h) => !safe || !h.adult)
      .filter((h) => {
        const largest = Object.values(h.sizes).filter((s) => s !== null)[0]
        return !largest || (largest[0] >= minWidth && largest[1] >= minHeight)
      })
      .map((h) => ({ h, score: q ? score(h, q, lang) : 1 }))
      .filter((m) => m.score > 0)
      .sort((a, b) => (order === 'latest' ? b.h.id - a.h.id : b.score - a.score || b.h.downloads - a.h.downloads))
      .map((m) => m.h)
    const totalHits = Math.min(found.length, MAX_TOTAL_HITS)
    if (!Number.isInteger(page) || page < 1 || (page > 1 && (page - 1) * perPage >= totalHits)) return bad('"page" is out of valid range.')
    const hits = found.slice(0, totalHits).slice((page - 1) * perPage, page * perPage).map((h) => hitOf(h, lang, state.cdnFile ? origin : undefined))
    return [200, JSON.stringify({ total: found.length, totalHits, hits }), 'application/json']
  }

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://contract')
    const call: PixabayContract['requests'][number] = { method: req.method ?? 'GET', path: url.pathname, query: Object.fromEntries(url.searchParams), status: 0 }
    state.requests.push(call)
    let limitHeaders: Record<string, string> = {}
    const send = ([status, body, type = 'text/plain; charset=utf-8']: Answer) => {
      call.status = status
      res.writeHead(status, { 'content-type': type, ...limitHeaders }).end(body)
    }
    // The CDN's files need no key.
    if (state.cdnFile && call.method === 'GET' && url.pathname.startsWith('/video/') && url.pathname.endsWith('.mp4')) {
      call.status = 200
      return void readFile(state.cdnFile).then((file) => res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(file.length) }).end(file))
    }
    if (url.searchParams.get('key') !== state.apiKey) return send([400, '[ERROR 400] Invalid or missing API key ([key]).'])
    const now = Date.now()
    if (now - window.startedAt >= WINDOW_MS) window = { startedAt: now, used: 0 }
    const over = state.mode === 'limited' || window.used >= state.limit
    if (!over) window.used += 1
    limitHeaders = {
      'x-ratelimit-limit': String(state.limit),
      'x-ratelimit-remaining': String(over ? 0 : state.limit - window.used),
      'x-ratelimit-reset': String(Math.max(1, Math.ceil((window.startedAt + WINDOW_MS - now) / 1000))),
    }
    if (over) return send([429, 'API rate limit exceeded'])
    if (state.mode === 'failing') return send([500, 'Internal Server Error'])
    if (call.method !== 'GET' || url.pathname !== '/api/videos/') return send([404, '[ERROR 404] Not found.'])
    if (state.mode === 'malformed') return send([200, '<!DOCTYPE html><html><body>Pixabay</body></html>', 'text/html; charset=utf-8'])
    return send(search(url.searchParams))
  }

  const listening = await listenLocal(createServer(handle))
  origin = listening.origin
  const contract = state as PixabayContract
  contract.url = `${listening.origin}/api/`
  contract.close = () => listening.close()
  return contract
}
