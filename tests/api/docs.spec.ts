import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './harness'
import { buildOpenApi } from '../../src/schema/openapi'
import { API_TITLE, API_VERSION } from '../../src/schema/api-info'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

describe('the API reference', () => {
  it('serves the OpenAPI document of the schemas it runs on', async () => {
    const res = await server.inject({ method: 'GET', url: '/api/v1/openapi.json' })
    expect(res.statusCode).toBe(200)
    const served = res.json()
    expect(served.openapi).toBe('3.1.0')
    expect(Object.keys(served.paths)).toContain('/domain/list')
    expect(served).toEqual(JSON.parse(JSON.stringify(buildOpenApi(server.services.registry, { title: API_TITLE, version: API_VERSION }))))
  })

  it('serves a browsable reference page', async () => {
    const page = await server.inject({ method: 'GET', url: '/api/v1/docs/' })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toMatch(/text\/html/)
    expect(page.body).toContain('swagger-ui')
  })
})
