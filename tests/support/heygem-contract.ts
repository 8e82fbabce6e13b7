import { createServer, type Server } from 'node:http'
import { listenLocal } from './listen-local'
import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { runFfmpeg } from '../../src/server/media/run-ffmpeg'

/** How the server answers: as documented, or as a server in trouble does. */
export type HeyGemMode = 'ok' | 'busy' | 'fails' | 'down' | 'malformed' | 'forgets'

/**
 * HeyGem (Duix.Avatar)'s gen-video service on 127.0.0.1, as its app.py answers:
 * POST /easy/submit { code, audio_url, video_url, watermark_switch, digital_auth, chaofen, pn }
 * → { code: 10000, success, msg, data } (10001 busy while a job runs, 10002 for a missing
 * parameter, 9999 a system error); GET /easy/query?code= → data { code, status (1 running,
 * 2 done, 3 failed), progress, result, msg, video_duration, width, height }, a finished job
 * forgotten once it has been reported (10004 after). audio_url and video_url are paths inside
 * the container, whose data folder (`containerDir`) is `sharedDir` here. The "lip sync" it
 * makes is the video cut to the audio's length with the audio laid in: a real file of the shape
 * the real one writes, not a real lip sync.
 */
export interface HeyGemContract {
  url: string
  mode: HeyGemMode
  sharedDir: string
  containerDir: string
  /** Queries a job answers "running" before it is done. */
  queriesToFinish: number
  submits: Record<string, unknown>[]
  queries: string[]
  close(): Promise<void>
}

interface Job {
  audio: string
  video: string
  queries: number
  done?: { result: string; duration: number }
}

export async function startHeyGemContract(sharedDir: string, containerDir = '/code/data'): Promise<HeyGemContract> {
  const jobs = new Map<string, Job>()
  // Its result folder, which the real one makes when it starts.
  mkdirSync(join(sharedDir, 'temp'), { recursive: true })
  const state = { mode: 'ok' as HeyGemMode, sharedDir, containerDir, queriesToFinish: 2, submits: [] as Record<string, unknown>[], queries: [] as string[] }
  const local = (path: string) => (path.startsWith(`${containerDir}/`) ? join(sharedDir, path.slice(containerDir.length + 1)) : null)
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      void (async () => {
        const answer = (code: number, success: boolean, msg: string | number, data: unknown) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(JSON.stringify({ code, success, msg, data }, null, 4))
        if (state.mode === 'down') return res.writeHead(502, { 'content-type': 'text/html' }).end('<html><body>502 Bad Gateway</body></html>')
        const url = new URL(req.url ?? '/', 'http://contract')
        if (req.method === 'POST' && url.pathname === '/easy/submit') {
          let body: Record<string, unknown>
          try {
            body = JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>
          } catch {
            return answer(9999, false, '系统异常', {})
          }
          state.submits.push(body)
          if (state.mode === 'busy') return answer(10001, true, '忙碌中', {})
          for (const name of ['audio_url', 'video_url', 'code']) if (!body[name]) return answer(10002, false, `${name}参数缺失`, {})
          const [audio, video] = [local(String(body.audio_url)), local(String(body.video_url))]
          if (!audio || !video || !existsSync(audio) || !existsSync(video)) return answer(9999, false, '系统异常', {})
          jobs.set(String(body.code), { audio, video, queries: 0 })
          return answer(10000, true, 10000, {})
        }
        if (req.method === 'GET' && url.pathname === '/easy/query') {
          const code = url.searchParams.get('code') ?? '-1'
          state.queries.push(code)
          if (code === '-1') return answer(10002, false, 'code参数缺失', {})
          const job = jobs.get(code)
          if (!job || state.mode === 'forgets') return answer(10004, true, '任务不存在', {})
          if (state.mode === 'malformed') return answer(10000, true, '', { code, status: 'finished' })
          job.queries += 1
          if (job.queries <= state.queriesToFinish) return answer(10000, true, '', { code, status: 1, progress: Math.round((job.queries / (state.queriesToFinish + 1)) * 100), result: '', msg: '' })
          jobs.delete(code)
          if (state.mode === 'fails') return answer(10000, true, '', { code, status: 3, progress: 40, result: '', msg: '人脸检测失败：视频中未检测到人脸' })
          const result = `/temp/${code}-r.mp4`
          await runFfmpeg(['-stream_loop', '-1', '-i', job.video, '-i', job.audio, '-map', '0:v', '-map', '1:a', '-shortest', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', join(sharedDir, result)])
          return answer(10000, true, '', { code, status: 2, progress: 100, result, msg: '', cost: 1.2, video_duration: 0, width: 0, height: 0 })
        }
        res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>')
      })().catch((error: unknown) => res.writeHead(500).end(String(error)))
    })
  })
  const listening = await listenLocal(server)
  const contract = state as HeyGemContract
  contract.url = listening.origin
  contract.close = listening.close
  return contract
}
