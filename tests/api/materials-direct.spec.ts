import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './harness'
import { makeTestVideo } from '../../src/server/media/test-media'
import { runFfmpeg } from '../../src/server/media/run-ffmpeg'
import { probeMedia } from '../../src/server/media/probe'
import { startS3Contract, type S3Contract } from '../support/s3-contract'
import type { Material, UploadGenerateStsTokenResponse as Grant } from '../../src/generated/types'

const S3 = { bucket: 'media', accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret', region: 'cn-north-1' }

/** What a browser does with a grant: a multipart POST of the fields, then the file, to the store itself. */
async function postToStore(grant: Grant, file: Buffer, name: string, fields: Record<string, string> = grant.fields): Promise<number> {
  const form = new FormData()
  for (const [field, value] of Object.entries(fields)) form.append(field, value)
  form.append(grant.file_field, new Blob([new Uint8Array(file)]), name)
  return (await fetch(grant.upload_url, { method: 'POST', body: form })).status
}

describe('materials sent by the browser straight to S3-compatible storage', () => {
  let server: TestServer
  let s3: S3Contract
  let token: Record<string, string>
  let id: Record<string, number>
  let video: Buffer
  let recording: Buffer

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'direct-media-'))
    await makeTestVideo(join(dir, 'clip.mp4'), { seconds: 2, width: 160, height: 120 })
    video = readFileSync(join(dir, 'clip.mp4'))
    // Matroska's live mode states no length, as a browser's MediaRecorder writes its WebM.
    await runFfmpeg(['-f', 'lavfi', '-i', 'sine=frequency=220:duration=3', '-c:a', 'libopus', '-live', '1', '-f', 'webm', join(dir, 'recorded.webm')])
    recording = readFileSync(join(dir, 'recorded.webm'))
    rmSync(dir, { recursive: true, force: true })
    s3 = await startS3Contract(S3)
    server = await startTestServer({
      config: { uploads: { store: 's3', endpoint: s3.endpoint, region: S3.region, bucket: S3.bucket, accessKeyId: S3.accessKeyId, secretAccessKey: S3.secretAccessKey, publicUrl: `${s3.endpoint}/${S3.bucket}`, forcePathStyle: true }, mediaMaxBytes: 50 * 1024 * 1024 },
    })
    ;({ id, token } = await server.accounts([
      ['p', 'partner'],
      ['shop', 'merchant', 'p'],
      ['other', 'merchant', 'p'],
      ['sales', 'agent', 'p'],
    ]))
  }, 60_000)

  afterAll(async () => {
    await server?.close()
    await s3?.close()
  })

  const grant = async (who: string, type = 'video/mp4') => (await server.call<Grant>('GET', '/upload/generate_sts_token', { token: token[who], query: { type, purpose: 'material' } })).body

  it('hands out a presigned POST under the caller\'s own folder, as large as MEDIA_MAX_MB allows, that the store holds to its type', async () => {
    const answer = await grant('shop')
    expect(answer.code).toBe(1)
    expect(answer.data).toMatchObject({ provider: 's3', upload_url: `${s3.endpoint}/${S3.bucket}`, needs_token: false, max_bytes: 50 * 1024 * 1024 })
    expect(answer.data.key).toMatch(new RegExp(`^materials/${id.shop}/\\d{4}-\\d{2}/[0-9a-f]{32}\\.mp4$`))
    expect(answer.data.fields.key).toBe(answer.data.key)
    // The policy binds the type: a form that claims another is refused by the store itself.
    expect(await postToStore(answer.data, video, 'clip.mp4', { ...answer.data.fields, 'Content-Type': 'text/html' })).toBe(403)
    // And the signature is over the policy: one that does not match it is refused.
    expect(await postToStore(answer.data, video, 'clip.mp4', { ...answer.data.fields, 'X-Amz-Signature': '0'.repeat(64) })).toBe(403)
    expect(s3.objects.has(answer.data.key)).toBe(false)
  })

  it('keeps a video sent to the store as a material: probed where it lies, with a thumbnail and a preview in the bucket', async () => {
    const { data } = await grant('shop')
    expect(await postToStore(data, video, 'clip.mp4')).toBe(204)
    const res = await server.call<Material>('POST', '/material/register', { token: token.shop, body: { key: data.key, name: 'Beach.mp4', tags: 'sea' } })
    expect(res.body.code).toBe(1)
    expect(res.body.data).toMatchObject({ name: 'Beach.mp4', kind: 'video', width: 160, url: `${s3.endpoint}/${S3.bucket}/${data.key}` })
    expect(res.body.data.duration).toBeGreaterThan(1.5)
    for (const url of [res.body.data.thumb_url, res.body.data.preview_url]) expect(s3.objects.has(url.replace(`${s3.endpoint}/${S3.bucket}/`, ''))).toBe(true)
    // Once kept, the key is no upload of anyone's any more: not the owner's a second time, not another's.
    const twice = await server.call('POST', '/material/register', { token: token.shop, body: { key: data.key } })
    expect(twice.body).toMatchObject({ code: 0, data: { errors: [{ path: '/key' }] } })
    const borrowed = await server.call('POST', '/material/register', { token: token.other, body: { key: data.key } })
    expect(borrowed.body).toMatchObject({ code: 0, data: { errors: [{ path: '/key' }] } })
    // Deleting it takes its three files out of the bucket.
    const before = s3.objects.size
    expect((await server.call<{ deleted: number }>('POST', '/material/del', { token: token.shop, body: { ids: [res.body.data.id] } })).body.data.deleted).toBe(1)
    expect(s3.objects.size).toBe(before - 3)
    expect(s3.objects.has(data.key)).toBe(false)
  })

  it('writes into a recording sent to the store the length it did not state, and puts it back under its key', async () => {
    const { data } = await grant('shop', 'video/webm')
    expect(await postToStore(data, recording, 'Recording.webm')).toBe(204)
    const res = await server.call<Material>('POST', '/material/register', { token: token.shop, body: { key: data.key, name: 'Recording.webm' } })
    expect(res.body).toMatchObject({ code: 1, data: { kind: 'audio', format: 'matroska,webm', url: `${s3.endpoint}/${S3.bucket}/${data.key}` } })
    const dir = mkdtempSync(join(tmpdir(), 'direct-kept-'))
    try {
      const stored = s3.objects.get(data.key)!
      expect(stored.type).toBe('audio/webm')
      writeFileSync(join(dir, 'kept.webm'), stored.body)
      const kept = await probeMedia(join(dir, 'kept.webm'))
      expect(kept.lengthFromPackets).toBeUndefined()
      expect(kept.duration).toBeCloseTo(3, 1)
      expect(res.body.data.size).toBe(stored.body.length)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
    await server.call('POST', '/material/del', { token: token.shop, body: { ids: [res.body.data.id] } })
  })

  it('refuses, and removes from the store, a file that is not really media; refuses a key never sent', async () => {
    const { data } = await grant('shop')
    expect(await postToStore(data, Buffer.from('not a video\n'.repeat(100)), 'fake.mp4')).toBe(204)
    const res = await server.call<{ errors: { path: string; message: string }[] }>('POST', '/material/register', { token: token.shop, body: { key: data.key, name: 'fake.mp4' } })
    expect(res.body.code).toBe(0)
    expect(res.body.data.errors[0]!.path).toBe('/key')
    expect(res.body.msg).toContain('fake.mp4')
    expect(s3.objects.has(data.key)).toBe(false)
    expect((await server.call<{ total: number }>('GET', '/material/list', { token: token.shop })).body.data.total).toBe(0)
    const never = (await grant('shop')).data.key
    const missing = await server.call('POST', '/material/register', { token: token.shop, body: { key: never } })
    expect(missing.body).toMatchObject({ code: 0, data: { errors: [{ path: '/key' }] } })
  })

  it('gives material rights only to those who keep materials, and image rights only for images', async () => {
    expect((await grant('sales')).code).toBe(0)
    const image = await server.call('GET', '/upload/generate_sts_token', { token: token.shop, query: { type: 'video/mp4' } })
    expect(image.body).toMatchObject({ code: 0, data: { errors: [{ path: '/type' }] } })
    expect((await server.call('GET', '/upload/generate_sts_token', { token: token.sales, query: { type: 'image/png' } })).body.code).toBe(1)
  })
})

describe('materials with local storage', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server?.close())

  it('are sent through the API: the rights name material/upload and the session token', async () => {
    const { token } = await server.account('shop', 'merchant')
    const res = await server.call<Grant>('GET', '/upload/generate_sts_token', { token, query: { type: 'video/webm', purpose: 'material' } })
    expect(res.body.data).toMatchObject({ provider: 'local', upload_url: '/api/v1/material/upload', needs_token: true, file_field: 'file' })
  })
})
