/**
 * The API process's memory while it runs four smart clips at once, as `npm start` runs tasks:
 * the built server under npm start's node options, on a temp SQLite database, with its workers
 * inside it (WORKER_CONCURRENCY=4). A merchant with money uploads two generated 10 s 720p
 * videos through material/upload and submits four clips of both (720p 9:16, a fade between
 * them, subtitles) through task/submit_clip; the server's resident memory (VmRSS) is read from
 * /proc every 100 ms from the first submit to the last success. The work itself happens in the
 * ffmpeg processes the server starts, so their memory is read beside it, for context.
 */
import { randomBytes } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { readConfig, type Config } from '../../src/server/config'
import { openServices } from '../../src/server/start'
import { upsertAccount } from '../../src/server/accounts/queries'
import { changeMoney } from '../../src/server/ledger/ledger'
import { makeTestVideo } from '../../src/server/media/test-media'
import type { Cleanup } from './cleanup'
import { spawnServer, type ServerCommand } from './spawn-server'
import { getJson, postJson, signIn, uploadFile } from './api-client'
import { REPO_ROOT } from './paths'
import { median } from './report'
import { rssMb } from './process-cpu'

export const RSS_CLIPS = 4
const SOURCE = { seconds: 10, width: 1280, height: 720, fps: 25 }
const SAMPLE_MS = 100
const CLIP = { resolution: 720, shape: '9:16', transition: 'fade', subtitle_text: 'The bench watches the server while four clips are made. Each one joins two videos.' }

export interface RssSample {
  /** Since the first submit. */
  ms: number
  serverMb: number
  /** ffmpeg and ffprobe processes the server has started, and their resident memory together. */
  media: number
  mediaMb: number
}

export interface RssFigures {
  sourceMb: number[]
  generateMs: number
  /** Right after it listened, and after the two uploads, once their probes had ended, before any task. */
  startedMb: number
  idleMb: number
  samples: RssSample[]
  /** First submit to the last task's success. */
  wallMs: number
  /** Most tasks running at the same moment, by their started_at and finished_at. */
  atOnce: number
  outputSeconds: number
}

interface TaskRow {
  id: number
  status: string
  started_at: string | null
  finished_at: string | null
  error: Record<string, string>
  result: { outputs?: { duration?: number }[] }
}

export async function benchTaskRss(opts: { server: ServerCommand; dir: string; cleanup: Cleanup }): Promise<RssFigures> {
  const started = performance.now()
  const sources = ['a', 'b'].map((name) => join(opts.dir, `rss-${name}.mp4`))
  for (const [i, path] of sources.entries()) await makeTestVideo(path, { ...SOURCE, frequency: 330 + i * 110, preset: 'veryfast' })
  const generateMs = performance.now() - started

  const env: Record<string, string> = {
    NODE_ENV: 'production',
    DATA_DIR: join(opts.dir, 'rss-data'),
    SCHEMAS_DIR: join(REPO_ROOT, 'schemas'),
    // The server inherits this process's environment; a DATABASE_URL set for the PostgreSQL figures must not reach it.
    DATABASE_URL: '',
    WORKER_CONCURRENCY: String(RSS_CLIPS),
    RUN_WORKERS: '1',
  }
  const merchant = await createMerchant(readConfig(env))
  const server = await spawnServer(opts.server, { env, logFile: join(opts.dir, 'rss-server.log'), cleanup: opts.cleanup })
  try {
    const startedMb = rssMb(server.pid)
    const token = await signIn(server.port, merchant.username, merchant.password)
    const materials: number[] = []
    for (const path of sources) {
      const material = await uploadFile<{ id: number }>(server.port, '/api/v1/material/upload', token, { name: path.slice(path.lastIndexOf('/') + 1), bytes: readFileSync(path) })
      materials.push(material.id)
    }
    await mediaSettled(server.pid)
    const idleMb = rssMb(server.pid)

    const samples: RssSample[] = []
    const begun = performance.now()
    const sample = () => {
      const media = mediaProcesses(server.pid)
      samples.push({ ms: performance.now() - begun, serverMb: rssMb(server.pid), media: media.length, mediaMb: media.reduce((sum, pid) => sum + rssMb(pid), 0) })
    }
    sample()
    const sampler = setInterval(sample, SAMPLE_MS)
    let tasks: TaskRow[]
    try {
      const ids: number[] = []
      for (let i = 0; i < RSS_CLIPS; i++) {
        const task = await postJson<{ id: number }>(server.port, '/api/v1/task/submit_clip', token, { ...CLIP, title: `rss ${i + 1}`, segments: materials.map((material_id) => ({ material_id })) })
        ids.push(task.id)
      }
      tasks = await waitSucceeded(server.port, token, ids)
    } finally {
      clearInterval(sampler)
    }
    sample()
    return {
      sourceMb: sources.map((path) => statSync(path).size / 2 ** 20),
      generateMs,
      startedMb,
      idleMb,
      samples,
      wallMs: performance.now() - begun,
      atOnce: mostAtOnce(tasks),
      outputSeconds: tasks.reduce((sum, t) => sum + (t.result.outputs ?? []).reduce((s, o) => s + (o.duration ?? 0), 0), 0),
    }
  } finally {
    await server.stop()
  }
}

