import { TaskFailure } from '../../errors/task-failure'
import { callVendor, malformed, said, VendorAnswerFailure } from '../vendor-http'
import type { StockClip, StockProvider, StockSearch } from './stock-provider'

const VENDOR = 'Pexels'
const DEFAULT_BASE_URL = 'https://api.pexels.com/'
/** "per_page … Default: 15 Max: 80" (pexels.com/api/documentation, Search for Videos). */
const MAX_PER_PAGE = 80
/** The short side a rendition needs to be worth downloading: 720p, whichever way the video stands. */
const WANTED_SHORT_SIDE = 720

/**
 * The locales Pexels searches in, as its documentation lists them; a language is searched in the
 * first of its locales here, so Chinese in zh-CN (the documentation lists zh-TW first).
 */
const LOCALES = [
  'en-US', 'zh-CN', 'zh-TW', 'pt-BR', 'es-ES', 'ca-ES', 'de-DE', 'it-IT', 'fr-FR', 'sv-SE', 'id-ID', 'pl-PL', 'ja-JP', 'ko-KR',
  'th-TH', 'nl-NL', 'hu-HU', 'vi-VN', 'cs-CZ', 'da-DK', 'fi-FI', 'uk-UA', 'el-GR', 'ro-RO', 'nb-NO', 'sk-SK', 'tr-TR', 'ru-RU',
]

/** Words of a page slug that say nothing of what is in the video. */
const SLUG_FILLERS = new Set(['a', 'an', 'the', 'of', 'and', 'in', 'on', 'at', 'to', 'with', 'for', 'by', 'from', 'video', 'footage'])

/** One rendition of a video, as `video_files` lists it: width and height are null for the HLS stream. */
interface PexelsFile {
  id?: unknown
  quality?: unknown
  file_type?: unknown
  width?: unknown
  height?: unknown
  link?: unknown
}

interface PexelsVideo {
  id?: unknown
  url?: unknown
  duration?: unknown
  user?: { name?: unknown } | null
  tags?: unknown
  video_files?: unknown
}

/**
 * Stock footage from Pexels' video search (https://www.pexels.com/api/documentation/#videos-search),
 * under the Pexels License. The key goes bare in the Authorization header, without "Bearer".
 * Pexels filters by orientation itself; its search takes no duration, so clips too short are
 * left out here.
 *
 * @example
 * const stock = pexelsStock({ apiKey: process.env.PEXELS_API_KEY! })
 * const clips = await stock.search({ terms: ['forest'], orientation: 'portrait', minSeconds: 5, limit: 10, language: 'en' })
 */
export function pexelsStock(opts: { apiKey: string; baseUrl?: string; timeoutMs?: number }): StockProvider {
  const apiKey = opts.apiKey.trim()
  const timeoutMs = opts.timeoutMs ?? 20_000
  return {
    name: VENDOR,
    describe: said('Pexels 的免费视频素材，按 Pexels 许可使用', 'Free stock footage from Pexels, used under the Pexels License'),
    async search(params: StockSearch): Promise<StockClip[]> {
      if (!apiKey) throw new TaskFailure(said('没有填写 Pexels API 密钥。请在设置中填写。', 'No Pexels API key is set. Enter it in the settings.'))
      const query = params.terms.map((t) => t.trim()).filter(Boolean).join(' ')
      if (!query || params.limit <= 0) return []
      const url = searchUrl(opts.baseUrl ?? DEFAULT_BASE_URL)
      url.searchParams.set('query', query)
      url.searchParams.set('orientation', params.orientation)
      url.searchParams.set('per_page', String(Math.min(Math.ceil(params.limit), MAX_PER_PAGE)))
      const locale = localeOf(params.language)
      if (locale) url.searchParams.set('locale', locale)

      const response = await call(url.toString(), apiKey, timeoutMs, params.signal)
      const text = await response.text()
      let body: { videos?: unknown }
      try {
        body = JSON.parse(text) as { videos?: unknown }
      } catch {
        throw malformed(VENDOR, `its search answered ${text.slice(0, 60) || 'nothing'} instead of JSON`)
      }
      if (!Array.isArray(body?.videos)) throw malformed(VENDOR, `its search answered ${text.slice(0, 120)} without videos`)
      return (body.videos as PexelsVideo[])
        .map((video) => clipOf(video))
        .filter((clip): clip is StockClip => clip !== undefined && clip.seconds >= params.minSeconds)
        .slice(0, params.limit)
    },
  }
}

function searchUrl(baseUrl: string): URL {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`
  // Resolved against the base, not the host, so an address with a path (a gateway) keeps it.
  if (!URL.canParse('videos/search', base)) throw new TaskFailure(said(`Pexels 的地址无效：${baseUrl.slice(0, 200)}`, `Pexels' address is not a valid address: ${baseUrl.slice(0, 200)}`))
  return new URL('videos/search', base)
}

