import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startHeyGenContract, type HeyGenContract } from '../../../../tests/support/heygen-contract'
import { makeTestTone, makeTestVideo } from '../../media/test-media'
import { probeMedia } from '../../media/probe'
import { TaskFailure } from '../../tasks/task-handler'
import { dimensionOf, heyGenVideo } from './heygen'

describe("HeyGen lip sync, against a contract server of its cloud API", () => {
  let dir: string
  let contract: HeyGenContract
  const provider = (key = contract.key, timeoutMs = 2000) => heyGenVideo({ apiUrl: contract.url, uploadUrl: contract.url, apiKey: key, timeoutMs, pollMs: 20, jobTimeoutMs: 1500 })
  const run = (opts: { onProgress?(f: number): void; signal?: AbortSignal; step?<T>(name: string, work: () => Promise<T>): Promise<T> } = {}, p = provider()) =>
    p.lipSync!({ video: join(dir, 'loop.mp4'), audio: join(dir, 'speech.wav'), job: 'task-7-1', workDir: dir, ...opts })
  const refusal = async (mode: HeyGenContract['mode'], p = provider()) => {
    contract.mode = mode
    const error = await run({}, p).catch((e: unknown) => e)
    contract.mode = 'ok'
    expect(error).toBeInstanceOf(TaskFailure)
    return error as TaskFailure
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'heygen-'))
    await Promise.all([makeTestVideo(join(dir, 'loop.mp4'), { seconds: 2, width: 480, height: 360, audio: false }), makeTestTone(join(dir, 'speech.wav'), 3)])
    contract = await startHeyGenContract()
  }, 30_000)
  afterAll(async () => {
    await contract.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it("sends the avatar's portrait as a talking photo and the speech as audio, follows the video to its end, and downloads it", async () => {
    const progress: number[] = []
    const video = await run({ onProgress: (f) => progress.push(f) })
    expect(contract.uploads.slice(-2)).toEqual([
      { path: '/v1/talking_photo', type: 'image/jpeg', bytes: expect.any(Number) },
      { path: '/v1/asset', type: 'audio/mpeg', bytes: expect.any(Number) },
    ])
    expect(contract.generated.at(-1)).toMatchObject({
      callback_id: 'task-7-1',
      video_inputs: [{ character: { type: 'talking_photo', talking_photo_id: expect.any(String) }, voice: { type: 'audio', audio_asset_id: expect.any(String) } }],
      dimension: { width: 480, height: 360 },
    })
    expect(progress.length).toBeGreaterThan(0)
    expect(Math.max(...progress)).toBeLessThan(1)
    const info = await probeMedia(video)
    expect(info).toMatchObject({ width: 480, height: 360, audioCodec: 'aac' })
    expect(info.duration).toBeCloseTo(3, 0)
    expect(await provider().reachable()).toEqual({ ok: true })
  }, 30_000)

  it('follows the video a retry finds recorded instead of paying for another', async () => {
    const recorded: Record<string, unknown> = {}
    const step = async <T,>(name: string, work: () => Promise<T>): Promise<T> => (name in recorded ? (recorded[name] as T) : (recorded[name] = await work()) as T)
    await run({ step })
    const made = contract.generated.length
    const again = await run({ step })
    expect(contract.generated.length).toBe(made)
    expect((await probeMedia(again)).duration).toBeCloseTo(3, 0)
  }, 30_000)

  it('says busy, slow and unanswered are passing; a refusal, a failed video, a wrong key and an undocumented answer final, with the reason', async () => {
    const busy = await refusal('busy')
    expect(busy.retry).toBe(true)
    expect(busy.reason['en-US']).toContain('HTTP 429')
    const slow = await refusal('slow')
    expect(slow.retry).toBe(true)
    expect(slow.reason['en-US']).toContain('did not finish')
    const hangs = await refusal('hangs', provider(contract.key, 300))
    expect(hangs.retry).toBe(true)
    expect(hangs.reason['en-US']).toContain('did not answer within 0.3 s')
    const refused = await refusal('refuses')
    expect(refused.retry).toBe(false)
    expect(refused.reason['en-US']).toContain('talking_photo_id not found')
    const failed = await refusal('fails')
    expect(failed.retry).toBe(false)
    expect(failed.reason['en-US']).toContain('No face was detected')
    const key = await refusal('ok', provider('wrong-key'))
    expect(key.retry).toBe(false)
    expect(key.reason['en-US']).toContain('invalid API key')
    expect((await refusal('malformed')).retry).toBe(false)
    expect(await provider('wrong-key').reachable()).toMatchObject({ ok: false, reason: { 'en-US': expect.stringContaining('HTTP 401') } })
  }, 60_000)

  it('stops waiting at once when the task is cancelled', async () => {
    contract.mode = 'slow'
    const controller = new AbortController()
    const started = Date.now()
    setTimeout(() => controller.abort(new Error('Cancelled.')), 200)
    await expect(run({ signal: controller.signal })).rejects.toThrow(/cancelled/i)
    expect(Date.now() - started).toBeLessThan(1500)
    contract.mode = 'ok'
  }, 30_000)

  it('asks for the portrait at a size HeyGen renders: the longer side at most 1280, both sides even', () => {
    expect(dimensionOf(480, 360)).toEqual({ width: 480, height: 360 })
    expect(dimensionOf(1080, 1920)).toEqual({ width: 720, height: 1280 })
    expect(dimensionOf(1920, 1080)).toEqual({ width: 1280, height: 720 })
    expect(dimensionOf(1001, 3000)).toEqual({ width: 428, height: 1280 })
  })
})
