import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInEveryRole, startTestServer, type TestServer } from './harness'
import { asSchemaDb } from '../../src/server/db/connect'

let server: TestServer
const token: Record<string, string> = {}

beforeAll(async () => {
  server = await startTestServer()
  Object.assign(token, await signInEveryRole(server))
  token.otherPartner = (await server.account('other-partner', 'partner', 'admin')).token
})
afterAll(() => server.close())

type Page<T> = { total: number; data: T[] }
interface Article { id: number; title: string; content: string; status: string; owner_id: number; _titles: { owner_id: string | null } }
interface Agreement { id: number; kind: string; title: string; content: string; published: boolean }

const HOSTILE =
  '<h2>Terms</h2><p>Read <strong>this</strong> first.<script>window.__pwned = 1</script></p>' +
  '<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol>' +
  '<p><img src="x" onerror="window.__pwned = 2"><a href="javascript:window.__pwned = 3">bad link</a> <a href="https://example.com/help">help</a></p>'
const CLEAN =
  '<h2>Terms</h2><p>Read <strong>this</strong> first.</p>' +
  '<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol>' +
  '<p><img src="x" /><a>bad link</a> <a href="https://example.com/help">help</a></p>'

/** The stored row itself, not what the API answers: the database must never hold the script. */
async function storedContent(table: string, id: number): Promise<string> {
  const row = await asSchemaDb(server.services.db).selectFrom(table).select('content').where('id', '=', id).executeTakeFirstOrThrow()
  return String(row.content)
}

describe('articles (spec §2 /protocol/article: admin and partner)', () => {
  it('are stored sanitised: script, event handlers and javascript: links go, formatting and safe links stay', async () => {
    const created = await server.call<Article>('POST', '/platform/add_article', { token: token.admin, body: { title: 'Welcome', content: HOSTILE } })
    expect(created.body.code, created.body.msg).toBe(1)
    expect(created.body.data.content).toBe(CLEAN)
    expect(await storedContent('article', created.body.data.id)).toBe(CLEAN)
    expect(created.body.data).toMatchObject({ status: 'draft', _titles: { owner_id: 'admin' } })

    const edited = await server.call<Article>('POST', '/platform/edit_article', {
      token: token.admin,
      body: { id: created.body.data.id, content: '<p onclick="steal()">New <em>text</em><style>p{}</style></p>', status: 'published' },
    })
    expect(edited.body.data).toMatchObject({ content: '<p>New <em>text</em></p>', status: 'published' })
    expect(await storedContent('article', created.body.data.id)).toBe('<p>New <em>text</em></p>')
  })

  it('refuses content that is nothing once sanitised, on the content field', async () => {
    for (const content of ['<script>alert(1)</script>', '<p><br></p>']) {
      const res = await server.call('POST', '/platform/add_article', { token: token.admin, body: { title: 'Empty', content } })
      expect(res.body).toMatchObject({ code: 0, data: { errors: [{ path: '/content' }] } })
    }
  })

  it('are scoped by owner: a partner sees, edits and deletes only its own; an admin sees all', async () => {
    const mine = await server.call<Article>('POST', '/platform/add_article', { token: token.partner, body: { title: 'Partner guide', content: '<p>Mine</p>' } })
    const theirs = await server.call<Article>('POST', '/platform/add_article', { token: token.otherPartner, body: { title: 'Other guide', content: '<p>Theirs</p>' } })
    expect(mine.body.data._titles).toEqual({ owner_id: 'partner' })

    const seen = await server.call<Page<Article>>('GET', '/platform/article', { token: token.partner })
    expect(seen.body.data.data.map((a) => a.title)).toEqual(['Partner guide'])
    const all = await server.call<Page<Article>>('GET', '/platform/article', { token: token.admin, query: { sort: 'id', order: 'asc' } })
    expect(all.body.data.data.map((a) => a.title)).toEqual(['Welcome', 'Partner guide', 'Other guide'])

    const theirsId = theirs.body.data.id
    const detail = await server.call('GET', '/platform/article_detail', { token: token.partner, query: { id: theirsId } })
    expect(detail.body).toMatchObject({ code: 0, msg: `Article ${theirsId} does not exist.` })
    // Another partner's article is out of reach: an edit or a delete of it answers exactly as an unknown id does, on the field, and changes nothing.
    const edit = await server.call('POST', '/platform/edit_article', { token: token.partner, body: { id: theirsId, title: 'Taken over' } })
    expect(edit.body).toMatchObject({ code: 0, msg: `Article ${theirsId} does not exist.`, data: { errors: [{ path: '/id', message: `Article ${theirsId} does not exist.` }] } })
    const unknownEdit = await server.call('POST', '/platform/edit_article', { token: token.partner, body: { id: 999_999, title: 'Taken over' } })
    expect(unknownEdit.body).toEqual({ ...edit.body, msg: 'Article 999999 does not exist.', data: { errors: [{ path: '/id', message: 'Article 999999 does not exist.' }] }, time: unknownEdit.body.time })
    const removed = await server.call('POST', '/platform/del_article', { token: token.partner, body: { ids: [theirsId, mine.body.data.id] } })
    const refusal = `Article ${theirsId} does not exist. Nothing was deleted.`
    expect(removed.body).toMatchObject({ code: 0, msg: refusal, data: { errors: [{ path: '/ids', message: refusal }] } })
    const unknownDelete = await server.call('POST', '/platform/del_article', { token: token.partner, body: { ids: [999_999, mine.body.data.id] } })
    expect(unknownDelete.body.msg).toBe(refusal.replace(String(theirsId), '999999'))
    // All or nothing: the partner's own article named beside it is still there, and goes when named alone.
    expect((await server.call('GET', '/platform/article_detail', { token: token.partner, query: { id: mine.body.data.id } })).body.code).toBe(1)
    expect((await server.call('POST', '/platform/del_article', { token: token.partner, body: { ids: [mine.body.data.id] } })).body).toMatchObject({ code: 1, data: { deleted: 1 } })
    const left = await server.call<Article>('GET', '/platform/article_detail', { token: token.admin, query: { id: theirsId } })
    expect(left.body.data.title).toBe('Other guide')
  })

  it('are closed to merchants and agents', async () => {
    for (const who of ['merchant', 'agent']) {
      expect((await server.call('GET', '/platform/article', { token: token[who] })).status).toBe(403)
      expect((await server.call('POST', '/platform/add_article', { token: token[who], body: { title: 'Mine', content: '<p>x</p>' } })).status).toBe(403)
    }
  })
})

