// PostgreSQL too: two requests racing for one unique host name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './harness'

interface Domain {
  id: number
  host: string
  name: string
  money_name: string
  is_default: number
  owner_id: number
  created_at: string
}
interface Page<T> {
  total: number
  per_page: number
  current_page: number
  last_page: number
  data: T[]
}

let server: TestServer
let admin: { id: number; token: string }
let merchant: { id: number; token: string }
let partner: { id: number; token: string }
beforeAll(async () => {
  server = await startTestServer()
  admin = await server.account('admin', 'admin')
  partner = await server.account('partner', 'partner', 'admin')
  merchant = await server.account('merchant', 'merchant', 'partner')
})
afterAll(() => server.close())

const add = (body: Record<string, unknown>, token = admin.token) => server.call<Domain>('POST', '/domain/add', { token, body })
const rows = () => server.services.db.selectFrom('domain').selectAll().orderBy('id').execute()

describe('domain CRUD through the generic handlers', () => {
  it('creates a domain, fills defaults and the owner, and stores exactly that row (host names lower-case)', async () => {
    const res = await add({ host: 'Console.Example.com', name: 'Example console', money_name: 'Coins' })
    expect(res.body.code).toBe(1)
    expect(res.body.data).toMatchObject({ host: 'console.example.com', name: 'Example console', money_name: 'Coins', is_default: 0, logo: '', owner_id: admin.id })
    const stored = (await rows()).find((r) => r.id === res.body.data.id)
    expect(stored).toMatchObject({ host: 'console.example.com', name: 'Example console', owner_id: admin.id })
    const twin = await add({ host: 'CONSOLE.example.COM', name: 'Twin' })
    expect(twin.body).toMatchObject({ code: 0, data: { errors: [{ path: '/host' }] } })
  })

  it('answers a field error, never a 500, when two requests race to take one host name', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => add({ host: 'race.example.com', name: `Racer ${i}` })))
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200])
    expect(results.filter((r) => r.body.code === 1)).toHaveLength(1)
    for (const lost of results.filter((r) => r.body.code !== 1)) {
      expect(lost.body).toMatchObject({ code: 0, data: { errors: [{ path: '/host', message: 'Host name "race.example.com" is already used by another Domain.' }] } })
    }
    expect((await rows()).filter((r) => r.host === 'race.example.com')).toHaveLength(1)
  })

  it('marks a bad host name on the field and writes nothing', async () => {
    const before = await rows()
    for (const host of ['http://bad.example.com', 'bad host', 'a'.repeat(254), 'example.com/path', '']) {
      const res = await add({ host, name: 'x' })
      expect(res.body.code).toBe(0)
      expect((res.body.data as unknown as { errors: { path: string }[] }).errors.map((e) => e.path)).toContain('/host')
    }
    expect(await rows()).toEqual(before)
  })

  it('reports every invalid field at once, in the caller\'s language', async () => {
    const res = await server.call('POST', '/domain/add', { token: admin.token, body: { host: 'bad host', name: '', is_default: 3, owner_id: 9 }, headers: { lang: 'zh-CN' } })
    expect(res.body.code).toBe(0)
    expect(res.body.data).toEqual({
      errors: expect.arrayContaining([
        { path: '/owner_id', message: '未知字段“owner_id”。' },
        { path: '/host', message: '域名必须是有效的域名，例如 console.example.com（不含协议、端口和路径）' },
        { path: '/name', message: '站点名称不能为空' },
        { path: '/is_default', message: '默认站点必须是以下之一：0, 1' },
      ]),
    })
  })

  it('refuses a host name another domain uses, on create and on edit', async () => {
    const first = await add({ host: 'taken.example.com', name: 'First' })
    const second = await add({ host: 'other.example.com', name: 'Second' })
    const again = await add({ host: 'taken.example.com', name: 'Again' })
    expect(again.body).toMatchObject({ code: 0, data: { errors: [{ path: '/host', message: 'Host name "taken.example.com" is already used by another Domain.' }] } })
    const edit = await server.call('POST', '/domain/edit', { token: admin.token, body: { id: second.body.data.id, host: 'taken.example.com' } })
    expect(edit.body.code).toBe(0)
    const sameHost = await server.call('POST', '/domain/edit', { token: admin.token, body: { id: first.body.data.id, host: 'taken.example.com', name: 'Renamed' } })
    expect(sameHost.body).toMatchObject({ code: 1, data: { name: 'Renamed', host: 'taken.example.com' } })
  })

  it('edits only the fields sent, and reads the record back by id', async () => {
    const created = await add({ host: 'edit.example.com', name: 'Before', copyright: '© Before' })
    const id = created.body.data.id
    const edited = await server.call<Domain>('POST', '/domain/edit', { token: admin.token, body: { id, name: 'After' } })
    expect(edited.body.data).toMatchObject({ id, name: 'After', host: 'edit.example.com', copyright: '© Before' })
    const read = await server.call<Domain>('GET', '/domain/detail', { token: admin.token, query: { id } })
    expect(read.body.data).toEqual(edited.body.data)
    const missing = await server.call('GET', '/domain/detail', { token: admin.token, query: { id: 999999 } })
    expect(missing.body).toMatchObject({ code: 0, msg: 'Domain 999999 does not exist.' })
  })

  it('lists with a declared filter, pagination, sort and a date range', async () => {
    for (let i = 1; i <= 25; i++) await add({ host: `shop${i}.list.example.com`, name: `Shop ${String(i).padStart(2, '0')}` })
    const page1 = await server.call<Page<Domain>>('GET', '/domain/list', { token: admin.token, query: { host: 'LIST.example', page: 1, limit: 10 } })
    expect(page1.body.data).toMatchObject({ total: 25, per_page: 10, current_page: 1, last_page: 3 })
    expect(page1.body.data.data).toHaveLength(10)
    expect(page1.body.data.data[0]!.host).toBe('shop25.list.example.com')
    const page3 = await server.call<Page<Domain>>('GET', '/domain/list', { token: admin.token, query: { host: 'list.example', page: 3, limit: 10 } })
    expect(page3.body.data.data.map((d) => d.host)).toEqual(['shop5.list.example.com', 'shop4.list.example.com', 'shop3.list.example.com', 'shop2.list.example.com', 'shop1.list.example.com'])
    const byName = await server.call<Page<Domain>>('GET', '/domain/list', { token: admin.token, query: { host: 'list.example', sort: 'name', order: 'asc', limit: 3 } })
    expect(byName.body.data.data.map((d) => d.name)).toEqual(['Shop 01', 'Shop 02', 'Shop 03'])
    const capped = await server.call<Page<Domain>>('GET', '/domain/list', { token: admin.token, query: { limit: 5000 } })
    expect(capped.body.data.per_page).toBe(100)
    const today = new Date().toISOString().slice(0, 10)
    const inRange = await server.call<Page<Domain>>('GET', '/domain/list', { token: admin.token, query: { host: 'list.example', created_at_from: today, created_at_to: today } })
    expect(inRange.body.data.total).toBe(25)
    const before = await server.call<Page<Domain>>('GET', '/domain/list', { token: admin.token, query: { host: 'list.example', created_at_to: '2000-01-01' } })
    expect(before.body.data.total).toBe(0)
    const wild = await server.call<Page<Domain>>('GET', '/domain/list', { token: admin.token, query: { host: '%' } })
    expect(wild.body.data.total).toBe(0)
  })

  it('refuses a sort field the resource did not declare', async () => {
    const res = await server.call('GET', '/domain/list', { token: admin.token, query: { sort: 'logo' } })
    expect(res.body).toMatchObject({ code: 0, data: { errors: [{ path: '/sort' }] } })
  })

  it('batch-deletes by id and says how many went; an id that names no domain refuses the whole request', async () => {
    const a = await add({ host: 'del-a.example.com', name: 'A' })
    const b = await add({ host: 'del-b.example.com', name: 'B' })
    const unknown = await server.call('POST', '/domain/batch_del', { token: admin.token, body: { ids: [a.body.data.id, b.body.data.id, 999999] } })
    expect(unknown.body).toMatchObject({ code: 0, msg: 'Domain 999999 does not exist. Nothing was deleted.', data: { errors: [{ path: '/ids' }] } })
    expect((await rows()).map((r) => r.host)).toEqual(expect.arrayContaining(['del-a.example.com', 'del-b.example.com']))
    const res = await server.call('POST', '/domain/batch_del', { token: admin.token, body: { ids: [a.body.data.id, b.body.data.id] } })
    expect(res.body).toMatchObject({ code: 1, data: { deleted: 2 } })
    const left = (await rows()).map((r) => r.host)
    expect(left).not.toContain('del-a.example.com')
    expect(left).not.toContain('del-b.example.com')
  })
})

