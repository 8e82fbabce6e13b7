import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { listenLocal } from './listen-local'
import { runFfmpeg, runProcess } from '../../src/server/media/run-ffmpeg'
import { mediaCommands } from '../../src/server/media/tools'

/**
 * HeyGen's v3 API on 127.0.0.1, as HeyGen documents it, and nothing more. Where each behaviour
 * comes from:
 *
 * - Every call needs `X-Api-Key`; a missing or wrong one is 401 `unauthorized`, "The API key
 *   provided is invalid, expired, or missing" (developers.heygen.com/docs/error-codes).
 * - Errors are `{ "error": { "code", "message", "doc_url", "param"? } }`, `param` on validation
 *   errors, `doc_url` the code's section of that page: 400 invalid_parameter, 401 unauthorized,
 *   402 insufficient_credit, 403 forbidden, 404 not_found / video_not_found, 409 conflict /
 *   request_in_progress, 413 payload_too_large, 429 rate_limit_exceeded / quota_exceeded, 500
 *   internal_error (same page; heygen-com/heygen-cli internal/errors/api_error.go reads the same
 *   envelope).
 * - 429 comes with `Retry-After`, a number of seconds (developers.heygen.com/docs/usage-limits:
 *   "Exceeding the limit returns 429 Too Many Requests with a Retry-After header";
 *   docs/enterprise-pricing: "a Retry-After header indicating the number of seconds to wait").
 * - `POST /v3/assets`: multipart, the file in field `file`, at most 32 MB, png, jpeg, mp4, webm,
 *   mp3, wav, pdf or srt, the type read from the bytes; answers `{ data: { asset_id, url,
 *   mime_type, size_bytes } }` (heygen-cli gen/asset.go AssetCreate, generated from HeyGen's
 *   OpenAPI; its client's CreateFormFile("file"); developers.heygen.com/llms-full.txt "Assets").
 * - `POST /v3/videos`, type "image" (CreateVideoFromImage in heygen-cli gen/video.go): `type` and
 *   `image` required; image by `asset_id`, `url` or `base64`; speech by `audio_asset_id` or
 *   `audio_url`, or `script` with `voice_id`, the two kinds mutually exclusive; aspect_ratio
 *   16:9 (default), 9:16, 4:5, 5:4, 1:1 or auto, "auto" keeping the image's shape "short-edge
 *   anchored to the requested resolution and capped at the tier's long edge"; resolution 4k,
 *   1080p or 720p; fit contain or cover; expressiveness high, medium or low; output_format mp4 or
 *   webm, webm needing "an avatar that supports matting". Answers `{ data: { video_id, status:
 *   "waiting", output_format } }` ("Initial video status (e.g. 'waiting')").
 * - `GET /v3/videos/{video_id}` (VideoGet): `{ data: { id, status, video_url, thumbnail_url, ...,
 *   failure_code, failure_message } }`, status pending | processing | completed | failed, the two
 *   failure fields "Only present when status is failed". A failed render is HTTP 200.
 * - `GET /v3/users/me` (gen/user.go): username, email, names, billing_type and its wallet.
 * - `Idempotency-Key` on POST /v3/videos and /v3/assets (developers.heygen.com/changelog, May
 *   2026; the header's text on developers.heygen.com/reference/rotate-webhook-signing-secret):
 *   1–255 of [A-Za-z0-9_:.-]; within 24 hours a call with the same key replays the original
 *   answer "even if the request body differs slightly"; one arriving while the original is still
 *   running gets 409 request_in_progress; a key is per endpoint and path parameter.
 * - Media limits: images under 2K, audio at most 10 minutes (docs/usage-limits); a resource that
 *   cannot be fetched fails the render with `download_failed` (same page).
 *
 * What those sources leave open, and what this server does meanwhile:
 * - Which answers a key keeps. Here only a 2xx: a request refused (401, 400, 402, 429, 5xx) may be
 *   sent again with the same key and is carried out then.
 * - How a malformed Idempotency-Key is refused. Here 400 invalid_parameter, param "Idempotency-Key".
 * - Whether a key is per account as well as per endpoint (assumed), and whether its window runs
 *   from the first request or its answer (here its answer).
 * - The check order and the exact messages: here key, rate limit, route, content type, fields,
 *   assets, then credit and quota. Messages are this server's own words in HeyGen's envelope.
 * - How an unknown asset id, or an image where audio is expected, is refused: here 400
 *   invalid_parameter on that field (heygen-cli also knows a code `asset_not_available`).
 * - Whether the status endpoint ever says "waiting" or "queued": its enum says no, the create's
 *   answer says "waiting" and the bulk status endpoint says "queued". `statuses` lets a test make
 *   a video pass through any of them.
 * - The failure codes of a render: not enumerated anywhere. `failure` sets them; download_failed,
 *   the one the usage-limits page names, by default.
 * - What "2K" is (2048 px on the longer side here), the default resolution (720p here), the fit
 *   HeyGen picks when none is asked (cover, centred, here), whether unknown fields are refused
 *   (ignored here) and whether quota_exceeded has a Retry-After (none here). Audio over 10 minutes
 *   fails the render here, as the old limits page said of invalid inputs.
 * - script with voice_id: this server has no voices, so every voice_id is 404 voice_not_found.
 *   An OAuth bearer token in place of X-Api-Key (heygen-cli client.go) is not modelled.
 *   Avatar and studio videos are not modelled: a type other than "image" is refused as invalid.
 *
 * The video it makes is the image held still for the audio's length at the size asked for: a
 * real file of the shape the real one sends, not a real lip sync. `/files/` stands for HeyGen's
 * storage, whose signed addresses need no key.
 */
