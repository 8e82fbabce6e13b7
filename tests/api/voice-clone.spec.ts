import type { VoiceClone } from '../../src/generated/types'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './harness'
import { changeQuota } from '../../src/server/ledger/ledger'
import { taskHandlers } from '../../src/server/task-handlers'
import { makeTestImage, makeTestSpeech, makeTestTone } from '../../src/server/media/test-media'
import { runFfmpeg } from '../../src/server/media/run-ffmpeg'
import { probeMedia } from '../../src/server/media/probe'
import { waitForTask, type Task } from '../support/tasks'
import { startGptSovitsContract } from '../support/gpt-sovits-contract'
import { startHeyGemVoiceContract } from '../support/heygem-voice-contract'
import { startWorkers } from '../../src/server/tasks/engine'

const SCRIPT = 'The quick brown fox jumps over the lazy dog. She sells sea shells by the sea shore, and the shells she sells are surely sea shells.'

type Voice = Pick<VoiceClone, 'id' | 'name' | 'status' | 'kind' | 'language' | 'reference_text'> & Required<Pick<VoiceClone, 'provider' | 'voice_id' | 'pitch_hz' | 'duration' | 'error'>> & { task_id: number }

describe('voice clones: a sample in, a voice out, one quota unit a voice, a record of every try (issue: digital humans)', () => {
  let server: TestServer
  let media: string
  let token: Record<string, string>
  let id: Record<string, number>
  const material: Record<string, number> = {}

  const quota = async (username: string) => Number((await server.services.db.selectFrom('account').select('digital_voice_count').where('username', '=', username).executeTakeFirstOrThrow()).digital_voice_count)
  const quotaLog = async (taskId: number) =>
    (await server.services.db.selectFrom('user_quota_log').select(['type', 'amount']).where('related_type', '=', 'task').where('related_id', '=', taskId).orderBy('id').execute()).map((row) => ({ type: row.type, amount: Number(row.amount) }))
  const upload = async (who: string, file: string) => (await server.upload<{ id: number }>('/material/upload', { file: [file, readFileSync(join(media, file))] }, { token: token[who] })).body.data.id
  const submit = (who: string, body: Record<string, unknown>) => server.call<Task>('POST', '/task/submit_voice_clone', { token: token[who], body })
  const voices = async (who: string, query: Record<string, unknown> = {}) => (await server.call<{ data: Voice[]; total: number }>('GET', '/voice_clone/list', { token: token[who], query })).body.data.data
  // A plain GET signed in by the token header, which a link endpoint takes as readily as a ticket; a ticket for
  // every sentence would cost each preview a call of its own, which the preview limit below would then measure.
  const speak = (who: string, voiceId: number, text: string) => server.inject({ method: 'GET', url: `/api/v1/voice_clone/speak?${new URLSearchParams({ id: String(voiceId), text })}`, headers: { token: token[who]! } })

  beforeAll(async () => {
    media = mkdtempSync(join(tmpdir(), 'voice-clone-api-'))
    await Promise.all([
      makeTestSpeech(join(media, 'low.m4a'), SCRIPT, 'en+m3'),
      makeTestSpeech(join(media, 'high.m4a'), SCRIPT, 'en+f3'),
      makeTestTone(join(media, 'short.m4a'), 2, 180),
      runFfmpeg(['-f', 'lavfi', '-i', 'anoisesrc=d=8:c=white:a=0.3', join(media, 'noise.m4a')]),
      makeTestImage(join(media, 'still.png')),
      runFfmpeg(['-f', 'lavfi', '-i', 'color=c=navy:s=64x64:r=25:d=2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', join(media, 'clip.mp4')]),
    ])
    // Fewer previews a minute than the default, so the limit is reached within this file.
    server = await startTestServer({ config: { speakLimit: { perAccount: 12, windowMs: 60_000, atOnce: 2 } } })
    ;({ id, token } = await server.accounts([
      ['p1', 'partner'],
      ['m1', 'merchant', 'p1'],
      ['m2', 'merchant', 'p1'],
    ]))
    await server.services.db.transaction().execute((trx) => changeQuota(trx, server.services, 'digital_voice_count', { userId: id.m1!, type: 'adjust', amount: 3, operatorId: null }))
    for (const file of ['low.m4a', 'high.m4a', 'short.m4a', 'noise.m4a', 'still.png']) material[file] = await upload('m1', file)
    material.other = await upload('m2', 'low.m4a')
    material.clip = await upload('m1', 'clip.mp4')
    material.clip2 = await upload('m2', 'clip.mp4')
    await startWorkers(server.services, taskHandlers, 2)
  }, 120_000)

  afterAll(async () => {
    await server?.close()
    rmSync(media, { recursive: true, force: true })
  })

  it('makes a voice from a recording, takes one unit of digital_voice_count, and says it is a local voice, not a clone', async () => {
    const before = await quota('m1')
    const res = await submit('m1', { name: 'Narrator', sample_material_id: material['low.m4a'], language: 'en', consent: true })
    expect(res.body.code).toBe(1)
    expect(res.body.data).toMatchObject({ kind: 'voice_clone', title: 'Narrator', status: 'queued', cost_ledger: 'digital_voice_count', cost_amount: 1 })
    expect(await quota('m1')).toBe(before - 1)
    const done = await waitForTask(server, token.m1!, res.body.data.id, 'succeeded')
    expect(done.result).toMatchObject({ provider: 'local', kind: 'stock', describe: { 'en-US': expect.stringContaining('not a clone') } })
    const [voice] = await voices('m1')
    expect(voice).toMatchObject({ name: 'Narrator', status: 'succeeded', kind: 'stock', provider: 'local', language: 'en', task_id: done.id, error: '' })
    expect(voice!.voice_id).toMatch(/^local:en\+m3:\d+$/)
    expect(voice!.pitch_hz).toBeGreaterThan(70)
    expect(voice!.pitch_hz).toBeLessThan(160)
    expect(voice!.duration).toBeGreaterThan(5)
    expect(await quota('m1')).toBe(before - 1)
    expect(await quotaLog(done.id)).toEqual([{ type: 'consume', amount: -1 }])
  }, 90_000)

  it('speaks a sentence with the voice, as MP3, for its owner only', async () => {
    const [voice] = await voices('m1')
    const res = await speak('m1', voice!.id, 'Hello, this is my voice.')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('audio/mpeg')
    const file = join(media, 'spoken.mp3')
    writeFileSync(file, res.rawPayload)
    const info = await probeMedia(file)
    expect(info.audioCodec).toBe('mp3')
    expect(info.duration).toBeGreaterThan(0.8)
    // Another merchant's voice is one it cannot see.
    const other = await speak('m2', voice!.id, 'Hello')
    expect(other.json()).toMatchObject({ code: 0 })
    // Blank text is refused with the field named.
    const blank = (await speak('m1', voice!.id, '   ')).json<{ code: number; data: { errors: { path: string }[] } }>()
    expect(blank.code).toBe(0)
    expect(blank.data.errors[0]!.path).toBe('/text')
  }, 60_000)

  it('lists every voice a voice-over can take in one list: espeak-ng\'s for Chinese and English, their variants, and the account\'s clones; and plays a local one at its speed and pitch', async () => {
    const list = (await server.call<{ local: { id: string; language: string; label: string }[]; variants: { id: string; gender: string }[]; clones: { id: string; label: string; provider: string }[] }>('GET', '/voice_clone/voices', { token: token.m1 })).body.data
    expect(list.local).toEqual(expect.arrayContaining([expect.objectContaining({ id: 'cmn', language: 'zh' }), expect.objectContaining({ id: 'en-us', language: 'en', label: 'English (America) (local synthesis)' }), expect.objectContaining({ id: 'yue', language: 'zh' })]))
    // No voice of a language the console does not speak, and none needing MBROLA data Debian does not bring.
    expect(list.local.every((v) => /^(cmn|yue|en)/.test(v.id))).toBe(true)
    expect(list.variants.length).toBeGreaterThan(50)
    expect(list.variants).toEqual(expect.arrayContaining([{ id: 'f3', gender: 'F', label: expect.any(String) }, expect.objectContaining({ id: 'Annie', gender: 'F' })]))
    const [voice] = await voices('m1')
    expect(list.clones).toEqual([{ id: `clone:${voice!.id}`, voice_clone_id: voice!.id, label: 'Narrator', provider: 'local' }])
    expect((await server.call<{ clones: unknown[] }>('GET', '/voice_clone/voices', { token: token.m2 })).body.data.clones).toEqual([])

    // Heard by m2, so m1's previews stay for the preview limit measured below.
    const local = (query: Record<string, string>) => server.inject({ method: 'GET', url: `/api/v1/voice_clone/speak?${new URLSearchParams({ text: 'Hello there, this is a test.', ...query })}`, headers: { token: token.m2! } })
    const lengthOf = async (query: Record<string, string>) => {
      const res = await local(query)
      expect(res.statusCode, res.body).toBe(200)
      const file = join(media, `local-${Object.values(query).join('-')}.mp3`)
      writeFileSync(file, res.rawPayload)
      return (await probeMedia(file)).duration
    }
    // Faster is shorter: the speed chosen is the one heard.
    expect(await lengthOf({ voice: 'en-us+f3', speed: '120' })).toBeGreaterThan((await lengthOf({ voice: 'en-us+f3', speed: '300' })) * 1.6)
    // A variant espeak-ng does not have would be read in its default voice without a word: it is refused instead.
    expect((await local({ voice: 'en-us+nobody' })).json()).toMatchObject({ code: 0, msg: expect.stringContaining('no such voice') })
    expect((await local({})).json()).toMatchObject({ code: 0, data: { errors: [{ path: '/id' }] } })

    // A task's voice field takes the same values, and refuses what this machine or account does not have, on the field.
    const estimate = (voice: string) => server.call('POST', '/task/estimate_mixed_cut', { token: token.m1, body: { title: 'Voices', slots: [{ clips: [material.clip!] }], count: 1, voice_text: 'Hello there.', voice } })
    expect((await estimate('en-gb-x-rp+Annie')).body.code).toBe(1)
    expect((await estimate(`clone:${voice!.id}`)).body.code).toBe(1)
    expect((await estimate('en-us+nobody')).body).toMatchObject({ code: 0, data: { errors: [{ path: '/voice' }] } })
    expect((await server.call('POST', '/task/estimate_mixed_cut', { token: token.m2, body: { title: 'Voices', slots: [{ clips: [material.clip2!] }], count: 1, voice_text: 'Hello there.', voice: `clone:${voice!.id}` } })).body).toMatchObject({ code: 0, data: { errors: [{ path: '/voice' }] } })
  }, 60_000)

  it('refuses a sample too short, an image, another merchant\'s, or no consent, before anything is charged', async () => {
    const before = await quota('m1')
    const short = await submit('m1', { name: 'Short', sample_material_id: material['short.m4a'], consent: true })
    expect(short.body).toMatchObject({ code: 0, data: { errors: [{ path: '/sample_material_id', message: expect.stringContaining('5 to 300 s') }] } })
    const image = await submit('m1', { name: 'Still', sample_material_id: material['still.png'], consent: true })
    expect(image.body).toMatchObject({ code: 0, data: { errors: [{ path: '/sample_material_id' }] } })
    const theirs = await submit('m1', { name: 'Theirs', sample_material_id: material.other, consent: true })
    expect(theirs.body).toMatchObject({ code: 0, data: { errors: [{ path: '/sample_material_id' }] } })
    const unconsented = await submit('m1', { name: 'No', sample_material_id: material['low.m4a'], consent: false })
    expect(unconsented.body).toMatchObject({ code: 0, data: { errors: [{ path: '/consent', message: 'Tick “The speaker agreed” to go on' }] } })
    expect(await quota('m1')).toBe(before)
    expect(await server.services.db.selectFrom('task').select('id').where('kind', '=', 'voice_clone').where('title', 'in', ['Short', 'Still', 'Theirs', 'No']).execute()).toEqual([])
  })

  it('fails a sample with no voice in it, says why, gives the unit back and keeps a failed record', async () => {
    const before = await quota('m1')
    const res = await submit('m1', { name: 'Static', sample_material_id: material['noise.m4a'], consent: true })
    const failed = await waitForTask(server, token.m1!, res.body.data.id, 'failed')
    expect(failed.attempts).toBe(1)
    expect(failed.error['en-US']).toContain('Hardly any voice')
    expect(await quota('m1')).toBe(before)
    expect(await quotaLog(failed.id)).toEqual([{ type: 'consume', amount: -1 }, { type: 'refund', amount: 1 }])
    const [record] = await voices('m1', { status: 'failed' })
    expect(record).toMatchObject({ name: 'Static', status: 'failed', voice_id: '', task_id: failed.id })
    expect(record!.error).toContain('Hardly any voice')
    const refused = (await speak('m1', record!.id, 'Hello')).json()
    expect(refused).toMatchObject({ code: 0, msg: expect.stringContaining('cannot speak') })
    // The admin's voice records hold it too.
    const admin = await server.account('admin', 'admin')
    const listed = await server.call<{ data: Voice[] }>('GET', '/platform/platform_voice_clone_list', { token: admin.token, query: { status: 'failed' } })
    expect(listed.body.data.data.map((v) => v.name)).toContain('Static')
  }, 60_000)

  it("clones the speaker's own voice through GPT-SoVITS when the admin chooses it: the reference recording goes to the shared folder, and every sentence is spoken with it", async () => {
    const { token: admin } = await server.accounts([['voice-admin', 'admin']])
    const providers = (values: Record<string, unknown>) => server.call('POST', '/platform/set_config', { token: admin['voice-admin'], body: { group: 'providers', values } })
    const status = async () => (await server.call<{ providers: { capability: string; name: string; ready: boolean; problem: string | null; describe: string }[] }>('GET', '/provider/status', { token: token.m1 })).body.data.providers.find((p) => p.capability === 'voice-clone')!
    await server.services.db.transaction().execute((trx) => changeQuota(trx, server.services, 'digital_voice_count', { userId: id.m1!, type: 'adjust', amount: 1, operatorId: null }))

    expect((await providers({ voice_clone: 'gpt-sovits', gpt_sovits_url: '', gpt_sovits_shared_dir: '' })).body.code).toBe(1)
    expect(await status()).toMatchObject({ name: 'gpt-sovits', ready: false, problem: 'GPT-SoVITS is chosen for voice clones, but GPT-SoVITS address, Reference folder (here) are not filled in: complete them in Initial configuration.' })
    const unset = await submit('m1', { name: 'Own voice', sample_material_id: material['low.m4a'], language: 'en', consent: true })
    expect(unset.body).toMatchObject({ code: 0, msg: expect.stringContaining('GPT-SoVITS is chosen for voice clones') })

    const shared = mkdtempSync(join(tmpdir(), 'gpt-sovits-shared-'))
    const contract = await startGptSovitsContract()
    contract.shared = { sharedDir: shared, containerDir: '/workspace/refs' }
    try {
      await providers({ voice_clone: 'gpt-sovits', gpt_sovits_url: contract.url, gpt_sovits_shared_dir: shared, gpt_sovits_container_dir: '/workspace/refs' })
      expect(await status()).toMatchObject({ name: 'gpt-sovits', ready: true, describe: expect.stringContaining('cloned from the recording') })
      const speech = (await server.call<{ providers: { capability: string; name: string; describe: string }[] }>('GET', '/provider/status', { token: token.m1 })).body.data.providers.find((p) => p.capability === 'speech')!
      expect(speech).toMatchObject({ name: 'gpt-sovits', describe: expect.stringMatching(/^Stock voices: .*espeak-ng.*; new cloned voices: GPT-SoVITS/) })
      const before = await quota('m1')
      const res = await submit('m1', { name: 'Own voice', sample_material_id: material['low.m4a'], language: 'en', consent: true })
      await waitForTask(server, token.m1!, res.body.data.id, 'succeeded', undefined, 60_000)
      expect(await quota('m1')).toBe(before - 1)
      const voice = (await voices('m1')).find((v) => v.task_id === res.body.data.id)!
      expect(voice).toMatchObject({ name: 'Own voice', status: 'succeeded', kind: 'clone', provider: 'gpt-sovits', voice_id: expect.stringMatching(/^gpt-sovits:en:\/workspace\/refs\/voices\/[0-9a-f-]{36}\.wav$/) })
      const reference = join(shared, voice.voice_id.slice('gpt-sovits:en:/workspace/refs/'.length))
      const kept = await probeMedia(reference)
      expect(kept).toMatchObject({ audioCodec: 'pcm_s16le', audioSampleRate: 32000, audioChannels: 1 })
      expect(kept.duration).toBeGreaterThanOrEqual(3)
      expect(kept.duration).toBeLessThanOrEqual(10)

      const said = await speak('m1', voice.id, 'Hello from my own voice.')
      expect(said.statusCode).toBe(200)
      expect(said.headers['content-type']).toBe('audio/mpeg')
      expect(contract.calls.at(-1)).toMatchObject({ text: 'Hello from my own voice.', text_lang: 'en', ref_audio_path: voice.voice_id.slice('gpt-sovits:en:'.length), prompt_lang: 'en' })
      expect((await status()).describe).toContain('runs v2 weights: a voice with its sample\'s first words reads its reference with them; one without carries only the timbre')

      // With v4 weights a voice needs its sample's words: one made without them is refused as such,
      // one made with them reads its reference with them.
      contract.version = 'v4'
      expect((await status()).describe).toContain('runs v4 weights: each voice reads its reference with the words the sample begins with')
      expect((await speak('m1', voice.id, 'Hello again.')).json()).toMatchObject({ code: 0, msg: expect.stringContaining('GPT-SoVITS runs v3/v4 weights, which need the words of the voice\'s reference recording') })
      await server.services.db.transaction().execute((trx) => changeQuota(trx, server.services, 'digital_voice_count', { userId: id.m1!, type: 'adjust', amount: 1, operatorId: null }))
      const worded = await submit('m1', { name: 'Worded voice', sample_material_id: material['low.m4a'], language: 'en', transcript: SCRIPT, consent: true })
      await waitForTask(server, token.m1!, worded.body.data.id, 'succeeded', undefined, 60_000)
      const wordedVoice = (await voices('m1')).find((v) => v.task_id === worded.body.data.id)!
      expect(wordedVoice.reference_text).toBe(SCRIPT)
      expect((await speak('m1', wordedVoice.id, 'Hello with words.')).statusCode).toBe(200)
      expect(contract.calls.at(-1)).toMatchObject({ text: 'Hello with words.', prompt_text: SCRIPT })
      contract.version = 'v2'

      // A voice already made keeps its provider when the admin goes back to the local one.
      await providers({ voice_clone: 'local' })
      expect((await speak('m1', voice.id, 'Still me.')).statusCode).toBe(200)
      expect(contract.calls.at(-1)).toMatchObject({ text: 'Still me.' })
    } finally {
      await providers({ voice_clone: 'local' })
      await contract.close()
      rmSync(shared, { recursive: true, force: true })
    }
  }, 120_000)

  it("clones through HeyGem's voice service when chosen, and gives the unit back with its reason when the service answers what it does not document", async () => {
    const { token: admin } = await server.accounts([['voice-admin-2', 'admin']])
    const providers = (values: Record<string, unknown>) => server.call('POST', '/platform/set_config', { token: admin['voice-admin-2'], body: { group: 'providers', values } })
    await server.services.db.transaction().execute((trx) => changeQuota(trx, server.services, 'digital_voice_count', { userId: id.m1!, type: 'adjust', amount: 1, operatorId: null }))
    const shared = mkdtempSync(join(tmpdir(), 'heygem-voice-shared-'))
    const contract = await startHeyGemVoiceContract(shared)
    try {
      await providers({ voice_clone: 'heygem', heygem_voice_url: contract.url, heygem_voice_shared_dir: shared })
      const before = await quota('m1')
      const res = await submit('m1', { name: 'HeyGem voice', sample_material_id: material['high.m4a'], language: 'en', consent: true })
      await waitForTask(server, token.m1!, res.body.data.id, 'succeeded', undefined, 60_000)
      const voice = (await voices('m1')).find((v) => v.task_id === res.body.data.id)!
      expect(voice).toMatchObject({ status: 'succeeded', kind: 'clone', provider: 'heygem', voice_id: expect.stringMatching(/^heygem:[0-9a-f-]{36}$/) })
      expect((await speak('m1', voice.id, 'Hello there.')).statusCode).toBe(200)
      expect(contract.invoked.at(-1)).toMatchObject({ text: 'Hello there.', reference_text: contract.transcript })
      expect(await quota('m1')).toBe(before - 1)

      contract.mode = 'wrong-service'
      const broken = await submit('m1', { name: 'Broken voice', sample_material_id: material['high.m4a'], language: 'en', consent: true })
      const failed = await waitForTask(server, token.m1!, broken.body.data.id, 'failed', undefined, 60_000)
      expect(failed.error['en-US']).toContain('answered something its API does not document')
      expect(failed.cost_state).toBe('released')
      expect(await quota('m1')).toBe(before - 1)
      expect((await voices('m1', { status: 'failed' })).find((v) => v.task_id === broken.body.data.id)).toMatchObject({ name: 'Broken voice', provider: 'heygem' })
    } finally {
      await providers({ voice_clone: 'local' })
      await contract.close()
      rmSync(shared, { recursive: true, force: true })
    }
  }, 120_000)

  it('keeps a cancelled record for a clone cancelled while queued, its unit given back', async () => {
    await server.services.tasks.stop()
    const before = await quota('m1')
    const res = await submit('m1', { name: 'Changed my mind', sample_material_id: material['high.m4a'], consent: true })
    expect(await quota('m1')).toBe(before - 1)
    const cancelled = await server.call<Task>('POST', '/task/cancel', { token: token.m1, body: { id: res.body.data.id } })
    expect(cancelled.body.data.status).toBe('cancelled')
    expect(await quota('m1')).toBe(before)
    const [record] = await voices('m1', { status: 'cancelled' })
    expect(record).toMatchObject({ name: 'Changed my mind', task_id: res.body.data.id })
    expect(record!.error).toContain('Cancelled by m1')
  })

  it('refuses a clone with no quota left', async () => {
    const res = await submit('m2', { name: 'Nothing left', sample_material_id: material.other, consent: true })
    expect(res.body.code).toBe(0)
    expect(res.body.msg).toMatch(/quota|额度/i)
    expect(await voices('m2')).toEqual([])
  })

  it('renames a voice, and lets no one else rename or delete it', async () => {
    const [voice] = await voices('m1', { status: 'succeeded' })
    expect((await server.call('POST', '/voice_clone/edit', { token: token.m1, body: { id: voice!.id, name: 'Deep narrator' } })).body.code).toBe(1)
    expect((await voices('m1', { status: 'succeeded' }))[0]!.name).toBe('Deep narrator')
    expect((await server.call('POST', '/voice_clone/edit', { token: token.m2, body: { id: voice!.id, name: 'Mine now' } })).body.code).toBe(0)
    expect((await server.call('POST', '/voice_clone/del', { token: token.m2, body: { ids: [voice!.id] } })).body.code).toBe(0)
    expect((await server.call('POST', '/voice_clone/del', { token: token.m1, body: { ids: [voice!.id] } })).body.code).toBe(1)
  })

  it('lists the tasks of several kinds at once, as a page of clone tasks asks for them', async () => {
    const list = async (kinds: string) => (await server.call<{ data: Task[] }>('GET', '/task/list', { token: token.m1, query: { kind_in: kinds } })).body
    const clones = await list('voice_clone,avatar_clone')
    expect(clones.data.data.length).toBeGreaterThan(0)
    expect(new Set(clones.data.data.map((t) => t.kind))).toEqual(new Set(['voice_clone']))
    expect((await list('clip,mixed_cut')).data.data).toEqual([])
    expect((await list('clip,,voice_clone')).data).toMatchObject({ errors: [{ path: '/kind_in' }] })
  })

  it('says a sentence asked for again the same way, and tells an account asking for too many previews to wait', async () => {
    const voice = (await voices('m1')).find((v) => v.provider === 'local' && v.status === 'succeeded')
    const first = await speak('m1', voice!.id, 'Said twice.')
    const again = await speak('m1', voice!.id, 'Said twice.')
    expect([first.statusCode, again.statusCode]).toEqual([200, 200])
    expect(Buffer.compare(first.rawPayload, again.rawPayload)).toBe(0)
    const answers: number[] = []
    for (let i = 0; i < 13 && !answers.includes(429); i++) answers.push((await speak('m1', voice!.id, `Sentence ${i}.`)).statusCode)
    expect(answers.at(-1)).toBe(429)
    expect(answers.slice(0, -1).every((status) => status === 200)).toBe(true)
    const refused = await speak('m1', voice!.id, 'One more.')
    expect(refused.json()).toMatchObject({ code: 0, msg: expect.stringMatching(/^Too many requests\. Try again in \d+ seconds\.$/) })
  }, 60_000)
})