describe('roles are enforced on the server', () => {
  it('answers 403 with an envelope when a merchant or a partner calls an admin endpoint, and changes nothing', async () => {
    const before = await rows()
    for (const caller of [merchant, partner]) {
      const created = await add({ host: 'sneaky.example.com', name: 'Sneaky' }, caller.token)
      expect(created.status).toBe(403)
      expect(created.body).toMatchObject({ code: 0, msg: expect.stringMatching(/may not call POST \/api\/v1\/domain\/add/) })
      const listed = await server.call('GET', '/domain/list', { token: caller.token })
      expect(listed.status).toBe(403)
    }
    expect(await rows()).toEqual(before)
  })
})

describe('GET /platform/get_system_info (open)', () => {
  it('answers the branding of a known host without a token, matching host case-insensitively and ignoring scheme and port', async () => {
    await add({ host: 'brand.example.com', name: 'Brand site', icp_record_number: 'ICP 12345', money_name: 'Gems' })
    for (const domain of ['brand.example.com', 'BRAND.example.com', 'https://brand.example.com:8443/login']) {
      const res = await server.call('GET', '/platform/get_system_info', { query: { domain } })
      expect(res.body).toMatchObject({ code: 1, data: { host: 'brand.example.com', name: 'Brand site', icp_record_number: 'ICP 12345', money_name: 'Gems' } })
    }
  })

  it('answers the default site\'s branding for an unknown host', async () => {
    await add({ host: 'default.example.com', name: 'Default site', is_default: 1 })
    const res = await server.call('GET', '/platform/get_system_info', { query: { domain: 'unknown.example.org' } })
    expect(res.body).toMatchObject({ code: 1, data: { host: 'default.example.com', name: 'Default site' } })
  })

  it('requires the domain parameter', async () => {
    const res = await server.call('GET', '/platform/get_system_info')
    expect(res.body).toMatchObject({ code: 0, data: { errors: [{ path: '/domain' }] } })
  })
})

describe('GET /platform/get_system_info with no site configured', () => {
  it('answers a neutral fallback instead of failing', async () => {
    const empty = await startTestServer()
    try {
      const res = await empty.call('GET', '/platform/get_system_info', { query: { domain: 'localhost' } })
      expect(res.body).toMatchObject({ code: 1, data: { host: null, name: 'Console' } })
    } finally {
      await empty.close()
    }
  })
})
