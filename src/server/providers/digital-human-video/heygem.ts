import { existsSync } from 'node:fs'
import { copyFile, mkdir } from 'node:fs/promises'
import { isAbsolute, join, normalize, relative } from 'node:path'
import { TaskFailure } from '../../tasks/task-handler'
import { callVendor, malformed, pause, said } from '../vendor-http'
import type { DigitalHumanVideoProvider } from './digital-human-video-provider'

export interface HeyGemConfig {
  /** Its gen-video service, e.g. http://10.0.0.5:8383. */
  baseUrl: string
  /** This machine's folder that the HeyGem server sees as `containerDir`: files are handed over through it. */
  sharedDir: string
  /** The same folder as the HeyGem container names it (/code/data in its docker-compose). */
  containerDir: string
  timeoutMs: number
  /** Between two questions about a running job. */
  pollMs: number
  /** Longest a job may run before the task gives up on it (and tries again). */
  jobTimeoutMs: number
}

const VENDOR = 'HeyGem'
/** gen-video's answer codes (app.py ResponseCode) and job states (Status). */
const OK = 10000
const BUSY = 10001
const MISSING = 10002
const UNKNOWN_JOB = 10004
const RUNNING = 1
const DONE = 2
const FAILED = 3

interface Answer {
  code?: unknown
  success?: unknown
  msg?: unknown
  data?: { status?: unknown; progress?: unknown; result?: unknown; msg?: unknown }
}

/**
 * HeyGem / Duix.Avatar, the open-source digital-human server: real lip sync. The avatar's video
 * and the speech go into the shared folder, `POST /easy/submit` starts the job under its code,
 * `GET /easy/query` is asked until it is done (it forgets a finished job once it has said so),
 * and the result is read back from the shared folder.
 */
export function heyGemVideo(config: HeyGemConfig): DigitalHumanVideoProvider {
  const call = async (path: string, init: RequestInit, signal?: AbortSignal): Promise<Answer> => {
    const response = await callVendor({ vendor: VENDOR, url: new URL(path, config.baseUrl).toString(), init, timeoutMs: config.timeoutMs, signal })
    const text = await response.text()
    try {
      return JSON.parse(text) as Answer
    } catch {
      throw malformed(VENDOR, `${path.split('?')[0]} answered ${text.slice(0, 60) || 'nothing'} instead of JSON`)
    }
  }
  const host = new URL(config.baseUrl).host
  return {
    describe: { 'zh-CN': `HeyGem（${host}）：口型与语音同步的数字人视频`, 'en-US': `HeyGem (${host}): lips moved with the speech` },
    async reachable() {
      try {
        const answer = await call('/easy/query?code=__status__', { method: 'GET' })
        return answer.code === UNKNOWN_JOB || answer.code === OK ? { ok: true } : { ok: false, reason: said(`应答码 ${String(answer.code)}`, `answered code ${String(answer.code)}`) }
      } catch (error) {
        return { ok: false, reason: error instanceof TaskFailure ? error.reason : said(String(error), String(error)) }
      }
    },
    async lipSync({ video, audio, job, signal, onProgress }) {
      const folder = join(config.sharedDir, 'jobs', job)
      await mkdir(folder, { recursive: true })
      await copyFile(video, join(folder, 'avatar.mp4'))
      await copyFile(audio, join(folder, 'speech.wav'))
      const inContainer = (name: string) => `${config.containerDir.replace(/\/+$/, '')}/jobs/${job}/${name}`
      const submitted = await call(
        '/easy/submit',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ code: job, audio_url: inContainer('speech.wav'), video_url: inContainer('avatar.mp4'), watermark_switch: 0, digital_auth: 0, chaofen: 0, pn: 1 }),
        },
        signal,
      )
      if (submitted.code === BUSY) throw new TaskFailure(said('HeyGem 正在处理其他任务，稍后会重试。', 'HeyGem is busy with another job; it will be tried again.'), true)
      if (submitted.code === MISSING) throw new TaskFailure(said(`HeyGem 拒绝了任务：${String(submitted.msg)}`, `HeyGem refused the job: ${String(submitted.msg)}`))
      if (submitted.code !== OK) throw new TaskFailure(said(`HeyGem 无法开始任务（应答码 ${String(submitted.code)}：${String(submitted.msg)}），稍后会重试。`, `HeyGem could not start the job (code ${String(submitted.code)}: ${String(submitted.msg)}); it will be tried again.`), true)

      const until = Date.now() + config.jobTimeoutMs
      for (;;) {
        await pause(config.pollMs, signal)
        const answer = await call(`/easy/query?code=${encodeURIComponent(job)}`, { method: 'GET' }, signal)
        if (answer.code === UNKNOWN_JOB) throw new TaskFailure(said('HeyGem 已不记得这个任务（服务可能重启过），将重新提交。', 'HeyGem no longer knows the job (it may have restarted); it will be submitted again.'), true)
        if (answer.code !== OK || typeof answer.data?.status !== 'number') throw malformed(VENDOR, `/easy/query answered ${JSON.stringify(answer).slice(0, 120)}`)
        const { status, progress, result, msg } = answer.data
        if (status === RUNNING) {
          if (typeof progress === 'number') onProgress?.(Math.min(1, Math.max(0, progress / 100)))
        } else if (status === DONE) {
          return resultFile(config, String(result ?? ''))
        } else if (status === FAILED) {
          throw new TaskFailure(said(`HeyGem 合成失败：${String(msg || '没有说明原因')}`, `HeyGem could not make the video: ${String(msg || 'it gave no reason')}`))
        } else {
          throw malformed(VENDOR, `/easy/query answered status ${String(status)}`)
        }
        if (Date.now() > until) throw new TaskFailure(said(`HeyGem 在 ${config.jobTimeoutMs / 60_000} 分钟内没有完成，稍后会重试。`, `HeyGem did not finish within ${config.jobTimeoutMs / 60_000} min; it will be tried again.`), true)
      }
    },
  }
}

/** The finished video as this machine reads it: inside the shared folder, never outside it. */
function resultFile(config: HeyGemConfig, result: string): string {
  const container = config.containerDir.replace(/\/+$/, '')
  const inside = result.startsWith(`${container}/`) ? result.slice(container.length + 1) : result.replace(/^\/+/, '')
  const path = normalize(join(config.sharedDir, inside))
  const rel = relative(config.sharedDir, path)
  if (!result || rel.startsWith('..') || isAbsolute(rel)) throw malformed(VENDOR, `its result "${result}" is not a file in its data folder`)
  if (!existsSync(path)) {
    throw new TaskFailure(said(`HeyGem 的结果 ${result} 不在共享目录 ${config.sharedDir} 中：请确认它就是 HeyGem 看到的 ${config.containerDir}。`, `HeyGem's result ${result} is not in the shared folder ${config.sharedDir}: check that it is the folder HeyGem sees as ${config.containerDir}.`))
  }
  return path
}
