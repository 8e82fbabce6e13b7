import { createWriteStream } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { coverFrame } from '../../media/thumbnail'
import { probeMedia } from '../../media/probe'
import { runFfmpeg } from '../../media/run-ffmpeg'
import { TaskFailure } from '../../tasks/task-handler'
import { callVendor, malformed, pause, said } from '../vendor-http'
import type { DigitalHumanVideoProvider } from './digital-human-video-provider'

export interface HeyGenConfig {
  /** https://api.heygen.com */
  apiUrl: string
  /** https://upload.heygen.com, where files are sent. */
  uploadUrl: string
  apiKey: string
  timeoutMs: number
  pollMs: number
  jobTimeoutMs: number
}

const VENDOR = 'HeyGen'
/** The `code` of a v1 answer that went well. */
const V1_OK = 100
/** The longest side HeyGen renders on every plan (720p). */
const MAX_SIDE = 1280

/**
 * HeyGen's cloud API: real lip sync on the avatar's own face. The avatar's portrait (a frame of
 * its loop) goes up as a talking photo and the speech as an audio asset; `POST /v2/video/generate`
 * starts the video with them, `GET /v1/video_status.get` is asked until it is completed, and the
 * video is downloaded from the address it gives. The video's id is recorded as a step of the
 * task, so a retry after a worker died follows the same video instead of paying for another.
 */