/** The figures of the samples: the server's peak and median, and the media processes at that peak and at their own. */
export function rssSummary(f: RssFigures) {
  const peak = f.samples.reduce((a, b) => (b.serverMb > a.serverMb ? b : a))
  return {
    peakMb: peak.serverMb,
    medianMb: median(f.samples.map((s) => s.serverMb)),
    mediaAtPeak: { processes: peak.media, mb: peak.mediaMb },
    mediaPeakMb: Math.max(...f.samples.map((s) => s.mediaMb)),
    mostMedia: Math.max(...f.samples.map((s) => s.media)),
  }
}

/** Before the server starts, so it seeds no demo data: a merchant with 100 yuan. */
async function createMerchant(config: Config): Promise<{ username: string; password: string }> {
  const services = await openServices(config)
  try {
    const username = 'bench-rss'
    const password = randomBytes(12).toString('base64url')
    const { id } = await upsertAccount(services, { username, password, role: 'merchant' })
    await services.db.transaction().execute((trx) => changeMoney(trx, services, { userId: id, type: 'adjust', amount: 10_000, operatorId: null, remark: 'bench' }))
    return { username, password }
  } finally {
    await services.database.close()
  }
}

async function waitSucceeded(port: number, token: string, ids: number[], timeoutMs = 900_000): Promise<TaskRow[]> {
  const deadline = performance.now() + timeoutMs
  for (;;) {
    const tasks = await Promise.all(ids.map((id) => getJson<TaskRow>(port, `/api/v1/task/detail?id=${id}`, token)))
    const ended = tasks.find((t) => t.status === 'failed' || t.status === 'cancelled')
    if (ended) throw new Error(`clip task ${ended.id} ended ${ended.status}: ${ended.error['en-US'] ?? JSON.stringify(ended.error)}`)
    if (tasks.every((t) => t.status === 'succeeded')) return tasks
    if (performance.now() > deadline) throw new Error(`the clip tasks had not all succeeded after ${timeoutMs / 1000} s: ${tasks.map((t) => t.status).join(', ')}`)
    await sleep(500)
  }
}

function mostAtOnce(tasks: TaskRow[]): number {
  const edges = tasks.flatMap((t) => [
    { at: Date.parse(t.started_at!), step: 1 },
    { at: Date.parse(t.finished_at!), step: -1 },
  ])
  // An end and a start at the same millisecond: the end first.
  edges.sort((a, b) => a.at - b.at || a.step - b.step)
  let now = 0
  let most = 0
  for (const edge of edges) most = Math.max(most, (now += edge.step))
  return most
}

/** Until the uploads' probes, thumbnails and previews have ended (their processes gone), and a second more. */
async function mediaSettled(pid: number): Promise<void> {
  for (let i = 0; i < 300 && mediaProcesses(pid).length > 0; i++) await sleep(100)
  await sleep(1000)
}

/** ffmpeg and ffprobe processes below `pid`, found through every thread's children. */
function mediaProcesses(pid: number): number[] {
  return descendants(pid).filter((child) => {
    try {
      return /^ff(mpeg|probe)/.test(readFileSync(`/proc/${child}/comm`, 'utf8'))
    } catch {
      return false
    }
  })
}

function descendants(pid: number): number[] {
  let threads: string[]
  try {
    threads = readdirSync(`/proc/${pid}/task`)
  } catch {
    return []
  }
  const children = threads.flatMap((thread) => {
    try {
      return readFileSync(`/proc/${pid}/task/${thread}/children`, 'utf8').trim().split(' ').filter(Boolean).map(Number)
    } catch {
      return []
    }
  })
  return children.flatMap((child) => [child, ...descendants(child)])
}
