import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './harness'
import { changeQuota } from '../../src/server/ledger/ledger'
import { taskHandlers } from '../../src/server/task-handlers'
import { makeTestCutVideo, makeTestVideo } from '../../src/server/media/test-media'
import { probeMedia } from '../../src/server/media/probe'
import { waitForTask, type Task } from '../support/tasks'
import { startWorkers } from '../../src/server/tasks/engine'

type Avatar = { id: number; name: string; tier: string; status: string; render: string; provider: string; still_url: string; loop_url: string; duration: number; error: string; task_id: number }

describe('avatars: a training video in, an avatar out, one quota unit each, a record of every try (issue: digital humans)', () => {
  let server: TestServer
  let media: string
  let token: Record<string, string>
  let id: Record<string, number>
  const material: Record<string, number> = {}

  const quota = async (username: string, column: 'digital_man_count' | 'digital_man_advanced_count') =>
    Number((await server.services.db.selectFrom('account').select(column).where('username', '=', username).executeTakeFirstOrThrow())[column])
  const upload = async (file: string) => (await server.upload<{ id: number }>('/material/upload', { file: [file, readFileSync(join(media, file))] }, { token: token.m1 })).body.data.id
  const submit = (kind: string, body: Record<string, unknown>) => server.call<Task>('POST', `/task/submit_${kind}`, { token: token.m1, body })
  const avatars = async (query: Record<string, unknown> = {}) => (await server.call<{ data: Avatar[] }>('GET', '/avatar/list', { token: token.m1, query })).body.data.data
  const stored = (url: string) => join(server.services.config.dataDir, url.replace(/^\//, ''))

  beforeAll(async () => {
    media = mkdtempSync(join(tmpdir(), 'avatar-clone-api-'))
    await Promise.all([
      makeTestVideo(join(media, 'person.mp4'), { seconds: 9, width: 480, height: 360 }),
      makeTestVideo(join(media, 'short.mp4'), { seconds: 4, width: 480, height: 360 }),
      makeTestCutVideo(join(media, 'cut.mp4'), 5),
      // What an HD clone needs: 15 s or more, the shorter side 720 pixels or more; and a long video below that.
      makeTestVideo(join(media, 'person-hd.mp4'), { seconds: 16, width: 1280, height: 720, fps: 10 }),
      makeTestVideo(join(media, 'long-small.mp4'), { seconds: 16, width: 640, height: 360, fps: 10 }),
    ])
    server = await startTestServer()
    ;({ id, token } = await server.accounts([
      ['p1', 'partner'],
      ['m1', 'merchant', 'p1'],
      ['m2', 'merchant', 'p1'],
    ]))
    await server.services.db.transaction().execute((trx) => changeQuota(trx, server.services, 'digital_man_count', { userId: id.m1!, type: 'adjust', amount: 3, operatorId: null }))
    await server.services.db.transaction().execute((trx) => changeQuota(trx, server.services, 'digital_man_advanced_count', { userId: id.m1!, type: 'adjust', amount: 1, operatorId: null }))
    for (const file of ['person.mp4', 'short.mp4', 'cut.mp4', 'person-hd.mp4', 'long-small.mp4']) material[file] = await upload(file)
    await startWorkers(server.services, taskHandlers, 2)
  }, 120_000)

  afterAll(async () => {
    await server?.close()
    rmSync(media, { recursive: true, force: true })
  })

  it('makes an avatar from a training video: a loop and a portrait kept, one digital_man_count unit taken, said to be a loop and a still, no model of the person', async () => {
    const before = await quota('m1', 'digital_man_count')
    const res = await submit('avatar_clone', { name: 'Shop host', training_material_id: material['person.mp4'], consent: true })
    expect(res.body.data).toMatchObject({ kind: 'avatar_clone', title: 'Shop host', cost_ledger: 'digital_man_count', cost_amount: 1 })
    const done = await waitForTask(server, token.m1!, res.body.data.id, 'succeeded')
    expect(done.result).toMatchObject({ provider: 'local', render: 'no_lip_sync', describe: { 'en-US': 'Local avatar: a loop and a still from the training video, no model of the person' } })
    const [avatar] = await avatars()
    expect(avatar).toMatchObject({ name: 'Shop host', tier: 'standard', status: 'succeeded', render: 'no_lip_sync', provider: 'local', task_id: done.id, error: '' })
    expect(avatar!.duration).toBeCloseTo(9, 0)
    const loop = await probeMedia(stored(avatar!.loop_url))
    expect(loop.duration).toBeCloseTo(5, 0)
    expect(loop.audioCodec).toBeNull()
    expect(existsSync(stored(avatar!.still_url))).toBe(true)
    expect(await quota('m1', 'digital_man_count')).toBe(before - 1)
  }, 90_000)

  it('refuses, before charging, a video too short for an image clone and one too short for an HD clone', async () => {
    const [man, advanced] = [await quota('m1', 'digital_man_count'), await quota('m1', 'digital_man_advanced_count')]
    const short = await submit('avatar_clone', { name: 'Short', training_material_id: material['short.mp4'], consent: true })
    expect(short.body).toMatchObject({ code: 0, data: { errors: [{ path: '/training_material_id', message: 'The training video lasts 4.0 s; it needs at least 8 s' }] } })
    const hd = await submit('avatar_clone_hd', { name: 'Sharper', training_material_id: material['person.mp4'], consent: true })
    expect(hd.body).toMatchObject({ code: 0, data: { errors: [{ path: '/training_material_id', message: 'The training video lasts 9.0 s; it needs at least 15 s' }] } })
    expect([await quota('m1', 'digital_man_count'), await quota('m1', 'digital_man_advanced_count')]).toEqual([man, advanced])
  })

  it('makes an HD avatar from a longer, sharper video, taking a digital_man_advanced_count unit and leaving digital_man_count alone', async () => {
    const [man, advanced] = [await quota('m1', 'digital_man_count'), await quota('m1', 'digital_man_advanced_count')]
    const small = await submit('avatar_clone_hd', { name: 'Too small', training_material_id: material['long-small.mp4'], consent: true })
    expect(small.body).toMatchObject({ code: 0, data: { errors: [{ path: '/training_material_id', message: 'The training video is 640×360; its shorter side needs at least 720 pixels' }] } })
    const res = await submit('avatar_clone_hd', { name: 'Sharper host', training_material_id: material['person-hd.mp4'], consent: true })
    expect(res.body.data).toMatchObject({ kind: 'avatar_clone_hd', cost_ledger: 'digital_man_advanced_count', cost_amount: 1 })
    const done = await waitForTask(server, token.m1!, res.body.data.id, 'succeeded')
    const [avatar] = await avatars({ tier: 'hd' })
    expect(avatar).toMatchObject({ name: 'Sharper host', tier: 'hd', status: 'succeeded', render: 'no_lip_sync', provider: 'local' })
    const loop = await probeMedia(stored(avatar!.loop_url))
    expect(loop).toMatchObject({ width: 1280, height: 720 })
    // Ten seconds of the middle, less the second its end fades into its start over.
    expect(loop.duration).toBeCloseTo(9, 0)
    expect([await quota('m1', 'digital_man_count'), await quota('m1', 'digital_man_advanced_count')]).toEqual([man, advanced - 1])
  }, 90_000)

  it('fails a video that cuts between two shots, says where, gives the unit back and keeps a failed record', async () => {
    const before = await quota('m1', 'digital_man_count')
    const res = await submit('avatar_clone', { name: 'Two shots', training_material_id: material['cut.mp4'], consent: true })
    const failed = await waitForTask(server, token.m1!, res.body.data.id, 'failed')
    expect(failed.error['en-US']).toBe('The training video cuts to another shot at 5.0 s: use one continuous shot of the person.')
    expect(failed.attempts).toBe(1)
    expect(await quota('m1', 'digital_man_count')).toBe(before)
    const [record] = await avatars({ status: 'failed' })
    expect(record).toMatchObject({ name: 'Two shots', status: 'failed', loop_url: '', task_id: failed.id })
    expect(record!.error).toContain('one continuous shot')
  }, 60_000)

  it('is its owner\'s alone, and its files go with it when it is deleted', async () => {
    const [avatar] = await avatars({ status: 'succeeded' })
    expect((await server.call('GET', '/avatar/detail', { token: token.m2, query: { id: avatar!.id } })).body.code).toBe(0)
    expect((await server.call('POST', '/avatar/del', { token: token.m2, body: { ids: [avatar!.id] } })).body.code).toBe(0)
    expect((await server.call('POST', '/avatar/edit', { token: token.m1, body: { id: avatar!.id, name: 'Evening host' } })).body.code).toBe(1)
    expect((await server.call('POST', '/avatar/del', { token: token.m1, body: { ids: [avatar!.id] } })).body.code).toBe(1)
    expect(existsSync(stored(avatar!.loop_url))).toBe(false)
    expect(existsSync(stored(avatar!.still_url))).toBe(false)
  })
})
