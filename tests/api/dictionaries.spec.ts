import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInEveryRole, startTestServer, type TestServer } from './harness'

let server: TestServer
const token: Record<string, string> = {}

beforeAll(async () => {
  server = await startTestServer()
  Object.assign(token, await signInEveryRole(server))
})
afterAll(() => server.close())

type Page<T> = { total: number; data: T[] }

describe('industries and scripts (spec §7 /platform/industry, /platform/script)', () => {
  it('are edited by admins and read by everyone signed in, scripts filed under an industry by name', async () => {
    const catering = await server.call<{ id: number }>('POST', '/platform/add_industry', { token: token.admin, body: { name: 'Catering', sort: 2 } })
    const beauty = await server.call<{ id: number }>('POST', '/platform/add_industry', { token: token.admin, body: { name: 'Beauty', sort: 1 } })
    expect([catering.body.code, beauty.body.code]).toEqual([1, 1])
    const script = await server.call<{ id: number; _titles: Record<string, string> }>('POST', '/platform/add_script', {
      token: token.admin,
      body: { industry_id: catering.body.data.id, title: 'Lunch special', content: 'Open with the steam rising from the bowl.' },
    })
    expect(script.body.data._titles).toEqual({ industry_id: 'Catering' })

    const industries = await server.call<Page<{ name: string }>>('GET', '/platform/industry', { token: token.merchant })
    expect(industries.body.data.data.map((i) => i.name)).toEqual(['Beauty', 'Catering'])
    const scripts = await server.call<Page<{ title: string }>>('GET', '/platform/script', { token: token.partner, query: { industry_id: catering.body.data.id } })
    expect(scripts.body.data.data.map((s) => s.title)).toEqual(['Lunch special'])
    expect((await server.call<Page<unknown>>('GET', '/platform/script', { token: token.partner, query: { industry_id: beauty.body.data.id } })).body.data.total).toBe(0)
  })

  it('refuses changes from anyone but an admin, and a duplicate industry name on its field', async () => {
    for (const who of ['partner', 'merchant']) {
      const res = await server.call('POST', '/platform/add_industry', { token: token[who], body: { name: 'Mine' } })
      expect(res.status).toBe(403)
    }
    const again = await server.call('POST', '/platform/add_industry', { token: token.admin, body: { name: 'Catering' } })
    expect(again.body).toMatchObject({ code: 0, data: { errors: [{ path: '/name' }] } })
  })

  it('refuses a script under an industry that does not exist', async () => {
    const res = await server.call('POST', '/platform/add_script', { token: token.admin, body: { industry_id: 999_999, title: 'Lost', content: 'Nowhere to go.' } })
    expect(res.body).toMatchObject({ code: 0, data: { errors: [{ path: '/industry_id', message: 'Industry: there is no Industry 999999 you can choose.' }] } })
  })
})
