import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHeyGemContract, type HeyGemContract } from '../../../../tests/support/heygem-contract'
import { makeTestTone, makeTestVideo } from '../../media/test-media'
import { probeMedia } from '../../media/probe'
import { TaskFailure } from '../../tasks/task-handler'
import { heyGemVideo } from './heygem'

describe('HeyGem lip sync, against a contract server of its gen-video API', () => {
  let dir: string
  let contract: HeyGemContract
  let jobs = 0
  const provider = () => heyGemVideo({ baseUrl: contract.url, sharedDir: contract.sharedDir, containerDir: '/code/data', timeoutMs: 2000, pollMs: 20, jobTimeoutMs: 10_000 })
  const run = (opts: { onProgress?(f: number): void; signal?: AbortSignal } = {}) =>
    provider().lipSync!({ video: join(dir, 'loop.mp4'), audio: join(dir, 'speech.wav'), job: `task-7-run-${++jobs}`, workDir: dir, ...opts })
  const refusal = async (mode: HeyGemContract['mode']) => {
    contract.mode = mode
    const error = await run().catch((e: unknown) => e)
    contract.mode = 'ok'
    expect(error).toBeInstanceOf(TaskFailure)
    return error as TaskFailure
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'heygem-'))
    await Promise.all([makeTestVideo(join(dir, 'loop.mp4'), { seconds: 2, audio: false }), makeTestTone(join(dir, 'speech.wav'), 3)])
    contract = await startHeyGemContract(mkdtempSync(join(tmpdir(), 'heygem-shared-')))
  }, 30_000)
  afterAll(async () => {
    await contract.close()
    rmSync(dir, { recursive: true, force: true })
    rmSync(contract.sharedDir, { recursive: true, force: true })
  })

  it('hands the files over through the shared folder, follows the job to its end, and reads the video back', async () => {
    const progress: number[] = []
    const video = await run({ onProgress: (f) => progress.push(f) })
    expect(contract.submits.at(-1)).toEqual({ code: `task-7-run-${jobs}`, audio_url: `/code/data/jobs/task-7-run-${jobs}/speech.wav`, video_url: `/code/data/jobs/task-7-run-${jobs}/avatar.mp4`, watermark_switch: 0, digital_auth: 0, chaofen: 0, pn: 1 })
    expect(progress.length).toBeGreaterThan(0)
    expect(video.startsWith(contract.sharedDir)).toBe(true)
    const info = await probeMedia(video)
    expect(info.duration).toBeCloseTo(3, 0)
    expect(info.audioCodec).toBe('aac')
    expect((await provider().reachable()).ok).toBe(true)
  }, 30_000)

  it('says busy and down are passing, a failed job and an undocumented answer final, with the reason', async () => {
    expect((await refusal('busy')).retry).toBe(true)
    const down = await refusal('down')
    expect(down.retry).toBe(true)
    expect(down.reason['en-US']).toContain('HTTP 502')
    const failed = await refusal('fails')
    expect(failed.retry).toBe(false)
    expect(failed.reason['zh-CN']).toContain('未检测到人脸')
    expect((await refusal('malformed')).retry).toBe(false)
    const forgot = await refusal('forgets')
    expect(forgot.retry).toBe(true)
    expect(forgot.reason['en-US']).toContain('no longer knows the job')
  }, 30_000)

  it('is unreachable when nothing listens there, saying so', async () => {
    const gone = heyGemVideo({ baseUrl: 'http://127.0.0.1:9', sharedDir: dir, containerDir: '/code/data', timeoutMs: 1000, pollMs: 20, jobTimeoutMs: 1000 })
    const status = await gone.reachable()
    expect(status.ok).toBe(false)
  })

  it('stops following the job at once when the task is cancelled', async () => {
    contract.queriesToFinish = 1000
    const controller = new AbortController()
    const started = Date.now()
    const running = run({ signal: controller.signal })
    setTimeout(() => controller.abort(new Error('Cancelled.')), 100)
    await expect(running).rejects.toThrow(/Cancelled/)
    expect(Date.now() - started).toBeLessThan(2000)
    contract.queriesToFinish = 2
  })
})
