import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './harness'
import { changeMoney, changeQuota } from '../../src/server/ledger/ledger'
import { taskHandlers } from '../../src/server/task-handlers'
import { makeTestImage, makeTestSpeech, makeTestTone, makeTestVideo } from '../../src/server/media/test-media'
import { probeMedia } from '../../src/server/media/probe'
import { waitForTask, type Task } from '../support/tasks'
import { startHeyGemContract } from '../support/heygem-contract'
import { startHeyGenContract } from '../support/heygen-contract'
import { startWorkers } from '../../src/server/tasks/engine'

const SCRIPT = 'Welcome to our shop. Today we show you something new! It is light, it is strong, and it lasts for years.'
const SAMPLE = 'The quick brown fox jumps over the lazy dog. She sells sea shells by the sea shore, and the shells she sells are surely sea shells.'

type Work = { id: number; title: string; kind: string; render: string; url: string; duration: number; width: number; height: number; task_id: number }

describe('digital-human videos: an avatar says a script in a voice, a local render with no lip sync, paid per character (issue: digital humans)', () => {
  let server: TestServer
  let media: string
  let token: Record<string, string>
  let id: Record<string, number>
  const material: Record<string, number> = {}
  let avatar: number
  let voice: number

  const balance = async (username: string) => Number((await server.services.db.selectFrom('account').select('money').where('username', '=', username).executeTakeFirstOrThrow()).money)
  const upload = async (who: string, file: string) => (await server.upload<{ id: number }>('/material/upload', { file: [file, readFileSync(join(media, file))] }, { token: token[who] })).body.data.id
  const submit = (who: string, kind: string, body: Record<string, unknown>) => server.call<Task>('POST', `/task/submit_${kind}`, { token: token[who], body })
  const works = async () => (await server.call<{ data: Work[] }>('GET', '/work/list', { token: token.m1 })).body.data.data
  const stored = (url: string) => join(server.services.config.dataDir, url.replace(/^\//, ''))
  // The admin's choice of providers, and what the console is told of the video one.
  const providers = (values: Record<string, unknown>) => server.call('POST', '/platform/set_config', { token: token.admin, body: { group: 'providers', values } })
  const status = async () => (await server.call<{ providers: { capability: string; name: string; ready: boolean; problem: string | null; describe: string }[] }>('GET', '/provider/status', { token: token.m1 })).body.data.providers.find((p) => p.capability === 'digital-human-video')!

  beforeAll(async () => {
    media = mkdtempSync(join(tmpdir(), 'digital-video-api-'))
    await Promise.all([
      makeTestVideo(join(media, 'person.mp4'), { seconds: 9, width: 480, height: 360 }),
      makeTestSpeech(join(media, 'voice.m4a'), SAMPLE, 'en+m3'),
      makeTestImage(join(media, 'studio.png'), 640, 480),
      makeTestTone(join(media, 'music.m4a'), 4, 523),
    ])
    server = await startTestServer({ config: { vendorTiming: { pollMs: 20 } } })
    ;({ id, token } = await server.accounts([
      ['admin', 'admin'],
      ['p1', 'partner', 'admin'],
      ['m1', 'merchant', 'p1'],
      ['m2', 'merchant', 'p1'],
    ]))
    await server.call('POST', '/platform/set_config', { token: token.admin, body: { group: 'platform', values: { digital_short_video_text_cost: 1 } } })
    await server.services.db.transaction().execute(async (trx) => {
      await changeMoney(trx, server.services, { userId: id.m1!, type: 'adjust', amount: 1000, operatorId: null })
      await changeQuota(trx, server.services, 'digital_man_count', { userId: id.m1!, type: 'adjust', amount: 1, operatorId: null })
      await changeQuota(trx, server.services, 'digital_voice_count', { userId: id.m1!, type: 'adjust', amount: 1, operatorId: null })
    })
    for (const file of ['person.mp4', 'voice.m4a', 'studio.png', 'music.m4a']) material[file] = await upload('m1', file)
    material.theirs = await upload('m2', 'studio.png')
    await startWorkers(server.services, taskHandlers, 2)
    // The avatar and the voice, made as a merchant makes them.
    const avatarTask = await submit('m1', 'avatar_clone', { name: 'Host', training_material_id: material['person.mp4'], consent: true })
    const voiceTask = await submit('m1', 'voice_clone', { name: 'Narrator', sample_material_id: material['voice.m4a'], language: 'en', consent: true })
    await waitForTask(server, token.m1!, avatarTask.body.data.id, 'succeeded')
    await waitForTask(server, token.m1!, voiceTask.body.data.id, 'succeeded')
    avatar = (await server.call<{ data: { id: number }[] }>('GET', '/avatar/list', { token: token.m1 })).body.data.data[0]!.id
    voice = (await server.call<{ data: { id: number }[] }>('GET', '/voice_clone/list', { token: token.m1 })).body.data.data[0]!.id
  }, 180_000)

  afterAll(async () => {
    await server?.close()
    rmSync(media, { recursive: true, force: true })
  })

  it('renders the avatar saying the script in the cloned voice, with subtitles, charged one fen a character, and keeps it as a work said to have no lip sync', async () => {
    const before = await balance('m1')
    const res = await submit('m1', 'digital_video', { title: 'New arrival', avatar_id: avatar, voice: `clone:${voice}`, script: SCRIPT, resolution: 480 })
    expect(res.body.data).toMatchObject({ kind: 'digital_video', cost_ledger: 'money', cost_amount: [...SCRIPT].length })
    expect(await balance('m1')).toBe(before - [...SCRIPT].length)
    const done = await waitForTask(server, token.m1!, res.body.data.id, 'succeeded', undefined, 120_000)
    expect(done.result).toMatchObject({ render: 'no_lip_sync', describe: { 'en-US': expect.stringContaining('no lip sync') } })
    const [work] = await works()
    expect(work).toMatchObject({ title: 'New arrival', kind: 'digital_human', render: 'no_lip_sync', task_id: done.id, width: 480, height: 854 })
    const info = await probeMedia(stored(work!.url))
    expect(info).toMatchObject({ videoCodec: 'h264', audioCodec: 'aac', width: 480, height: 854 })
    // As long as the script takes to say (three sentences, several seconds), longer than the avatar's 5-second loop.
    expect(info.duration).toBeGreaterThan(6)
    expect(await balance('m1')).toBe(before - [...SCRIPT].length)
  }, 150_000)

  it('puts the avatar over a background picture, with music, in a local voice and variant', async () => {
    const res = await submit('m1', 'digital_video', { title: 'Studio', avatar_id: avatar, voice: 'en-us+f3', pitch: 60, script: 'Hello there.', shape: '16:9', resolution: 480, background_material_id: material['studio.png'], bgm_material_id: material['music.m4a'], subtitles: false })
    const done = await waitForTask(server, token.m1!, res.body.data.id, 'succeeded', undefined, 120_000)
    const work = (await works()).find((w) => w.task_id === done.id)!
    expect(work).toMatchObject({ width: 854, height: 480 })
    expect((await probeMedia(stored(work.url))).duration).toBeGreaterThan(1)
  }, 150_000)

  it('refuses another\'s avatar, voice or picture, a picture where music goes, and a script with no money to pay for it, charging nothing', async () => {
    const before = await balance('m1')
    const theirs = await submit('m2', 'digital_video', { title: 'Borrowed', avatar_id: avatar, script: 'Hello.' })
    expect(theirs.body).toMatchObject({ code: 0, data: { errors: [{ path: '/avatar_id' }] } })
    const theirVoice = await submit('m2', 'digital_video', { title: 'Borrowed', avatar_id: avatar, voice: `clone:${voice}`, script: 'Hello.' })
    expect(theirVoice.body).toMatchObject({ code: 0, data: { errors: [{ path: '/avatar_id' }] } })
    const picture = await submit('m1', 'digital_video', { title: 'Wrong', avatar_id: avatar, script: 'Hello.', background_material_id: material.theirs })
    expect(picture.body).toMatchObject({ code: 0, data: { errors: [{ path: '/background_material_id' }] } })
    const music = await submit('m1', 'digital_video', { title: 'Wrong', avatar_id: avatar, script: 'Hello.', bgm_material_id: material['studio.png'] })
    expect(music.body).toMatchObject({ code: 0, data: { errors: [{ path: '/bgm_material_id' }] } })
    expect(await balance('m1')).toBe(before)
    const tooLong = await submit('m1', 'digital_video', { title: 'Too long', avatar_id: avatar, script: '字'.repeat(2000) })
    expect(tooLong.body.code).toBe(0)
    expect(tooLong.body.msg).toMatch(/balance|余额/i)
    expect(await balance('m1')).toBe(before)
  })

  it('refuses an avatar whose clone failed', async () => {
    const now = new Date().toISOString()
    const failed = await server.services.db
      .insertInto('avatar')
      .values({ name: 'Broken', tier: 'standard', status: 'failed', render: '', provider: 'local', external_id: '', still_url: '', loop_url: '', owner_id: id.m1!, error: 'cut', created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    const res = await submit('m1', 'digital_video', { title: 'Broken', avatar_id: Number(failed.id), script: 'Hello.' })
    expect(res.body).toMatchObject({ code: 0, data: { errors: [{ path: '/avatar_id', message: expect.stringContaining('did not clone successfully') }] } })
  })

  it('moves the lips through HeyGem when the admin chooses it, and says plainly when it is chosen but not set up', async () => {
    expect((await providers({ digital_human_video: 'heygem', heygem_url: '', heygem_shared_dir: '' })).body.code).toBe(1)
    expect(await status()).toMatchObject({ name: 'heygem', ready: false, problem: expect.stringContaining('not filled in') })
    const unset = await submit('m1', 'digital_video', { title: 'Lips', avatar_id: avatar, script: 'Hello there.', resolution: 480 })
    expect(unset.body).toMatchObject({ code: 0, msg: expect.stringContaining('HeyGem is chosen for digital-human videos, but HeyGem address, Shared folder (here) are not filled in: complete them in Initial configuration.') })

    const contract = await startHeyGemContract(mkdtempSync(join(tmpdir(), 'heygem-shared-')))
    try {
      await providers({ digital_human_video: 'heygem', heygem_url: contract.url, heygem_shared_dir: contract.sharedDir, heygem_container_dir: '/code/data' })
      expect(await status()).toMatchObject({ name: 'heygem', ready: true, problem: null, describe: expect.stringContaining('lips moved with the speech') })
      contract.mode = 'fault'
      expect(await status()).toMatchObject({ ready: false, problem: expect.stringContaining('HTTP 500') })
      contract.mode = 'ok'
      const before = await balance('m1')
      const res = await submit('m1', 'digital_video', { title: 'Lips', avatar_id: avatar, voice: `clone:${voice}`, script: 'Hello there. Welcome in!', resolution: 480 })
      const done = await waitForTask(server, token.m1!, res.body.data.id, 'succeeded', undefined, 120_000)
      expect(done.result).toMatchObject({ provider: 'heygem', render: 'lip_sync' })
      expect(contract.submits).toHaveLength(1)
      expect(String(contract.submits[0]!.video_url)).toMatch(/^\/code\/data\/jobs\/task-\d+-1\/avatar\.mp4$/)
      const work = (await works()).find((w) => w.task_id === done.id)!
      expect(work).toMatchObject({ render: 'lip_sync', width: 480, height: 854 })
      expect((await probeMedia(stored(work.url))).audioCodec).toBe('aac')
      expect(await balance('m1')).toBe(before - 'Hello there. Welcome in!'.length)

      // A job HeyGem gives up halfway fails with its reason, and the money comes back.
      contract.mode = 'fails'
      const failing = await submit('m1', 'digital_video', { title: 'Given up', avatar_id: avatar, script: 'Hello.', resolution: 480 })
      const failed = await waitForTask(server, token.m1!, failing.body.data.id, 'failed', undefined, 60_000)
      expect(failed.error['zh-CN']).toBe('HeyGem 合成失败：no final result')
      expect(failed.cost_state).toBe('released')
      expect(await balance('m1')).toBe(before - 'Hello there. Welcome in!'.length)
    } finally {
      await providers({ digital_human_video: 'local' })
      expect(await status()).toMatchObject({ name: 'local', ready: true, describe: expect.stringContaining('no lip sync') })
      await contract.close()
      rmSync(contract.sharedDir, { recursive: true, force: true })
    }
  }, 180_000)

  it("moves the avatar's lips through HeyGen's cloud with the platform's key, which is never sent back, and gives the money back when HeyGen fails", async () => {
    expect((await providers({ digital_human_video: 'heygen', heygen_api_key: '' })).body.code).toBe(1)
    expect(await status()).toMatchObject({ name: 'heygen', ready: false, problem: 'HeyGen is chosen for digital-human videos, but HeyGen API key is not filled in: complete it in Initial configuration.' })
    const contract = await startHeyGenContract()
    try {
      await providers({ digital_human_video: 'heygen', heygen_api_key: contract.key, heygen_api_url: contract.url })
      const read = await server.call<Record<string, unknown>>('GET', '/platform/get_simple_config', { token: token.admin, query: { group: 'providers' } })
      expect(JSON.stringify(read.body.data)).not.toContain(contract.key)
      expect(await status()).toMatchObject({ name: 'heygen', ready: true, problem: null, describe: expect.stringContaining("avatar's portrait made to speak") })
      contract.mode = 'bad-key'
      expect(await status()).toMatchObject({ ready: false, problem: expect.stringContaining('HTTP 401 unauthorized') })
      contract.mode = 'ok'

      const before = await balance('m1')
      const res = await submit('m1', 'digital_video', { title: 'Cloud lips', avatar_id: avatar, voice: `clone:${voice}`, script: 'Hello from the cloud.', resolution: 480 })
      const done = await waitForTask(server, token.m1!, res.body.data.id, 'succeeded', undefined, 120_000)
      expect(done.result).toMatchObject({ provider: 'heygen', render: 'lip_sync' })
      // HeyGen's v3 only: the portrait and the speech as assets, one image video in the task's shape.
      expect(contract.calls.filter((c) => !c.path.startsWith('/v3/') && !c.path.startsWith('/files/'))).toEqual([])
      expect(contract.uploads.map((u) => u.mime_type)).toEqual(['image/jpeg', 'audio/mpeg'])
      expect(contract.videos).toHaveLength(1)
      expect(contract.videos[0]!.request).toMatchObject({ type: 'image', aspect_ratio: '9:16', resolution: '720p', fit: 'cover' })
      const work = (await works()).find((w) => w.task_id === done.id)!
      expect(work).toMatchObject({ render: 'lip_sync', width: 480, height: 854 })
      expect(await balance('m1')).toBe(before - 'Hello from the cloud.'.length)

      contract.mode = 'fails'
      const failing = await submit('m1', 'digital_video', { title: 'Unreadable', avatar_id: avatar, script: 'Hello.', resolution: 480 })
      const failed = await waitForTask(server, token.m1!, failing.body.data.id, 'failed', undefined, 60_000)
      expect(failed.error['en-US']).toContain('HeyGen could not make the video: The image could not be read. (download_failed)')
      expect(failed.cost_state).toBe('released')
      expect(await balance('m1')).toBe(before - 'Hello from the cloud.'.length)
    } finally {
      await providers({ digital_human_video: 'local' })
      await contract.close()
    }
  }, 180_000)

  describe('templates and batches: one saved form, ten videos (issue: digital humans, video templates)', () => {
    const batch = (who: string, inputs: Record<string, unknown>[]) => server.call<{ count: number; ids: number[] }>('POST', '/task/submit_batch_digital_video', { token: token[who], body: { inputs } })
    const taskCount = async () => Number((await server.services.db.selectFrom('task').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)

    it('keeps a template for its owner alone, who renames and deletes it', async () => {
      const input = { title: '{{product}} for {{shop}}', avatar_id: avatar, script: 'Come to {{shop}} for {{product}}.', shape: '1:1' }
      const saved = await server.call<{ id: number }>('POST', '/task_template/save', { token: token.m1, body: { name: 'Weekly offer', kind: 'digital_video', input } })
      expect(saved.body).toMatchObject({ code: 1, data: { name: 'Weekly offer', kind: 'digital_video', input, owner_id: id.m1 } })
      const templateId = saved.body.data.id
      const mine = await server.call<{ data: { id: number }[] }>('GET', '/task_template/list', { token: token.m1 })
      expect(mine.body.data.data.map((t) => t.id)).toContain(templateId)
      const theirs = await server.call<{ data: { id: number }[] }>('GET', '/task_template/list', { token: token.m2 })
      expect(theirs.body.data.data.map((t) => t.id)).not.toContain(templateId)
      expect((await server.call('GET', '/task_template/detail', { token: token.m2, query: { id: templateId } })).body.code).toBe(0)
      expect((await server.call('POST', '/task_template/edit', { token: token.m2, body: { id: templateId, name: 'Mine now' } })).body.code).toBe(0)
      expect((await server.call('POST', '/task_template/edit', { token: token.m1, body: { id: templateId, name: 'Monthly offer' } })).body).toMatchObject({ code: 1, data: { name: 'Monthly offer', input } })
      const unknownKind = await server.call('POST', '/task_template/save', { token: token.m1, body: { name: 'Odd', kind: 'clip', input: {} } })
      expect(unknownKind.body).toMatchObject({ code: 0, data: { errors: [{ path: '/kind' }] } })
      expect((await server.call('POST', '/task_template/del', { token: token.m2, body: { ids: [templateId] } })).body.code).toBe(0)
      expect((await server.call('POST', '/task_template/del', { token: token.m1, body: { ids: [templateId] } })).body.code).toBe(1)
    })

    it('makes one video per input, all charged in one go, each its own task and work', async () => {
      const before = await balance('m1')
      const scripts = ['Hello Ann.', 'Hello Bob.', 'Hello Cy.']
      const res = await batch('m1', scripts.map((script, i) => ({ title: `Greeting ${i + 1}`, avatar_id: avatar, voice: 'en', script, resolution: 480, subtitles: i !== 1 })))
      expect(res.body).toMatchObject({ code: 1, data: { count: 3 } })
      const ids = res.body.data.ids
      expect(new Set(ids).size).toBe(3)
      const cost = scripts.reduce((sum, script) => sum + [...script].length, 0)
      expect(await balance('m1')).toBe(before - cost)
      const done = await Promise.all(ids.map((taskId) => waitForTask(server, token.m1!, taskId, 'succeeded', undefined, 120_000)))
      expect(done.map((task) => task.title)).toEqual(['Greeting 1', 'Greeting 2', 'Greeting 3'])
      expect(done.map((task) => task.cost_amount)).toEqual(scripts.map((script) => [...script].length))
      const made = (await works()).filter((work) => ids.includes(work.task_id))
      expect(made.map((work) => work.title).sort()).toEqual(['Greeting 1', 'Greeting 2', 'Greeting 3'])
      expect(await balance('m1')).toBe(before - cost)
    }, 240_000)

    it('makes nothing and charges nothing when one input is wrong, and says which', async () => {
      const before = await balance('m1')
      const tasksBefore = await taskCount()
      const good = { title: 'Fine', avatar_id: avatar, script: 'Hello.' }
      const blank = await batch('m1', [good, { ...good, script: '   ' }, good])
      expect(blank.body).toMatchObject({ code: 0, data: { errors: [{ path: '/inputs/1/script' }] } })
      const borrowed = await batch('m2', [{ ...good }])
      expect(borrowed.body).toMatchObject({ code: 0, data: { errors: [{ path: '/inputs/0/avatar_id' }] } })
      const picture = await batch('m1', [good, good, { ...good, background_material_id: material.theirs }])
      expect(picture.body).toMatchObject({ code: 0, data: { errors: [{ path: '/inputs/2/background_material_id' }] } })
      // Each input alone is affordable; together they are not.
      const unaffordable = await batch('m1', Array.from({ length: 20 }, (_, i) => ({ ...good, title: `Long ${i}`, script: '字'.repeat(100) })))
      expect(unaffordable.body.code).toBe(0)
      expect(unaffordable.body.msg).toMatch(/balance|余额/i)
      const tooMany = await batch('m1', Array.from({ length: 21 }, () => good))
      expect(tooMany.body).toMatchObject({ code: 0, data: { errors: [{ path: '/inputs' }] } })
      expect((await batch('m1', [])).body).toMatchObject({ code: 0, data: { errors: [{ path: '/inputs' }] } })
      expect(await balance('m1')).toBe(before)
      expect(await taskCount()).toBe(tasksBefore)
    })
  })
})
