import { randomUUID } from 'node:crypto'
import { createWriteStream, openAsBlob } from 'node:fs'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ClipShape } from '../../media/clip-plan'
import { coverFrame } from '../../media/thumbnail'
import { runFfmpeg } from '../../media/run-ffmpeg'
import { TaskDeferred, TaskFailure } from '../../errors/task-failure'
import { callVendor, malformed, pause, said } from '../vendor-http'
import type { DigitalHumanVideoProvider } from './digital-human-video-provider'
import { heyGenApi } from './heygen-api'

export interface HeyGenConfig {
  /** https://api.heygen.com: v3 takes files there too (`POST /v3/assets`). */
  apiUrl: string
  apiKey: string
  timeoutMs: number
  pollMs: number
  jobTimeoutMs: number
  /** The random part of each video's Idempotency-Key: a UUID unless a test fixes it. */
  randomId?: () => string
}

const VENDOR = 'HeyGen'

/**
 * HeyGen's cloud API (v3): real lip sync on the avatar's own face. The avatar's portrait (a frame
 * of its loop) and the speech go up as assets, `POST /v3/videos` makes an image video of them,
 * `GET /v3/videos/{video_id}` is asked until it is completed, and the video is downloaded from
 * the address it gives. The create carries an Idempotency-Key kept for all tries of the task, and
 * the video's id is recorded as a step, so a retry follows the video already paid for instead of
 * paying for another.
 */
export function heyGenVideo(config: HeyGenConfig): DigitalHumanVideoProvider {
  const call = heyGenApi(config)
  const upload = async (file: string, type: string, signal?: AbortSignal): Promise<string> => {
    const form = new FormData()
    form.append('file', await openAsBlob(file, { type }), file.split('/').pop())
    const asset = await call({ method: 'POST', base: config.apiUrl, path: '/v3/assets', body: form, signal })
    if (typeof asset.asset_id !== 'string') throw malformed(VENDOR, `POST /v3/assets answered ${JSON.stringify(asset).slice(0, 120)}`)
    return asset.asset_id
  }

  return {
    describe: { 'zh-CN': 'HeyGen 云服务：形象的肖像随语音说话，口型与语音同步', 'en-US': "HeyGen's cloud: the avatar's portrait made to speak, its lips moved with the speech" },
    async reachable() {
      try {
        const me = await call({ method: 'GET', base: config.apiUrl, path: '/v3/users/me' })
        if (typeof me.username !== 'string') return { ok: false, reason: said('账户查询的应答不符合接口文档', 'its account answer is not what its API documents') }
        if (walletEmpty(me)) return { ok: false, reason: said('HeyGen 账户余额已用完，且未开启自动充值：请先在 HeyGen 充值', 'The HeyGen account has no balance left and no automatic top-up: add funds in HeyGen first') }
        return { ok: true }
      } catch (error) {
        if (error instanceof TaskFailure) return { ok: false, reason: error.reason }
        if (error instanceof TaskDeferred) return { ok: false, reason: error.stage }
        return { ok: false, reason: said(String(error), String(error)) }
      }
    },
    async lipSync({ video, audio, job, shape, height, workDir, signal, onProgress, step }) {
      const once = step ?? (<T>(_name: string, work: () => Promise<T>) => work())
      // Kept before the first create, so that every try sends the same key and HeyGen answers a
      // retry with the video it already started. The random part keeps a run apart from the run
      // before it (a retry from the console clears the steps and numbers its tries from 1 again),
      // and two deployments sharing one HeyGen account, each numbering its tasks from 1.
      const key = await once('heygen-idempotency-key', async () => idempotencyKeyOf(job, (config.randomId ?? randomUUID)()))
      const assets = await once('heygen-assets', async () => {
        const portrait = join(workDir, 'heygen-portrait.jpg')
        const speech = join(workDir, 'heygen-speech.mp3')
        await coverFrame(video, 0, portrait, { signal })
        await runFfmpeg(['-i', audio, '-vn', '-c:a', 'libmp3lame', '-b:a', '128k', speech], { signal })
        return { image: await upload(portrait, 'image/jpeg', signal), audio: await upload(speech, 'audio/mpeg', signal) }
      })
      const videoId = await once('heygen-video', async () => {
        const created = await call({
          method: 'POST',
          base: config.apiUrl,
          path: '/v3/videos',
          headers: { 'content-type': 'application/json', 'idempotency-key': key },
          body: JSON.stringify({ type: 'image', image: { type: 'asset_id', asset_id: assets.image }, audio_asset_id: assets.audio, ...videoFormatOf({ shape, height }), title: job, callback_id: job }),
          signal,
          whileInProgress: { pauseMs: config.pollMs, untilMs: Date.now() + config.jobTimeoutMs },
        })
        if (typeof created.video_id !== 'string') throw malformed(VENDOR, `POST /v3/videos answered ${JSON.stringify(created).slice(0, 120)}`)
        return created.video_id
      })

      const until = Date.now() + config.jobTimeoutMs
      for (let asked = 1; ; asked++) {
        await pause(config.pollMs, signal)
        const answer = await call({ method: 'GET', base: config.apiUrl, path: `/v3/videos/${encodeURIComponent(videoId)}`, signal })
        const status = answer.status
        if (typeof status !== 'string') throw malformed(VENDOR, `GET /v3/videos/{video_id} answered ${JSON.stringify(answer).slice(0, 120)}`)
        if (status === 'completed') {
          if (typeof answer.video_url !== 'string') throw malformed(VENDOR, 'a completed video without its video_url')
          return download(answer.video_url, join(workDir, 'heygen.mp4'), config, signal)
        }
        if (status === 'failed') throw renderFailure(answer)
        // Any other status is a video still on its way: the create answers "waiting", the bulk
        // status endpoint says "queued", this one documents pending and processing, and HeyGen's
        // own CLI stops only at completed or failed. It gives no share done, so the bar moves a
        // little with each answer, never to the end.
        onProgress?.(1 - 1 / (1 + asked / 10))
        if (Date.now() > until) throw new TaskFailure(said(`HeyGen 在 ${config.jobTimeoutMs / 60_000} 分钟内没有完成，稍后会重试。`, `HeyGen did not finish within ${config.jobTimeoutMs / 60_000} min; it will be tried again.`), true)
      }
    },
  }
}

