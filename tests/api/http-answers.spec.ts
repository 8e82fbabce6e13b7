import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './harness'

let server: TestServer
let consoleDir: string
let admin: string
/** A console asset big enough to compress, and what the build wrote beside it. */
const SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, name: `row ${i}` })))}\n`
const SCRIPT_BR = brotliCompressSync(SCRIPT)
const SCHEMAS = '/api/v1/platform/console_schemas'

beforeAll(async () => {
  consoleDir = mkdtempSync(join(tmpdir(), 'console-build-'))
  mkdirSync(join(consoleDir, 'assets'))
  writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><div id="root"></div>')
  writeFileSync(join(consoleDir, 'assets', 'list-abc.js'), SCRIPT)
  writeFileSync(join(consoleDir, 'assets', 'list-abc.js.br'), SCRIPT_BR)
  writeFileSync(join(consoleDir, 'assets', 'list-abc.js.gz'), gzipSync(SCRIPT))
  server = await startTestServer({ config: { consoleDir } })
  admin = (await server.account('admin', 'admin')).token
})
afterAll(async () => {
  await server.close()
  rmSync(consoleDir, { recursive: true, force: true })
})

const get = (url: string, headers: Record<string, string> = {}) => server.inject({ method: 'GET', url, headers: { platform: 'pc', ...headers } })

describe('compression', () => {
  it('sends the schema document as brotli or gzip, as the browser asks, and the same JSON either way', async () => {
    const plain = await get(SCHEMAS)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.rawPayload.length).toBeGreaterThan(100_000)
    const files = plain.json<{ code: number; data: { files: unknown[] } }>().data.files
    expect(files.length).toBeGreaterThan(100)

    const br = await get(SCHEMAS, { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    // The files come minified: brotli still makes them a fifth or less, and far less than gzip would.
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4)
    expect(brotliDecompressSync(br.rawPayload).equals(plain.rawPayload)).toBe(true)

    const gzip = await get(SCHEMAS, { 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).equals(plain.rawPayload)).toBe(true)
  })

  it('leaves an answer under 1 KB as it is', async () => {
    const small = await get('/api/v1/platform/get_system_info?domain=localhost', { 'accept-encoding': 'br' })
    expect(small.rawPayload.length).toBeLessThan(1024)
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.json().code).toBe(1)
  })

  it('sends a console file compressed at build time as it was written, not compressed again', async () => {
    const asset = await get('/assets/list-abc.js', { 'accept-encoding': 'br, gzip' })
    expect(asset.headers['content-encoding']).toBe('br')
    expect(asset.rawPayload.equals(SCRIPT_BR)).toBe(true)
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe(SCRIPT)
  })

  it('streams a CSV export compressed, and an XLSX (a zip already) as it is', async () => {
    const issued = await server.call('POST', '/recharge_card/add', { token: admin, body: { name: 'Spring', kind: 'money', amount: '12.50', quantity: 30 } })
    expect(issued.body.code, issued.body.msg).toBe(1)
    const csv = (headers: Record<string, string>) => get('/api/v1/recharge_card/export_data?format=csv&lang=en-US', { token: admin, ...headers })
    const plain = await csv({})
    expect(plain.statusCode).toBe(200)
    expect(plain.body.trimEnd().split('\r\n')).toHaveLength(31)
    const gzip = await csv({ 'accept-encoding': 'gzip' })
    expect([gzip.statusCode, gzip.headers['content-encoding'], gzip.headers['content-type']]).toEqual([200, 'gzip', 'text/csv; charset=utf-8'])
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body)

    const xlsx = await get('/api/v1/recharge_card/export_data?format=xlsx', { token: admin, 'accept-encoding': 'br, gzip' })
    expect(xlsx.statusCode).toBe(200)
    expect(xlsx.headers['content-encoding']).toBeUndefined()
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK')
  })
})

describe('the schema document', () => {
  it('carries an ETag, so a reload that sends it back gets a 304 with no body', async () => {
    const first = await get(SCHEMAS)
    const etag = first.headers.etag as string
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{43}"$/)
    expect(first.headers['cache-control']).toBe('no-cache')

    const again = await get(SCHEMAS, { 'if-none-match': etag, 'accept-encoding': 'br' })
    expect(again.statusCode).toBe(304)
    expect(again.rawPayload.length).toBe(0)
    expect(again.headers.etag).toBe(etag)
    expect((await get(SCHEMAS, { 'if-none-match': `"other", ${etag.slice(2)}` })).statusCode).toBe(304)
    expect((await get(SCHEMAS, { 'if-none-match': 'W/"stale"' })).statusCode).toBe(200)
  })

  it('leaves out what the console never reads: meta-schemas, migrations and descriptions', async () => {
    const { data } = JSON.parse((await get(SCHEMAS)).body) as { data: { files: { path: string; json: unknown }[] } }
    expect(data.files.length).toBeGreaterThan(100)
    expect(data.files.filter((f) => /^(meta|migrations)\//.test(f.path))).toEqual([])
    expect(JSON.stringify(data.files)).not.toMatch(/"description":"/)
    // A field named description is the field's schema, and stays.
    expect(data.files.find((f) => f.path === 'entities/ai_assistant.json')?.json).toHaveProperty(['properties', 'description', 'x-label'])
  })

  it('sends with ?endpoints= only what those endpoints need, with an ETag of its own, and says which name it does not know', async () => {
    const whole = await get(SCHEMAS)
    const login = await get(`${SCHEMAS}?endpoints=platform/register,platform/agreement_public`)
    const files = (JSON.parse(login.body) as { data: { files: { path: string; json: { groups?: unknown[] } }[] } }).data.files
    // The endpoints, the entities they name and refer to (register's username is the user entity's), the shared schemas, and the navigation without its menu.
    expect(files.map((f) => f.path)).toEqual(['endpoints/platform/agreement_public.json', 'endpoints/platform/register.json', 'entities/agreement.json', 'entities/user.json', 'shared/media.json', 'navigation.json'])
    expect(files.at(-1)?.json.groups).toEqual([])
    expect(login.body.length).toBeLessThan(whole.body.length / 5)
    expect(login.headers.etag).not.toBe(whole.headers.etag)
    expect((await get(`${SCHEMAS}?endpoints=platform/register,platform/agreement_public`, { 'if-none-match': login.headers.etag as string })).statusCode).toBe(304)

    const unknown = await get(`${SCHEMAS}?endpoints=platform/register,platform/no_such_thing`, { lang: 'en-US' })
    expect(unknown.statusCode).toBe(404)
    expect(JSON.parse(unknown.body).msg).toBe('There is no endpoint platform/no_such_thing with a file of its own.')
    const refused = await get(`${SCHEMAS}?endpoints=../secrets`, { lang: 'en-US' })
    expect(JSON.parse(refused.body)).toMatchObject({ code: 0, data: { errors: [{ path: '/endpoints' }] } })
  })

  it('has the same ETag on another server of the same files, started at another time', async () => {
    const other = await startTestServer({ now: () => new Date('2031-05-05T00:00:00Z') })
    try {
      const here = await get(SCHEMAS)
      const there = await other.inject({ method: 'GET', url: SCHEMAS })
      expect(there.headers.etag).toBe(here.headers.etag)
      expect(there.json().time).not.toBe(here.json().time)
    } finally {
      await other.close()
    }
  })
})

describe('robots.txt', () => {
  it('asks every crawler to stay out, as plain text rather than the console page', async () => {
    const robots = await get('/robots.txt')
    expect(robots.statusCode).toBe(200)
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(robots.body).toBe('User-agent: *\nDisallow: /\n')
  })
})
