import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { startTestServer, type TestServer } from './harness'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

describe('the API reference', () => {
  it('serves the OpenAPI document, identical to the generated one', async () => {
    const res = await server.inject({ method: 'GET', url: '/api/v1/openapi.json' })
    expect(res.statusCode).toBe(200)
    const served = res.json()
    expect(served.openapi).toBe('3.1.0')
    expect(Object.keys(served.paths)).toContain('/domain/list')
    const generated = JSON.parse(readFileSync(resolve(__dirname, '../../src/generated/openapi.json'), 'utf8'))
    delete generated.info['x-generated']
    expect(served).toEqual(generated)
  })

  it('serves a browsable reference page', async () => {
    const page = await server.inject({ method: 'GET', url: '/api/v1/docs/' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/text\/html/)
    expect(page.body).toContain('swagger-ui')
  })
})
