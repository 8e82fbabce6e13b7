import { createServer, type IncomingMessage, type Server } from 'node:http'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './harness'
import { freePort } from '../e2e/harness'

// The smallest valid PNG (1×1, transparent) and GIF: real image bytes, recognised by content.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')

type Stored = { url: string; name: string; size: number; type: string }

describe('uploads on local disk (spec §7 upload/oss_upload, generate_sts_token)', () => {
  let server: TestServer
  let token: string
  beforeAll(async () => {
    server = await startTestServer()
    token = (await server.account('merchant', 'merchant')).token
  })
  afterAll(() => server.close())

  it('stores an image under DATA_DIR/uploads with a new name and serves it back as that type, never as a page', async () => {
    const res = await server.upload<Stored>('/upload/oss_upload', { file: ['logo.png', PNG] }, { token })
    expect(res.body.code).toBe(1)
    expect(res.body.data).toMatchObject({ name: 'logo.png', size: PNG.length, type: 'image/png' })
    expect(res.body.data.url).toMatch(/^\/uploads\/\d{4}-\d{2}\/[0-9a-f]{32}\.png$/)
    expect(readFileSync(join(server.services.config.dataDir, res.body.data.url)).equals(PNG)).toBe(true)

    const served = await server.inject({ method: 'GET', url: res.body.data.url })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/png')
    expect(served.headers['x-content-type-options']).toBe('nosniff')
    expect(served.headers['content-security-policy']).toContain('sandbox')
    expect(served.rawPayload.equals(PNG)).toBe(true)
  })

  it('judges the type by the bytes: an HTML page named .png is refused on its field, in the caller language', async () => {
    const res = await server.upload('/upload/oss_upload', { file: ['evil.png', '<html><script>alert(1)</script></html>'] }, { token, headers: { 'accept-language': 'en-US' } })
    expect(res.body).toMatchObject({ code: 0, data: { errors: [{ path: '/file', message: 'File must be one of: PNG, JPEG, GIF, WEBP' }] } })
    const zh = await server.upload('/upload/oss_upload', { file: ['notes.gif', 'plain text, not an image'] }, { token, headers: { 'accept-language': 'zh-CN' } })
    expect(zh.body).toMatchObject({ code: 0, data: { errors: [{ path: '/file', message: '文件只能是：PNG, JPEG, GIF, WEBP' }] } })
  })

  it('refuses an image whose header says 30000 × 30000, a decompression bomb in a few bytes, and keeps nothing', async () => {
    const bomb = Buffer.from(PNG)
    bomb.writeUInt32BE(30_000, 16)
    bomb.writeUInt32BE(30_000, 20)
    const uploads = join(server.services.config.dataDir, 'uploads')
    const before = filesUnder(uploads)
    const res = await server.upload('/upload/oss_upload', { file: ['avatar.png', bomb] }, { token, headers: { 'accept-language': 'en-US' } })
    expect(res.body).toMatchObject({ code: 0, data: { errors: [{ path: '/file', message: expect.stringContaining('30000 × 30000 pixels') }] } })
    expect(filesUnder(uploads)).toEqual(before)
  })

  it('refuses a file over 5 MB, a missing file, an unknown part, and JSON instead of multipart', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)])
    const tooBig = await server.upload('/upload/oss_upload', { file: ['big.png', big] }, { token, headers: { 'accept-language': 'en-US' } })
    expect(tooBig.body).toMatchObject({ code: 0, data: { errors: [{ path: '/file', message: 'File is larger than 5 MB' }] } })
    const missing = await server.upload('/upload/oss_upload', { note: 'no file' }, { token, headers: { 'accept-language': 'en-US' } })
    expect(missing.body).toMatchObject({ code: 0, data: { errors: [{ path: '/file', message: 'File cannot be empty' }] } })
    const unknown = await server.upload('/upload/oss_upload', { file: ['a.png', PNG], other: ['b.png', PNG] }, { token })
    expect(unknown.body.code).toBe(0)
    const json = await server.call('POST', '/upload/oss_upload', { token, body: { file: 'x' } })
    expect(json.status).toBe(415)
    // And the other way round: a JSON call does not take multipart.
    const wrong = await server.upload('/platform/logout', { file: ['a.png', PNG] }, { token })
    expect(wrong.status).toBe(415)
  })

  it('needs a signed-in caller', async () => {
    expect((await server.upload('/upload/oss_upload', { file: ['a.png', PNG] })).status).toBe(401)
    expect((await server.call('GET', '/upload/generate_sts_token', { query: { type: 'image/png' } })).status).toBe(401)
  })

  it('hands out local upload rights as "send it to oss_upload with your token"', async () => {
    const res = await server.call('GET', '/upload/generate_sts_token', { token, query: { type: 'image/png' } })
    expect(res.body.data).toMatchObject({ provider: 'local', upload_url: '/api/v1/upload/oss_upload', file_field: 'file', needs_token: true, max_bytes: 5 * 1024 * 1024 })
    const bad = await server.call('GET', '/upload/generate_sts_token', { token, query: { type: 'text/html' } })
    expect(bad.body).toMatchObject({ code: 0, data: { errors: [{ path: '/type' }] } })
  })
})

