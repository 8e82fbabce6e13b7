import { copyFile, mkdir, realpath, stat } from 'node:fs/promises'
import { isAbsolute, join, normalize, relative, sep } from 'node:path'
import { probeMedia } from '../../media/probe'
import { TaskFailure } from '../../errors/task-failure'
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
/** gen-video's answer codes (app_local.py ResponseCode) and job states (Status). */
const OK = 10000
const BUSY = 10001
const BAD_PARAMETER = 10002
const LOCK_FAILED = 10003
const UNKNOWN_JOB = 10004
const SYSTEM_ERROR = 9999
const RUNNING = 1
const DONE = 2
const FAILED = 3
/** Its working folder inside its data folder: where it writes results, and what a result path is relative to. */
const TEMP = 'temp'
/**
 * Questions about a running job that may go unanswered in a row (no answer in time, a dropped
 * connection, a 5xx, its 9999) before the task gives up on the job and tries again.
 */
const MISSED_ANSWERS = 5

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
 * and the result is read back from its temp folder inside the shared folder.
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
      if (submitted.code === BAD_PARAMETER) throw new TaskFailure(said(`HeyGem 拒绝了任务：${String(submitted.msg)}`, `HeyGem refused the job: ${String(submitted.msg)}`))
      if (submitted.code !== OK) throw new TaskFailure(said(`HeyGem 无法开始任务（应答码 ${String(submitted.code)}：${String(submitted.msg)}），稍后会重试。`, `HeyGem could not start the job (code ${String(submitted.code)}: ${String(submitted.msg)}); it will be tried again.`), true)

      const until = Date.now() + config.jobTimeoutMs
      let missed = 0
      for (;;) {
        await pause(config.pollMs, signal)
        if (Date.now() > until) throw new TaskFailure(said(`HeyGem 在 ${config.jobTimeoutMs / 60_000} 分钟内没有完成，稍后会重试。`, `HeyGem did not finish within ${config.jobTimeoutMs / 60_000} min; it will be tried again.`), true)
        let answer: Answer
        try {
          answer = await call(`/easy/query?code=${encodeURIComponent(job)}`, { method: 'GET' }, signal)
        } catch (error) {
          // The job runs on in its own thread whatever became of one question, so it is asked
          // again; the answer lost may have been its last (see 10004 below).
          if (signal?.aborted || !(error instanceof TaskFailure) || !error.retry || ++missed >= MISSED_ANSWERS) throw error
          continue
        }
        if (answer.code === SYSTEM_ERROR) {
          // Its query answers 9999 only from the except around reading its own job table, a fault
          // of that moment and no word on the job. The official client marks the video failed at
          // once; here the question is asked again, and only a fault that persists ends this try
          // (a passing failure: a new try submits anew, answered busy while this job still runs).
          if (++missed < MISSED_ANSWERS) continue
          throw new TaskFailure(said(`HeyGem 查询任务时连续出错（${String(answer.msg)}），稍后会重试。`, `HeyGem kept failing to answer about the job (${String(answer.msg)}); it will be tried again.`), true)
        }
        missed = 0
        if (answer.code === BAD_PARAMETER || answer.code === LOCK_FAILED) {
          // As its official client ends a job on these codes (video.js loopPending), with its words.
          throw new TaskFailure(said(`HeyGem 终止了任务（应答码 ${String(answer.code)}：${String(answer.msg)}）`, `HeyGem ended the job (code ${String(answer.code)}: ${String(answer.msg)})`))
        }
        if (answer.code === UNKNOWN_JOB) {
          // It forgets a job once it has reported it done or failed. If that report was lost on
          // the way, the video is already in its temp folder; otherwise it restarted and lost the job.
          const finished = await finishedVideo(config, job, signal)
          if (finished) return finished
          throw new TaskFailure(said('HeyGem 已不记得这个任务（服务可能重启过），将重新提交。', 'HeyGem no longer knows the job (it may have restarted); it will be submitted again.'), true)
        }
        if (answer.code !== OK || typeof answer.data?.status !== 'number') throw malformed(VENDOR, `/easy/query answered ${JSON.stringify(answer).slice(0, 120)}`)
        const { status, progress, result, msg } = answer.data
        if (status === RUNNING) {
          if (typeof progress === 'number') onProgress?.(Math.min(1, Math.max(0, progress / 100)))
        } else if (status === DONE) {
          return heyGemResult(config, String(result ?? ''))
        } else if (status === FAILED) {
          // A file it cannot read is accepted at submit and fails here, its reason in msg
          // ('三次获取音频时长失败', '[<code>]预处理失败，异常信息:[format video error]'): final, as for its own client.
          throw new TaskFailure(said(`HeyGem 合成失败：${String(msg || '没有说明原因')}`, `HeyGem could not make the video: ${String(msg || 'it gave no reason')}`))
        } else {
          throw malformed(VENDOR, `/easy/query answered status ${String(status)}`)
        }
      }
    },
  }
}

