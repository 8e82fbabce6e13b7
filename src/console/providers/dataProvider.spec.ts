import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BaseRecord, DataProvider } from '@refinedev/core'
import { SCHEMAS_DIR, startTestServer, type TestServer } from '../../../tests/api/harness'
import { readSchemaFiles } from '../../schema/load-files'
import { createRegistry } from '../../schema/registry'
import type { Registry } from '../../schema/types'
import type { ApiError } from './ApiError'
import { createDataProvider, filterParams } from './dataProvider'
import { createHttpClient } from './http-client'
import { injectFetch } from './inject-fetch'
import { createTokenStore } from './token-store'

interface Domain extends BaseRecord {
  id: number
  host: string
  name: string
  copyright: string
  is_default: number
  owner_id: number
  created_at: string
}

const NOW = new Date('2026-03-15T08:00:00.000Z')

let server: TestServer
let registry: Registry
let admin: { id: number; token: string }
/** URLs the provider asked for, newest last: the wire contract with the API. */
const urls: string[] = []

/** A data provider signed in with `token`, over the real API. */
function providerFor(token: string, reg: Pick<Registry, 'resources' | 'endpoints'> = registry): DataProvider {
  const tokens = createTokenStore({ session: new Storage(), local: new Storage() })
  tokens.saveLogin(token, true)
  const toApi = injectFetch(server.app)
  const http = createHttpClient({ tokens, locale: () => 'en-US', fetch: (input, init) => (urls.push(String(input)), toApi(input, init)) })
  return createDataProvider(reg, http)
}

const rows = () => server.services.db.selectFrom('domain').selectAll().orderBy('id').execute()
const rowById = async (id: number) => (await rows()).find((r) => Number(r.id) === id)

beforeAll(async () => {
  // The least count limit there is, so that a search whose count stops needs a thousand rows, not ten.
  server = await startTestServer({ now: () => NOW, config: { searchCountLimit: 1000 } })
  admin = await server.account('admin', 'admin')
  registry = createRegistry(readSchemaFiles(SCHEMAS_DIR))
})
afterAll(() => server.close())

describe('create, getOne, update', () => {
  it('creates through the resource\'s create endpoint, and the server holds that row', async () => {
    const data = providerFor(admin.token)
    const { data: created } = await data.create<Domain>({ resource: 'domain', variables: { host: 'create.example.com', name: 'Created', copyright: '© Created' } })
    expect(created).toMatchObject({ id: expect.any(Number), host: 'create.example.com', name: 'Created', is_default: 0, owner_id: admin.id })
    expect(urls.at(-1)).toBe('/api/v1/domain/add')
    expect(await rowById(created.id)).toMatchObject({ host: 'create.example.com', name: 'Created', copyright: '© Created' })
  })

  it('reads one record by id through the get endpoint', async () => {
    const data = providerFor(admin.token)
    const { data: created } = await data.create<Domain>({ resource: 'domain', variables: { host: 'one.example.com', name: 'One' } })
    const { data: read } = await data.getOne<Domain>({ resource: 'domain', id: String(created.id) })
    expect(read).toEqual(created)
    expect(urls.at(-1)).toBe(`/api/v1/domain/detail?id=${created.id}`)
  })

  it('updates only the fields sent, by id, and the server holds the change', async () => {
    const data = providerFor(admin.token)
    const { data: created } = await data.create<Domain>({ resource: 'domain', variables: { host: 'edit.example.com', name: 'Before', copyright: '© Kept' } })
    const { data: updated } = await data.update<Domain>({ resource: 'domain', id: created.id, variables: { name: 'After' } })
    expect(updated).toMatchObject({ id: created.id, name: 'After', host: 'edit.example.com', copyright: '© Kept' })
    expect(await rowById(created.id)).toMatchObject({ name: 'After', host: 'edit.example.com', copyright: '© Kept' })
  })

  it('rejects invalid input with Refine field errors, and the server writes nothing', async () => {
    const data = providerFor(admin.token)
    const before = await rows()
    const error = (await data.create({ resource: 'domain', variables: { host: 'bad host', name: '' } }).catch((e: unknown) => e)) as ApiError
    expect(error).toMatchObject({ name: 'ApiError', code: 0 })
    expect(error.errors).toEqual({ host: [expect.stringContaining('Host name')], name: [expect.stringContaining('Site name')] })
    expect(await rows()).toEqual(before)
  })

  it('rejects a record that does not exist with the server\'s message', async () => {
    const data = providerFor(admin.token)
    await expect(data.getOne({ resource: 'domain', id: 999999 })).rejects.toMatchObject({ message: 'Domain 999999 does not exist.', code: 0 })
  })
})

