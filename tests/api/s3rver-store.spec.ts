import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './harness'
import { makeTestVideo } from '../../src/server/media/test-media'
import { changeMoney } from '../../src/server/ledger/ledger'
import { startWorkers } from '../../src/server/tasks/engine'
import { taskHandlers } from '../../src/server/task-handlers'
import { startS3rver, type S3rverStore } from '../support/s3rver'
import { waitForTask } from '../support/tasks'
import type { Material, UploadGenerateStsTokenResponse as Grant } from '../../src/generated/types'

/**
 * The S3 store against an S3 server we did not write (s3rver, tests/support/s3rver.ts), where
 * tests/api/materials-direct.spec.ts runs it against our own contract server: one bucket for the
 * materials the browser sends, the tasks' outputs and everything derived from them.
 *
 * What s3rver 3.7.1 does not check, read from its source (lib/controllers/object.js postObject,
 * lib/middleware/authentication.js), so these tests cannot show the store's rights are narrow:
 * - a browser's POST is not authenticated at all: its `Policy` field is skipped as unimplemented,
 *   and X-Amz-Signature, X-Amz-Credential and X-Amz-Date are kept as fields and dropped; so the
 *   policy's expiry and its conditions (content-length-range, the `eq` on Content-Type, the
 *   bucket and key) hold nothing, and a form naming any key, type or size is stored;
 * - a SigV4-signed request has only its access key looked up and its date held within 15
 *   minutes: the signature is never computed, the payload hash never compared;
 * - reads need no credentials: any object is served to anyone, as a public bucket would.
 * The policy and the signatures are checked by the contract server (tests/support/s3-contract.ts,
 * after AWS's documentation), in materials-direct.spec.ts.
 */

/** The console's client (src/console/creation/send-material.ts): the grant's fields in order, then the file, to the store. */
async function postAsTheConsole(grant: Grant, file: Buffer, name: string): Promise<Response> {
  const form = new FormData()
  for (const [field, value] of Object.entries(grant.fields)) form.append(field, value)
  form.append(grant.file_field, new Blob([new Uint8Array(file)], { type: 'video/mp4' }), name)
  return fetch(grant.upload_url, { method: 'POST', body: form })
}

describe('uploads in s3rver: materials, task outputs and exports with UPLOAD_STORE=s3', () => {
  let s3: S3rverStore
  let server: TestServer
  let token: string
  let userId: number
  let video: Buffer
  let material: Material

  const inBucket = (url: string) => {
    expect(url.startsWith(`${s3.uploads.publicUrl}/`)).toBe(true)
    return url.slice(s3.uploads.publicUrl.length + 1)
  }

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 's3rver-media-'))
    await makeTestVideo(join(dir, 'clip.mp4'), { seconds: 1, width: 160, height: 120 })
    video = readFileSync(join(dir, 'clip.mp4'))
    rmSync(dir, { recursive: true, force: true })
    s3 = await startS3rver('media')
    server = await startTestServer({ config: { uploads: s3.uploads } })
    ;({ id: userId, token } = await server.account('shop', 'merchant'))
    await server.services.db.transaction().execute((trx) => changeMoney(trx, server.services, { userId, type: 'adjust', amount: 100, operatorId: null }))
    await startWorkers(server.services, taskHandlers, 1)
  }, 60_000)

  afterAll(async () => {
    await server?.close()
    await s3?.close()
  })

  it('takes a video the browser posts under its presigned form, keeps its thumbnail and preview beside it, and serves its bytes', async () => {
    const grant = (await server.call<Grant>('GET', '/upload/generate_sts_token', { token, query: { type: 'video/mp4', purpose: 'material' } })).body.data
    expect(grant).toMatchObject({ provider: 's3', upload_url: `${s3.endpoint}/${s3.bucket}`, file_field: 'file' })
    expect((await postAsTheConsole(grant, video, 'clip.mp4')).status).toBe(204)
    const res = await server.call<Material>('POST', '/material/register', { token, body: { key: grant.key, name: 'clip.mp4' } })
    expect(res.body).toMatchObject({ code: 1, data: { kind: 'video', width: 160, height: 120, url: `${s3.uploads.publicUrl}/${grant.key}` } })
    material = res.body.data
    expect(await s3.keys()).toEqual([grant.key, inBucket(material.thumb_url), inBucket(material.preview_url)].sort())
    const served = await fetch(material.url)
    expect(served.headers.get('content-type')).toBe('video/mp4')
    expect(Buffer.from(await served.arrayBuffer()).equals(video)).toBe(true)
    const thumb = await fetch(material.thumb_url)
    expect(thumb.headers.get('content-type')).toBe('image/jpeg')
    expect((await thumb.arrayBuffer()).byteLength).toBeGreaterThan(0)
  })

  it('writes a clip made from it, and its cover, to the same bucket', async () => {
    const submitted = await server.call<{ id: number }>('POST', '/task/submit_clip', { token, body: { title: 'from s3', segments: [{ material_id: material.id }], resolution: 480, fps: 20, bitrate: 600 } })
    expect(submitted.body.code).toBe(1)
    await waitForTask(server, token, submitted.body.data.id, 'succeeded')
    const works = await server.call<{ data: { url: string; cover_url: string; size: number }[] }>('GET', '/work/list', { token, query: { task_id: submitted.body.data.id } })
    const [work] = works.body.data.data
    const keys = await s3.keys()
    expect(keys).toContain(inBucket(work!.url))
    expect(keys).toContain(inBucket(work!.cover_url))
    const served = await fetch(work!.url)
    expect(served.headers.get('content-type')).toBe('video/mp4')
    // The very bytes: s3rver keeps an aws-chunked body, as the SDK sends a stream by default, frames and all.
    expect((await served.arrayBuffer()).byteLength).toBe(Number(work!.size))
  })

  it('streams an export in the answer, keeping nothing in the bucket or on disk', async () => {
    const before = await s3.keys()
    const res = await server.inject({ method: 'GET', url: await server.link(token, '/platform/user_money_log_export', 'format=csv&lang=en-US'), headers: { platform: 'pc' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    // The header, the adjustment and the clip's charge.
    expect(parse(res.body, { bom: true })).toHaveLength(3)
    expect(await s3.keys()).toEqual(before)
  })

  it('removes a deleted work\'s and material\'s files from the bucket; none was ever on local disk', async () => {
    const works = await server.call<{ data: { id: number }[] }>('GET', '/work/list', { token })
    expect((await server.call<{ deleted: number }>('POST', '/work/del', { token, body: { ids: works.body.data.data.map((w) => w.id) } })).body.data.deleted).toBe(1)
    expect(await s3.keys()).toHaveLength(3)
    expect((await server.call<{ deleted: number }>('POST', '/material/del', { token, body: { ids: [material.id] } })).body.data.deleted).toBe(1)
    expect(await s3.keys()).toEqual([])
    expect((await fetch(material.url)).status).toBe(404)
    expect(existsSync(join(server.services.config.dataDir, 'uploads'))).toBe(false)
  })
})
