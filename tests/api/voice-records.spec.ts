import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tableOf } from '../../src/server/db/table-of'
import { startTestServer, type TestServer } from './harness'

let server: TestServer
const token: Record<string, string> = {}
const ids: Record<string, number> = {}

beforeAll(async () => {
  server = await startTestServer()
  token.admin = (await server.account('admin', 'admin')).token
  const partner = await server.account('partner', 'partner', 'admin')
  const merchant = await server.account('merchant', 'merchant', 'partner')
  token.partner = partner.token
  token.merchant = merchant.token
  ids.partner = partner.id
  ids.merchant = merchant.id
  // Clone records are written by the voice-clone tasks; here they are put in place directly.
  const row = (user_id: number, name: string, status: string, created_at: string) => ({ user_id, name, status, sample_url: '', provider: 'local', voice_id: '', error: '', created_at, updated_at: created_at })
  await server.services.db.insertInto(tableOf(server.services, 'voice_clone')).values([
    row(merchant.id, 'Warm narrator', 'succeeded', '2026-11-01T08:00:00.000Z'),
    row(merchant.id, 'Shop voice', 'failed', '2026-11-10T08:00:00.000Z'),
    row(partner.id, 'Partner promo', 'succeeded', '2026-11-20T08:00:00.000Z'),
  ]).execute()
})
afterAll(() => server.close())

type Page = { total: number; data: { name: string; status: string; _titles: Record<string, string> }[] }

describe('voice records (spec §2 account/voice-record, §7 platform_voice_clone_list)', () => {
  it('lists every clone on the platform for an admin, newest first, with the account it belongs to', async () => {
    const res = await server.call<Page>('GET', '/platform/platform_voice_clone_list', { token: token.admin })
    expect(res.body.data.data.map((r) => r.name)).toEqual(['Partner promo', 'Shop voice', 'Warm narrator'])
    expect(res.body.data.data[0]!._titles).toEqual({ user_id: 'partner', task_id: null })
  })

  it('filters by account, status, name and date', async () => {
    const list = (query: Record<string, unknown>) => server.call<Page>('GET', '/platform/platform_voice_clone_list', { token: token.admin, query }).then((r) => r.body.data.data.map((x) => x.name))
    expect(await list({ user_id: ids.merchant })).toEqual(['Shop voice', 'Warm narrator'])
    expect(await list({ status: 'succeeded' })).toEqual(['Partner promo', 'Warm narrator'])
    expect(await list({ name: 'VOICE' })).toEqual(['Shop voice'])
    expect(await list({ created_at_from: '2026-11-05T00:00:00.000Z', created_at_to: '2026-11-15T00:00:00.000Z' })).toEqual(['Shop voice'])
  })

  it('is for admins only', async () => {
    for (const who of ['partner', 'merchant']) expect((await server.call('GET', '/platform/platform_voice_clone_list', { token: token[who] })).status).toBe(403)
  })
})
