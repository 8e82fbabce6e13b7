/**
 * The digital-human work (npm run bench -- digital-human). Part one: a local render of a
 * digital-human video of about 30 seconds (a 720p avatar loop behind espeak-ng's narration of a
 * Mandarin script, subtitles timed per sentence, music under it, 9:16 at 720p), timed as the
 * task does it (narration, then renderClip) and the same render's ffmpeg arguments run bare,
 * alternating, for the pipeline's overhead; real-time factor = render time / video length.
 * Part two: 20 merchants each submit a video at once to a server with its own workers, while
 * a client reads the task list over HTTP all along: every cost taken once, the queue drained,
 * and the list's latency under that load.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import { clipArgs, clipDuration, clipWorkFiles, subtitleFileText, type ClipPlan } from '../../src/server/media/clip-plan'
import { narrate } from '../../src/server/media/narration'
import { probeMedia } from '../../src/server/media/probe'
import { renderClip } from '../../src/server/media/render-clip'
import { makeTestTone, makeTestVideo } from '../../src/server/media/test-media'
import { localAvatarClone } from '../../src/server/providers/avatar-clone/local'
import { localSpeech } from '../../src/server/providers/speech/local'
import { changeMoney } from '../../src/server/ledger/ledger'
import { taskHandlers } from '../../src/server/task-handlers'
import { startTestServer } from '../api/harness'
import { newUploadKey } from '../../src/server/uploads/file-store'
import { percentile } from './report'
import type { Cleanup } from './cleanup'
import { bareFfmpeg } from './media'
import { startWorkers } from '../../src/server/tasks/engine'

const RUNS = 3
/** About 30 seconds said by espeak-ng's Mandarin voice. */
const SCRIPT = '大家好，欢迎来到我们的直播间。今天给大家介绍一款我们用心打磨的新品。它的外壳采用轻质合金，拿在手里非常轻巧。续航可以达到整整两天。喜欢的朋友记得点赞关注。'
const MERCHANTS = 20
const SHORT_SCRIPT = '欢迎光临，今天上新。'

export interface DigitalHumanFigures {
  cores: number
  videoSeconds: number
  narrationMs: number[]
  pipelineMs: number[]
  bareMs: number[]
  load: {
    merchants: number
    drainMs: number
    charged: { tasks: number; consumeRows: number; expectedFen: number; takenFen: number }
    listMs: number[]
    succeeded: number
  }
}

export async function benchDigitalHuman(opts: { cleanup?: Cleanup } = {}): Promise<DigitalHumanFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'digital-human-bench-'))
  const remove = () => rmSync(dir, { recursive: true, force: true })
  opts.cleanup?.add(remove)
  try {
    return { cores: cpus().length, ...(await renderFigures(dir)), load: await loadFigures(dir) }
  } finally {
    remove()
  }
}

async function renderFigures(dir: string): Promise<Omit<DigitalHumanFigures, 'cores' | 'load'>> {
  await makeTestVideo(join(dir, 'person.mp4'), { seconds: 9, width: 1280, height: 720, preset: 'veryfast' })
  await makeTestTone(join(dir, 'music.m4a'), 20, 262)
  const avatar = await localAvatarClone.clone({ video: join(dir, 'person.mp4'), tier: 'standard', workDir: dir })
  const narrationMs: number[] = []
  const pipelineMs: number[] = []
  const bareMs: number[] = []
  let videoSeconds = 0
  for (let i = 0; i < RUNS; i++) {
    const work = join(dir, `run-${i}`)
    mkdirSync(work)
    let started = performance.now()
    const narration = await narrate(SCRIPT, (text, output) => localSpeech.speak({ text, voice: 'cmn', output }).then(() => undefined), work)
    narrationMs.push(performance.now() - started)
    const plan: ClipPlan = {
      segments: [{ path: avatar.loop!, info: await probeMedia(avatar.loop!), end: narration.seconds + 0.6, loop: true }],
      shape: '9:16',
      fit: 'crop',
      height: 720,
      fps: 25,
      bitrateKbps: 1400,
      subtitles: { cues: narration.cues, size: 48, color: '#ffffff', outlineColor: '#000000', outline: 2, position: 'bottom' },
      voiceOver: { path: narration.path, volume: 1 },
      bgm: { path: join(dir, 'music.m4a'), volume: 0.3, fadeInSeconds: 1, fadeOutSeconds: 1 },
      output: join(work, 'pipeline.mp4'),
    }
    videoSeconds = clipDuration(plan)
    const bare = { ...plan, output: join(work, 'bare.mp4') }
    writeFileSync(clipWorkFiles(work).subtitles, subtitleFileText(bare))
    const runs = [
      async () => {
        started = performance.now()
        await renderClip(plan)
        pipelineMs.push(performance.now() - started)
      },
      async () => {
        started = performance.now()
        await bareFfmpeg(clipArgs(bare, work))
        bareMs.push(performance.now() - started)
      },
    ]
    for (const run of i % 2 === 0 ? runs : runs.reverse()) await run()
    rmSync(work, { recursive: true, force: true })
  }
  return { videoSeconds, narrationMs, pipelineMs, bareMs }
}

