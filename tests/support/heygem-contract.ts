import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { mkdirSync } from 'node:fs'
import { isAbsolute, join } from 'node:path'
import { probeMedia, type MediaInfo } from '../../src/server/media/probe'
import { runFfmpeg } from '../../src/server/media/run-ffmpeg'
import { listenLocal } from './listen-local'

/**
 * HeyGem (Duix.Avatar)'s gen-video service (`guiji2025/heygem.ai`, `python /code/app_local.py`)
 * on 127.0.0.1, answering as the vendor does, never as our client would like. Where each
 * behaviour comes from:
 *
 * - Official client, github.com/duixcom/Duix.Heygem at 8fd428d: `src/main/service/video.js`
 *   (makeVideoByF2F: the submit fields; loopPending: 10000 with status 1 running, 2 done with
 *   `result` joined onto `assetPath.model`, 3 failed with `data.msg`; 9999, 10002 and 10003 end
 *   the job with `msg`), `src/main/config/config.js` (`assetPath.model` = …/face2face/temp, the
 *   host side of /code/data/temp) and `deploy/docker-compose.yml` (face2face mounted as /code/data).
 * - The server, from a public copy of app_local.py (it is closed source): the ResponseCode enum;
 *   every answer `json.dumps(…, sort_keys=True, ensure_ascii=False, indent=4)` sent with HTTP 200
 *   and Flask's `text/html; charset=utf-8`; submit reading `json.loads(request.data)` and
 *   `request_data['code']` outside its try (Flask's HTTP 500 page for a body that is not JSON or
 *   has no `code` key), then busy (10001) before the fields (10002 for an absent or empty
 *   audio_url, video_url, code), then 10000 with the number 10000 as msg, without looking at the
 *   files; query answering 10002 without a code, 10004 for a job it does not know, and deleting a
 *   job once it has reported it done or failed; `app.run(threaded=False)`, one request at a time.
 * - Issues on github.com/duixcom/Duix-Avatar (formerly GuijiAI/HeyGem.ai): a bad file accepted
 *   and failed later with status 3, progress 0, result '' (#190, #213, #225, #353, #418:
 *   '预处理失败，异常信息:[format video error]'; #480 and billwuhao/Comfyui_HeyGem #2:
 *   '三次获取音频时长失败', followed by 10004); bare names read from /code/data/temp and
 *   absolute /code/data paths as given (#190, #400); the result written as
 *   /code/data/temp/<code>-r.mp4 (#466); 'no final result' from its own limit of about 600 s (#471).
 * - A third-party reconstruction of the server, supporting only: the progress milestones (10
 *   '文件下载完成', 20 '音频特征提取完成', 90 '视频处理完成', 100 '任务完成'), the code as a
 *   prefix of a preprocessing failure, and the result "/<code>-r.mp4" in a real answer.
 *
 * Not known and chosen here: the audio is read before the video (either failure alone is as
 * documented); a job runs until it has been asked about `queriesToFinish` times. The "lip sync"
 * is the video cut to the audio's length with the audio laid in: a real file where the real one
 * writes it, not a real lip sync. Its intermediate files (`<code>_format.*`, `<code>-t.mp4`) are not written.
 */
export interface HeyGemContract {
  url: string
  /**
   * How it behaves, as documented: 'busy' another client's job is running (submit answers
   * 10001); 'fault' every call meets Flask's HTTP 500 page; 'fails' a job runs, then fails
   * halfway with 'no final result'; 'restarts' it restarts right after accepting a job, which
   * is forgotten (10004); 'loses-answer' a job's last report (done or failed) never reaches the
   * caller though the job is forgotten. 'wrong-service' is no HeyGem: something else answers
   * at its address (a proxy's login page).
   */
  mode: HeyGemMode
  /** Queries answer this instead, `times` times (or until cleared): 9999, 10002 and 10003 as its query does, 500 as Flask does. */
  queryFault: { answer: 9999 | 10002 | 10003 | 500; times?: number } | null
  sharedDir: string
  containerDir: string
  /** Queries a job answers "running" before it is done. */
  queriesToFinish: number
  submits: Record<string, unknown>[]
  queries: string[]
  /** Forgets every job, as its container does when restarted (a job left running no longer keeps it busy). */
  restart(): void
  close(): Promise<void>
}

