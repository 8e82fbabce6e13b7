// PostgreSQL too: works, the AI call's record and a release plan written with the task's end.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './harness'
import { changeMoney } from '../../src/server/ledger/ledger'
import { taskHandlers } from '../../src/server/task-handlers'
import { makeTestFont, makeTestTone } from '../../src/server/media/test-media'
import { runFfmpeg } from '../../src/server/media/run-ffmpeg'
import { probeMedia } from '../../src/server/media/probe'
import { waitForTask, type Task } from '../support/tasks'
import { brightestAtBottom, soundSpans } from '../support/media-checks'
import { startChatContract, type ChatContract } from '../support/chat-contract'
import { startPixabayContract, type PixabayContract } from '../support/pixabay-contract'
import { startWorkers } from '../../src/server/tasks/engine'

type Output = { url: string; duration: number; combination: string; clips: { material_id: number; start: number; end: number; hold?: number }[]; lines: { start: number; end: number; text: string }[] }
type Result = { script: string; outputs: Output[]; unmatched: string[] }
type Estimate = { size: { output_seconds: number; variants: number }; cost: { amount: number } | null; notices: string[] }

describe('a video from a topic in one step: script, clips matched per sentence, voice, subtitles, variants, a release plan (issue: one step from a topic)', () => {
  let server: TestServer
  let contract: ChatContract
  let pixabay: PixabayContract
  let media: string
  let token: Record<string, string>
  let id: Record<string, number>
  const material: Record<string, number> = {}

  const call = <T>(who: string, method: 'GET' | 'POST', path: string, body?: Record<string, unknown>) => server.call<T>(method, path, { token: token[who], ...(method === 'GET' ? { query: body } : { body }) })
  const fileOf = (url: string) => join(server.services.config.dataDir, 'uploads', url.replace('/uploads/', ''))

  beforeAll(async () => {
    media = mkdtempSync(join(tmpdir(), 'topic-media-'))
    contract = await startChatContract()
    pixabay = await startPixabayContract()
    // Dark, silent clips told apart by their tags, so the only sound is the voice and white subtitles stand out.
    const clips = { 'sunrise-1.mp4': 'black', 'sunrise-2.mp4': '0x101010', 'coffee.mp4': '0x0c0c20', 'city.mp4': '0x200c0c' }
    await Promise.all([
      ...Object.entries(clips).map(([name, colour]) => runFfmpeg(['-f', 'lavfi', '-i', `color=c=${colour}:s=160x120:r=25:d=4`, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', join(media, name)])),
      runFfmpeg(['-f', 'lavfi', '-i', 'color=c=0x181818:s=64x64', '-frames:v', '1', join(media, 'cream.png')]),
      makeTestTone(join(media, 'music.m4a'), 3),
    ])
    server = await startTestServer()
    ;({ id, token } = await server.accounts([
      ['admin', 'admin'],
      ['p1', 'partner'],
      ['m1', 'merchant', 'p1'],
      ['m2', 'merchant', 'p1'],
    ]))
    for (const who of ['m1', 'm2']) await server.services.db.transaction().execute((trx) => changeMoney(trx, server.services, { userId: id[who]!, type: 'adjust', amount: 1000, operatorId: null }))
    const tags: Record<string, string> = { 'sunrise-1.mp4': '日出,海边', 'sunrise-2.mp4': '日出，清晨', 'coffee.mp4': '咖啡 早餐', 'city.mp4': '城市', 'cream.png': '面霜,新品' }
    for (const name of [...Object.keys(tags), 'music.m4a']) {
      const uploaded = await server.upload<{ id: number }>('/material/upload', { file: [name, readFileSync(join(media, name))] }, { token: token.m1 })
      material[name] = uploaded.body.data.id
      if (tags[name]) expect((await call('m1', 'POST', '/material/edit', { id: uploaded.body.data.id, tags: tags[name] })).body.code).toBe(1)
    }
    await startWorkers(server.services, taskHandlers, 1)
  }, 120_000)

  afterAll(async () => {
    await server?.close()
    await contract?.close()
    await pixabay?.close()
    rmSync(media, { recursive: true, force: true })
  })

  /** Every output: as long as it was measured, each line on screen while it is said and nothing after, the voice ending inside it. */
  async function checkOutputs(result: Result, estimate: Estimate) {
    for (const output of result.outputs) {
      const file = fileOf(output.url)
      const { duration } = await probeMedia(file)
      expect(duration).toBeCloseTo(estimate.size.output_seconds, 0)
      const last = output.lines.at(-1)!
      expect(duration).toBeGreaterThan(last.end + 0.4)
      // One clip a line, together as long as the video.
      expect(output.clips).toHaveLength(output.lines.length)
      expect(output.clips.reduce((sum, c) => sum + c.end - c.start + (c.hold ?? 0), 0)).toBeCloseTo(duration, 0)
      const spans = await soundSpans(file, duration)
      expect(Math.abs(spans.at(-1)!.end - last.end)).toBeLessThan(0.35)
      for (const line of output.lines) expect(await brightestAtBottom(file, (line.start + line.end) / 2)).toBeGreaterThan(180)
      expect(await brightestAtBottom(file, Math.min(duration - 0.1, last.end + 0.3))).toBeLessThan(80)
    }
  }

  it('says the writer is not set up instead of writing, and makes distinct videos from a script of the library, each clip matched to its sentence', async () => {
    const status = (await call<{ providers: { capability: string; ready: boolean }[] }>('m1', 'GET', '/provider/status')).body.data.providers.find((p) => p.capability === 'chat')!
    expect(status.ready).toBe(false)
    const byTopic = await call<Estimate>('m1', 'POST', '/task/estimate_topic_video', { title: 'Morning', source: 'topic', topic: '早餐咖啡' })
    expect(byTopic.body.code).toBe(0)
    expect((byTopic.body.data as unknown as { errors: { path: string; message: string }[] }).errors[0]).toMatchObject({ path: '/source' })
    expect((byTopic.body.data as unknown as { errors: { path: string; message: string }[] }).errors[0]?.message).toMatch(/No AI writer is set up/)

    // A script from the library, as the form's picker fills it in.
    const industry = await call<{ id: number }>('admin', 'POST', '/platform/add_industry', { name: '美妆' })
    const added = await call<{ id: number }>('admin', 'POST', '/platform/add_script', { industry_id: industry.body.data.id, title: '早安', content: '海边的日出真美。来一杯咖啡，开启一天。新品面霜，今天上市！' })
    const listed = await call<{ data: { id: number; content: string }[] }>('m1', 'GET', '/platform/script', { page: 1, limit: 50, industry_id: industry.body.data.id })
    const script = listed.body.data.data.find((s) => s.id === added.body.data.id)!.content
    const body = { title: '早安好物', source: 'script', script, count: 2, resolution: 480, subtitles: true }
    const estimate = await call<Estimate>('m1', 'POST', '/task/estimate_topic_video', body)
    expect(estimate.body.code).toBe(1)
    expect(estimate.body.data.size.variants).toBe(2)
    // Priced per started minute of each video: two videos under a minute.
    expect(estimate.body.data.cost).toEqual({ ledger: 'money', amount: 20 })
    const submitted = await call<Task>('m1', 'POST', '/task/submit_topic_video', body)
    expect(submitted.body.code).toBe(1)
    const done = await waitForTask(server, token.m1!, submitted.body.data.id, 'succeeded')
    const result = done.result as Result
    expect(result.unmatched).toEqual([])
    expect(result.outputs).toHaveLength(2)
    expect(new Set(result.outputs.map((o) => o.combination)).size).toBe(2)
    for (const output of result.outputs) {
      expect(output.lines.map((l) => l.text)).toEqual(['海边的日出真美。', '来一杯咖啡，开启一天。', '新品面霜，今天上市！'])
      // Each sentence shows a clip whose tags it says.
      expect([material['sunrise-1.mp4'], material['sunrise-2.mp4']]).toContain(output.clips[0]!.material_id)
      expect(output.clips[1]!.material_id).toBe(material['coffee.mp4'])
      expect(output.clips[2]!.material_id).toBe(material['cream.png'])
    }
    await checkOutputs(result, estimate.body.data)
    const works = await call<{ data: { kind: string; title: string }[] }>('m1', 'GET', '/work/list', { task_id: done.id })
    expect(works.body.data.data.map((w) => [w.kind, w.title]).sort()).toEqual([['topic_video', '早安好物 #1'], ['topic_video', '早安好物 #2']])
  }, 120_000)

  it('writes the script with the AI writer from a topic, logs the call, matches by the writer\'s terms, ducks the music, and puts the videos into a release plan', async () => {
    await call('admin', 'POST', '/platform/set_config', { group: 'providers', values: { chat: 'openai-compatible', chat_base_url: contract.url, chat_api_key: contract.apiKey, chat_model: 'contract-chat' } })
    contract.answer = JSON.stringify({ sentences: [{ text: '清晨的第一缕光。', terms: ['日出'] }, { text: 'Start the day with a smile.', terms: ['咖啡'] }, { text: '夜晚的街道很安静。', terms: [] }] })
    const account = await call<{ id: number }>('m1', 'POST', '/platform_account/add', { platform: 'xiaohongshu', nickname: 'Morning notes' })
    const body = { title: 'Dawn', source: 'topic', topic: '清晨', language: 'zh-CN', seconds: 10, count: 2, resolution: 480, bgm_material_id: material['music.m4a'], account_ids: [account.body.data.id] }
    const estimate = await call<Estimate>('m1', 'POST', '/task/estimate_topic_video', body)
    expect(estimate.body.code).toBe(1)
    // Measured by the length asked for, with room for a writer that writes a little more; priced per started minute of each video, and the writer's script once.
    expect(estimate.body.data.size.output_seconds).toBeCloseTo(10 * 1.25 + 0.6, 3)
    expect(estimate.body.data.cost).toEqual({ ledger: 'money', amount: 2 * 10 + 10 })
    const submitted = await call<Task>('m1', 'POST', '/task/submit_topic_video', body)
    expect(submitted.body.data.cost_amount).toBe(30)
    const done = await waitForTask(server, token.m1!, submitted.body.data.id, 'succeeded')
    const result = done.result as Result
    expect(contract.requests.at(-1)!.body.messages).toEqual(expect.arrayContaining([expect.objectContaining({ role: 'user', content: 'Topic: "清晨"' })]))
    const logged = await server.services.db.selectFrom('ai_call').selectAll().where('purpose', '=', 'topic_script').execute()
    expect(logged).toHaveLength(1)
    expect(logged[0]).toMatchObject({ owner_id: id.m1, status: 'succeeded' })
    expect(Number(logged[0]!.completion_tokens)).toBeGreaterThan(0)
    // The writer's terms found clips its sentences do not name; a sentence matched by nothing is said.
    expect(result.unmatched).toEqual(['夜晚的街道很安静。'])
    for (const output of result.outputs) {
      expect(output.lines.map((l) => l.text)).toEqual(['清晨的第一缕光。', 'Start the day with a smile.', '夜晚的街道很安静。'])
      expect([material['sunrise-1.mp4'], material['sunrise-2.mp4']]).toContain(output.clips[0]!.material_id)
      expect(output.clips[1]!.material_id).toBe(material['coffee.mp4'])
    }
    // The music plays under the voice and its pauses to the end, where it fades out over its last second.
    const { duration } = await probeMedia(fileOf(result.outputs[0]!.url))
    const spans = await soundSpans(fileOf(result.outputs[0]!.url), duration)
    expect(spans).toHaveLength(1)
    expect(spans[0]!.start).toBe(0)
    expect(spans[0]!.end).toBeGreaterThan(duration - 1.2)
    // A release plan posting each video to the account chosen.
    const plans = await call<{ data: { id: number; name: string; posts_total: number }[] }>('m1', 'GET', '/release_plan/list')
    expect(plans.body.data.data.find((p) => p.name === 'Dawn')).toMatchObject({ posts_total: 2 })
  }, 120_000)

  it('fills a sentence the library lacks from the stock vendor, keeping what it downloads as materials with their source and licence', async () => {
    pixabay.cdnFile = join(media, 'forest.mp4')
    await runFfmpeg(['-f', 'lavfi', '-i', 'color=c=0x0c200c:s=320x568:r=25:d=20', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', pixabay.cdnFile])
    await call('admin', 'POST', '/platform/set_config', { group: 'providers', values: { stock: 'pixabay', stock_api_key: pixabay.apiKey, stock_base_url: pixabay.url } })
    const status = (await call<{ providers: { capability: string; name: string; ready: boolean }[] }>('m1', 'GET', '/provider/status')).body.data.providers.find((p) => p.capability === 'stock')
    expect(status).toMatchObject({ name: 'pixabay', ready: true })
    // Its subtitles drawn in a font of the merchant's library, which has no Chinese: libass borrows that from an installed font.
    await makeTestFont(join(media, 'brand.ttf'))
    const font = await server.upload<{ id: number }>('/material/upload', { file: ['brand.ttf', readFileSync(join(media, 'brand.ttf'))] }, { token: token.m1 })
    const body = { title: 'Woods', source: 'script', script: '海边的日出真美。A walk in the forest.', count: 1, resolution: 480, subtitle_style: { font: `material:${font.body.data.id}` } }
    const done = await waitForTask(server, token.m1!, (await call<Task>('m1', 'POST', '/task/submit_topic_video', body)).body.data.id, 'succeeded')
    const result = done.result as Result & { stock: { material_id: number; source_url: string; licence: string }[] }
    // Asked by the sentence's own words, in its shape, for nothing unfit for all ages.
    const asked = pixabay.requests.find((r) => r.path === '/api/videos/')!
    expect(asked.query).toMatchObject({ q: 'walk forest', lang: 'en', safesearch: 'true' })
    expect(result.stock.length).toBeGreaterThan(0)
    expect(result.stock[0]).toMatchObject({ source_url: expect.stringMatching(/^https:\/\/pixabay\.com\/videos\/forest-/), licence: 'Pixabay Content License' })
    expect(result.unmatched).toEqual([])
    for (const line of result.outputs[0]!.lines) expect(await brightestAtBottom(fileOf(result.outputs[0]!.url), (line.start + line.end) / 2)).toBeGreaterThan(180)
    // The second sentence shows what was downloaded, now in the library with where it came from.
    expect(result.stock.map((s) => s.material_id)).toContain(result.outputs[0]!.clips[1]!.material_id)
    const kept = await call<{ data: { id: number; source_url: string; licence: string; tags: string }[] }>('m1', 'GET', '/material/list', { page: 1, limit: 50 })
    const stock = kept.body.data.data.find((m) => m.id === result.stock[0]!.material_id)!
    expect(stock).toMatchObject({ source_url: result.stock[0]!.source_url, licence: 'Pixabay Content License' })
    expect(stock.tags).toContain('forest')
    // A vendor that refuses leaves the library to do the work, and the result says why.
    await call('admin', 'POST', '/platform/set_config', { group: 'providers', values: { stock_api_key: 'wrong-key' } })
    const refused = await waitForTask(server, token.m1!, (await call<Task>('m1', 'POST', '/task/submit_topic_video', { ...body, script: '海边的日出真美。Snow falls on the mountains.' })).body.data.id, 'succeeded')
    expect(JSON.stringify((refused.result as { stock_problem?: unknown }).stock_problem)).toMatch(/key/i)
    await call('admin', 'POST', '/platform/set_config', { group: 'providers', values: { stock: 'none' } })
  }, 120_000)

  it('names what is wrong before anything is charged: another\'s music, an empty script, too many videos for the clips', async () => {
    const before = await server.services.db.selectFrom('account').select('money').where('id', '=', id.m2!).executeTakeFirstOrThrow()
    const others = await call<Task>('m2', 'POST', '/task/submit_topic_video', { title: 'x', source: 'script', script: '日出。', bgm_material_id: material['music.m4a'] })
    expect(others.body).toMatchObject({ code: 0, data: { errors: [{ path: '/bgm_material_id' }] } })
    const empty = await call<Task>('m1', 'POST', '/task/submit_topic_video', { title: 'x', source: 'script', script: '  ' })
    expect(empty.body).toMatchObject({ code: 0, data: { errors: [{ path: '/script' }] } })
    const noLibrary = await call<Task>('m2', 'POST', '/task/submit_topic_video', { title: 'x', source: 'script', script: '日出。' })
    expect(noLibrary.body).toMatchObject({ code: 0, data: { errors: [{ path: '/source', message: expect.stringMatching(/The library holds no videos or pictures/) }] } })
    expect((await server.services.db.selectFrom('account').select('money').where('id', '=', id.m2!).executeTakeFirstOrThrow()).money).toEqual(before.money)
    // One sentence matching two clips cannot make three different videos: the task fails saying so, and its cost comes back.
    const tooMany = await call<Task>('m1', 'POST', '/task/submit_topic_video', { title: 'x', source: 'script', script: '日出。', count: 3, resolution: 480 })
    const failed = await waitForTask(server, token.m1!, tooMany.body.data.id, 'failed')
    expect(failed.cost_state).toBe('released')
    expect(JSON.stringify(failed.error)).toMatch(/make only 2 different videos, fewer than the 3 asked for/)
  }, 60_000)
})