describe('agreements (spec §2 /protocol/agreement: admin only)', () => {
  it('are kept by admins, one per kind, sanitised like any rich text', async () => {
    const created = await server.call<Agreement>('POST', '/platform/add_agreement', {
      token: token.admin,
      body: { kind: 'user_agreement', title: 'User agreement', content: HOSTILE },
    })
    expect(created.body.code, created.body.msg).toBe(1)
    expect(created.body.data).toMatchObject({ kind: 'user_agreement', content: CLEAN, published: false })
    expect(await storedContent('agreement', created.body.data.id)).toBe(CLEAN)

    const again = await server.call('POST', '/platform/add_agreement', { token: token.admin, body: { kind: 'user_agreement', title: 'Another', content: '<p>x</p>' } })
    expect(again.body).toMatchObject({ code: 0, data: { errors: [{ path: '/kind', message: 'Kind "User agreement" is already used by another Agreement.' }] } })

    const list = await server.call<Page<Agreement>>('GET', '/platform/agreement', { token: token.admin, query: { kind: 'user_agreement' } })
    expect(list.body.data.data.map((a) => a.title)).toEqual(['User agreement'])
    const detail = await server.call<Agreement>('GET', '/platform/agreement_detail', { token: token.admin, query: { id: created.body.data.id } })
    expect(detail.body.data.content).toBe(CLEAN)
  })

  it('are closed to partners, merchants and agents', async () => {
    for (const who of ['partner', 'merchant', 'agent']) {
      expect((await server.call('GET', '/platform/agreement', { token: token[who] })).status).toBe(403)
      expect((await server.call('GET', '/platform/agreement_detail', { token: token[who], query: { id: 1 } })).status).toBe(403)
      const add = await server.call('POST', '/platform/add_agreement', { token: token[who], body: { kind: 'privacy_policy', title: 'Mine', content: '<p>x</p>' } })
      expect(add.status).toBe(403)
      expect((await server.call('POST', '/platform/edit_agreement', { token: token[who], body: { id: 1, title: 'Mine' } })).status).toBe(403)
      expect((await server.call('POST', '/platform/del_agreement', { token: token[who], body: { ids: [1] } })).status).toBe(403)
    }
    expect((await server.call<Page<unknown>>('GET', '/platform/agreement', { token: token.admin })).body.data.total).toBe(1)
  })

  it('are readable without signing in once published, and only then', async () => {
    const read = () => server.call<{ kind: string; title: string; content: string; updated_at: string }>('GET', '/platform/agreement_public', { query: { kind: 'user_agreement' } })
    const unpublished = await read()
    expect(unpublished.status).toBe(200)
    expect(unpublished.body).toMatchObject({ code: 0, msg: 'User agreement has not been published yet. Please check back later.', data: null })
    const inChinese = await server.call('GET', '/platform/agreement_public', { query: { kind: 'user_agreement' }, headers: { lang: 'zh-CN' } })
    expect(inChinese.body.msg).toBe('用户协议尚未发布，请稍后再来查看。')

    const { id } = (await server.call<Page<Agreement>>('GET', '/platform/agreement', { token: token.admin })).body.data.data[0]!
    await server.call('POST', '/platform/edit_agreement', { token: token.admin, body: { id, published: true } })
    const published = await read()
    expect(published.body.code).toBe(1)
    expect(published.body.data).toMatchObject({ kind: 'user_agreement', title: 'User agreement', content: CLEAN })
    // Open means a token is not needed, not that a stale one is refused.
    expect((await server.call('GET', '/platform/agreement_public', { token: 'stale', query: { kind: 'user_agreement' } })).body.code).toBe(1)

    const missing = await server.call('GET', '/platform/agreement_public', { query: { kind: 'privacy_policy' } })
    expect(missing.body).toMatchObject({ code: 0, msg: 'Privacy policy has not been published yet. Please check back later.' })
    const unknown = await server.call('GET', '/platform/agreement_public', { query: { kind: 'terms' } })
    expect(unknown.body).toMatchObject({ code: 0, data: { errors: [{ path: '/kind' }] } })

    await server.call('POST', '/platform/edit_agreement', { token: token.admin, body: { id, published: false } })
    expect((await read()).body.code).toBe(0)
  })
})