/** The Pexels locale a two-letter language is searched in; none (Pexels' own default) for one it does not list. */
export function localeOf(language: string): string | undefined {
  const wanted = language.trim().toLowerCase()
  const exact = LOCALES.find((l) => l.toLowerCase() === wanted)
  if (exact) return exact
  const code = wanted.split(/[-_]/)[0] === 'no' ? 'nb' : wanted.split(/[-_]/)[0]
  return LOCALES.find((l) => l.startsWith(`${code}-`))
}

/**
 * callVendor, with two of its answers said as Pexels means them: a 401 or 403 is the key refused
 * (Pexels answers a wrong key 401; a key not let into the video endpoints has been answered
 * "Access to this API has been disallowed"), and a 429 is its rate limit, not an outage.
 */
async function call(url: string, apiKey: string, timeoutMs: number, signal?: AbortSignal): Promise<Response> {
  try {
    return await callVendor({ vendor: VENDOR, url, timeoutMs, signal, init: { method: 'GET', headers: { authorization: apiKey, accept: 'application/json' } } })
  } catch (error) {
    if (!(error instanceof TaskFailure)) throw error
    const heard = error instanceof VendorAnswerFailure ? error : undefined
    const what = heard ? `HTTP ${heard.status}${heard.words ? `: ${heard.words}` : ''}` : ''
    const whatZh = heard ? `HTTP ${heard.status}${heard.words ? `：${heard.words}` : ''}` : ''
    if (heard && (heard.status === 401 || heard.status === 403)) {
      throw new TaskFailure(said(`Pexels 不接受 API 密钥（${whatZh}）。请检查设置中的 Pexels API 密钥。`, `Pexels refused the API key (${what}). Check the Pexels API key in the settings.`))
    }
    if (heard?.status === 429) {
      // Pexels sends no rate limit headers with a 429, so its documented limits are all there is to say.
      throw new TaskFailure(said(
        `Pexels 正在限制请求频率（${whatZh}；默认每小时 200 次、每月 20,000 次），稍后会重试。`,
        `Pexels is limiting requests (${what}; by default 200 an hour and 20,000 a month); it will be tried again.`,
      ), true)
    }
    throw error
  }
}

/** A video as the library records it, or undefined when it has no file to download. */
function clipOf(video: PexelsVideo): StockClip | undefined {
  if ((typeof video.id !== 'number' && typeof video.id !== 'string') || typeof video.url !== 'string') return undefined
  const file = renditionOf(video.video_files)
  if (!file) return undefined
  return {
    id: String(video.id),
    url: file.link,
    width: file.width,
    height: file.height,
    seconds: typeof video.duration === 'number' ? video.duration : 0,
    pageUrl: video.url,
    author: typeof video.user?.name === 'string' ? video.user.name : '',
    licence: 'Pexels License',
    tags: tagsOf(video),
  }
}

/**
 * The rendition to download: the smallest MP4 whose short side is at least 720 px, else the
 * largest there is. The HLS stream is listed among the files as "video/mp4" too, with a .m3u8
 * link and no size, so a file counts only with its size known.
 */
export function renditionOf(files: unknown): { link: string; width: number; height: number } | undefined {
  if (!Array.isArray(files)) return undefined
  const usable = (files as PexelsFile[])
    .filter((f) => f?.file_type === 'video/mp4' && typeof f.link === 'string' && f.link !== '')
    .filter((f) => typeof f.width === 'number' && typeof f.height === 'number' && f.width > 0 && f.height > 0)
    .map((f) => ({ link: f.link as string, width: f.width as number, height: f.height as number }))
  const area = (f: { width: number; height: number }) => f.width * f.height
  const bigEnough = usable.filter((f) => Math.min(f.width, f.height) >= WANTED_SHORT_SIDE).sort((a, b) => area(a) - area(b))
  return bigEnough[0] ?? usable.sort((a, b) => area(b) - area(a))[0]
}

/**
 * Pexels gives a video no tags (the documented resource has none; its example carries an empty
 * `tags`), so they are taken from the words of its page's slug, /video/<words>-<id>/, with any
 * tags it does send. A page without words in its address has none.
 */
export function tagsOf(video: { id?: unknown; url?: unknown; tags?: unknown }): string[] {
  const sent = Array.isArray(video.tags) ? video.tags.filter((t): t is string => typeof t === 'string') : []
  let slug = ''
  if (typeof video.url === 'string' && URL.canParse(video.url)) {
    const last = new URL(video.url).pathname.split('/').filter(Boolean).pop() ?? ''
    try {
      slug = decodeURIComponent(last)
    } catch {
      slug = last
    }
  }
  const words = slug.split('-').map((w) => w.trim().toLowerCase())
  if (words.at(-1) === String(video.id)) words.pop()
  const fromSlug = words.filter((w) => w !== '' && !/^\d+$/.test(w) && !SLUG_FILLERS.has(w))
  return [...new Set([...sent.map((t) => t.trim()).filter(Boolean), ...fromSlug])]
}
