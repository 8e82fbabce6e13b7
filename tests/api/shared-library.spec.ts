// PostgreSQL too: the shared rows are chosen by SQL over the account paths, on both databases.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './harness'
import { makeTestFont, makeTestTone } from '../../src/server/media/test-media'
import { runFfmpeg } from '../../src/server/media/run-ffmpeg'

type Row = { id: number; name: string; shared: boolean; owner_id: number; _readonly: boolean; _titles: { owner_id: string | null } }
type Page = { total: number; data: Row[] }

describe('libraries shared down the hierarchy: the platform\'s and a partner\'s, read-only below them, in lists, pickers and tasks (issue: shared libraries)', () => {
  let server: TestServer
  let media: string
  let token: Record<string, string>
  let id: Record<string, number>
  let font: { family: string }
  const material: Record<string, number> = {}

  const call = <T>(who: string, method: 'GET' | 'POST', path: string, body?: Record<string, unknown>) => server.call<T>(method, path, { token: token[who], ...(method === 'GET' ? { query: body } : { body }) })
  const names = async (who: string, query: Record<string, unknown> = {}) => {
    const page = await call<Page>(who, 'GET', '/material/list', { page: 1, limit: 100, ...query })
    expect(page.body.code, page.body.msg).toBe(1)
    return Object.fromEntries(page.body.data.data.map((row) => [row.name, row]))
  }

  beforeAll(async () => {
    media = mkdtempSync(join(tmpdir(), 'shared-library-'))
    ;[, , font] = await Promise.all([
      runFfmpeg(['-f', 'lavfi', '-i', 'color=c=navy:s=64x64:r=25:d=2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', join(media, 'clip.mp4')]),
      makeTestTone(join(media, 'bed.m4a'), 2),
      makeTestFont(join(media, 'brand.ttf')),
    ])
    server = await startTestServer()
    ;({ id, token } = await server.accounts([
      ['admin', 'admin'],
      ['p1', 'partner'],
      ['p2', 'partner'],
      ['m1', 'merchant', 'p1'],
      ['m2', 'merchant', 'p1'],
      ['m3', 'merchant', 'p2'],
    ]))
    const upload = async (who: string, name: string, file: string, shared: boolean) => {
      const sent = await server.upload<{ id: number }>('/material/upload', { file: [file, readFileSync(join(media, file))], name }, { token: token[who] })
      expect(sent.body.code, sent.body.msg).toBe(1)
      material[name] = sent.body.data.id
      if (shared) expect((await call(who, 'POST', '/material/edit', { id: sent.body.data.id, shared: true })).body.code).toBe(1)
    }
    await upload('admin', 'platform dawn', 'clip.mp4', true)
    await upload('admin', 'platform bed', 'bed.m4a', true)
    await upload('admin', 'platform draft', 'clip.mp4', false)
    await upload('p1', 'partner clip', 'clip.mp4', true)
    await upload('p1', 'partner draft', 'clip.mp4', false)
    await upload('m1', 'own clip', 'clip.mp4', false)
    await upload('admin', 'platform font', 'brand.ttf', true)
  }, 60_000)

  afterAll(async () => {
    await server?.close()
    rmSync(media, { recursive: true, force: true })
  })

  it('shows a merchant its own files beside what the platform and its own partner share, each shared row read-only and named by its owner', async () => {
    const m1 = await names('m1')
    expect(Object.keys(m1).sort()).toEqual(['own clip', 'partner clip', 'platform bed', 'platform dawn', 'platform font'])
    expect(m1['own clip']).toMatchObject({ _readonly: false, _titles: { owner_id: 'm1' } })
    expect(m1['platform dawn']).toMatchObject({ _readonly: true, shared: true, _titles: { owner_id: 'Platform' } })
    expect(m1['partner clip']).toMatchObject({ _readonly: true, _titles: { owner_id: 'p1' } })
    // Another partner's merchant sees the platform's library, not p1's.
    expect(Object.keys(await names('m3')).sort()).toEqual(['platform bed', 'platform dawn', 'platform font'])
    // A read of a shared record says the same; an unshared one stays as missing as before.
    const read = await call<Row>('m1', 'GET', '/material/detail', { id: material['platform dawn'] })
    expect(read.body.data).toMatchObject({ _readonly: true })
    expect((await call('m1', 'GET', '/material/detail', { id: material['platform draft'] })).body.code).toBe(0)
  })

  it('lets no one below change or delete a shared file, and the owner still can', async () => {
    const edit = await call('m1', 'POST', '/material/edit', { id: material['platform dawn'], name: 'mine now' })
    expect(edit.body).toMatchObject({ code: 0, data: { errors: [{ path: '/id' }] } })
    const remove = await call('m1', 'POST', '/material/del', { ids: [material['partner clip']] })
    expect(remove.body).toMatchObject({ code: 0, data: { errors: [{ path: '/ids' }] } })
    expect((await names('admin'))['platform dawn']!.name).toBe('platform dawn')
    expect((await call('p1', 'POST', '/material/edit', { id: material['partner clip'], tags: 'harbour' })).body.code).toBe(1)
  })

  it('offers a picker only what the person may use: a partner\'s own and shared files, not its merchants\'', async () => {
    // The materials page of a partner shows its merchants' files, as it always did.
    expect(Object.keys(await names('p1'))).toContain('own clip')
    const usable = await names('p1', { usable: true })
    expect(Object.keys(usable).sort()).toEqual(['partner clip', 'partner draft', 'platform bed', 'platform dawn', 'platform font'])
    // An admin's picker holds its own library alone, not every account's files.
    expect(Object.keys(await names('admin', { usable: true })).sort()).toEqual(['platform bed', 'platform dawn', 'platform draft', 'platform font'])
    expect(Object.keys(await names('m1', { usable: true, kind_in: 'audio' }))).toEqual(['platform bed'])
  })

  it('takes shared files in tasks, and refuses what is not shared as if it did not exist', async () => {
    const slots = (ids: number[]) => ({ title: 'Shared', slots: [{ clips: ids, min_seconds: 1, max_seconds: 2 }], count: 1, resolution: 480 })
    const shared = await call('m1', 'POST', '/task/estimate_mixed_cut', slots([material['platform dawn']!, material['partner clip']!]))
    expect(shared.body.code, JSON.stringify(shared.body)).toBe(1)
    const draft = await call('m1', 'POST', '/task/estimate_mixed_cut', slots([material['platform draft']!]))
    expect(draft.body).toMatchObject({ code: 0, data: { errors: [{ path: expect.stringMatching(/^\/slots\/0\/clips/) }] } })
    // A merchant with no files of its own makes a video from a topic with the platform's library alone.
    const topic = await call('m3', 'POST', '/task/estimate_topic_video', { title: 'Dawn', source: 'script', script: 'The dawn is quiet.', bgm_material_id: material['platform bed'] })
    expect(topic.body.code, JSON.stringify(topic.body)).toBe(1)
    // Another partner's shared file is not its to use.
    const others = await call('m3', 'POST', '/task/estimate_mixed_cut', slots([material['partner clip']!]))
    expect(others.body.code).toBe(0)
  })
  it('keeps fonts in libraries: read from their tables, offered by the font list beside the installed ones, and taken by a subtitle style', async () => {
    const kept = (await names('admin'))['platform font']!
    expect(kept).toMatchObject({ kind: 'font', format: 'ttf', duration: 0, width: null, thumb_url: expect.stringMatching(/\.jpg$/) })
    // A file that says it is a font and is not one is refused, saying why, and nothing is kept.
    const damaged = await server.upload('/material/upload', { file: ['broken.ttf', Buffer.concat([Buffer.from([0, 1, 0, 0]), Buffer.alloc(40)])] }, { token: token.m1 })
    expect(damaged.body).toMatchObject({ code: 0, data: { errors: [{ path: '/file', message: expect.stringMatching(/not a font that can be used/) }] } })
    const fonts = await call<{ installed: { id: string; label: string }[]; library: { id: string; label: string; shared_by: string | null }[] }>('m3', 'GET', '/material/fonts')
    expect(fonts.body.data.installed.slice(0, 2)).toEqual([{ id: 'Noto Sans CJK SC', label: 'Noto Sans (sans-serif)' }, { id: 'Noto Serif CJK SC', label: 'Noto Serif (serif)' }])
    expect(fonts.body.data.library).toEqual([{ id: `material:${kept.id}`, material_id: kept.id, label: 'platform font', thumb_url: expect.any(String), shared_by: 'Platform' }])
    expect((await call<typeof fonts.body.data>('admin', 'GET', '/material/fonts')).body.data.library[0]).toMatchObject({ shared_by: null })

    const styled = (font: string) => call('m3', 'POST', '/task/estimate_topic_video', { title: 'Styled', source: 'script', script: 'The dawn is quiet.', subtitle_style: { font } })
    expect((await styled(`material:${kept.id}`)).body.code).toBe(1)
    expect((await styled('DejaVu Serif')).body.code).toBe(1)
    expect((await styled('No Such Family')).body).toMatchObject({ code: 0, data: { errors: [{ path: '/subtitle_style/font', message: expect.stringMatching(/no font "No Such Family"/) }] } })
    // A clip is no font, and a font no clip.
    expect((await styled(`material:${material['platform dawn']}`)).body).toMatchObject({ code: 0, data: { errors: [{ path: '/subtitle_style/font' }] } })
    const asClip = await call('m3', 'POST', '/task/estimate_mixed_cut', { title: 'Font', slots: [{ clips: [kept.id] }], count: 1 })
    expect(asClip.body).toMatchObject({ code: 0, data: { errors: [{ path: '/slots/0/clips/0' }] } })
    expect(font.family).toMatch(/^Uploaded/)
  })
})