describe('getList', () => {
  const seeded: Domain[] = []
  beforeAll(async () => {
    const data = providerFor(admin.token)
    for (let i = 1; i <= 25; i++) {
      const variables = { host: `shop${i}.list.example.com`, name: `Shop ${String(i).padStart(2, '0')}`, is_default: i === 7 ? 1 : 0 }
      seeded.push((await data.create<Domain>({ resource: 'domain', variables })).data)
    }
  })

  it('turns the paginator into { data, total } and sends page, limit, sort, order and filters', async () => {
    const data = providerFor(admin.token)
    const page = await data.getList<Domain>({
      resource: 'domain',
      pagination: { currentPage: 3, pageSize: 10 },
      sorters: [{ field: 'name', order: 'asc' }],
      filters: [{ field: 'host', operator: 'contains', value: 'LIST.example' }],
    })
    expect(urls.at(-1)).toBe('/api/v1/domain/list?host=LIST.example&page=3&limit=10&sort=name&order=asc')
    expect(Object.keys(page).sort()).toEqual(['data', 'total'])
    expect(page.total).toBe(25)
    expect(page.data.map((d) => d.name)).toEqual(['Shop 21', 'Shop 22', 'Shop 23', 'Shop 24', 'Shop 25'])
    expect(page.data[0]).toEqual(seeded[20])
  })

  it('asks for page 1 of 20 when Refine gives no pagination, in the resource\'s default order', async () => {
    const data = providerFor(admin.token)
    const page = await data.getList<Domain>({ resource: 'domain', filters: [{ field: 'host', operator: 'contains', value: 'list.example' }] })
    expect(urls.at(-1)).toBe('/api/v1/domain/list?host=list.example&page=1&limit=20')
    expect(page.total).toBe(25)
    expect(page.data).toHaveLength(20)
    expect(page.data[0]!.host).toBe('shop25.list.example.com')
  })

  it('sends no page or limit when pagination is off', async () => {
    const data = providerFor(admin.token)
    await data.getList({ resource: 'domain', pagination: { mode: 'off' } })
    expect(urls.at(-1)).toBe('/api/v1/domain/list')
  })

  it('filters on equality, including the value 0', async () => {
    const data = providerFor(admin.token)
    const contains = { field: 'host', operator: 'contains', value: 'list.example' } as const
    const defaults = await data.getList<Domain>({ resource: 'domain', filters: [contains, { field: 'is_default', operator: 'eq', value: 1 }] })
    expect(defaults.data.map((d) => d.host)).toEqual(['shop7.list.example.com'])
    const others = await data.getList<Domain>({ resource: 'domain', filters: [contains, { field: 'is_default', operator: 'eq', value: 0 }] })
    expect(others.total).toBe(24)
  })

  it('filters a date range as FIELD_from and FIELD_to', async () => {
    const data = providerFor(admin.token)
    const contains = { field: 'host', operator: 'contains', value: 'list.example' } as const
    const between = await data.getList({ resource: 'domain', filters: [contains, { field: 'created_at', operator: 'between', value: ['2026-03-15', '2026-03-15'] }] })
    expect(urls.at(-1)).toBe('/api/v1/domain/list?host=list.example&created_at_from=2026-03-15&created_at_to=2026-03-15&page=1&limit=20')
    expect(between.total).toBe(25)
    const before = await data.getList({ resource: 'domain', filters: [contains, { field: 'created_at', operator: 'lte', value: '2026-03-14' }] })
    expect(before.total).toBe(0)
    const after = await data.getList({ resource: 'domain', filters: [contains, { field: 'created_at', operator: 'gte', value: '2026-03-16' }] })
    expect(after.total).toBe(0)
  })

  it('rejects a sort field the resource did not declare, on the sort field', async () => {
    const data = providerFor(admin.token)
    const error = (await data.getList({ resource: 'domain', sorters: [{ field: 'logo', order: 'asc' }] }).catch((e: unknown) => e)) as ApiError
    expect(error).toMatchObject({ name: 'ApiError', code: 0 })
    expect(Object.keys(error.errors ?? {})).toEqual(['sort'])
  })

  it('rejects with HTTP 403 when the role may not list, as the server decides', async () => {
    await server.account('partner', 'partner', 'admin')
    const merchant = await server.account('merchant', 'merchant', 'partner')
    await expect(providerFor(merchant.token).getList({ resource: 'domain' })).rejects.toMatchObject({ name: 'ApiError', statusCode: 403, code: 0 })
  })

  it('keeps a stopped count\'s flag, with how far its pages go, for the pagination', async () => {
    const at = NOW.toISOString()
    const many = Array.from({ length: 1001 }, (_, i) => ({ host: `many${i}.stopped.example`, name: `Many ${i}`, owner_id: admin.id, created_at: at, updated_at: at }))
    await server.services.db.insertInto('domain').values(many).execute()
    const page = await providerFor(admin.token).getList<Domain>({ resource: 'domain', pagination: { currentPage: 1, pageSize: 20 }, filters: [{ field: 'host', operator: 'contains', value: 'stopped.example' }] })
    expect({ ...page, data: page.data.length }).toEqual({ data: 20, total: 1000, totalIsAtLeast: true, lastPage: 51, perPage: 20 })
  })
})

