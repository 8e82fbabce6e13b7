import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { copySchemas, startTestServer, type TestServer } from './harness'
import { addNoteSchemas } from '../support/note-schemas'
import { asSchemaDb } from '../../src/server/db/connect'

type Account = { id: number; token: string }
type Note = { id: number; site_id: number | null; _titles: { site_id: string | null } }
let server: TestServer
const who: Record<string, Account> = {}
const site: Record<string, number> = {}

// note.site_id is an x-relation to domain, whose x-title is its name (tests/support/note-schemas.ts).
beforeAll(async () => {
  const schemasDir = copySchemas()
  addNoteSchemas(schemasDir)
  server = await startTestServer({ schemasDir })
  who.admin = await server.account('admin', 'admin')
  who.partnerA = await server.account('partnerA', 'partner', 'admin')
  who.merchantA = await server.account('merchantA', 'merchant', 'partnerA')
  who.partnerB = await server.account('partnerB', 'partner', 'admin')
  const add = async (host: string, name: string) => (await server.call<{ id: number }>('POST', '/domain/add', { token: who.admin!.token, body: { host, name } })).body.data.id
  site.admin = await add('admin.example.com', 'Admin site')
  site.other = await add('other.example.com', 'Other site')
  // Domains are admin-only screens; partnerA owns one by assignment, as a partner's branded site would be.
  site.partnerA = await add('partner-a.example.com', 'Partner A site')
  await server.services.db.updateTable('domain').set({ owner_id: who.partnerA!.id }).where('id', '=', site.partnerA).execute()
})
afterAll(() => server.close())

const addNote = (token: string, body: Record<string, unknown>) => server.call<Note>('POST', '/note/add', { token, body: { title: 'About a site', ...body } })

describe('an x-relation field', () => {
  it("sends the related record's title beside the id, in list, detail, create and edit answers", async () => {
    const created = await addNote(who.admin!.token, { site_id: site.admin })
    expect(created.body).toMatchObject({ code: 1, data: { site_id: site.admin, _titles: { site_id: 'Admin site' } } })
    const id = created.body.data.id

    const detail = await server.call<Note>('GET', '/note/detail', { token: who.admin!.token, query: { id } })
    expect(detail.body.data._titles).toEqual({ site_id: 'Admin site' })
    const list = await server.call<{ data: Note[] }>('GET', '/note/list', { token: who.admin!.token })
    expect(list.body.data.data.find((n) => n.id === id)?._titles).toEqual({ site_id: 'Admin site' })

    const edited = await server.call<Note>('POST', '/note/edit', { token: who.admin!.token, body: { id, site_id: site.other } })
    expect(edited.body.data).toMatchObject({ site_id: site.other, _titles: { site_id: 'Other site' } })
    const cleared = await server.call<Note>('POST', '/note/edit', { token: who.admin!.token, body: { id, site_id: null } })
    expect(cleared.body.data).toMatchObject({ site_id: null, _titles: { site_id: null } })
  })

  it('fetches the titles of a whole page at once', async () => {
    for (let i = 0; i < 5; i++) await addNote(who.admin!.token, { site_id: i % 2 ? site.admin : site.other })
    const list = await server.call<{ data: Note[] }>('GET', '/note/list', { token: who.admin!.token, query: { limit: 100 } })
    for (const note of list.body.data.data.filter((n) => n.site_id !== null)) {
      expect(note._titles.site_id).toBe(note.site_id === site.admin ? 'Admin site' : 'Other site')
    }
  })

  it("accepts a record the caller can see: a partner may point at its own site", async () => {
    const res = await addNote(who.partnerA!.token, { site_id: site.partnerA })
    expect(res.body).toMatchObject({ code: 1, data: { _titles: { site_id: 'Partner A site' } } })
  })

  it("refuses, on the field and in both languages, a record that does not exist or that the caller cannot see", async () => {
    for (const [token, id] of [[who.partnerA!.token, site.admin], [who.merchantA!.token, site.partnerA], [who.admin!.token, 999_999]] as const) {
      const res = await addNote(token, { site_id: id })
      expect(res.body.code).toBe(0)
      expect(res.body.data).toEqual({ errors: [{ path: '/site_id', message: `Site: there is no Domain ${id} you can choose.` }] })
    }
    const zh = await server.call('POST', '/note/add', { token: who.partnerB!.token, body: { title: 'x', site_id: site.partnerA }, headers: { lang: 'zh-CN' } })
    expect(zh.body.data).toEqual({ errors: [{ path: '/site_id', message: `站点：没有可选的域名 ${site.partnerA}。` }] })
    const mine = await server.call<Note>('GET', '/note/detail', { token: who.partnerA!.token, query: { id: (await addNote(who.partnerA!.token, {})).body.data.id } })
    const edit = await server.call('POST', '/note/edit', { token: who.partnerA!.token, body: { id: mine.body.data.id, site_id: site.other } })
    expect(edit.body).toMatchObject({ code: 0, data: { errors: [{ path: '/site_id' }] } })
    const stored = await asSchemaDb(server.services.db).selectFrom('note').select('site_id').where('id', '=', mine.body.data.id).executeTakeFirstOrThrow()
    expect(stored.site_id).toBeNull()
  })

  it("gives a null title where the related record is not the caller's to see", async () => {
    // An admin points partnerA's note at the admin's own site: partnerA sees the id, not the site's name.
    const note = (await addNote(who.partnerA!.token, {})).body.data
    await server.call('POST', '/note/edit', { token: who.admin!.token, body: { id: note.id, site_id: site.admin } })
    const seen = await server.call<Note>('GET', '/note/detail', { token: who.partnerA!.token, query: { id: note.id } })
    expect(seen.body.data).toMatchObject({ site_id: site.admin, _titles: { site_id: null } })
  })

  it("is ignored in requests: _titles is the server's to fill", async () => {
    const res = await addNote(who.admin!.token, { site_id: site.admin, _titles: { site_id: 'Forged' } })
    expect(res.body.code).toBe(0)
    expect(res.body.data).toEqual({ errors: [{ path: '/_titles', message: 'Unknown field "_titles".' }] })
  })
})

