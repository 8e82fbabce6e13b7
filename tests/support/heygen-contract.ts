import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { listenLocal } from './listen-local'
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { runFfmpeg } from '../../src/server/media/run-ffmpeg'

/** How the server answers: as documented, or as a service in trouble does. */
export type HeyGenMode = 'ok' | 'busy' | 'refuses' | 'fails' | 'slow' | 'malformed' | 'hangs' | 'bad-key'

/**
 * HeyGen's API on 127.0.0.1, one server for both of its hosts, as its reference documents them.
 * Every call needs X-Api-Key. POST /v1/talking_photo and POST /v1/asset take a file's raw bytes
 * with its Content-Type and answer { code: 100, data: { talking_photo_id } } and { code: 100,
 * data: { id, file_type, url } }. POST /v2/video/generate { video_inputs: [{ character, voice }],
 * dimension } answers { error: null, data: { video_id } }. GET /v1/video_status.get?video_id=
 * answers { code: 100, data: { id, status: pending | processing | completed | failed,
 * video_url, error } }. GET /v2/user/remaining_quota answers { error: null, data: {
 * remaining_quota } }. The video it makes is the photo held still for the audio's length: a real
 * file of the shape the real one sends, not a real lip sync.
 */
export interface HeyGenContract {
  url: string
  key: string
  mode: HeyGenMode
  /** Status questions a video answers "processing" before it is completed. */
  queriesToFinish: number
  generated: Record<string, unknown>[]
  uploads: { path: string; type: string; bytes: number }[]
  close(): Promise<void>
}

interface Video {
  photo: string
  audio: string
  dimension: { width: number; height: number }
  queries: number
  file?: string
}

export async function startHeyGenContract(): Promise<HeyGenContract> {
  const dir = mkdtempSync(join(tmpdir(), 'heygen-contract-'))
  const files = new Map<string, { path: string; type: string }>()
  const videos = new Map<string, Video>()
  const state = { key: 'test-heygen-key', mode: 'ok' as HeyGenMode, queriesToFinish: 2, generated: [] as Record<string, unknown>[], uploads: [] as HeyGenContract['uploads'] }
  let made = 0
  let base = ''

  const json = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  const handle = async (req: IncomingMessage, res: ServerResponse, body: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://contract')
    if (req.method === 'GET' && url.pathname.startsWith('/files/')) {
      const file = files.get(url.pathname.slice('/files/'.length))
      if (!file) return json(res, 404, { message: 'Not found' })
      res.writeHead(200, { 'content-type': file.type })
      return void createReadStream(file.path).pipe(res)
    }
    if (state.mode === 'hangs') return
    if (req.headers['x-api-key'] !== state.key || state.mode === 'bad-key') return json(res, 401, { error: { code: 'authentication_failed', message: 'Unauthorized: invalid API key' }, data: null })
    if (state.mode === 'busy') return json(res, 429, { error: { code: 'rate_limit_exceeded', message: 'Too many requests' }, data: null })
    if (req.method === 'GET' && url.pathname === '/v2/user/remaining_quota') return json(res, 200, { error: null, data: { remaining_quota: 3600, details: { api: 3600 } } })
    if (req.method === 'POST' && (url.pathname === '/v1/talking_photo' || url.pathname === '/v1/asset')) {
      const type = String(req.headers['content-type'] ?? '')
      state.uploads.push({ path: url.pathname, type, bytes: body.length })
      const image = body.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))
      const mp3 = body.subarray(0, 3).toString('latin1') === 'ID3' || (body[0] === 0xff && (body[1]! & 0xe0) === 0xe0)
      if (url.pathname === '/v1/talking_photo' ? type !== 'image/jpeg' || !image : !/^audio\/mpeg$/.test(type) || !mp3) {
        return json(res, 400, { code: 400, data: null, msg: 'Unsupported file type', message: 'Unsupported file type' })
      }
      const id = `f${++made}`
      const path = join(dir, `${id}.${image ? 'jpg' : 'mp3'}`)
      writeFileSync(path, body)
      files.set(id, { path, type })
      return url.pathname === '/v1/talking_photo'
        ? json(res, 200, { code: 100, data: { talking_photo_id: id, talking_photo_url: `${base}/files/${id}` }, msg: null, message: null })
        : json(res, 200, { code: 100, data: { id, name: id, file_type: 'audio', folder_id: '', meta: null, created_ts: 1795000000, url: `${base}/files/${id}`, image_key: null }, msg: null, message: null })
    }
    if (req.method === 'POST' && url.pathname === '/v2/video/generate') {
      const request = JSON.parse(body.toString()) as { video_inputs?: { character?: { type?: string; talking_photo_id?: string }; voice?: { type?: string; audio_asset_id?: string } }[]; dimension?: { width: number; height: number } }
      state.generated.push(request as Record<string, unknown>)
      if (state.mode === 'refuses') return json(res, 400, { error: { code: 'invalid_parameter', message: 'talking_photo_id not found' }, data: null })
      const input = request.video_inputs?.[0]
      const photo = files.get(input?.character?.talking_photo_id ?? '')
      const audio = files.get(input?.voice?.audio_asset_id ?? '')
      if (input?.character?.type !== 'talking_photo' || input.voice?.type !== 'audio' || !photo || !audio || !request.dimension) {
        return json(res, 400, { error: { code: 'invalid_parameter', message: 'video_inputs is not valid' }, data: null })
      }
      const id = `v${++made}`
      videos.set(id, { photo: photo.path, audio: audio.path, dimension: request.dimension, queries: 0 })
      return json(res, 200, { error: null, data: { video_id: id } })
    }
    if (req.method === 'GET' && url.pathname === '/v1/video_status.get') {
      const id = url.searchParams.get('video_id') ?? ''
      const video = videos.get(id)
      if (!video) return json(res, 404, { code: 40008, data: null, message: 'Video not found' })
      const status = (value: string, extra: Record<string, unknown> = {}) => json(res, 200, { code: 100, data: { id, status: value, video_url: null, thumbnail_url: null, duration: null, error: null, callback_id: null, ...extra }, message: 'Success' })
      if (state.mode === 'malformed') return json(res, 200, { code: 100, data: { id, status: 'done' }, message: 'Success' })
      video.queries += 1
      if (state.mode === 'slow' || video.queries <= state.queriesToFinish) return status(video.queries === 1 ? 'pending' : 'processing')
      if (state.mode === 'fails') return status('failed', { error: { code: 40119, message: 'Video rendering failed', detail: 'No face was detected in the talking photo' } })
      if (!video.file) {
        video.file = join(dir, `${id}.mp4`)
        const { width, height } = video.dimension
        await runFfmpeg(['-loop', '1', '-i', video.photo, '-i', video.audio, '-vf', `scale=${width}:${height},format=yuv420p`, '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-shortest', video.file])
        files.set(`${id}.mp4`, { path: video.file, type: 'video/mp4' })
      }
      return status('completed', { video_url: `${base}/files/${id}.mp4`, duration: 3 })
    }
    return json(res, 404, { message: 'Not found' })
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