describe('deleteOne and deleteMany', () => {
  it('deletes one record by id, and the server no longer holds it', async () => {
    const data = providerFor(admin.token)
    const { data: created } = await data.create<Domain>({ resource: 'domain', variables: { host: 'del-one.example.com', name: 'Gone' } })
    await expect(data.deleteOne({ resource: 'domain', id: String(created.id) })).resolves.toEqual({ data: { id: String(created.id) } })
    expect(urls.at(-1)).toBe('/api/v1/domain/batch_del')
    expect(await rowById(created.id)).toBeUndefined()
  })

  it('deletes several records in one call', async () => {
    const data = providerFor(admin.token)
    const a = (await data.create<Domain>({ resource: 'domain', variables: { host: 'del-a.example.com', name: 'A' } })).data
    const b = (await data.create<Domain>({ resource: 'domain', variables: { host: 'del-b.example.com', name: 'B' } })).data
    const kept = (await data.create<Domain>({ resource: 'domain', variables: { host: 'del-kept.example.com', name: 'Kept' } })).data
    const calls = urls.length
    await expect(data.deleteMany!({ resource: 'domain', ids: [a.id, b.id] })).resolves.toEqual({ data: [{ id: a.id }, { id: b.id }] })
    expect(urls.length - calls).toBe(1)
    expect(await rowById(a.id)).toBeUndefined()
    expect(await rowById(b.id)).toBeUndefined()
    expect(await rowById(kept.id)).toBeDefined()
  })
})