/**
 * What `POST /v3/videos` is asked to render. A video cropped to its shape anyway is asked in that
 * shape, covering the frame as the crop would, so HeyGen renders every pixel kept; otherwise the
 * avatar's own shape ('auto'). 720p is HeyGen's smallest size, and a 480 video is made from it.
 */
export function videoFormatOf({ shape, height }: { shape?: ClipShape; height?: number }): { aspect_ratio: ClipShape | 'auto'; resolution: '720p' | '1080p'; fit?: 'cover' } {
  const resolution = (height ?? 0) >= 1080 ? '1080p' : '720p'
  return shape ? { aspect_ratio: shape, resolution, fit: 'cover' } : { aspect_ratio: 'auto', resolution }
}

/** An Idempotency-Key HeyGen takes (1–255 of A–Z a–z 0–9 _ - : .): the job's name and a random part. */
export function idempotencyKeyOf(job: string, random: string): string {
  const clean = (s: string) => s.replace(/[^A-Za-z0-9_:.-]/g, '-')
  return `${clean(job).slice(0, 180)}:${clean(random).slice(0, 64)}`
}

/** Why a video failed: v3 says it in `failure_code` and `failure_message`, present only then. */
function renderFailure(answer: Record<string, unknown>): TaskFailure {
  const message = typeof answer.failure_message === 'string' ? answer.failure_message : ''
  const code = typeof answer.failure_code === 'string' ? answer.failure_code : ''
  const why = [message, code && `(${code})`].filter(Boolean).join(' ')
  return new TaskFailure(said(`HeyGen 合成失败：${why || '没有说明原因'}`, `HeyGen could not make the video: ${why || 'it gave no reason'}`))
}

/** A prepaid wallet at nothing, with no automatic top-up: every video would be refused for credit. */
function walletEmpty(me: Record<string, unknown>): boolean {
  const wallet = me.wallet as { remaining_balance?: unknown; auto_reload?: { enabled?: unknown } | null } | null | undefined
  return me.billing_type === 'wallet' && typeof wallet?.remaining_balance === 'number' && wallet.remaining_balance <= 0 && wallet.auto_reload?.enabled !== true
}

/** The finished video, streamed to disk: its address is HeyGen's storage, signed for a few days, and needs no key. */
async function download(url: string, path: string, config: HeyGenConfig, signal?: AbortSignal): Promise<string> {
  const response = await callVendor({ vendor: VENDOR, url, init: { method: 'GET' }, timeoutMs: config.timeoutMs, signal })
  if (!response.body) throw malformed(VENDOR, 'its video address answered no file')
  await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), createWriteStream(path), { signal })
  return path
}