export function heyGenVideo(config: HeyGenConfig): DigitalHumanVideoProvider {
  const call = async <T>(base: string, path: string, init: RequestInit, signal?: AbortSignal): Promise<T> => {
    const response = await callVendor({ vendor: VENDOR, url: new URL(path, base).toString(), init: { ...init, headers: { 'x-api-key': config.apiKey, accept: 'application/json', ...init.headers } }, timeoutMs: config.timeoutMs, signal })
    const text = await response.text()
    try {
      return JSON.parse(text) as T
    } catch {
      throw malformed(VENDOR, `${path.split('?')[0]} answered ${text.slice(0, 60) || 'nothing'} instead of JSON`)
    }
  }
  const upload = async (path: string, file: string, type: string, signal?: AbortSignal) =>
    call<{ code?: unknown; data?: Record<string, unknown> }>(config.uploadUrl, path, { method: 'POST', headers: { 'content-type': type }, body: await readFile(file) }, signal)

  return {
    describe: { 'zh-CN': 'HeyGen 云服务：以形象的肖像为照片数字人，口型与语音同步', 'en-US': "HeyGen's cloud: the avatar's portrait as a talking photo, lips moved with the speech" },
    async reachable() {
      try {
        const answer = await call<{ data?: { remaining_quota?: unknown } }>(config.apiUrl, '/v2/user/remaining_quota', { method: 'GET' })
        return typeof answer.data?.remaining_quota === 'number' ? { ok: true } : { ok: false, reason: said('余额查询的应答不符合接口文档', 'its quota answer is not what its API documents') }
      } catch (error) {
        return { ok: false, reason: error instanceof TaskFailure ? error.reason : said(String(error), String(error)) }
      }
    },
    async lipSync({ video, audio, job, workDir, signal, onProgress, step }) {
      const once = step ?? (<T>(_name: string, work: () => Promise<T>) => work())
      const videoId = await once('heygen-video', async () => {
        const portrait = join(workDir, 'heygen-portrait.jpg')
        const speech = join(workDir, 'heygen-speech.mp3')
        const info = await probeMedia(video, { signal })
        await coverFrame(video, 0, portrait, { signal })
        await runFfmpeg(['-i', audio, '-vn', '-c:a', 'libmp3lame', '-b:a', '128k', speech], { signal })
        const photo = await upload('/v1/talking_photo', portrait, 'image/jpeg', signal)
        const photoId = photo.data?.talking_photo_id
        if (photo.code !== V1_OK || typeof photoId !== 'string') throw malformed(VENDOR, `/v1/talking_photo answered ${JSON.stringify(photo).slice(0, 120)}`)
        const asset = await upload('/v1/asset', speech, 'audio/mpeg', signal)
        const audioId = asset.data?.id
        if (asset.code !== V1_OK || typeof audioId !== 'string') throw malformed(VENDOR, `/v1/asset answered ${JSON.stringify(asset).slice(0, 120)}`)
        const generated = await call<{ error?: { message?: unknown } | null; data?: { video_id?: unknown } }>(
          config.apiUrl,
          '/v2/video/generate',
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              title: job,
              callback_id: job,
              video_inputs: [{ character: { type: 'talking_photo', talking_photo_id: photoId }, voice: { type: 'audio', audio_asset_id: audioId } }],
              dimension: dimensionOf(info.width ?? 720, info.height ?? 1280),
            }),
          },
          signal,
        )
        if (generated.error) throw new TaskFailure(said(`HeyGen 拒绝生成视频：${String(generated.error.message ?? '没有说明原因')}`, `HeyGen refused to make the video: ${String(generated.error.message ?? 'it gave no reason')}`))
        if (typeof generated.data?.video_id !== 'string') throw malformed(VENDOR, `/v2/video/generate answered ${JSON.stringify(generated).slice(0, 120)}`)
        return generated.data.video_id
      })

      const until = Date.now() + config.jobTimeoutMs
      for (let asked = 1; ; asked++) {
        await pause(config.pollMs, signal)
        const answer = await call<{ code?: unknown; data?: { status?: unknown; video_url?: unknown; error?: { message?: unknown; detail?: unknown } | null } }>(config.apiUrl, `/v1/video_status.get?video_id=${encodeURIComponent(videoId)}`, { method: 'GET' }, signal)
        const status = answer.data?.status
        if (answer.code !== V1_OK || typeof status !== 'string') throw malformed(VENDOR, `/v1/video_status.get answered ${JSON.stringify(answer).slice(0, 120)}`)
        if (status === 'completed') {
          if (typeof answer.data?.video_url !== 'string') throw malformed(VENDOR, 'a completed video without its video_url')
          return download(answer.data.video_url, join(workDir, 'heygen.mp4'), config, signal)
        }
        if (status === 'failed') {
          const why = answer.data?.error?.detail ?? answer.data?.error?.message ?? ''
          throw new TaskFailure(said(`HeyGen 合成失败：${String(why || '没有说明原因')}`, `HeyGen could not make the video: ${String(why || 'it gave no reason')}`))
        }
        if (!['pending', 'waiting', 'processing'].includes(status)) throw malformed(VENDOR, `/v1/video_status.get answered status "${status}"`)
        // HeyGen gives no share done: the bar moves a little with each answer, never to the end.
        onProgress?.(1 - 1 / (1 + asked / 10))
        if (Date.now() > until) throw new TaskFailure(said(`HeyGen 在 ${config.jobTimeoutMs / 60_000} 分钟内没有完成，稍后会重试。`, `HeyGen did not finish within ${config.jobTimeoutMs / 60_000} min; it will be tried again.`), true)
      }
    },
  }
}

/** The portrait's shape at the size HeyGen renders: the longer side at most 1280, both even. */
export function dimensionOf(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height))
  const even = (n: number) => Math.max(2, Math.round((n * scale) / 2) * 2)
  return { width: even(width), height: even(height) }
}

/** The finished video, streamed to disk: its address is HeyGen's storage, signed for a few days. */
async function download(url: string, path: string, config: HeyGenConfig, signal?: AbortSignal): Promise<string> {
  const response = await callVendor({ vendor: VENDOR, url, init: { method: 'GET' }, timeoutMs: config.timeoutMs, signal })
  if (!response.body) throw malformed(VENDOR, 'its video address answered no file')
  await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), createWriteStream(path), { signal })
  return path
}