async function loadFigures(dir: string): Promise<DigitalHumanFigures['load']> {
  const server = await startTestServer()
  try {
    const admin = await server.account('bench-admin', 'admin')
    await server.call('POST', '/platform/set_config', { token: admin.token, body: { group: 'platform', values: { digital_short_video_text_cost: 1 } } })
    const accounts = await server.accounts([['bench-partner', 'partner'], ...Array.from({ length: MERCHANTS }, (_, i) => [`bench-m${i}`, 'merchant', 'bench-partner'] as const)])
    // One avatar for everyone to render, kept as the clone task keeps it; each merchant its own record of it.
    await makeTestVideo(join(dir, 'host.mp4'), { seconds: 9, width: 640, height: 360 })
    const avatar = await localAvatarClone.clone({ video: join(dir, 'host.mp4'), tier: 'standard', workDir: dir })
    const loopUrl = await server.services.files.putFile(newUploadKey('mp4', new Date()), avatar.loop!, 'video/mp4')
    const now = new Date().toISOString()
    const avatarOf: Record<string, number> = {}
    for (let i = 0; i < MERCHANTS; i++) {
      const name = `bench-m${i}`
      await server.services.db.transaction().execute((trx) => changeMoney(trx, server.services, { userId: accounts.id[name]!, type: 'adjust', amount: 1000, operatorId: null }))
      const row = await server.services.db
        .insertInto('avatar')
        .values({ name: 'Host', tier: 'standard', status: 'succeeded', render: 'no_lip_sync', provider: 'local', external_id: 'local:loop', still_url: '', loop_url: loopUrl, owner_id: accounts.id[name]!, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow()
      avatarOf[name] = Number(row.id)
    }
    await startWorkers(server.services, taskHandlers, cpus().length)
    await server.app.listen({ host: '127.0.0.1', port: 0 })
    const base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/api/v1`
    const ask = (path: string, token: string, init: RequestInit = {}) => fetch(`${base}${path}`, { ...init, headers: { platform: 'pc', token, 'content-type': 'application/json', ...init.headers } }).then((r) => r.json() as Promise<{ code: number; data: never }>)

    const started = performance.now()
    const submitted = await Promise.all(
      Array.from({ length: MERCHANTS }, (_, i) => {
        const name = `bench-m${i}`
        return ask('/task/submit_digital_video', accounts.token[name]!, { method: 'POST', body: JSON.stringify({ title: `Bench ${i}`, avatar_id: avatarOf[name], script: SHORT_SCRIPT, resolution: 480 }) })
      }),
    )
    const ids = submitted.map((r) => (r.data as { id: number }).id)
    const listMs: number[] = []
    const watcher = accounts.token['bench-partner']!
    for (;;) {
      const t = performance.now()
      await ask('/task/list?page=1&limit=20', watcher)
      listMs.push(performance.now() - t)
      const open = await server.services.db.selectFrom('task').select('id').where('id', 'in', ids).where('status', 'in', ['queued', 'running']).execute()
      if (open.length === 0) break
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    const drainMs = performance.now() - started
    const done = await server.services.db.selectFrom('task').select(['id', 'status', 'cost_amount', 'error']).where('id', 'in', ids).execute()
    const failed = done.find((t) => t.status !== 'succeeded')
    if (failed) console.log(`  a video failed: ${String(failed.error)}`)
    const consumes = await server.services.db.selectFrom('user_money_log').select(['amount']).where('related_type', '=', 'task').where('related_id', 'in', ids).where('type', '=', 'consume').execute()
    return {
      merchants: MERCHANTS,
      drainMs,
      succeeded: done.filter((t) => t.status === 'succeeded').length,
      charged: { tasks: ids.length, consumeRows: consumes.length, expectedFen: MERCHANTS * [...SHORT_SCRIPT].length, takenFen: -consumes.reduce((sum, r) => sum + Number(r.amount), 0) },
      listMs,
    }
  } finally {
    await server.close()
  }
}

export function listP99(figures: DigitalHumanFigures): number {
  return percentile(figures.load.listMs, 99)
}