export interface HeyGenContract {
  url: string
  key: string
  mode: HeyGenMode
  /** The route the mode applies to alone ("POST /v3/videos"); every route when unset. */
  only?: string
  /** The statuses a video answers, one a question, before it is completed (or failed, in mode "fails"). */
  statuses: string[]
  /** Why a render fails in mode "fails". */
  failure: { failure_code: string; failure_message: string }
  /** What a rate limit's Retry-After says. */
  retryAfterSeconds: number
  /** How long POST /v3/videos works before it answers: a request with its key sent meanwhile is in progress. */
  createDelayMs: number
  /** The largest file POST /v3/assets takes (32 MB at HeyGen). */
  maxAssetBytes: number
  /** Every call as it came and the status it was answered with (0 for none). */
  calls: { method: string; path: string; key?: string; status: number }[]
  /** Files taken, as HeyGen typed them. */
  uploads: { asset_id: string; mime_type: string; size_bytes: number }[]
  /** Videos made, each paid for: the request that made it. */
  videos: { video_id: string; key?: string; request: Record<string, unknown> }[]
  close(): Promise<void>
}

/** How the server answers: as documented, or as a service in trouble does. */
export type HeyGenMode =
  | 'ok'
  /** 429 rate_limit_exceeded with Retry-After. */
  | 'busy'
  /** 500 internal_error. */
  | 'failing'
  /** POST /v3/videos: 429 quota_exceeded. */
  | 'quota'
  /** POST /v3/videos: 402 insufficient_credit; the wallet at nothing. */
  | 'no-credit'
  /** POST /v3/videos: 403 forbidden. */
  | 'forbidden'
  /** Videos fail after their statuses, with `failure`. */
  | 'fails'
  /** Videos never leave "processing". */
  | 'slow'
  /** The status answer has no data. */
  | 'malformed'
  /** No answer at all. */
  | 'hangs'
  /** The key is no longer valid. */
  | 'bad-key'

interface Asset {
  path: string
  mime: string
  size: number
  measured?: Promise<Measure>
}

interface Measure {
  width: number
  height: number
  duration: number
}