describe('custom', () => {
  it('calls any path with GET and a query, with or without the API base', async () => {
    const data = providerFor(admin.token)
    await data.create({ resource: 'domain', variables: { host: 'brand.example.com', name: 'Brand site' } })
    const { data: branding } = await data.custom!({ url: `${data.getApiUrl()}/platform/get_system_info`, method: 'get', query: { domain: 'brand.example.com' } })
    expect(branding).toMatchObject({ host: 'brand.example.com', name: 'Brand site' })
    expect(urls.at(-1)).toBe('/api/v1/platform/get_system_info?domain=brand.example.com')
    const { data: again } = await data.custom!({ url: '/platform/get_system_info', method: 'get', query: { domain: 'brand.example.com' } })
    expect(again).toEqual(branding)
  })

  it('POSTs the payload for any other method', async () => {
    const data = providerFor(admin.token)
    const { data: profile } = await data.custom!({ url: '/platform/get_user_info', method: 'post' })
    expect(profile).toMatchObject({ id: admin.id, username: 'admin', user_type: 0 })
  })
})

describe('resources without the endpoint', () => {
  it('says which resource lacks which endpoint and how to add it, and calls nothing', async () => {
    const files = readSchemaFiles(SCHEMAS_DIR).map((file) => {
      if (file.path !== 'resources/domain.json') return file
      const resource = JSON.parse(file.text) as { endpoints: Record<string, string> }
      delete resource.endpoints.delete
      return { ...file, text: JSON.stringify(resource) }
    })
    const data = providerFor(admin.token, createRegistry(files))
    const { data: created } = await data.create<Domain>({ resource: 'domain', variables: { host: 'no-delete.example.com', name: 'Stays' } })
    const calls = urls.length
    await expect(data.deleteOne({ resource: 'domain', id: created.id })).rejects.toThrow(
      'Resource "domain" names no delete endpoint. Add "endpoints": { "delete": "GROUP/NAME" } to schemas/resources/domain.json.',
    )
    await expect(data.getList({ resource: 'rechargeCard' })).rejects.toThrow('Resource "rechargeCard" names no list endpoint')
    expect(urls.length).toBe(calls)
    expect(await rowById(created.id)).toBeDefined()
  })
})

describe('filterParams', () => {
  it.each([
    ['eq uses the field name', [{ field: 'status', operator: 'eq', value: 1 }], { status: 1 }],
    ['contains uses the field name', [{ field: 'host', operator: 'contains', value: 'shop' }], { host: 'shop' }],
    ['gte is the lower bound', [{ field: 'created_at', operator: 'gte', value: '2026-01-01' }], { created_at_from: '2026-01-01' }],
    ['lte is the upper bound', [{ field: 'created_at', operator: 'lte', value: '2026-01-31' }], { created_at_to: '2026-01-31' }],
    ['between is both bounds', [{ field: 'created_at', operator: 'between', value: ['2026-01-01', '2026-01-31'] }], { created_at_from: '2026-01-01', created_at_to: '2026-01-31' }],
    ['between with an open end keeps the other', [{ field: 'amount', operator: 'between', value: [null, 500] }], { amount_to: 500 }],
    ['between keeps a bound of 0', [{ field: 'amount', operator: 'between', value: [0, 500] }], { amount_from: 0, amount_to: 500 }],
    ['eq keeps the value 0', [{ field: 'is_default', operator: 'eq', value: 0 }], { is_default: 0 }],
    [
      'empty values are skipped',
      [
        { field: 'host', operator: 'contains', value: '' },
        { field: 'name', operator: 'eq', value: null },
        { field: 'status', operator: 'eq', value: undefined },
        { field: 'created_at', operator: 'between', value: ['', ''] },
      ],
      {},
    ],
    [
      'several filters combine',
      [
        { field: 'host', operator: 'contains', value: 'shop' },
        { field: 'created_at', operator: 'gte', value: '2026-01-01' },
        { field: 'created_at', operator: 'lte', value: '2026-01-31' },
      ],
      { host: 'shop', created_at_from: '2026-01-01', created_at_to: '2026-01-31' },
    ],
  ] as const)('%s', (_, filters, expected) => {
    expect(filterParams(filters as unknown as Parameters<typeof filterParams>[0])).toEqual(expected)
  })
})
