import { TaskFailure } from '../../errors/task-failure'
import { callVendor, malformed, said, VendorAnswerFailure } from '../vendor-http'
import type { StockClip, StockProvider, StockSearch } from './stock-provider'

const VENDOR = 'Pixabay'
const DEFAULT_BASE_URL = 'https://pixabay.com/api/'
/** "q … This value may not exceed 100 characters" (pixabay.com/api/docs, Search Videos). */
const MAX_QUERY_CHARS = 100
/** "per_page … Accepted values: 3 - 200"; outside it Pixabay answers 400, not fewer or more. */
const MIN_PER_PAGE = 3
const MAX_PER_PAGE = 200
const WANTED_SHORT_SIDE = 720
/** The languages Pixabay searches in ("lang … Accepted values"); any other is left to its default, English. */
const LANGUAGES = new Set(['cs', 'da', 'de', 'en', 'es', 'fr', 'id', 'it', 'hu', 'nl', 'no', 'pl', 'pt', 'ro', 'sk', 'fi', 'sv', 'tr', 'vi', 'th', 'bg', 'ru', 'el', 'ja', 'ko', 'zh'])
const RENDITIONS = ['large', 'medium', 'small', 'tiny'] as const

interface PixabayRendition {
  url?: unknown
  width?: unknown
  height?: unknown
  size?: unknown
}

interface PixabayHit {
  id?: unknown
  pageURL?: unknown
  tags?: unknown
  duration?: unknown
  user?: unknown
  videos?: Partial<Record<(typeof RENDITIONS)[number], PixabayRendition | null>> | null
}

/**
 * Stock footage from Pixabay's video search (https://pixabay.com/api/docs/#api_search_videos),
 * under the Pixabay Content License. The key rides in the query string, so no address this says
 * carries it. Pixabay's video search takes no orientation and no duration: both are sorted out
 * here from what it answers.
 *
 * Pixabay's terms ask for its answers to be cached for 24 hours; that is left to whoever keeps the
 * materials, which are downloaded once and not searched for again.
 *
 * @example
 * const stock = pixabayStock({ apiKey: process.env.PIXABAY_API_KEY! })
 * const clips = await stock.search({ terms: ['森林', '清晨'], orientation: 'landscape', minSeconds: 5, limit: 10, language: 'zh' })
 */
export function pixabayStock(opts: { apiKey: string; baseUrl?: string; timeoutMs?: number }): StockProvider {
  const apiKey = opts.apiKey.trim()
  const timeoutMs = opts.timeoutMs ?? 20_000
  return {
    name: VENDOR,
    describe: said('Pixabay 的免费视频素材，按 Pixabay 内容许可使用', 'Free stock footage from Pixabay, used under the Pixabay Content License'),
    async search(params: StockSearch): Promise<StockClip[]> {
      if (!apiKey) throw new TaskFailure(said('没有填写 Pixabay API 密钥。请在设置中填写。', 'No Pixabay API key is set. Enter it in the settings.'))
      const q = queryOf(params.terms)
      if (!q || params.limit <= 0) return []
      const url = searchUrl(opts.baseUrl ?? DEFAULT_BASE_URL)
      url.searchParams.set('key', apiKey)
      url.searchParams.set('q', q)
      const lang = langOf(params.language)
      if (lang) url.searchParams.set('lang', lang)
      // Clips go into videos published without anyone looking at them first.
      url.searchParams.set('safesearch', 'true')
      url.searchParams.set('per_page', String(Math.min(MAX_PER_PAGE, Math.max(MIN_PER_PAGE, Math.ceil(params.limit)))))

      const response = await call(url.toString(), apiKey, timeoutMs, params.signal)
      const text = await response.text()
      let body: { hits?: unknown }
      try {
        body = JSON.parse(text) as { hits?: unknown }
      } catch {
        throw malformed(VENDOR, `its search answered ${text.slice(0, 60) || 'nothing'} instead of JSON`)
      }
      if (!Array.isArray(body?.hits)) throw malformed(VENDOR, `its search answered ${text.slice(0, 120)} without hits`)
      // Most of Pixabay's footage is landscape: one of another shape is still of use cropped, after those of the shape wanted.
      return (body.hits as PixabayHit[])
        .map((hit) => clipOf(hit))
        .filter((clip): clip is StockClip => clip !== undefined && clip.seconds >= params.minSeconds)
        .sort((a, b) => Number(shapeOf(b) === params.orientation) - Number(shapeOf(a) === params.orientation))
        .slice(0, params.limit)
    },
  }
}

/** Checked before the key is added: callVendor says a wrong scheme with the whole address, which would carry the key. */
function searchUrl(baseUrl: string): URL {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`
  const invalid = () => new TaskFailure(said(`Pixabay 的地址无效：${baseUrl.slice(0, 200)}`, `Pixabay's address is not a valid address: ${baseUrl.slice(0, 200)}`))
  if (!URL.canParse('videos/', base)) throw invalid()
  const url = new URL('videos/', base)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TaskFailure(said(`Pixabay 的地址只能以 http:// 或 https:// 开头：${baseUrl.slice(0, 200)}`, `Pixabay's address must start with http:// or https://: ${baseUrl.slice(0, 200)}`))
  }
  return url
}

