import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startHeyGemContract, type HeyGemContract } from '../../../../tests/support/heygem-contract'
import { makeTestTone, makeTestVideo } from '../../media/test-media'
import { probeMedia } from '../../media/probe'
import { TaskFailure } from '../../errors/task-failure'
import { heyGemResult, heyGemResultPath, heyGemVideo, type HeyGemConfig } from './heygem'

describe('HeyGem lip sync, against a contract server of its gen-video API', () => {
  let dir: string
  let contract: HeyGemContract
  let jobs = 0
  const provider = (config: Partial<HeyGemConfig> = {}) =>
    heyGemVideo({ baseUrl: contract.url, sharedDir: contract.sharedDir, containerDir: '/code/data', timeoutMs: 10_000, pollMs: 10, jobTimeoutMs: 20_000, ...config })
  const run = (opts: { onProgress?(f: number): void; signal?: AbortSignal; video?: string; audio?: string; config?: Partial<HeyGemConfig> } = {}) =>
    provider(opts.config).lipSync!({ video: opts.video ?? join(dir, 'loop.mp4'), audio: opts.audio ?? join(dir, 'speech.wav'), job: `task-7-run-${++jobs}`, workDir: dir, onProgress: opts.onProgress, signal: opts.signal })
  const failure = async (work: () => Promise<unknown>) => {
    const error = await work().catch((e: unknown) => e)
    // Whatever it left running is gone, as after a restart: the next job is not answered busy.
    contract.mode = 'ok'
    contract.queryFault = null
    contract.restart()
    expect(error).toBeInstanceOf(TaskFailure)
    return error as TaskFailure
  }
  const inMode = (mode: HeyGemContract['mode']) => {
    contract.mode = mode
    return failure(() => run())
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'heygem-'))
    await Promise.all([makeTestVideo(join(dir, 'loop.mp4'), { seconds: 2, audio: false }), makeTestTone(join(dir, 'speech.wav'), 3)])
    writeFileSync(join(dir, 'broken.mp4'), 'not a video')
    writeFileSync(join(dir, 'broken.wav'), 'not audio')
    contract = await startHeyGemContract(mkdtempSync(join(tmpdir(), 'heygem-shared-')))
  }, 30_000)
  afterAll(async () => {
    await contract.close()
    rmSync(dir, { recursive: true, force: true })
    rmSync(contract.sharedDir, { recursive: true, force: true })
  })

  it('hands the files over through the shared folder, follows the job to its end, and reads the video back from its temp folder', async () => {
    const progress: number[] = []
    const video = await run({ onProgress: (f) => progress.push(f) })
    const job = `task-7-run-${jobs}`
    expect(contract.submits.at(-1)).toEqual({ code: job, audio_url: `/code/data/jobs/${job}/speech.wav`, video_url: `/code/data/jobs/${job}/avatar.mp4`, watermark_switch: 0, digital_auth: 0, chaofen: 0, pn: 1 })
    expect(progress).toEqual([0.1, 0.2])
    // It answers "/<code>-r.mp4", which is in its temp folder, not at the top of its data folder.
    expect(video).toBe(join(contract.sharedDir, 'temp', `${job}-r.mp4`))
    const info = await probeMedia(video)
    expect(info.duration).toBeCloseTo(3, 0)
    expect(info.audioCodec).toBe('aac')
    expect((await provider().reachable()).ok).toBe(true)
  }, 30_000)

  it('reads a result relative to its temp folder or as a path in its data folder, and nothing outside the shared folder', async () => {
    const shared = contract.sharedDir
    const config = { sharedDir: shared, containerDir: '/code/data/' }
    for (const [result, path] of [
      ['/abc-r.mp4', join(shared, 'temp', 'abc-r.mp4')],
      ['abc-r.mp4', join(shared, 'temp', 'abc-r.mp4')],
      ['/code/data/temp/abc-r.mp4', join(shared, 'temp', 'abc-r.mp4')],
      ['/code/data/jobs/x/out.mp4', join(shared, 'jobs', 'x', 'out.mp4')],
      ['', null],
      ['/', null],
      ['/../../etc/passwd', null],
      ['/code/data/../../etc/passwd', null],
      ['/code/database/abc-r.mp4', join(shared, 'temp', 'code', 'database', 'abc-r.mp4')],
      ['/..abc-r.mp4', join(shared, 'temp', '..abc-r.mp4')],
    ] as const) expect(heyGemResultPath(config, result), result).toBe(path)

    mkdirSync(join(shared, 'temp'), { recursive: true })
    symlinkSync(join(dir, 'loop.mp4'), join(shared, 'temp', 'linked-r.mp4'))
    const outside = await heyGemResult(config, '/linked-r.mp4').catch((e: unknown) => e as TaskFailure)
    expect(outside).toBeInstanceOf(TaskFailure)
    expect((outside as TaskFailure).reason['en-US']).toContain('leads out of the shared folder')
    const missing = await heyGemResult(config, '/nowhere-r.mp4').catch((e: unknown) => e as TaskFailure)
    expect((missing as TaskFailure).reason['en-US']).toContain(`is not at ${join(shared, 'temp', 'nowhere-r.mp4')} in the shared folder`)
  })

  it('takes busy and a failing server as passing; a job it cannot do, or the wrong service, as final', async () => {
    const busy = await inMode('busy')
    expect(busy.retry).toBe(true)
    expect(busy.reason['en-US']).toContain('busy with another job')
    const fault = await inMode('fault')
    expect(fault.retry).toBe(true)
    expect(fault.reason['en-US']).toContain('HTTP 500')
    const other = await inMode('wrong-service')
    expect(other.retry).toBe(false)
    expect(other.reason['en-US']).toContain('answered something its API does not document')
  }, 30_000)

  it('accepts a file it cannot read and fails the job later, showing its reason in both locales', async () => {
    const submits = contract.submits.length
    const video = await failure(() => run({ video: join(dir, 'broken.mp4') }))
    expect(contract.submits).toHaveLength(submits + 1)
    expect(video.retry).toBe(false)
    expect(video.reason['zh-CN']).toBe(`HeyGem 合成失败：[task-7-run-${jobs}]预处理失败，异常信息:[format video error]`)
    expect(video.reason['en-US']).toBe(`HeyGem could not make the video: [task-7-run-${jobs}]预处理失败，异常信息:[format video error]`)
    const audio = await failure(() => run({ audio: join(dir, 'broken.wav') }))
    expect(audio.retry).toBe(false)
    expect(audio.reason['en-US']).toContain('三次获取音频时长失败')
    // A shared folder that is not the one it sees: it finds nothing of what was handed over.
    const elsewhere = mkdtempSync(join(tmpdir(), 'heygem-elsewhere-'))
    try {
      expect((await failure(() => run({ config: { sharedDir: elsewhere } }))).reason['zh-CN']).toContain('三次获取音频时长失败')
    } finally {
      rmSync(elsewhere, { recursive: true, force: true })
    }
  }, 30_000)

  it('shows the progress of a job that fails halfway, then its reason, as final', async () => {
    contract.mode = 'fails'
    const progress: number[] = []
    const failed = await failure(() => run({ onProgress: (f) => progress.push(f) }))
    expect(progress).toEqual([0.1, 0.2])
    expect(failed.retry).toBe(false)
    expect(failed.reason['en-US']).toBe('HeyGem could not make the video: no final result')
  }, 30_000)

  it('ends the job on the query codes its official client ends it on, with its words; asks again through a passing 9999', async () => {
    contract.queryFault = { answer: 9999, times: 2 }
    expect(existsSync(await run())).toBe(true)
    contract.queryFault = { answer: 9999 }
    const system = await failure(() => run())
    expect(system.retry).toBe(true)
    expect(system.reason['zh-CN']).toContain('系统异常')
    contract.queryFault = { answer: 10003 }
    const lock = await failure(() => run())
    expect(lock.retry).toBe(false)
    expect(lock.reason['zh-CN']).toBe('HeyGem 终止了任务（应答码 10003：获取锁异常）')
    contract.queryFault = { answer: 10002 }
    const parameter = await failure(() => run())
    expect(parameter.retry).toBe(false)
    expect(parameter.reason['en-US']).toBe('HeyGem ended the job (code 10002: code参数缺失)')
  }, 30_000)

  it('asks again when a question goes unanswered, and gives the job up as passing only when none is', async () => {
    contract.queryFault = { answer: 500, times: 2 }
    expect(existsSync(await run())).toBe(true)
    const asked = contract.queries.length
    contract.queryFault = { answer: 500 }
    const down = await failure(() => run())
    expect(down.retry).toBe(true)
    expect(down.reason['en-US']).toContain('HTTP 500')
    expect(contract.queries.length - asked).toBe(5)
  }, 30_000)

  it('finds the video of a job whose last report was lost, which it has forgotten since, instead of submitting it again', async () => {
    contract.mode = 'loses-answer'
    const submits = contract.submits.length
    const video = await run()
    contract.mode = 'ok'
    expect(video).toBe(join(contract.sharedDir, 'temp', `task-7-run-${jobs}-r.mp4`))
    expect((await probeMedia(video)).duration).toBeCloseTo(3, 0)
    expect(contract.submits).toHaveLength(submits + 1)
  }, 30_000)

  it('submits again when it restarted and lost a job that left no video', async () => {
    const forgot = await inMode('restarts')
    expect(forgot.retry).toBe(true)
    expect(forgot.reason['en-US']).toContain('no longer knows the job')
    expect(existsSync(join(contract.sharedDir, 'temp', `task-7-run-${jobs}-r.mp4`))).toBe(false)
  }, 30_000)

  it('is unreachable when nothing listens there, saying so', async () => {
    const gone = heyGemVideo({ baseUrl: 'http://127.0.0.1:9', sharedDir: dir, containerDir: '/code/data', timeoutMs: 1000, pollMs: 20, jobTimeoutMs: 1000 })
    const status = await gone.reachable()
    expect(status.ok).toBe(false)
  })

  it('stops following the job at once when the task is cancelled; the job it left running keeps HeyGem busy', async () => {
    contract.queriesToFinish = 1000
    const controller = new AbortController()
    const asked = contract.queries.length
    const running = run({ signal: controller.signal })
    await vi.waitFor(() => expect(contract.queries.length).toBeGreaterThan(asked), { timeout: 10_000 })
    const cancelled = Date.now()
    controller.abort(new Error('Cancelled.'))
    await expect(running).rejects.toThrow(/Cancelled/)
    expect(Date.now() - cancelled).toBeLessThan(500)
    contract.queriesToFinish = 2
    expect((await failure(() => run())).reason['en-US']).toContain('busy with another job')
    expect(existsSync(await run())).toBe(true)
  }, 30_000)

  it('has a contract server that answers as app_local.py does', async () => {
    const submit = (body: string) => fetch(`${contract.url}/easy/submit`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    const query = async (code?: string) => (await fetch(`${contract.url}/easy/query${code === undefined ? '' : `?code=${code}`}`)).json() as Promise<Record<string, unknown>>
    expect((await submit('not json')).status).toBe(500)
    expect((await submit(JSON.stringify({ audio_url: 'a.wav', video_url: 'v.mp4' }))).status).toBe(500)
    contract.mode = 'busy'
    expect(await (await submit(JSON.stringify({ code: '' }))).json()).toEqual({ code: 10001, success: true, msg: '忙碌中', data: {} })
    contract.mode = 'ok'
    const missing = await submit(JSON.stringify({ code: 'c1', audio_url: 'a.wav' }))
    expect(missing.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await missing.text()).toBe('{\n    "code": 10002,\n    "data": {},\n    "msg": "video_url参数缺失",\n    "success": false\n}')
    expect(await (await submit(JSON.stringify({ code: 'c1', audio_url: 'nowhere.wav', video_url: 'nowhere.mp4' }))).json()).toEqual({ code: 10000, success: true, msg: 10000, data: {} })
    expect(await query('c1')).toEqual({ code: 10000, success: true, msg: '', data: { code: 'c1', status: 3, progress: 0, result: '', msg: '三次获取音频时长失败' } })
    expect(await query('c1')).toEqual({ code: 10004, success: true, msg: '任务不存在', data: {} })
    expect(await query()).toEqual({ code: 10002, success: false, msg: 'code参数缺失', data: {} })
  })
})