export type HeyGemMode = 'ok' | 'busy' | 'fault' | 'fails' | 'restarts' | 'loses-answer' | 'wrong-service'

/** Its job states (trans_dh_service Status). */
const RUNNING = 1
const DONE = 2
const FAILED = 3
const MILESTONES = [
  { progress: 10, msg: '文件下载完成' },
  { progress: 20, msg: '音频特征提取完成' },
  { progress: 90, msg: '视频处理完成' },
] as const
const QUERY_FAULT_MSG = { 9999: '系统异常', 10002: 'code参数缺失', 10003: '获取锁异常' } as const

const FLASK_500 =
  '<!doctype html>\n<html lang=en>\n<title>500 Internal Server Error</title>\n<h1>Internal Server Error</h1>\n<p>The server encountered an internal error and was unable to complete your request. Either the server is overloaded or there is an error in the application.</p>\n'
const FLASK_404 =
  '<!doctype html>\n<html lang=en>\n<title>404 Not Found</title>\n<h1>Not Found</h1>\n<p>The requested URL was not found on the server. If you entered the URL manually please check your spelling and try again.</p>\n'

interface Job {
  audio: unknown
  video: unknown
  queries: number
  startedAt: number
  /** Its files were read: the job is past preprocessing. */
  preprocessed: boolean
  /** Running until its work ends; then done or failed until reported. */
  state: { status: typeof RUNNING } | { status: typeof DONE; result: string; info: MediaInfo; cost: number } | { status: typeof FAILED; msg: string }
}

