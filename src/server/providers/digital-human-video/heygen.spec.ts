import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startHeyGenContract, type HeyGenContract } from '../../../../tests/support/heygen-contract'
import { makeTestImage, makeTestTone, makeTestVideo } from '../../media/test-media'
import { probeMedia } from '../../media/probe'
import { runFfmpeg } from '../../media/run-ffmpeg'
import { TaskDeferred, TaskFailure } from '../../errors/task-failure'
import type { LipSyncParams } from './digital-human-video-provider'
import { heyGenVideo, idempotencyKeyOf, videoFormatOf, type HeyGenConfig } from './heygen'

type Steps = Record<string, unknown>

describe("HeyGen lip sync, against a contract server of its v3 API", () => {
  let dir: string
  let contract: HeyGenContract
  /** Assets uploaded once, for the tests about what follows the upload. */
  let uploaded: { image: string; audio: string }

  const provider = (over: Partial<HeyGenConfig> = {}) => heyGenVideo({ apiUrl: contract.url, apiKey: contract.key, timeoutMs: 5000, pollMs: 20, jobTimeoutMs: 2000, ...over })
  /** The task's record of steps, as the runner keeps it across tries. */
  const recorder = (steps: Steps = {}) => ({
    steps,
    step: async <T,>(name: string, work: () => Promise<T>): Promise<T> => (name in steps ? (steps[name] as T) : ((steps[name] = await work()) as T)),
  })
  /** A record whose assets are already up, under a key of its own. */
  const uploadedRecord = (more: Steps = {}) => recorder({ 'heygen-idempotency-key': `task-9-1:${randomUUID()}`, 'heygen-assets': uploaded, ...more }).step
  const run = (opts: Partial<LipSyncParams> = {}, p = provider()) => p.lipSync!({ video: join(dir, 'loop.mp4'), audio: join(dir, 'speech.wav'), job: 'task-7-1', workDir: dir, ...opts })
  const outcome = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error)
  const final = async (promise: Promise<unknown>) => {
    const error = await outcome(promise)
    expect(error).toBeInstanceOf(TaskFailure)
    expect((error as TaskFailure).retry).toBe(false)
    return (error as TaskFailure).reason['en-US']
  }
  const passing = async (promise: Promise<unknown>) => {
    const error = await outcome(promise)
    expect(error).toBeInstanceOf(TaskFailure)
    expect((error as TaskFailure).retry).toBe(true)
    return (error as TaskFailure).reason['en-US']
  }
  const since = (from: number, method: string, path: string) => contract.calls.slice(from).filter((c) => c.method === method && c.path === path)

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'heygen-'))
    await Promise.all([
      makeTestVideo(join(dir, 'loop.mp4'), { seconds: 2, width: 480, height: 360, audio: false }),
      makeTestTone(join(dir, 'speech.wav'), 3),
      makeTestImage(join(dir, 'still.jpg'), 160, 120),
    ])
    await runFfmpeg(['-i', join(dir, 'speech.wav'), '-c:a', 'libmp3lame', '-b:a', '64k', join(dir, 'speech.mp3')])
    contract = await startHeyGenContract()
    const up = async (file: string, type: string) => {
      const form = new FormData()
      form.append('file', new Blob([readFileSync(join(dir, file))], { type }), file)
      const answer = await fetch(`${contract.url}/v3/assets`, { method: 'POST', headers: { 'x-api-key': contract.key }, body: form })
      return ((await answer.json()) as { data: { asset_id: string } }).data.asset_id
    }
    uploaded = { image: await up('still.jpg', 'image/jpeg'), audio: await up('speech.mp3', 'audio/mpeg') }
  }, 30_000)
  afterEach(() => {
    Object.assign(contract, { mode: 'ok', only: undefined, statuses: ['pending', 'processing'], createDelayMs: 0, maxAssetBytes: 32 * 1024 * 1024 })
  })
  afterAll(async () => {
    await contract.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it("uploads the portrait and the speech as v3 assets, makes an image video of them in the task's shape, asks on through statuses it does not know, and downloads it", async () => {
    contract.statuses = ['waiting', 'queued', 'pending', 'processing']
    const from = contract.calls.length
    const progress: number[] = []
    const video = await run({ shape: '9:16', height: 720, onProgress: (f) => progress.push(f) })

    expect(contract.calls.slice(from).filter((c) => !c.path.startsWith('/files/')).map((c) => `${c.method} ${c.path.replace(/video_\d+/, '{id}')}`)).toEqual([
      'POST /v3/assets', 'POST /v3/assets', 'POST /v3/videos', ...Array(5).fill('GET /v3/videos/{id}'),
    ])
    const [image, audio] = contract.uploads.slice(-2)
    expect([image!.mime_type, audio!.mime_type]).toEqual(['image/jpeg', 'audio/mpeg'])
    const made = contract.videos.at(-1)!
    expect(made.request).toEqual({
      type: 'image', image: { type: 'asset_id', asset_id: image!.asset_id }, audio_asset_id: audio!.asset_id,
      aspect_ratio: '9:16', resolution: '720p', fit: 'cover', title: 'task-7-1', callback_id: 'task-7-1',
    })
    expect(made.key).toMatch(/^task-7-1:[0-9a-f-]{36}$/)
    expect(progress.length).toBe(4)
    expect(Math.max(...progress)).toBeLessThan(1)
    const info = await probeMedia(video)
    expect(info).toMatchObject({ width: 720, height: 1280, audioCodec: 'aac' })
    expect(info.duration).toBeCloseTo(3, 0)
    expect(await provider().reachable()).toEqual({ ok: true })
  }, 30_000)

  it("keeps the avatar's own shape when the video is not cropped to one", async () => {
    const video = await run({ step: uploadedRecord() })
    expect(contract.videos.at(-1)!.request).toMatchObject({ aspect_ratio: 'auto', resolution: '720p' })
    expect(contract.videos.at(-1)!.request).not.toHaveProperty('fit')
    expect(await probeMedia(video)).toMatchObject({ width: 960, height: 720 })
  }, 30_000)

  it('follows the video a retry finds recorded instead of paying for another', async () => {
    const { step } = recorder()
    await run({ step })
    const made = contract.videos.length
    const from = contract.calls.length
    const again = await run({ step, job: 'task-7-2' })
    expect(contract.videos.length).toBe(made)
    expect(since(from, 'POST', '/v3/videos')).toEqual([])
    expect(since(from, 'POST', '/v3/assets')).toEqual([])
    expect((await probeMedia(again)).duration).toBeCloseTo(3, 0)
  }, 30_000)

  it('sends a create whose answer was lost again with the same Idempotency-Key: HeyGen says it is in progress, then answers with the video already paid for', async () => {
    const step = uploadedRecord()
    const made = contract.videos.length
    const from = contract.calls.length
    contract.createDelayMs = 1500
    expect(await passing(run({ step }, provider({ timeoutMs: 300 })))).toContain('did not answer within 0.3 s')
    const video = await run({ step, job: 'task-7-2' })
    const creates = since(from, 'POST', '/v3/videos')
    expect(creates.length).toBeGreaterThan(2)
    expect(new Set(creates.map((c) => c.key)).size).toBe(1)
    expect(creates.map((c) => c.status)).toContain(409)
    expect(creates.at(-1)!.status).toBe(200)
    expect(contract.videos.length).toBe(made + 1)
    expect((await probeMedia(video)).duration).toBeCloseTo(3, 0)
  }, 30_000)

  it('sends a create HeyGen failed (HTTP 500) again with the same Idempotency-Key', async () => {
    const step = uploadedRecord()
    const made = contract.videos.length
    const from = contract.calls.length
    Object.assign(contract, { mode: 'failing', only: 'POST /v3/videos' })
    expect(await passing(run({ step }))).toContain('HTTP 500 internal_error')
    contract.mode = 'ok'
    await run({ step, job: 'task-7-2' })
    const creates = since(from, 'POST', '/v3/videos')
    expect(creates.map((c) => c.status)).toEqual([500, 200])
    expect(creates[0]!.key).toBe(creates[1]!.key)
    expect(contract.videos.length).toBe(made + 1)
  }, 30_000)

  it('waits out a rate limit as long as Retry-After asks, and tries a failing, slow or silent HeyGen again', async () => {
    contract.mode = 'busy'
    const busy = await outcome(run({ step: uploadedRecord() }))
    expect(busy).toBeInstanceOf(TaskDeferred)
    expect((busy as TaskDeferred).seconds).toBe(contract.retryAfterSeconds)
    expect((busy as TaskDeferred).stage['en-US']).toContain('HTTP 429 rate_limit_exceeded')
    expect(await provider().reachable()).toMatchObject({ ok: false, reason: { 'en-US': expect.stringContaining('HTTP 429') } })
    contract.mode = 'failing'
    expect(await passing(run({ step: uploadedRecord() }))).toContain('HTTP 500 internal_error')
    contract.mode = 'slow'
    expect(await passing(run({ step: uploadedRecord() }, provider({ jobTimeoutMs: 200 })))).toContain('did not finish')
    contract.mode = 'hangs'
    expect(await passing(run({ step: uploadedRecord() }, provider({ timeoutMs: 300 })))).toContain('did not answer within 0.3 s')
  }, 30_000)

  it('says a used-up quota, no credit, no permission, a wrong key, a file too large, an unknown video, a failed render and an undocumented answer as final, with the reason', async () => {
    contract.mode = 'quota'
    expect(await final(run({ step: uploadedRecord() }))).toMatch(/HTTP 429 quota_exceeded.*Waiting does not lift it/)
    contract.mode = 'no-credit'
    expect(await final(run({ step: uploadedRecord() }))).toContain('HTTP 402 insufficient_credit')
    expect(await provider().reachable()).toMatchObject({ ok: false, reason: { 'en-US': expect.stringContaining('no balance left') } })
    contract.mode = 'forbidden'
    expect(await final(run({ step: uploadedRecord() }))).toContain('HTTP 403 forbidden')
    contract.mode = 'fails'
    expect(await final(run({ step: uploadedRecord() }))).toContain('HeyGen could not make the video: The image could not be read. (download_failed)')
    contract.mode = 'malformed'
    expect(await final(run({ step: uploadedRecord() }))).toContain('without its data')
    contract.mode = 'ok'
    expect(await final(run({ step: uploadedRecord({ 'heygen-video': 'video_gone' }) }))).toContain('HTTP 404 video_not_found')
    expect(await final(run({}, provider({ apiKey: 'wrong-key' })))).toContain('HTTP 401 unauthorized')
    expect(await provider({ apiKey: 'wrong-key' }).reachable()).toMatchObject({ ok: false, reason: { 'en-US': expect.stringContaining('HTTP 401') } })
    contract.maxAssetBytes = 1000
    expect(await final(run())).toContain('HTTP 413 payload_too_large')
  }, 30_000)

  it('stops waiting at once when the task is cancelled', async () => {
    contract.mode = 'slow'
    const controller = new AbortController()
    const started = Date.now()
    setTimeout(() => controller.abort(new Error('Cancelled.')), 200)
    await expect(run({ step: uploadedRecord(), signal: controller.signal })).rejects.toThrow(/cancelled/i)
    expect(Date.now() - started).toBeLessThan(1500)
  }, 30_000)

  it("asks for the task's shape when the video is cropped to it, at HeyGen's nearest size", () => {
    expect(videoFormatOf({ shape: '9:16', height: 480 })).toEqual({ aspect_ratio: '9:16', resolution: '720p', fit: 'cover' })
    expect(videoFormatOf({ shape: '16:9', height: 720 })).toEqual({ aspect_ratio: '16:9', resolution: '720p', fit: 'cover' })
    expect(videoFormatOf({ shape: '1:1', height: 1080 })).toEqual({ aspect_ratio: '1:1', resolution: '1080p', fit: 'cover' })
    expect(videoFormatOf({ height: 1080 })).toEqual({ aspect_ratio: 'auto', resolution: '1080p' })
    expect(videoFormatOf({})).toEqual({ aspect_ratio: 'auto', resolution: '720p' })
  })

  it('makes an Idempotency-Key HeyGen takes from any job name', () => {
    expect(idempotencyKeyOf('task-7-1', 'ab12')).toBe('task-7-1:ab12')
    expect(idempotencyKeyOf('任务 7/1', 'x y')).toMatch(/^[A-Za-z0-9_:.-]{1,255}$/)
    expect(idempotencyKeyOf('t'.repeat(400), 'u'.repeat(100)).length).toBeLessThanOrEqual(255)
  })

  describe('the contract refuses what HeyGen refuses', () => {
    const ask = async (method: string, path: string, opts: { key?: string | null; headers?: Record<string, string>; body?: unknown } = {}) => {
      const json = opts.body !== undefined && !(opts.body instanceof FormData) && typeof opts.body !== 'string'
      const response = await fetch(`${contract.url}${path}`, {
        method,
        headers: { ...(opts.key === null ? {} : { 'x-api-key': opts.key ?? contract.key }), ...(json ? { 'content-type': 'application/json' } : {}), ...opts.headers },
        body: json ? JSON.stringify(opts.body) : (opts.body as BodyInit | undefined),
      })
      return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as { data?: Record<string, unknown>; error?: Record<string, unknown> } }
    }
    const refused = (status: number, code: string, param?: string) => ({
      status,
      body: { error: { code, message: expect.any(String), doc_url: `https://developers.heygen.com/docs/error-codes#${code.replace(/_/g, '-')}`, ...(param ? { param } : {}) } },
    })
    const image = () => ({ type: 'image', image: { type: 'asset_id', asset_id: uploaded.image }, audio_asset_id: uploaded.audio })

    it('refuses a missing or wrong key, and names the wait when busy', async () => {
      expect(await ask('GET', '/v3/users/me', { key: null })).toMatchObject(refused(401, 'unauthorized'))
      expect(await ask('GET', '/v3/users/me', { key: 'nope' })).toMatchObject(refused(401, 'unauthorized'))
      contract.mode = 'busy'
      expect(await ask('GET', '/v3/users/me')).toMatchObject({ ...refused(429, 'rate_limit_exceeded'), retryAfter: String(contract.retryAfterSeconds) })
    })

    it('refuses a video request of the wrong content type, without type or image, with an unknown asset, with an image for audio, or with values out of range', async () => {
      expect(await ask('POST', '/v3/videos', { body: JSON.stringify(image()), headers: { 'content-type': 'text/plain' } })).toMatchObject(refused(400, 'invalid_parameter', 'body'))
      expect(await ask('POST', '/v3/videos', { body: {} })).toMatchObject(refused(400, 'invalid_parameter', 'type'))
      expect(await ask('POST', '/v3/videos', { body: { type: 'image' } })).toMatchObject(refused(400, 'invalid_parameter', 'image'))
      expect(await ask('POST', '/v3/videos', { body: { ...image(), image: { type: 'asset_id', asset_id: 'asset_none' } } })).toMatchObject(refused(400, 'invalid_parameter', 'image.asset_id'))
      expect(await ask('POST', '/v3/videos', { body: { ...image(), audio_asset_id: uploaded.image } })).toMatchObject(refused(400, 'invalid_parameter', 'audio_asset_id'))
      expect(await ask('POST', '/v3/videos', { body: { ...image(), script: 'Hello' } })).toMatchObject(refused(400, 'invalid_parameter', 'script'))
      expect(await ask('POST', '/v3/videos', { body: { ...image(), aspect_ratio: '3:2' } })).toMatchObject(refused(400, 'invalid_parameter', 'aspect_ratio'))
      expect(await ask('POST', '/v3/videos', { body: { ...image(), resolution: '480p' } })).toMatchObject(refused(400, 'invalid_parameter', 'resolution'))
      expect(await ask('POST', '/v3/videos', { body: image(), headers: { 'idempotency-key': 'not a key!' } })).toMatchObject(refused(400, 'invalid_parameter', 'Idempotency-Key'))
    })

    it('refuses an upload that is not multipart, has no file, or is of a type HeyGen does not take', async () => {
      expect(await ask('POST', '/v3/assets', { body: { file: 'x' } })).toMatchObject(refused(400, 'invalid_parameter', 'file'))
      expect(await ask('POST', '/v3/assets', { body: new FormData() })).toMatchObject(refused(400, 'invalid_parameter', 'file'))
      const text = new FormData()
      text.append('file', new Blob(['just words'], { type: 'image/jpeg' }), 'fake.jpg')
      expect(await ask('POST', '/v3/assets', { body: text })).toMatchObject(refused(400, 'invalid_parameter', 'file'))
    })

    it('answers an unknown video with 404 video_not_found, and a key sent again with the first answer', async () => {
      expect(await ask('GET', '/v3/videos/video_none')).toMatchObject(refused(404, 'video_not_found'))
      const made = contract.videos.length
      const key = `contract-${randomUUID()}`
      const first = await ask('POST', '/v3/videos', { body: image(), headers: { 'idempotency-key': key } })
      expect(first).toMatchObject({ status: 200, body: { data: { video_id: expect.any(String), status: 'waiting', output_format: 'mp4' } } })
      const again = await ask('POST', '/v3/videos', { body: { ...image(), title: 'slightly different' }, headers: { 'idempotency-key': key } })
      expect(again.body).toEqual(first.body)
      expect(contract.videos.length).toBe(made + 1)
    })
  })
})