/** A stand-in for an S3-compatible server: records what it is sent, answers as S3 does. */
function fakeS3(): Promise<{ server: Server; port: number; puts: { path: string; type?: string; auth?: string; body: Buffer }[] }> {
  const puts: { path: string; type?: string; auth?: string; body: Buffer }[] = []
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      if (req.method === 'PUT') puts.push({ path: req.url!.split('?')[0]!, type: req.headers['content-type'], auth: req.headers.authorization, body: Buffer.concat(chunks) })
      res.writeHead(200, { etag: '"0"' }).end()
    })
  })
  return freePort().then((port) => new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve({ server, port, puts }))))
}

describe('uploads to S3-compatible storage (UPLOAD_STORE=s3)', () => {
  let server: TestServer
  let s3: Awaited<ReturnType<typeof fakeS3>>
  let token: string
  beforeAll(async () => {
    s3 = await fakeS3()
    server = await startTestServer({
      config: {
        uploads: { store: 's3', endpoint: `http://127.0.0.1:${s3.port}`, region: 'cn-north-1', bucket: 'media', accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret', publicUrl: 'https://cdn.example.com', forcePathStyle: true },
      },
    })
    token = (await server.account('merchant', 'merchant')).token
  })
  afterAll(async () => {
    await server.close()
    s3.server.close()
  })

  it('puts the checked image into the bucket with a signed request and answers its public address', async () => {
    const res = await server.upload<Stored>('/upload/oss_upload', { file: ['logo.gif', GIF] }, { token })
    expect(res.body.code).toBe(1)
    expect(res.body.data.url).toMatch(/^https:\/\/cdn\.example\.com\/\d{4}-\d{2}\/[0-9a-f]{32}\.gif$/)
    expect(s3.puts).toHaveLength(1)
    expect(s3.puts[0]!.path).toBe(`/media/${res.body.data.url.replace('https://cdn.example.com/', '')}`)
    expect(s3.puts[0]!.type).toBe('image/gif')
    expect(s3.puts[0]!.auth).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/cn-north-1\/s3\/aws4_request/)
    expect(s3.puts[0]!.body.equals(GIF)).toBe(true)
  })

  it('hands out a presigned POST for one key, limited to the type and the size', async () => {
    const res = await server.call<{ provider: string; upload_url: string; url: string; fields: Record<string, string>; needs_token: boolean }>('GET', '/upload/generate_sts_token', { token, query: { type: 'image/webp' } })
    expect(res.body.data).toMatchObject({ provider: 's3', upload_url: `http://127.0.0.1:${s3.port}/media`, needs_token: false })
    const { fields } = res.body.data
    expect(fields.key).toMatch(/^\d{4}-\d{2}\/[0-9a-f]{32}\.webp$/)
    expect(res.body.data.url).toBe(`https://cdn.example.com/${fields.key}`)
    const policy = JSON.parse(Buffer.from(fields.Policy!, 'base64').toString()) as { conditions: unknown[] }
    expect(policy.conditions).toContainEqual(['content-length-range', 1, 5 * 1024 * 1024])
    expect(policy.conditions).toContainEqual(['eq', '$Content-Type', 'image/webp'])
    expect(fields['X-Amz-Signature']).toMatch(/^[0-9a-f]{64}$/)
  })
})

/** Every file in a folder and below it, by path. */
function filesUnder(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name)).sort() : []
}
