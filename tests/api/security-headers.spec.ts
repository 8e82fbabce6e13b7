import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scriptHash } from '../../src/server/http/content-security-policy'
import { startTestServer, type TestServer } from './harness'

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
/** What a build's index.html holds: an inline script that starts work early, and the entry module. */
const HEAD_START = "window.consoleSchemas = fetch('/api/v1/platform/console_schemas')"
const INDEX_HTML = `<!doctype html><html><head><script>${HEAD_START}</script><script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>`

let server: TestServer
let consoleDir: string
let token: string

beforeAll(async () => {
  consoleDir = mkdtempSync(join(tmpdir(), 'console-build-'))
  mkdirSync(join(consoleDir, 'assets'))
  writeFileSync(join(consoleDir, 'index.html'), INDEX_HTML)
  writeFileSync(join(consoleDir, 'assets', 'index-abc.js'), 'console.log(1)')
  server = await startTestServer({ config: { consoleDir } })
  token = (await server.account('merchant', 'merchant')).token
})
afterAll(async () => {
  await server.close()
  rmSync(consoleDir, { recursive: true, force: true })
})

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  )
}

function expectHardened(headers: Record<string, unknown>): void {
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  expect(headers['x-frame-options']).toBe('DENY')
  expect(headers['strict-transport-security']).toMatch(/max-age=\d{7,}/)
}

describe('security headers (helmet)', () => {
  it('put the console under a policy that runs its own scripts only: no eval, no inline script but index.html’s by hash, no framing', async () => {
    const page = await server.inject({ method: 'GET', url: '/login' })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain(HEAD_START)
    expectHardened(page.headers)
    const policy = directives(page.headers['content-security-policy'])
    expect(policy['default-src']).toEqual(["'self'"])
    expect(policy['script-src']).toEqual(["'self'", scriptHash(HEAD_START)])
    expect(policy['script-src-attr']).toEqual(["'none'"])
    expect(policy['object-src']).toEqual(["'none'"])
    expect(policy['frame-ancestors']).toEqual(["'none'"])
    expect(policy['connect-src']).toEqual(["'self'"])
    expect(policy).not.toHaveProperty('upgrade-insecure-requests')
    expect(String(page.headers['content-security-policy'])).not.toContain('unsafe-eval')

    const asset = await server.inject({ method: 'GET', url: '/assets/index-abc.js' })
    expect(asset.statusCode).toBe(200)
    expectHardened(asset.headers)
  })

  it('put every API answer under the same headers, failures and unknown routes too', async () => {
    for (const url of ['/api/v1/platform/console_schemas', '/api/v1/platform/get_user_info', '/api/v1/no/such/call']) {
      const res = await server.inject({ method: 'GET', url, headers: { platform: 'pc' } })
      expectHardened(res.headers)
      expect(directives(res.headers['content-security-policy'])['frame-ancestors'], url).toEqual(["'none'"])
    }
  })

  it('keep no API answer in a cache, an export and a refusal included, but let schema documents revalidate', async () => {
    const answers = await Promise.all([
      server.inject({ method: 'POST', url: '/api/v1/platform/get_user_info', headers: { token, platform: 'pc' } }),
      server.inject({ method: 'GET', url: await server.link(token, '/release_post/export_data', 'format=csv'), headers: { platform: 'pc' } }),
      server.inject({ method: 'POST', url: '/api/v1/platform/get_user_info', headers: { token: 'not-a-session', platform: 'pc' } }),
    ])
    expect(answers.map((answer) => [answer.statusCode, answer.headers['cache-control']])).toEqual([[200, 'no-store'], [200, 'no-store'], [expect.any(Number), 'no-store']])
    const schemas = await server.inject({ method: 'GET', url: '/api/v1/platform/console_schemas' })
    expect(schemas.headers['cache-control']).toBe('no-cache')
    expect(schemas.headers.etag).toBeTruthy()
  })

  it('keep the sandbox policy of uploaded files, which may still be shown by other sites of the platform', async () => {
    const stored = await server.upload<{ url: string }>('/upload/oss_upload', { file: ['logo.png', PNG] }, { token })
    const file = await server.inject({ method: 'GET', url: stored.body.data.url })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; sandbox")
    expect(file.headers['cross-origin-resource-policy']).toBe('cross-origin')
    expectHardened(file.headers)
  })

  it('let the API reference run under its own policy, framed by no one', async () => {
    const page = await server.inject({ method: 'GET', url: '/api/v1/docs/' })
    expect(page.statusCode).toBe(200)
    const policy = directives(page.headers['content-security-policy'])
    expect(policy['frame-ancestors']).toEqual(["'none'"])
    expect(policy['script-src']).toContain("'self'")
    // Swagger UI writes a <style> element: hashes would switch 'unsafe-inline' off.
    expect(policy['style-src']).toEqual(["'self'", 'https:', "'unsafe-inline'"])
    expectHardened(page.headers)
  })
})