interface Video {
  id: string
  title: string | null
  image: Asset | { failure: string }
  audio: Asset | { failure: string }
  aspect: string
  resolution: string
  fit: string
  createdAt: number
  queries: number
  file?: string
}

const DOCS = 'https://developers.heygen.com/docs/error-codes'
const KEY_PATTERN = /^[A-Za-z0-9_\-:.]{1,255}$/
const KEY_WINDOW_MS = 24 * 60 * 60_000
const ASPECTS = ['16:9', '9:16', '4:5', '5:4', '1:1', 'auto']
const RESOLUTIONS = { '720p': [720, 1280], '1080p': [1080, 1920], '4k': [2160, 3840] } as Record<string, [number, number]>
const MAX_AUDIO_SECONDS = 600
const MAX_IMAGE_SIDE = 2048

type Answer = [status: number, body: unknown, headers?: Record<string, string>]

const fault = (status: number, code: string, message: string, param?: string): Answer => [status, { error: { code, message, ...(param ? { param } : {}), doc_url: `${DOCS}#${code.replace(/_/g, '-')}` } }]
const invalid = (param: string, message: string) => fault(400, 'invalid_parameter', message, param)

/** The type HeyGen reads from a file's first bytes; undefined for a type it does not take. */
function sniff(bytes: Buffer): string | undefined {
  const at = (offset: number, text: string) => bytes.subarray(offset, offset + text.length).toString('latin1') === text
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png'
  if (bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return 'image/jpeg'
  if (at(4, 'ftyp')) return 'video/mp4'
  if (bytes.subarray(0, 4).equals(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))) return 'video/webm'
  if (at(0, 'ID3') || (bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0)) return 'audio/mpeg'
  if (at(0, 'RIFF') && at(8, 'WAVE')) return 'audio/wav'
  if (at(0, '%PDF')) return 'application/pdf'
  if (/^\s*\d+\s*\r?\n\d\d:\d\d:\d\d,\d{3} --> /.test(bytes.subarray(0, 200).toString('utf8'))) return 'application/x-subrip'
  return undefined
}

/** A file's picture size and length, as HeyGen reads them to check its limits; measured once. */
function measure(asset: Asset): Promise<Measure> {
  asset.measured ??= runProcess(mediaCommands().ffprobe, ['-v', 'error', '-show_entries', 'stream=width,height:format=duration', '-of', 'json', asset.path]).then(({ stdout }) => {
    const probed = JSON.parse(stdout) as { streams?: { width?: number; height?: number }[]; format?: { duration?: string } }
    const picture = probed.streams?.find((s) => s.width)
    return { width: picture?.width ?? 0, height: picture?.height ?? 0, duration: Number(probed.format?.duration ?? 0) }
  })
  return asset.measured
}

/** The size a video is rendered at: the tier's short edge, the asked shape (or the image's), the long edge capped, both even. */
function outputSize(aspect: string, resolution: string, image: { width: number; height: number }): { width: number; height: number } {
  const [short, longest] = RESOLUTIONS[resolution]!
  // "auto" falls back to 16:9 when the image's size cannot be read.
  const [w, h] = aspect === 'auto' && image.width > 0 && image.height > 0 ? [image.width, image.height] : (aspect === 'auto' ? '16:9' : aspect).split(':').map(Number) as [number, number]
  const even = (n: number) => Math.round(n / 2) * 2
  const long = (ratio: number) => even(Math.min(longest, short * ratio))
  return w >= h ? { width: long(w / h), height: short } : { width: short, height: long(h / w) }
}