/**
 * The terms joined by spaces, as many whole terms as fit in Pixabay's 100 characters: the first
 * terms are the sentence's own words, the later ones the widening. A first term longer than that
 * alone is cut. Characters are counted as Unicode code points, Chinese as one each.
 */
export function queryOf(terms: string[]): string {
  const words = terms.map((t) => t.trim().replace(/\s+/g, ' ')).filter(Boolean)
  let q = ''
  for (const word of words) {
    const next = q ? `${q} ${word}` : word
    if ([...next].length > MAX_QUERY_CHARS) break
    q = next
  }
  if (!q && words[0]) q = [...words[0]].slice(0, MAX_QUERY_CHARS).join('').trim()
  return q
}

function langOf(language: string): string | undefined {
  const code = language.trim().toLowerCase().split(/[-_]/)[0] ?? ''
  const named = code === 'nb' || code === 'nn' ? 'no' : code
  return LANGUAGES.has(named) ? named : undefined
}

/**
 * callVendor, with what Pixabay says in plain text read for what it means: a wrong or missing key
 * is a 400 ("[ERROR 400] Invalid or missing API key"), not a 401, and a 429 is its rate limit of
 * 100 requests a minute. The key is taken out of anything said, in case an answer repeats it.
 */
async function call(url: string, apiKey: string, timeoutMs: number, signal?: AbortSignal): Promise<Response> {
  try {
    return await callVendor({ vendor: VENDOR, url, timeoutMs, signal, init: { method: 'GET', headers: { accept: 'application/json' } } })
  } catch (error) {
    if (!(error instanceof TaskFailure)) throw error
    const hide = (text: string) => text.split(apiKey).join('…')
    const heard = error instanceof VendorAnswerFailure ? error : undefined
    const words = hide(heard?.words ?? '')
    const what = heard ? `HTTP ${heard.status}${words ? `: ${words}` : ''}` : ''
    const whatZh = heard ? `HTTP ${heard.status}${words ? `：${words}` : ''}` : ''
    if (heard && (heard.status === 401 || heard.status === 403 || (heard.status === 400 && /\bAPI key\b/i.test(heard.words)))) {
      throw new TaskFailure(said(`Pixabay 不接受 API 密钥（${whatZh}）。请检查设置中的 Pixabay API 密钥。`, `Pixabay refused the API key (${what}). Check the Pixabay API key in the settings.`))
    }
    if (heard?.status === 429) {
      throw new TaskFailure(said(`Pixabay 正在限制请求频率（${whatZh}；默认每 60 秒 100 次），稍后会重试。`, `Pixabay is limiting requests (${what}; by default 100 every 60 s); it will be tried again.`), true)
    }
    throw new TaskFailure(said(hide(error.reason['zh-CN']), hide(error.reason['en-US'])), error.retry)
  }
}

function clipOf(hit: PixabayHit): StockClip | undefined {
  if ((typeof hit.id !== 'number' && typeof hit.id !== 'string') || typeof hit.pageURL !== 'string') return undefined
  const file = renditionOf(hit.videos)
  if (!file) return undefined
  return {
    id: String(hit.id),
    url: file.url,
    width: file.width,
    height: file.height,
    seconds: typeof hit.duration === 'number' ? hit.duration : 0,
    pageUrl: hit.pageURL,
    author: typeof hit.user === 'string' ? hit.user : '',
    licence: 'Pixabay Content License',
    tags: typeof hit.tags === 'string' ? [...new Set(hit.tags.split(',').map((t) => t.trim()).filter(Boolean))] : [],
  }
}

/**
 * The rendition to download: the smallest whose short side is at least 720 px, else the largest.
 * A rendition Pixabay does not have (often `large`) comes with an empty url and a size of 0.
 */
export function renditionOf(videos: PixabayHit['videos']): { url: string; width: number; height: number } | undefined {
  const usable = RENDITIONS.map((name) => videos?.[name])
    .filter((r): r is PixabayRendition => typeof r?.url === 'string' && r.url !== '' && typeof r.width === 'number' && typeof r.height === 'number' && r.width > 0 && r.height > 0)
    .map((r) => ({ url: r.url as string, width: r.width as number, height: r.height as number }))
  const area = (r: { width: number; height: number }) => r.width * r.height
  const bigEnough = usable.filter((r) => Math.min(r.width, r.height) >= WANTED_SHORT_SIDE).sort((a, b) => area(a) - area(b))
  return bigEnough[0] ?? usable.sort((a, b) => area(b) - area(a))[0]
}

/** A picture's shape, square while neither side is more than a tenth longer than the other. */
export function shapeOf({ width, height }: { width: number; height: number }): StockSearch['orientation'] {
  if (Math.max(width, height) <= Math.min(width, height) * 1.1) return 'square'
  return width > height ? 'landscape' : 'portrait'
}