describe('an x-relation to an account above the caller', () => {
  type Profile = { id: number; parent_id: number | null; _titles: { parent_id: string | null } }
  type Row = { operator_id: number | null; _titles: { operator_id: string | null } }
  const above: Record<string, Account> = {}
  beforeAll(async () => {
    above.partnerA2 = await server.account('partnerA2', 'partner', 'partnerA')
    above.merchantA2 = await server.account('merchantA2', 'merchant', 'partnerA2')
    above.agentA = await server.account('agentA', 'agent', 'partnerA')
  })
  const profile = async (token: string, lang = 'en-US') => (await server.call<Profile>('POST', '/platform/get_user_info', { token, headers: { lang } })).body.data

  it('names the parent on the user-info answer of every role: its title, or the platform for an administrator', async () => {
    expect((await profile(who.admin!.token))._titles).toEqual({ parent_id: null })
    expect((await profile(who.partnerA!.token))._titles).toEqual({ parent_id: 'Platform' })
    expect((await profile(who.partnerA!.token, 'zh-CN'))._titles).toEqual({ parent_id: '平台' })
    expect((await profile(above.partnerA2!.token))._titles).toEqual({ parent_id: 'partnerA' })
    expect((await profile(who.merchantA!.token))._titles).toEqual({ parent_id: 'partnerA' })
    expect((await profile(above.merchantA2!.token))._titles).toEqual({ parent_id: 'partnerA2' })
    expect((await profile(above.agentA!.token))._titles).toEqual({ parent_id: 'partnerA' })
  })

  it("names the operator of a ledger row above the caller: its parent by name, the platform, any other account above as upstream, and no one else", async () => {
    const at = new Date().toISOString()
    const row = (operator: number) => ({ user_id: above.merchantA2!.id, type: 'adjust', amount: 100, balance_after: 100, operator_id: operator, related_type: '', remark: '', created_at: at, updated_at: at })
    await asSchemaDb(server.services.db)
      .insertInto('user_money_log')
      .values([row(above.partnerA2!.id), row(who.admin!.id), row(who.partnerA!.id), row(who.partnerB!.id), row(above.merchantA2!.id)] as never)
      .execute()
    const titles = async (lang: string) => {
      const list = await server.call<{ data: Row[] }>('GET', '/platform/user_money_log', { token: above.merchantA2!.token, headers: { lang } })
      return Object.fromEntries(list.body.data.data.map((r) => [r.operator_id, r._titles.operator_id]))
    }
    expect(await titles('en-US')).toEqual({
      [above.partnerA2!.id]: 'partnerA2',
      [who.admin!.id]: 'Platform',
      [who.partnerA!.id]: 'Upstream account',
      [who.partnerB!.id]: null,
      [above.merchantA2!.id]: 'merchantA2',
    })
    expect(await titles('zh-CN')).toMatchObject({ [who.admin!.id]: '平台', [who.partnerA!.id]: '上级', [above.partnerA2!.id]: 'partnerA2' })
  })
})