export async function startHeyGenContract(): Promise<HeyGenContract> {
  const dir = mkdtempSync(join(tmpdir(), 'heygen-contract-'))
  const assets = new Map<string, Asset>()
  const videos = new Map<string, Video>()
  const keys = new Map<string, { done: false } | { done: true; answer: Answer; at: number }>()
  const state = {
    key: 'test-heygen-key',
    mode: 'ok' as HeyGenMode,
    only: undefined as string | undefined,
    statuses: ['pending', 'processing'],
    failure: { failure_code: 'download_failed', failure_message: 'The image could not be read.' },
    retryAfterSeconds: 7,
    createDelayMs: 0,
    maxAssetBytes: 32 * 1024 * 1024,
    calls: [] as HeyGenContract['calls'],
    uploads: [] as HeyGenContract['uploads'],
    videos: [] as HeyGenContract['videos'],
  }
  let made = 0
  let base = ''
  const modeFor = (route: string): HeyGenMode => (state.only === undefined || state.only === route ? state.mode : 'ok')

  /** The asset a file address of this server names: what `url` inputs may point to, as the real one fetches public addresses. */
  const assetAt = (url: unknown): Asset | { failure: string } => {
    const id = typeof url === 'string' && url.startsWith(`${base}/files/`) ? url.slice(`${base}/files/`.length) : ''
    return assets.get(id) ?? { failure: `Could not download ${String(url).slice(0, 100)}` }
  }

  const uploadAsset = async (req: IncomingMessage, body: Buffer): Promise<Answer> => {
    const type = String(req.headers['content-type'] ?? '')
    if (!/^multipart\/form-data\b/i.test(type)) return invalid('file', 'The request must be multipart/form-data with the file in field "file".')
    if (body.length > state.maxAssetBytes) return fault(413, 'payload_too_large', `The file is larger than ${state.maxAssetBytes} bytes.`)
    let file: FormDataEntryValue | null
    try {
      file = (await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData()).get('file')
    } catch {
      return invalid('file', 'The multipart body could not be read.')
    }
    if (!file || typeof file === 'string') return invalid('file', 'Field "file" is required.')
    const bytes = Buffer.from(await file.arrayBuffer())
    if (bytes.length === 0) return invalid('file', 'The file is empty.')
    if (bytes.length > state.maxAssetBytes) return fault(413, 'payload_too_large', `The file is larger than ${state.maxAssetBytes} bytes.`)
    const mime = sniff(bytes)
    if (!mime) return invalid('file', 'Unsupported file type. Supported types: png, jpeg, mp4, webm, mp3, wav, pdf, srt.')
    const id = `asset_${++made}`
    const path = join(dir, id)
    writeFileSync(path, bytes)
    assets.set(id, { path, mime, size: bytes.length })
    state.uploads.push({ asset_id: id, mime_type: mime, size_bytes: bytes.length })
    return [200, { data: { asset_id: id, url: `${base}/files/${id}`, mime_type: mime, size_bytes: bytes.length } }]
  }

  const createVideo = async (req: IncomingMessage, body: Buffer, key: string | undefined): Promise<Answer> => {
    if (!/^application\/json\b/i.test(String(req.headers['content-type'] ?? ''))) return invalid('body', 'The request body must be JSON (Content-Type: application/json).')
    let request: Record<string, unknown>
    try {
      request = JSON.parse(body.toString('utf8')) as Record<string, unknown>
    } catch {
      return invalid('body', 'The request body is not valid JSON.')
    }
    if (!request || typeof request !== 'object' || Array.isArray(request)) return invalid('body', 'The request body must be a JSON object.')
    if (request.type === undefined) return invalid('type', 'Field required: type.')
    if (request.type !== 'image') return invalid('type', `type "${String(request.type)}" is not a video type this server models; it models "image".`)
    const image = request.image as Record<string, unknown> | undefined
    if (image === undefined || image === null) return invalid('image', 'Field required: image.')
    if (typeof image !== 'object') return invalid('image', 'image must be an object.')
    let picture: Asset | { failure: string }
    if (image.type === 'asset_id') {
      if (typeof image.asset_id !== 'string') return invalid('image.asset_id', 'Field required: image.asset_id.')
      const found = assets.get(image.asset_id)
      if (!found) return invalid('image.asset_id', `Asset ${image.asset_id} was not found.`)
      if (!found.mime.startsWith('image/')) return invalid('image.asset_id', `Asset ${image.asset_id} is ${found.mime}, not an image.`)
      picture = found
    } else if (image.type === 'url') {
      if (typeof image.url !== 'string' || !/^https?:\/\//.test(image.url)) return invalid('image.url', 'image.url must be an HTTPS URL.')
      picture = assetAt(image.url)
    } else if (image.type === 'base64') {
      if (typeof image.media_type !== 'string' || typeof image.data !== 'string') return invalid('image', 'image of type base64 needs media_type and data.')
      const bytes = Buffer.from(image.data, 'base64')
      const mime = sniff(bytes)
      if (!mime?.startsWith('image/')) return invalid('image.data', 'image.data is not a PNG or JPEG image.')
      const path = join(dir, `inline_${++made}`)
      writeFileSync(path, bytes)
      picture = { path, mime, size: bytes.length }
    } else {
      return invalid('image.type', 'image.type must be one of asset_id, url, base64.')
    }
    const spoken = ['audio_asset_id', 'audio_url'].filter((f) => request[f] !== undefined && request[f] !== null)
    const scripted = request.script !== undefined && request.script !== null
    if (spoken.length > 1) return invalid('audio_url', 'audio_asset_id and audio_url are mutually exclusive.')
    if (spoken.length === 1 && scripted) return invalid('script', 'script is mutually exclusive with audio_url and audio_asset_id.')
    if (spoken.length === 0 && !scripted) return invalid('script', 'Provide audio_asset_id, audio_url, or script with voice_id.')
    let sound: Asset | { failure: string }
    if (scripted) {
      if (typeof request.script !== 'string' || request.script.length === 0 || request.script.length > 5000) return invalid('script', 'script must be 1 to 5000 characters.')
      if (typeof request.voice_id !== 'string') return invalid('voice_id', 'voice_id is required with script.')
      return fault(404, 'voice_not_found', `Voice ${request.voice_id} was not found.`)
    } else if (spoken[0] === 'audio_asset_id') {
      if (typeof request.audio_asset_id !== 'string') return invalid('audio_asset_id', 'audio_asset_id must be a string.')
      const found = assets.get(request.audio_asset_id)
      if (!found) return invalid('audio_asset_id', `Asset ${request.audio_asset_id} was not found.`)
      if (!found.mime.startsWith('audio/')) return invalid('audio_asset_id', `Asset ${request.audio_asset_id} is ${found.mime}, not audio.`)
      sound = found
    } else {
      if (typeof request.audio_url !== 'string' || !/^https?:\/\//.test(request.audio_url)) return invalid('audio_url', 'audio_url must be an HTTPS URL.')
      sound = assetAt(request.audio_url)
    }
    const choice = (field: string, allowed: string[]) => request[field] === undefined || request[field] === null || (typeof request[field] === 'string' && allowed.includes(request[field]))
    if (!choice('aspect_ratio', ASPECTS)) return invalid('aspect_ratio', `aspect_ratio must be one of ${ASPECTS.join(', ')}.`)
    if (!choice('resolution', Object.keys(RESOLUTIONS))) return invalid('resolution', 'resolution must be one of 4k, 1080p, 720p.')
    if (!choice('fit', ['contain', 'cover'])) return invalid('fit', 'fit must be one of contain, cover.')
    if (!choice('expressiveness', ['high', 'medium', 'low'])) return invalid('expressiveness', 'expressiveness must be one of high, medium, low.')
    if (!choice('output_format', ['mp4', 'webm'])) return invalid('output_format', 'output_format must be one of mp4, webm.')
    if (request.output_format === 'webm') return invalid('output_format', "'webm' requires an avatar that supports matting.")
    for (const field of ['title', 'callback_id', 'callback_url', 'motion_prompt']) {
      if (request[field] !== undefined && request[field] !== null && typeof request[field] !== 'string') return invalid(field, `${field} must be a string.`)
    }
    if (request.remove_background !== undefined && request.remove_background !== null && typeof request.remove_background !== 'boolean') return invalid('remove_background', 'remove_background must be a boolean.')

    const mode = modeFor('POST /v3/videos')
    if (mode === 'no-credit') return fault(402, 'insufficient_credit', 'Your account has 0 credits but this video requires 10 credits.')
    if (mode === 'quota') return fault(429, 'quota_exceeded', 'The usage quota of this account is used up.')
    if (mode === 'forbidden') return fault(403, 'forbidden', 'The API key does not have permission to create videos.')
    if (state.createDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.createDelayMs))
    const id = `video_${++made}`
    videos.set(id, {
      id,
      title: typeof request.title === 'string' ? request.title : null,
      image: picture,
      audio: sound,
      aspect: typeof request.aspect_ratio === 'string' ? request.aspect_ratio : '16:9',
      resolution: typeof request.resolution === 'string' ? request.resolution : '720p',
      fit: typeof request.fit === 'string' ? request.fit : 'cover',
      createdAt: Math.floor(Date.now() / 1000),
      queries: 0,
    })
    state.videos.push({ video_id: id, ...(key ? { key } : {}), request })
    return [200, { data: { video_id: id, status: 'waiting', output_format: 'mp4' } }]
  }

  /** Why a video cannot be rendered from its inputs, as its failure_message; undefined when it can. */
  const unrenderable = async (video: Video): Promise<string | undefined> => {
    if ('failure' in video.image) return video.image.failure
    if ('failure' in video.audio) return video.audio.failure
    const picture = await measure(video.image)
    if (Math.max(picture.width, picture.height) >= MAX_IMAGE_SIDE) return 'The image is 2K or larger.'
    if ((await measure(video.audio)).duration > MAX_AUDIO_SECONDS) return 'The audio is longer than 10 minutes.'
    return undefined
  }

  const videoStatus = async (id: string): Promise<Answer> => {
    const video = videos.get(id)
    if (!video) return fault(404, 'video_not_found', 'Video not found.')
    const mode = modeFor('GET /v3/videos/{video_id}')
    if (mode === 'malformed') return [200, { video: { id, state: 'done' } }]
    const answer = (status: string, extra: Record<string, unknown> = {}): Answer => [200, {
      data: { id, title: video.title, status, created_at: video.createdAt, completed_at: null, duration: null, video_url: null, thumbnail_url: null, gif_url: null, captioned_video_url: null, subtitle_url: null, video_page_url: `${base}/videos/${id}`, folder_id: null, ...extra },
    }]
    video.queries += 1
    if (mode === 'slow') return answer('processing')
    if (video.queries <= state.statuses.length) return answer(state.statuses[video.queries - 1]!)
    if (mode === 'fails') return answer('failed', { ...state.failure })
    const why = await unrenderable(video)
    if (why) return answer('failed', { failure_code: 'download_failed', failure_message: why })
    const image = video.image as Asset
    const audio = video.audio as Asset
    if (!video.file) {
      const { width, height } = outputSize(video.aspect, video.resolution, await measure(image))
      const fit = video.fit === 'contain' ? `scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2` : `scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height}`
      const file = join(dir, `${id}.mp4`)
      // Few frames of a still picture: the size and streams are what matter, and the tests stay quick.
      const seconds = String((await measure(audio)).duration)
      await runFfmpeg(['-loop', '1', '-framerate', '5', '-t', seconds, '-i', image.path, '-i', audio.path, '-t', seconds, '-vf', `${fit},format=yuv420p`, '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'stillimage', '-c:a', 'aac', file])
      video.file = file
      assets.set(`${id}.mp4`, { path: file, mime: 'video/mp4', size: 0 })
    }
    return answer('completed', { video_url: `${base}/files/${id}.mp4`, thumbnail_url: `${base}/files/${image.path.split('/').pop()}`, duration: (await measure(audio)).duration, completed_at: Math.floor(Date.now() / 1000) })
  }

  const me = (): Answer => [200, {
    data: {
      username: 'contract', email: 'contract@example.com', first_name: 'Contract', last_name: 'Account',
      billing_type: 'wallet',
      wallet: { currency: 'usd', remaining_balance: state.mode === 'no-credit' ? 0 : 25, auto_reload: { enabled: false, amount_usd: null, threshold_usd: null } },
      subscription: null, usage_based: null,
    },
  }]

  /** A POST that may carry an Idempotency-Key: the first answer (2xx) kept for a day and given again; a repeat while it runs is in progress. */
  const once = async (route: string, key: string | string[] | undefined, work: (key?: string) => Promise<Answer>): Promise<Answer> => {
    if (key === undefined) return work()
    if (Array.isArray(key) || !KEY_PATTERN.test(key)) return invalid('Idempotency-Key', 'Idempotency-Key must be 1 to 255 characters of A-Z, a-z, 0-9, _, -, : and .')
    const id = `${route}\n${key}`
    const held = keys.get(id)
    if (held && !held.done) return fault(409, 'request_in_progress', 'A request with this Idempotency-Key is still in progress.')
    if (held?.done && Date.now() - held.at < KEY_WINDOW_MS) return held.answer
    keys.set(id, { done: false })
    try {
      const answer = await work(key)
      if (answer[0] < 300) keys.set(id, { done: true, answer, at: Date.now() })
      else keys.delete(id)
      return answer
    } catch (error) {
      keys.delete(id)
      throw error
    }
  }

  const handle = async (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://contract')
    const call = { method: req.method ?? 'GET', path: url.pathname, ...(typeof req.headers['idempotency-key'] === 'string' ? { key: req.headers['idempotency-key'] } : {}), status: 0 }
    state.calls.push(call)
    const send = ([status, payload, headers]: Answer) => {
      call.status = status
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(payload))
    }
    if (call.method === 'GET' && url.pathname.startsWith('/files/')) {
      const file = assets.get(url.pathname.slice('/files/'.length))
      if (!file) return send([404, { message: 'Not found' }])
      call.status = 200
      res.writeHead(200, { 'content-type': file.mime })
      return void createReadStream(file.path).pipe(res)
    }
    const route = /^\/v3\/videos\/[^/]+$/.test(url.pathname) ? `${call.method} /v3/videos/{video_id}` : `${call.method} ${url.pathname}`
    const mode = modeFor(route)
    if (mode === 'hangs') return
    if (req.headers['x-api-key'] !== state.key || mode === 'bad-key') return send(fault(401, 'unauthorized', 'The API key provided is invalid, expired, or missing.'))
    if (mode === 'busy') {
      const [status, payload] = fault(429, 'rate_limit_exceeded', 'Too many requests. Retry after the time in Retry-After.')
      return send([status, payload, { 'retry-after': String(state.retryAfterSeconds) }])
    }
    if (mode === 'failing') return send(fault(500, 'internal_error', 'An internal error occurred. Please try again.'))
    const key = req.headers['idempotency-key']
    if (route === 'GET /v3/users/me') return send(me())
    if (route === 'POST /v3/assets') return send(await once(route, key, () => uploadAsset(req, body)))
    if (route === 'POST /v3/videos') return send(await once(route, key, (held) => createVideo(req, body, held)))
    if (route === 'GET /v3/videos/{video_id}') return send(await videoStatus(decodeURIComponent(url.pathname.slice('/v3/videos/'.length))))
    return send(fault(404, 'not_found', `No route ${call.method} ${url.pathname}.`))
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => void handle(req, res, Buffer.concat(chunks)).catch((error: unknown) => res.writeHead(500).end(String(error))))
  })
  const listening = await listenLocal(server)
  base = listening.origin
  const contract = state as HeyGenContract
  contract.url = base
  contract.close = async () => {
    await listening.close()
    rmSync(dir, { recursive: true, force: true })
  }
  return contract
}