export async function startHeyGemContract(sharedDir: string, containerDir = '/code/data'): Promise<HeyGemContract> {
  const jobs = new Map<string, Job>()
  // Its temp folder, which it makes when it starts.
  mkdirSync(join(sharedDir, 'temp'), { recursive: true })
  const state = {
    mode: 'ok' as HeyGemMode,
    queryFault: null as HeyGemContract['queryFault'],
    sharedDir,
    containerDir,
    queriesToFinish: 2,
    submits: [] as Record<string, unknown>[],
    queries: [] as string[],
    restart: () => jobs.clear(),
  }

  /** Where the server reads a path it was given: bare names in its temp folder, its data folder as given; nothing else is on the shared side. */
  const local = (path: unknown): string | null => {
    if (typeof path !== 'string' || !path || /^https?:/i.test(path)) return null
    if (path.startsWith(`${containerDir}/`)) return join(sharedDir, path.slice(containerDir.length + 1))
    return isAbsolute(path) ? null : join(sharedDir, 'temp', path)
  }
  const probe = async (path: string | null) => (path ? probeMedia(path).catch(() => null) : null)

  /** Its work on a job, up to where it ends: preprocessing the files, then the video. */
  const work = async (code: string, job: Job): Promise<Job['state']> => {
    if (!job.preprocessed) {
      const audio = await probe(local(job.audio))
      if (!audio?.audioCodec || !(audio.duration > 0)) return { status: FAILED, msg: '三次获取音频时长失败' }
      const video = await probe(local(job.video))
      if (!video?.videoCodec) return { status: FAILED, msg: `[${code}]预处理失败，异常信息:[format video error]` }
      job.preprocessed = true
    }
    if (job.queries <= state.queriesToFinish) return { status: RUNNING }
    if (state.mode === 'fails') return { status: FAILED, msg: 'no final result' }
    const result = `/${code}-r.mp4`
    const output = join(sharedDir, 'temp', result)
    await runFfmpeg(['-stream_loop', '-1', '-i', local(job.video)!, '-i', local(job.audio)!, '-map', '0:v', '-map', '1:a', '-shortest', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-y', output])
    return { status: DONE, result, info: await probeMedia(output), cost: (Date.now() - job.startedAt) / 1000 }
  }

  const handle = async (req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> => {
    const answer = (code: number, success: boolean, msg: string | number, data: Record<string, unknown>) =>
      void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pythonJson({ code, success, msg, data }))
    const flask500 = () => void res.writeHead(500, { 'content-type': 'text/html; charset=utf-8' }).end(FLASK_500)
    if (state.mode === 'wrong-service') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<html><body><form action="/login">Sign in</form></body></html>')
    if (state.mode === 'fault') return flask500()
    const url = new URL(req.url ?? '/', 'http://contract')

    if (req.method === 'POST' && url.pathname === '/easy/submit') {
      let request: unknown
      try {
        request = JSON.parse(body.toString())
      } catch {
        return flask500()
      }
      if (typeof request !== 'object' || request === null || Array.isArray(request) || !('code' in request)) return flask500()
      const fields = request as Record<string, unknown>
      state.submits.push(fields)
      const running = [...jobs.values()].some((job) => job.state.status === RUNNING)
      if (state.mode === 'busy' || running) return answer(10001, true, '忙碌中', {})
      for (const name of ['audio_url', 'video_url', 'code']) if (!(name in fields) || fields[name] === '') return answer(10002, false, `${name}参数缺失`, {})
      const code = String(fields.code)
      if (state.mode !== 'restarts') jobs.set(code, { audio: fields.audio_url, video: fields.video_url, queries: 0, startedAt: Date.now(), preprocessed: false, state: { status: RUNNING } })
      return answer(10000, true, 10000, {})
    }

    if (req.method === 'GET' && url.pathname === '/easy/query') {
      const code = url.searchParams.get('code') ?? '-1'
      state.queries.push(code)
      const fault = state.queryFault
      if (fault) {
        if (fault.times !== undefined && --fault.times <= 0) state.queryFault = null
        return fault.answer === 500 ? flask500() : answer(fault.answer, false, QUERY_FAULT_MSG[fault.answer], {})
      }
      if (code === '-1') return answer(10002, false, 'code参数缺失', {})
      const job = jobs.get(code)
      if (!job) return answer(10004, true, '任务不存在', {})
      job.queries += 1
      if (job.state.status === RUNNING) job.state = await work(code, job)
      const now = job.state
      if (now.status === RUNNING) {
        const step = MILESTONES[Math.min(job.queries, MILESTONES.length) - 1]!
        return answer(10000, true, '', { code, status: RUNNING, progress: step.progress, result: '', msg: step.msg })
      }
      // Reported once, then forgotten (`del task_dic[_code]` in its finally).
      jobs.delete(code)
      if (state.mode === 'loses-answer') return void res.destroy()
      if (now.status === FAILED) return answer(10000, true, '', { code, status: FAILED, progress: 0, result: '', msg: now.msg })
      return answer(10000, true, '', {
        code,
        status: DONE,
        progress: 100,
        result: now.result,
        msg: '任务完成',
        cost: now.cost,
        video_duration: now.info.duration,
        width: now.info.width,
        height: now.info.height,
      })
    }
    res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end(FLASK_404)
  }

  // Flask runs with threaded=False: one request is answered before the next is read.
  let turn: Promise<void> = Promise.resolve()
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      turn = turn.then(() => handle(req, res, Buffer.concat(chunks)).catch((error: unknown) => void res.writeHead(500).end(String(error))))
    })
  })
  const listening = await listenLocal(server)
  const contract = state as HeyGemContract
  contract.url = listening.origin
  contract.close = listening.close
  return contract
}

/** As Python's json.dumps(…, sort_keys=True, ensure_ascii=False, indent=4) writes it. */
function pythonJson(value: unknown): string {
  const sorted = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, x]) => [k, sorted(x)])) : v
  return JSON.stringify(sorted(value), null, 4)
}
