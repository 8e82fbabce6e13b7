// PostgreSQL too: the queue, and costs reserved and given back in transactions.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { execFileSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './harness'
import { withVendorSlot } from '../../src/server/providers/vendor-slots'
import { changeMoney } from '../../src/server/ledger/ledger'
import { taskHandlers } from '../../src/server/task-handlers'
import { sweepWorkFolders, taskWorkRoot } from '../../src/server/tasks/runner'
import { makeTestTone, makeTestVideo } from '../../src/server/media/test-media'
import { runFfmpeg } from '../../src/server/media/run-ffmpeg'
import { probeMedia } from '../../src/server/media/probe'
import { waitForTask, type Task } from '../support/tasks'
import { brightestAtBottom, soundSpans } from '../support/media-checks'
import type { Material } from '../../src/generated/types'
import { startWorkers } from '../../src/server/tasks/engine'
import { logTo, processLog } from '../../src/server/log'
import { processMetrics } from '../../src/server/metrics/instruments'

const COST = 10

describe('tasks: materials in, clips and mixed cuts out, each paid once (issue: tasks, materials, clip, mixed cut)', () => {
  let server: TestServer
  let media: string
  let token: Record<string, string>
  let id: Record<string, number>
  const material: Record<string, number> = {}

  const balance = async (username: string) => {
    const row = await server.services.db.selectFrom('account').select('money').where('username', '=', username).executeTakeFirstOrThrow()
    return Number(row.money)
  }
  const moneyLog = async (taskId: number) =>
    (await server.services.db.selectFrom('user_money_log').select(['type', 'amount']).where('related_type', '=', 'task').where('related_id', '=', taskId).orderBy('id').execute()).map((row) => ({ type: row.type, amount: Number(row.amount) }))
  const uploadFile = async (who: string, file: string, name = file) => {
    const res = await server.upload<Material>('/material/upload', { file: [name, readFileSync(join(media, file))] }, { token: token[who] })
    return res.body
  }
  const submitClip = (who: string, body: Record<string, unknown>, headers?: Record<string, string>) => server.call<Task>('POST', '/task/submit_clip', { token: token[who], body, headers })

  beforeAll(async () => {
    media = mkdtempSync(join(tmpdir(), 'tasks-media-'))
    await Promise.all([
      makeTestVideo(join(media, 'a.mp4'), { seconds: 2, width: 160, height: 120 }),
      makeTestVideo(join(media, 'b.mp4'), { seconds: 2, width: 160, height: 120, frequency: 660 }),
      makeTestVideo(join(media, 'long.mp4'), { seconds: 30, width: 320, height: 240 }),
      makeTestTone(join(media, 'tone.m4a'), 3),
      runFfmpeg(['-f', 'lavfi', '-i', 'color=c=orange:s=64x64', '-frames:v', '1', join(media, 'still.png')]),
      // One frame of picture in two seconds of sound: its thumbnail's moment (a tenth in) is past its only frame.
      runFfmpeg(['-f', 'lavfi', '-i', 'color=c=teal:s=64x64:r=25:d=0.04', '-f', 'lavfi', '-i', 'sine=duration=2', '-c:v', 'libx264', '-c:a', 'aac', join(media, 'one-frame.mp4')]),
      // As a browser's MediaRecorder writes one: sound alone, no length in its header (Matroska's live mode).
      runFfmpeg(['-f', 'lavfi', '-i', 'sine=frequency=220:duration=3', '-c:a', 'libopus', '-live', '1', '-f', 'webm', join(media, 'recorded.webm')]),
    ])
    writeFileSync(join(media, 'text.mp4'), 'this is not a video\n'.repeat(50))
    const whole = readFileSync(join(media, 'a.mp4'))
    writeFileSync(join(media, 'truncated.mp4'), whole.subarray(0, Math.floor(whole.length / 2)))
    server = await startTestServer()
    ;({ id, token } = await server.accounts([
      ['p1', 'partner'],
      ['m1', 'merchant', 'p1'],
      ['p2', 'partner'],
      ['m2', 'merchant', 'p2'],
    ]))
    for (const who of ['m1', 'm2']) {
      await server.services.db.transaction().execute((trx) => changeMoney(trx, server.services, { userId: id[who]!, type: 'adjust', amount: 1000, operatorId: null }))
    }
    await startWorkers(server.services, taskHandlers, 2)
  }, 120_000)

  afterAll(async () => {
    await server?.close()
    rmSync(media, { recursive: true, force: true })
  })

  it('probes an uploaded video: length, size, codecs, a thumbnail and a preview', async () => {
    const res = await uploadFile('m1', 'a.mp4')
    expect(res.code).toBe(1)
    const data = res.data as unknown as Record<string, unknown>
    expect(data).toMatchObject({ name: 'a.mp4', kind: 'video', width: 160, height: 120, video_codec: 'h264', audio_codec: 'aac' })
    expect(Number(data.duration)).toBeCloseTo(2, 0)
    expect(String(data.thumb_url)).toMatch(/^\/uploads\/.+\.jpg$/)
    expect(String(data.preview_url)).toMatch(/^\/uploads\/.+\.mp4$/)
    material.a = Number(data.id)
    material.b = (await uploadFile('m1', 'b.mp4')).data.id
    material.long = (await uploadFile('m1', 'long.mp4')).data.id
    const tone = await uploadFile('m1', 'tone.m4a')
    expect(tone.data.kind).toBe('audio')
    material.tone = tone.data.id
  })

  it('keeps a recording made in a browser as the WebM of sound it is, its length read from its packets and written into it', async () => {
    const res = await uploadFile('m1', 'recorded.webm', 'Recording 10-30.webm')
    expect(res.code).toBe(1)
    expect(res.data).toMatchObject({ name: 'Recording 10-30.webm', kind: 'audio', audio_codec: 'opus', format: 'matroska,webm' })
    expect(Number(res.data.duration)).toBeCloseTo(3, 1)
    const url = String((res.data as unknown as { url: string }).url)
    expect(url).toMatch(/^\/uploads\/.+\.webm$/)
    // What is kept states its length, so a player shows it before playing; the size listed is the kept file's.
    const kept = await probeMedia(join(server.services.config.dataDir, 'uploads', url.replace('/uploads/', '')))
    expect(kept.lengthFromPackets).toBeUndefined()
    expect(kept.duration).toBeCloseTo(3, 1)
    expect(Number(res.data.size)).toBe(kept.size)
  })

  it('keeps a video of one frame with a thumbnail of that frame, and a name without what would hide or reverse it', async () => {
    // Named by its file: a NUL, an ESC sequence, a right-to-left override and a zero-width space in it.
    const res = await server.upload<Material>('/material/upload', { file: ['evil\u0000\u001b[31mname\u202Egpj.exe\u200B.mp4', readFileSync(join(media, 'one-frame.mp4'))] }, { token: token.m1 })
    expect(res.body).toMatchObject({ code: 1, data: { kind: 'video', name: 'evil[31mnamegpj.exe.mp4' } })
    const typed = await server.upload<Material>('/material/upload', { name: 'Typed\u001b[0m \u202Ename', file: ['one-frame.mp4', readFileSync(join(media, 'one-frame.mp4'))] }, { token: token.m1 })
    expect(typed.body).toMatchObject({ code: 1, data: { name: 'Typed[0m name' } })
    expect(String(res.body.data.thumb_url)).toMatch(/^\/uploads\/.+\.jpg$/)
    await server.call('POST', '/material/del', { token: token.m1, body: { ids: [res.body.data.id, typed.body.data.id] } })
  })

  it('refuses a text file named .mp4 and a truncated video, saying why, and keeps nothing', async () => {
    const stored = () => readdirSync(join(server.services.config.dataDir, 'uploads'), { recursive: true }).length
    const before = stored()
    const count = async () => (await server.call<{ total: number }>('GET', '/material/list', { token: token.m1 })).body.data.total
    const listed = await count()
    for (const file of ['text.mp4', 'truncated.mp4']) {
      const res = await uploadFile('m1', file)
      expect(res.code).toBe(0)
      expect(res.msg).toContain(file)
      expect((res.data as unknown as { errors: { path: string }[] }).errors[0]!.path).toBe('/file')
    }
    expect(stored()).toBe(before)
    expect(await count()).toBe(listed)
  })

  it('makes a clip: cost reserved on submit, the video made by ffmpeg, a work written, the cost kept', async () => {
    const before = await balance('m1')
    // The worker's log lines about the task are found by the reference its detail shows: the submit's request id.
    const logged: Record<string, unknown>[] = []
    logTo({ write: (line) => void logged.push(JSON.parse(line) as Record<string, unknown>) })
    processLog.level = 'info'
    const res = await submitClip('m1', {
      title: '两段合一',
      segments: [{ material_id: material.a }, { material_id: material.b, start: 0.5 }],
      transition: 'fade',
      shape: '9:16',
      fit: 'pad',
      resolution: 480,
      fps: 20,
      bitrate: 600,
      subtitle_text: '你好，世界。Hello world.',
      bgm_material_id: material.tone,
    }, { 'x-request-id': 'clip-7e1' })
    expect(res.body.code).toBe(1)
    expect(res.body.data).toMatchObject({ kind: 'clip', title: '两段合一', cost_state: 'reserved', cost_amount: COST, cost_ledger: 'money' })
    expect(await balance('m1')).toBe(before - COST)
    const done = await waitForTask(server, token.m1!, res.body.data.id, 'succeeded')
    expect(done.progress).toBe(100)
    expect(done.cost_state).toBe('captured')
    const [output] = (done.result as { outputs: { url: string; width: number; height: number; duration: number }[] }).outputs
    expect(output).toMatchObject({ width: 480, height: 854 })
    expect(output!.duration).toBeGreaterThan(2.5)
    const file = join(server.services.config.dataDir, 'uploads', output!.url.replace('/uploads/', ''))
    const info = await probeMedia(file)
    expect(info).toMatchObject({ kind: 'video', width: 480, height: 854, videoCodec: 'h264', audioCodec: 'aac' })
    const works = await server.call<{ data: Record<string, unknown>[] }>('GET', '/work/list', { token: token.m1, query: { task_id: done.id } })
    expect(works.body.data.data).toHaveLength(1)
    expect(works.body.data.data[0]).toMatchObject({ kind: 'clip', title: '两段合一', url: output!.url })
    expect(await moneyLog(done.id)).toEqual([{ type: 'consume', amount: -COST }])
    expect(await balance('m1')).toBe(before - COST)
    expect(done.reference).toBe('clip-7e1')
    const lines = logged.filter((line) => line.taskId === done.id)
    expect(lines.map((line) => [line.msg, line.reqId, line.kind])).toEqual([
      ['task started', 'clip-7e1', 'clip'],
      ['task ended', 'clip-7e1', 'clip'],
    ])
    expect(lines[1]).toMatchObject({ outcome: 'succeeded', attempt: 1 })
    // Its wait in the queue is in the worker's figures.
    expect(await processMetrics.getSingleMetricAsString('task_queue_wait_seconds')).toMatch(/^task_queue_wait_seconds_count\{kind="clip"\} [1-9]/m)
  })

  it('makes a mixed cut of distinct combinations, and refuses more variants than there are combinations', async () => {
    const slots = [{ clips: [material.a, material.b] }, { clips: [material.a, material.b], captions: ['第一句', '第二句'] }]
    const tooMany = await server.call<Task>('POST', '/task/submit_mixed_cut', { token: token.m1, body: { title: 'mix', slots, count: 5 } })
    expect(tooMany.body.code).toBe(0)
    expect(tooMany.body.msg).toContain('4')
    const before = await balance('m1')
    const res = await server.call<Task>('POST', '/task/submit_mixed_cut', { token: token.m1, body: { title: 'mix', slots, count: 3, resolution: 480, fps: 15, bitrate: 300 } })
    expect(res.body.code).toBe(1)
    expect(res.body.data.cost_amount).toBe(3 * COST)
    expect(await balance('m1')).toBe(before - 3 * COST)
    const done = await waitForTask(server, token.m1!, res.body.data.id, 'succeeded')
    const works = await server.call<{ data: { combination: string; variant: number }[] }>('GET', '/work/list', { token: token.m1, query: { task_id: done.id } })
    expect(works.body.data.data).toHaveLength(3)
    expect(new Set(works.body.data.data.map((w) => w.combination)).size).toBe(3)
  })

  it('fits a voice-over longer than the slots: said, the estimate warns, every variant lasts past the speech, and each line shows only while it is said', async () => {
    // Dark, silent clips: the only sound is the voice, and white subtitle text stands out.
    for (const name of ['dark-1.mp4', 'dark-2.mp4']) {
      await runFfmpeg(['-f', 'lavfi', '-i', `color=c=${name === 'dark-1.mp4' ? 'black' : '0x101010'}:s=160x120:r=25:d=2`, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', join(media, name)])
    }
    const dark = [(await uploadFile('m1', 'dark-1.mp4')).data.id, (await uploadFile('m1', 'dark-2.mp4')).data.id]
    // Three slots of 1–2 s windows of 2 s clips make at most 6 s; the speech takes about 8.
    const body = {
      title: '配音混剪',
      slots: [0, 1, 2].map(() => ({ clips: dark, min_seconds: 1, max_seconds: 2 })),
      count: 2,
      voice_text: '今天给大家介绍一款新品。质地轻薄，吸收很快。限时优惠，马上下单！',
      resolution: 480,
      fps: 10,
      bitrate: 300,
    }
    const estimate = await server.call<{ size: { output_seconds: number }; notices: string[] }>('POST', '/task/estimate_mixed_cut', { token: token.m1, body })
    expect(estimate.body.data.notices).toHaveLength(1)
    expect(estimate.body.data.notices[0]).toMatch(/^The voice-over takes [\d.]+ s, longer than the 6 s the slots can make at most/)
    expect(estimate.body.data.size.output_seconds).toBeGreaterThan(7)
    const res = await server.call<Task>('POST', '/task/submit_mixed_cut', { token: token.m1, body })
    expect(res.body.code).toBe(1)
    const done = await waitForTask(server, token.m1!, res.body.data.id, 'succeeded')
    const outputs = (done.result as { outputs: { url: string; duration: number; clips: { material_id: number; start: number; end: number }[]; lines: { start: number; end: number; text: string }[] }[] }).outputs
    expect(outputs).toHaveLength(2)
    for (const output of outputs) {
      const file = join(server.services.config.dataDir, 'uploads', output.url.replace('/uploads/', ''))
      const { duration } = await probeMedia(file)
      // Timed by the speech, one line per sentence, back to back with a short pause.
      expect(output.lines.map((l) => l.text)).toEqual(['今天给大家介绍一款新品。', '质地轻薄，吸收很快。', '限时优惠，马上下单！'])
      const last = output.lines.at(-1)!
      expect(last.end).toBeGreaterThan(estimate.body.data.size.output_seconds * 0.7)
      // The slots played again to cover it: more pieces than slots, the clips' lengths adding up to the video's.
      expect(output.clips.length).toBeGreaterThan(3)
      expect(output.clips.every((c) => dark.includes(c.material_id) && c.end - c.start <= 2.001)).toBe(true)
      expect(output.clips.reduce((sum, c) => sum + c.end - c.start, 0)).toBeCloseTo(duration, 0)
      // The voice ends inside the video, where its last line ends.
      expect(duration).toBeGreaterThan(last.end + 0.4)
      const spans = await soundSpans(file, duration)
      expect(spans.length).toBeGreaterThan(0)
      expect(Math.abs(spans.at(-1)!.end - last.end)).toBeLessThan(0.35)
      expect(spans.at(-1)!.end).toBeLessThan(duration - 0.2)
      // Each line is on screen in the middle of its sentence, and nothing is after the last one.
      for (const line of output.lines) expect(await brightestAtBottom(file, (line.start + line.end) / 2)).toBeGreaterThan(180)
      expect(await brightestAtBottom(file, Math.min(duration - 0.1, last.end + 0.3))).toBeLessThan(80)
      // It was measured and charged by what it made.
      expect(duration).toBeCloseTo(estimate.body.data.size.output_seconds, 1)
    }

    // A smart clip of one 2 s segment and the same voice: the segment plays again until the voice ends.
    const clip = { title: '配音剪辑', segments: [{ material_id: dark[0] }], voice_text: body.voice_text, resolution: 480, fps: 10, bitrate: 300 }
    const clipEstimate = await server.call<{ size: { output_seconds: number }; notices: string[] }>('POST', '/task/estimate_clip', { token: token.m1, body: clip })
    expect(clipEstimate.body.data.notices[0]).toMatch(/^The voice-over takes [\d.]+ s, longer than the segments' 2 s/)
    const clipDone = await waitForTask(server, token.m1!, (await submitClip('m1', clip)).body.data.id, 'succeeded')
    const [made] = (clipDone.result as { outputs: { url: string; lines: { start: number; end: number; text: string }[] }[] }).outputs
    const file = join(server.services.config.dataDir, 'uploads', made!.url.replace('/uploads/', ''))
    const { duration } = await probeMedia(file)
    expect(duration).toBeCloseTo(clipEstimate.body.data.size.output_seconds, 1)
    expect(made!.lines).toEqual(outputs[0]!.lines)
    const spans = await soundSpans(file, duration)
    expect(Math.abs(spans.at(-1)!.end - made!.lines.at(-1)!.end)).toBeLessThan(0.35)
    for (const line of made!.lines) expect(await brightestAtBottom(file, (line.start + line.end) / 2)).toBeGreaterThan(180)
  }, 90_000)

  it('shows each transition as a short video ffmpeg makes once, and refuses a name that has none', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/api/v1/material/transition_preview?name=circleopen', headers: { platform: 'pc' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('video/mp4')
    const file = join(media, 'circleopen.mp4')
    writeFileSync(file, res.rawPayload)
    const info = await probeMedia(file)
    expect(info).toMatchObject({ kind: 'video', videoCodec: 'h264', width: 160, height: 90, audioCodec: null })
    expect(info.duration).toBeCloseTo(1.8, 1)
    const none = await server.call('GET', '/material/transition_preview', { query: { name: 'random' } })
    expect(none.body).toMatchObject({ code: 0, data: { errors: [{ path: '/name' }] } })
    const unknown = await server.call('GET', '/material/transition_preview', { query: { name: 'spin' } })
    expect(unknown.body.code).toBe(0)
  })

  it('cancels a running clip at once: ffmpeg gone, temporary files gone, the cost given back', async () => {
    const before = await balance('m1')
    const res = await submitClip('m1', { title: 'long', segments: [{ material_id: material.long }, { material_id: material.long }], resolution: 1080, fps: 30, bitrate: 1800, subtitle_text: '一句很长的字幕。'.repeat(10) })
    const taskId = res.body.data.id
    await waitForTask(server, token.m1!, taskId, 'running', (t) => t.progress > 5)
    expect(ffmpegOf(server, taskId)).not.toHaveLength(0)
    const cancelled = await server.call<Task>('POST', '/task/cancel', { token: token.m1, body: { id: taskId } })
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', cost_state: 'released' })
    await expect.poll(() => ffmpegOf(server, taskId), { timeout: 3000 }).toHaveLength(0)
    await expect.poll(() => readdirSync(taskWorkRoot(server.services)).filter((f) => f.startsWith(`task-${taskId}-`)), { timeout: 3000 }).toHaveLength(0)
    expect(await balance('m1')).toBe(before)
    expect(await moneyLog(taskId)).toEqual([{ type: 'consume', amount: -COST }, { type: 'refund', amount: COST }])
    const again = await server.call('POST', '/task/cancel', { token: token.m1, body: { id: taskId } })
    expect(again.body.code).toBe(0)
    expect(await balance('m1')).toBe(before)
  })

  it('retries a cancelled task as a new run, paid anew, and deletes only ended tasks', async () => {
    const res = await submitClip('m1', { title: 'again', segments: [{ material_id: material.a }], resolution: 480 })
    const taskId = res.body.data.id
    const cancelled = await server.call<Task>('POST', '/task/cancel', { token: token.m1, body: { id: taskId } })
    expect(cancelled.body.data.status).toBe('cancelled')
    const before = await balance('m1')
    const retried = await server.call<Task>('POST', '/task/retry', { token: token.m1, body: { id: taskId } })
    expect(retried.body.data).toMatchObject({ status: 'queued', runs: 2, cost_state: 'reserved' })
    expect(await balance('m1')).toBe(before - COST)
    const running = await server.call('POST', '/task/del', { token: token.m1, body: { ids: [taskId] } })
    const done = await waitForTask(server, token.m1!, taskId, 'succeeded')
    expect(done.cost_state).toBe('captured')
    if (running.body.code === 0) expect(running.body.msg).toContain(String(taskId))
    expect(await moneyLog(taskId)).toEqual([
      { type: 'consume', amount: -COST },
      { type: 'refund', amount: COST },
      { type: 'consume', amount: -COST },
    ])
    const deleted = await server.call<{ deleted: number }>('POST', '/task/del', { token: token.m1, body: { ids: [taskId] } })
    expect(deleted.body.data.deleted).toBe(1)
    expect((await server.call('GET', '/task/detail', { token: token.m1, query: { id: taskId } })).body.code).toBe(0)
  })

  it('will not delete a material an unended task uses, names that task, and once it has ended deletes the material with its files', async () => {
    const stored = (url: string) => join(server.services.config.dataDir, 'uploads', url.replace('/uploads/', ''))
    const doomed = (await uploadFile('m1', 'long.mp4', 'doomed.mp4')).data.id
    const record = (await server.call<Record<string, string>>('GET', '/material/detail', { token: token.m1, query: { id: doomed } })).body.data
    const files = [record.url!, record.thumb_url!, record.preview_url!].map(stored)
    expect(files.filter((file) => existsSync(file))).toHaveLength(3)
    const taskId = (await submitClip('m1', { title: 'in use', segments: [{ material_id: doomed }, { material_id: material.a }], resolution: 720, fps: 30, bitrate: 1800 })).body.data.id
    const uses = () => server.call<{ total: number; active: number; tasks: unknown[] }>('POST', '/task/uses', { token: token.m1, body: { entity: 'material', ids: [doomed, material.tone] } })
    // The music of the first clip, long since made, is used too, but by nothing that still runs.
    expect((await uses()).body.data).toEqual({
      total: 2,
      active: 1,
      tasks: [
        { id: taskId, kind: 'clip', title: 'in use', status: expect.stringMatching(/^(queued|running)$/), record_id: doomed },
        { id: expect.any(Number), kind: 'clip', title: '两段合一', status: 'succeeded', record_id: material.tone },
      ],
    })
    const refused = await server.call<{ errors: { path: string }[] }>('POST', '/material/del', { token: token.m1, body: { ids: [material.tone, doomed] } })
    expect(refused.body.code).toBe(0)
    expect(refused.body.data.errors[0]!.path).toBe('/ids')
    expect(refused.body.msg).toContain(`${taskId}`)
    expect(refused.body.msg).toContain(`${doomed}`)
    expect(refused.body.msg).not.toContain(`${material.tone}`)
    expect((await server.call('GET', '/material/detail', { token: token.m1, query: { id: material.tone } })).body.code).toBe(1)
    expect((await server.call('POST', '/task/uses', { token: token.m2, body: { entity: 'material', ids: [doomed] } })).body.code).toBe(0)
    await server.call('POST', '/task/cancel', { token: token.m1, body: { id: taskId } })
    expect((await uses()).body.data).toMatchObject({ total: 2, active: 0 })
    const deleted = await server.call<{ deleted: number }>('POST', '/material/del', { token: token.m1, body: { ids: [doomed] } })
    expect(deleted.body.data.deleted).toBe(1)
    expect(files.filter((file) => existsSync(file))).toEqual([])
    const again = await server.call<Task>('POST', '/task/retry', { token: token.m1, body: { id: taskId } })
    expect(again.body.code).toBe(1)
    const failed = await waitForTask(server, token.m1!, taskId, 'failed')
    expect(failed.cost_state).toBe('released')
  })

  it('deletes a work with its video and cover', async () => {
    const works = await server.call<{ data: { id: number; url: string; cover_url: string }[] }>('GET', '/work/list', { token: token.m1 })
    const work = works.body.data.data[0]!
    const files = [work.url, work.cover_url].map((url) => join(server.services.config.dataDir, 'uploads', url.replace('/uploads/', '')))
    expect(files.filter((file) => existsSync(file))).toHaveLength(2)
    expect((await server.call<{ deleted: number }>('POST', '/work/del', { token: token.m1, body: { ids: [work.id] } })).body.data.deleted).toBe(1)
    expect(files.filter((file) => existsSync(file))).toEqual([])
  })

  it('keeps tasks and materials within reach: another partner\'s merchant sees and uses none of them', async () => {
    const mine = await server.call<{ data: Task[]; total: number }>('GET', '/task/list', { token: token.m1 })
    expect(mine.body.data.total).toBeGreaterThan(0)
    const partner = await server.call<{ total: number }>('GET', '/task/list', { token: token.p1 })
    expect(partner.body.data.total).toBe(mine.body.data.total)
    expect((await server.call<{ total: number }>('GET', '/task/list', { token: token.p2 })).body.data.total).toBe(0)
    const someone = mine.body.data.data[0]!.id
    expect((await server.call('GET', '/task/detail', { token: token.m2, query: { id: someone } })).body.code).toBe(0)
    expect((await server.call('POST', '/task/cancel', { token: token.m2, body: { id: someone } })).body.code).toBe(0)
    const borrowed = await submitClip('m2', { title: 'x', segments: [{ material_id: material.a }] })
    expect(borrowed.body.code).toBe(0)
    expect((borrowed.body.data as unknown as { errors: { path: string }[] }).errors[0]!.path).toBe('/segments/0/material_id')
    expect(await balance('m2')).toBe(1000)
    expect((await server.call('GET', '/material/detail', { token: token.m2, query: { id: material.a } })).body.code).toBe(0)
  })

  it('measures a clip before taking it: a picture shown for a day is refused naming the longest allowed, as its estimate says, and nothing is charged', async () => {
    const still = (await uploadFile('m1', 'still.png')).data.id
    const before = await balance('m1')
    const tasks = (await server.call<{ total: number }>('GET', '/task/list', { token: token.m1 })).body.data.total
    const day = { title: 'a day', segments: [{ material_id: still, end: 86400 }] }
    const estimate = await server.call('POST', '/task/estimate_clip', { token: token.m1, body: day })
    const refused = await submitClip('m1', day)
    for (const answer of [estimate, refused]) {
      expect(answer.body.code).toBe(0)
      expect(answer.body.msg).toContain('86400 s')
      expect(answer.body.msg).toContain('600 s')
    }
    expect(await balance('m1')).toBe(before)
    expect((await server.call<{ total: number }>('GET', '/task/list', { token: token.m1 })).body.data.total).toBe(tasks)
  })

  it('prices a clip per started minute of what it makes, the same in its estimate and its charge', async () => {
    const body = { title: 'ninety seconds', segments: [{ material_id: material.long }, { material_id: material.long }, { material_id: material.long, end: 29 }], resolution: 480 }
    const estimate = (await server.call<{ size: { output_seconds: number }; cost: unknown; limits: unknown }>('POST', '/task/estimate_clip', { token: token.m1, body })).body.data
    expect(estimate.size).toMatchObject({ variants: 1, width: 480, height: 854 })
    expect(estimate.size.output_seconds).toBeGreaterThan(60)
    expect(estimate.size.output_seconds).toBeLessThanOrEqual(120)
    expect(estimate.cost).toEqual({ ledger: 'money', amount: 2 * COST })
    expect(estimate.limits).toEqual({ outputSeconds: 600, pixelSeconds: 1920 * 1080 * 3600, runMinutes: 60 })
    const before = await balance('m1')
    const res = await submitClip('m1', body)
    expect(res.body.data).toMatchObject({ cost_amount: 2 * COST, size: estimate.size })
    expect(await balance('m1')).toBe(before - 2 * COST)
    // Rendering a minute and a half is not what this is about.
    await server.call('POST', '/task/cancel', { token: token.m1, body: { id: res.body.data.id } })
    expect(await balance('m1')).toBe(before)
  })

  it('stops a run that goes on longer than its kind allows, whatever its lease, fails it and gives its cost back', async () => {
    server.services.config.taskRunSeconds = 1
    try {
      const before = await balance('m1')
      const res = await submitClip('m1', { title: 'slow', segments: [{ material_id: material.long }], resolution: 1080, fps: 30, bitrate: 1800 })
      const failed = await waitForTask(server, token.m1!, res.body.data.id, 'failed')
      expect(failed.error).toEqual({ 'zh-CN': expect.stringContaining('1 秒'), 'en-US': expect.stringContaining('ran for 1 seconds') })
      expect(failed.cost_state).toBe('released')
      expect(await moneyLog(failed.id)).toEqual([{ type: 'consume', amount: -COST }, { type: 'refund', amount: COST }])
      expect(await balance('m1')).toBe(before)
      await expect.poll(() => ffmpegOf(server, failed.id), { timeout: 3000 }).toHaveLength(0)
    } finally {
      delete server.services.config.taskRunSeconds
    }
  })

  it('tries a task whose material has gone bad again after a growing pause, says when, and ends naming the file, never a server path', async () => {
    const spoiled = (await uploadFile('m1', 'a.mp4', 'spoiled.mp4')).data
    const record = (await server.call<{ url: string }>('GET', '/material/detail', { token: token.m1, query: { id: spoiled.id } })).body.data
    writeFileSync(join(server.services.config.dataDir, 'uploads', record.url.replace('/uploads/', '')), 'no longer a video\n'.repeat(100))
    const taskId = (await submitClip('m1', { title: 'spoiled', segments: [{ material_id: spoiled.id }], resolution: 480 })).body.data.id
    const waiting = await waitForTask(server, token.m1!, taskId, 'queued', (t) => t.attempts === 1)
    expect((waiting.stage as Record<string, string>)['en-US']).toMatch(/^Trying again at \d\d:\d\d:\d\d UTC$/)
    const failed = await waitForTask(server, token.m1!, taskId, 'failed')
    expect(failed.attempts).toBe(3)
    expect((failed.error as Record<string, string>)['en-US']).toMatch(/^A file it uses, [\w.-]+\.mp4, can no longer be read \(damaged or gone\): upload that material again and submit$/)
    expect(JSON.stringify(failed.error)).not.toContain('/')
    expect(failed.cost_state).toBe('released')
  })

  it('takes a submit with an idempotency key once: a repeat, by header or in the body, answers the same task and charges nothing more', async () => {
    const before = await balance('m1')
    const body = { title: 'once', segments: [{ material_id: material.a }], resolution: 480, fps: 20, bitrate: 600 }
    const first = await server.call<Task>('POST', '/task/submit_clip', { token: token.m1, body, headers: { 'idempotency-key': 'clip-once-0001' } })
    expect(first.body.code).toBe(1)
    const { input } = first.body.data as unknown as { input: Record<string, unknown> }
    expect(input).toMatchObject({ bitrate: 600 })
    expect(input).not.toHaveProperty('idempotency_key')
    // The answer was lost on the way: the client sends the call again, the key in the body, its fields in another order.
    const again = await server.call<Task>('POST', '/task/submit_clip', { token: token.m1, body: { bitrate: 600, fps: 20, resolution: 480, segments: body.segments, title: 'once', idempotency_key: 'clip-once-0001' } })
    expect(again.body).toMatchObject({ code: 1, data: { id: first.body.data.id } })
    expect(await balance('m1')).toBe(before - COST)
    // The same key for another request, or two different keys at once, is refused and makes nothing.
    expect((await server.call('POST', '/task/submit_clip', { token: token.m1, body: { ...body, title: 'other' }, headers: { 'idempotency-key': 'clip-once-0001' } })).body).toMatchObject({ code: 0, msg: expect.stringContaining('already used for a different change') })
    const twoKeys = await server.call('POST', '/task/submit_clip', { token: token.m1, body: { ...body, idempotency_key: 'clip-once-0002' }, headers: { 'idempotency-key': 'clip-once-0003' } })
    expect(twoKeys.status).toBe(400)
    // Sent twice at once, as a double click does: one task, and both answered with it.
    const both = await Promise.all([0, 1].map(() => server.call<Task>('POST', '/task/submit_clip', { token: token.m1, body: { ...body, title: 'double click' }, headers: { 'idempotency-key': 'clip-twice-0001' } })))
    expect(both.map((res) => res.body.code)).toEqual([1, 1])
    expect(both[0]!.body.data.id).toBe(both[1]!.body.data.id)
    expect((await server.services.db.selectFrom('task').select('id').where('title', '=', 'double click').execute()).length).toBe(1)
    expect(await balance('m1')).toBe(before - 2 * COST)
    await waitForTask(server, token.m1!, first.body.data.id, 'succeeded')
  })

  it('sweeps the folders of runs that ended in another process, and keeps those of tasks running anywhere', async () => {
    const root = taskWorkRoot(server.services)
    // What this file's earlier runs left is swept first, so the counts below are of this test's folders alone:
    // once they have all ended, or one ending meanwhile leaves a folder the later sweeps count.
    const unfinished = () => server.services.db.selectFrom('task').select('id').where('status', 'in', ['queued', 'running']).execute()
    await expect.poll(async () => (await unfinished()).length, { timeout: 20_000 }).toBe(0)
    await sweepWorkFolders(server.services.tasks, server.services)
    const now = server.services.now().toISOString()
    const elsewhere = await server.services.db.insertInto('task').values({ kind: 'clip', title: 'running elsewhere', owner_id: id.m1!, status: 'running', created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()
    const dead = join(root, 'task-999999-killed')
    const alive = join(root, `task-${elsewhere.id}-elsewhere`)
    for (const folder of [dead, alive]) mkdirSync(folder, { recursive: true })
    writeFileSync(join(dead, 'part.mp4'), 'half a video')
    expect(await sweepWorkFolders(server.services.tasks, server.services)).toBe(1)
    expect(existsSync(dead)).toBe(false)
    expect(existsSync(alive)).toBe(true)
    await server.services.db.deleteFrom('task').where('id', '=', elsewhere.id).execute()
    expect(await sweepWorkFolders(server.services.tasks, server.services)).toBe(1)
    expect(existsSync(alive)).toBe(false)
  })

  it('refuses a submission the balance cannot pay for, creating nothing', async () => {
    await server.services.db.transaction().execute((trx) => changeMoney(trx, server.services, { userId: id.m2!, type: 'adjust', amount: -1000, operatorId: null }))
    const own = (await server.upload<{ id: number }>('/material/upload', { file: ['a.mp4', readFileSync(join(media, 'a.mp4'))] }, { token: token.m2 })).body.data.id
    const res = await submitClip('m2', { title: 'broke', segments: [{ material_id: own }] })
    expect(res.body.code).toBe(0)
    expect((await server.call<{ total: number }>('GET', '/task/list', { token: token.m2 })).body.data.total).toBe(0)
  })

  describe('vendor slots: a vendor that runs so many calls at once gets them in turn from every worker', () => {
    const slots = () => server.services.db.selectFrom('vendor_slot').select(['slot_key', 'holder']).orderBy('slot_key').execute()

    it('runs calls for a vendor of one slot one after the other, two slots two at once, and frees each slot when its call ends, failed or not', async () => {
      let running = 0
      let most = 0
      const call = (ms: number, fail = false) => async () => {
        most = Math.max(most, ++running)
        await new Promise((resolve) => setTimeout(resolve, ms))
        running -= 1
        if (fail) throw new Error('the vendor failed')
        return ms
      }
      const one = await Promise.allSettled([1, 2, 3].map((i) => withVendorSlot(server.services, 'test-one', 1, call(120, i === 2))))
      expect([one.map((r) => r.status), most]).toEqual([['fulfilled', 'rejected', 'fulfilled'], 1])
      most = 0
      await Promise.all([1, 2, 3, 4].map(() => withVendorSlot(server.services, 'test-two', 2, call(120))))
      expect(most).toBe(2)
      expect(await slots()).toEqual([])
    })

    it('takes over a slot whose holder stopped renewing it, and leaves a live one held; a cancelled wait ends at once', async () => {
      const now = Date.now()
      await server.services.db.insertInto('vendor_slot').values({ slot_key: 'test-dead#0', holder: 'a worker killed mid-call', expires_at: new Date(now - 1000).toISOString(), created_at: new Date(now).toISOString(), updated_at: new Date(now).toISOString() }).execute()
      expect(await withVendorSlot(server.services, 'test-dead', 1, async () => (await slots()).find((s) => s.slot_key === 'test-dead#0')!.holder)).not.toBe('a worker killed mid-call')
      await server.services.db.insertInto('vendor_slot').values({ slot_key: 'test-live#0', holder: 'another worker', expires_at: new Date(now + 60_000).toISOString(), created_at: new Date(now).toISOString(), updated_at: new Date(now).toISOString() }).execute()
      const stop = new AbortController()
      setTimeout(() => stop.abort(new Error('Cancelled.')), 300)
      let ran = false
      await expect(withVendorSlot(server.services, 'test-live', 1, async () => (ran = true), stop.signal)).rejects.toThrow('Cancelled.')
      expect([ran, await slots()]).toEqual([false, [{ slot_key: 'test-live#0', holder: 'another worker' }]])
      await server.services.db.deleteFrom('vendor_slot').execute()
    })
  })
})

/** ffmpeg processes working in a task's temporary folder. */
/** The server's ffmpeg processes for the task: its work folder is in that server's own data folder. */
function ffmpegOf(server: TestServer, taskId: number): string[] {
  const out = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
  return out.split('\n').filter((line) => line.startsWith('ffmpeg') && line.includes(join(taskWorkRoot(server.services), `task-${taskId}-`)))
}