/**
 * Where a result HeyGem names is on this machine, or null when it names a place outside the
 * shared folder. It answers "/<code>-r.mp4", relative to its temp folder: its official client
 * joins it onto `…/face2face/temp` (video.js loopPending), the host side of `/code/data/temp`.
 * A path inside its data folder as the container names it is taken as well.
 *
 * @example heyGemResultPath({ sharedDir: '/srv/heygem', containerDir: '/code/data' }, '/abc-r.mp4') // '/srv/heygem/temp/abc-r.mp4'
 */
export function heyGemResultPath(config: Pick<HeyGemConfig, 'sharedDir' | 'containerDir'>, result: string): string | null {
  if (!result || result.endsWith('/')) return null
  const container = config.containerDir.replace(/\/+$/, '')
  const inside = container && result.startsWith(`${container}/`) ? result.slice(container.length + 1) : join(TEMP, result)
  const path = normalize(join(config.sharedDir, inside))
  return within(config.sharedDir, path) ? path : null
}

/** The finished video as this machine reads it: a file inside the shared folder, never outside it, links followed. */
export async function heyGemResult(config: Pick<HeyGemConfig, 'sharedDir' | 'containerDir'>, result: string): Promise<string> {
  const path = heyGemResultPath(config, result)
  if (!path) throw malformed(VENDOR, `its result "${result}" is not a file in its data folder`)
  const found = await sharedFile(config.sharedDir, path)
  if (found === 'outside') throw malformed(VENDOR, `its result "${result}" leads out of the shared folder`)
  if (found === 'missing') {
    throw new TaskFailure(said(
      `HeyGem 的结果 ${result} 不在共享目录中的 ${path}：请确认共享目录就是 HeyGem 看到的 ${config.containerDir}。`,
      `HeyGem's result ${result} is not at ${path} in the shared folder: check that the shared folder is the one HeyGem sees as ${config.containerDir}.`,
    ))
  }
  return path
}

/** A job's video written before it was forgotten, when one is there and whole (a restart mid-write leaves one cut short). */
async function finishedVideo(config: HeyGemConfig, job: string, signal?: AbortSignal): Promise<string | null> {
  const path = heyGemResultPath(config, `/${job}-r.mp4`)
  if (!path || (await sharedFile(config.sharedDir, path)) !== 'file') return null
  try {
    const info = await probeMedia(path, { signal })
    return info.videoCodec && info.duration > 0 ? path : null
  } catch (error) {
    if (signal?.aborted) throw error
    return null
  }
}

async function sharedFile(sharedDir: string, path: string): Promise<'file' | 'missing' | 'outside'> {
  let real: string
  try {
    real = await realpath(path)
  } catch {
    return 'missing'
  }
  if (!within(await realpath(sharedDir), real)) return 'outside'
  return (await stat(real)).isFile() ? 'file' : 'missing'
}

/** Whether `path` is below `folder` (not the folder itself). */
function within(folder: string, path: string): boolean {
  const rel = relative(folder, path)
  return rel !== '' && !isAbsolute(rel) && rel.split(sep)[0] !== '..'
}
