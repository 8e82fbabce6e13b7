// PostgreSQL too: searches by prefix and case, the subtree of an account, and names on their trigram index (FTS5's or pg_trgm's).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CompiledQuery, sql, type KyselyPlugin } from 'kysely'
import { startTestServer, type TestServer } from './harness'
import { searchTreeRows } from '../../src/server/accounts/account-tree'
import type { Db } from '../../src/server/db/connect'
import type { ProviderServiceTreeChildrenResponse as Children, ProviderServiceTreeSearchResponse as Found } from '../../src/generated/types'

let server: TestServer
const token: Record<string, string> = {}
const id: Record<string, number> = {}

/**
 *   admin ─┬─ east ─┬─ east-shop-1 … east-shop-3, east-li (李小明, 13912345678)
 *          │        ├─ east-agent
 *          │        └─ east-sub ── sub-shop
 *          └─ west ─── west-li (李西, 13912340000)
 *   admin2 (a second top-level account)
 */
const ACCOUNTS = [
  ['admin', 'admin', undefined, 'Administrator', ''],
  ['admin2', 'admin', undefined, 'Second admin', ''],
  ['east', 'partner', 'admin', 'East partner', '13900000001'],
  ['west', 'partner', 'admin', 'West partner', '13900000002'],
  ['east-shop-1', 'merchant', 'east', 'East shop 1', ''],
  ['east-shop-2', 'merchant', 'east', 'East shop 2', ''],
  ['east-shop-3', 'merchant', 'east', 'East shop 3', ''],
  ['east-li', 'merchant', 'east', '李小明', '13912345678'],
  ['east-agent', 'agent', 'east', 'East agent', ''],
  ['east-sub', 'partner', 'east', 'East sub-partner', ''],
  ['sub-shop', 'merchant', 'east-sub', 'Sub shop', ''],
  ['west-li', 'merchant', 'west', '李西', '13912340000'],
] as const

beforeAll(async () => {
  server = await startTestServer()
  for (const [username, role, parent, name, mobile] of ACCOUNTS) {
    const account = await server.account(username, role, parent)
    token[username] = account.token
    id[username] = account.id
    await server.services.db.updateTable('account').set({ name, mobile }).where('id', '=', account.id).execute()
  }
})
afterAll(() => server.close())

const children = (who: string, query: Record<string, unknown> = {}) => server.call<Children>('GET', '/provider_service/tree_children', { token: token[who], query })
const search = (who: string, keyword: string, query: Record<string, unknown> = {}) => server.call<Found>('GET', '/provider_service/tree_search', { token: token[who], query: { keyword, ...query } })
const names = (list: { username: string }[]) => list.map((n) => n.username)

describe('children (GET /provider_service/tree_children)', () => {
  it("gives an admin every top-level account as its roots, each with how many accounts are directly below it", async () => {
    const roots = await children('admin')
    expect(roots.body).toMatchObject({ code: 1, data: { total: 2, more: false } })
    expect(roots.body.data.list).toEqual([
      { id: id.admin, username: 'admin', name: 'Administrator', mobile: '', user_type: 0, status: 1, parent_id: null, child_count: 2 },
      { id: id.admin2, username: 'admin2', name: 'Second admin', mobile: '', user_type: 0, status: 1, parent_id: null, child_count: 0 },
    ])
  })

  it('lists the direct children of a node by id, with their child counts, and never anything deeper', async () => {
    const below = await children('admin', { parent_id: id.admin })
    expect(below.body.data.list.map((n) => [n.username, n.user_type, n.child_count])).toEqual([['east', 1, 6], ['west', 1, 1]])
    const east = await children('admin', { parent_id: id.east })
    expect(names(east.body.data.list)).toEqual(['east-shop-1', 'east-shop-2', 'east-shop-3', 'east-li', 'east-agent', 'east-sub'])
    expect(east.body.data.list.find((n) => n.username === 'east-sub')!.child_count).toBe(1)
    expect(east.body.data.list.find((n) => n.username === 'east-li')).toMatchObject({ mobile: '13912345678', name: '李小明', parent_id: id.east, child_count: 0 })
  })

  it('sends a page at a time: limit caps it, more says others follow, after_id continues', async () => {
    const first = await children('admin', { parent_id: id.east, limit: 4 })
    expect(first.body.data).toMatchObject({ total: 6, more: true })
    expect(names(first.body.data.list)).toEqual(['east-shop-1', 'east-shop-2', 'east-shop-3', 'east-li'])
    const rest = await children('admin', { parent_id: id.east, limit: 4, after_id: first.body.data.list.at(-1)!.id })
    expect(rest.body.data).toMatchObject({ total: 6, more: false })
    expect(names(rest.body.data.list)).toEqual(['east-agent', 'east-sub'])
  })

  it('sends at most 100 children unless asked for fewer or up to 200, however many a node has', async () => {
    const big = (await server.account('big', 'partner', 'admin')).id
    const now = new Date().toISOString()
    const rows = Array.from({ length: 250 }, (_, i) => ({ username: `big-${i}`, name: `Big ${i}`, user_type: 2, status: 1, parent_id: big, path: '/', created_at: now, updated_at: now }))
    await server.services.db.insertInto('account').values(rows).execute()
    await server.services.db.updateTable('account').set({ path: sql`${`/${id.admin}/${big}/`} || id || '/'` }).where('parent_id', '=', big).execute()
    const page = await children('admin', { parent_id: big })
    expect(page.body.data).toMatchObject({ total: 250, more: true })
    expect(page.body.data.list).toHaveLength(100)
    const most = await children('admin', { parent_id: big, limit: 200, after_id: page.body.data.list.at(-1)!.id })
    expect(most.body.data).toMatchObject({ total: 250, more: false })
    expect(most.body.data.list).toHaveLength(150)
    expect((await children('admin', { parent_id: big, limit: 201 })).body).toMatchObject({ code: 0, data: { errors: [{ path: '/limit' }] } })
    await server.services.db.deleteFrom('account').where('parent_id', '=', big).execute()
    await server.services.db.deleteFrom('account').where('id', '=', big).execute()
  })

  it('gives a partner itself as its only root, and its whole subtree below it', async () => {
    const roots = await children('east')
    expect(roots.body.data).toMatchObject({ total: 1, more: false, list: [{ username: 'east', child_count: 6 }] })
    expect(names((await children('east', { parent_id: id['east-sub'] })).body.data.list)).toEqual(['sub-shop'])
    expect(names((await children('east-sub')).body.data.list)).toEqual(['east-sub'])
  })

  it("answers a node outside a partner's subtree as a missing account: another partner's branch, its own parent, an unknown id", async () => {
    for (const [who, node] of [['east', id.west], ['east', id.admin], ['east', id['west-li']], ['east-sub', id.east], ['east-sub', id['east-shop-1']], ['east', 999_999]] as const) {
      const refused = await children(who, { parent_id: node })
      expect(refused.body, `${who} → ${node}`).toMatchObject({ code: 0, data: null })
      expect(refused.body.msg).toContain(String(node))
    }
  })

  it('is not for merchants or agents', async () => {
    expect((await children('east-li')).status).toBe(403)
    expect((await children('east-agent', { parent_id: id['east-agent'] })).status).toBe(403)
  })
})

describe('search (GET /provider_service/tree_search)', () => {
  it('finds accounts by a part of their name, with the ids from the root down and those ancestors', async () => {
    const found = await search('admin', '李')
    expect(found.body).toMatchObject({ code: 1, data: { more: false } })
    expect(found.body.data.list.map((n) => [n.username, n.ancestor_ids])).toEqual([
      ['east-li', [id.admin, id.east]],
      ['west-li', [id.admin, id.west]],
    ])
    expect(found.body.data.ancestors.map((n) => [n.username, n.child_count]).sort()).toEqual([['admin', 2], ['east', 6], ['west', 1]])
    expect(found.body.data.list[0]).toMatchObject({ name: '李小明', mobile: '13912345678', user_type: 2, child_count: 0, parent_id: id.east })
  })

  it('finds accounts by the start of their mobile number, on its index', async () => {
    const found = await search('admin', '1391234')
    expect(names(found.body.data.list)).toEqual(['east-li', 'west-li'])
    expect(names((await search('admin', '13912345678')).body.data.list)).toEqual(['east-li'])
    // The middle of a number is not its start.
    expect((await search('admin', '2345678')).body.data.list).toEqual([])
  })

  it('finds accounts by username, ignoring case for text, and a numeric username by its start', async () => {
    expect(names((await search('admin', 'EAST-SH')).body.data.list)).toEqual(['east-shop-1', 'east-shop-2', 'east-shop-3'])
    const numeric = await server.account('8800123', 'merchant', 'west')
    expect((await search('admin', '8800')).body.data.list).toMatchObject([{ id: numeric.id, ancestor_ids: [id.admin, id.west] }])
    await server.services.db.deleteFrom('session').where('user_id', '=', numeric.id).execute()
    await server.services.db.deleteFrom('account').where('id', '=', numeric.id).execute()
  })

  it('takes % and _ as the characters they are', async () => {
    expect((await search('admin', '%')).body.data.list).toEqual([])
    expect((await search('admin', '_')).body.data.list).toEqual([])
    expect(names((await search('admin', 'p 1')).body.data.list)).toEqual(['east-shop-1'])
  })

  it('caps the matches at limit and says more match', async () => {
    const capped = await search('admin', 'east', { limit: 2 })
    expect(capped.body.data).toMatchObject({ more: true })
    expect(names(capped.body.data.list)).toEqual(['east', 'east-shop-1'])
    expect((await search('admin', '139', { limit: 3 })).body.data).toMatchObject({ more: true, list: [{}, {}, {}] })
  })

  it("searches only a partner's own subtree, with ancestors from the partner itself", async () => {
    const found = await search('east', '李')
    expect(found.body.data.list.map((n) => [n.username, n.ancestor_ids])).toEqual([['east-li', [id.east]]])
    expect(names(found.body.data.ancestors)).toEqual(['east'])
    expect(names((await search('east', '1391234')).body.data.list)).toEqual(['east-li'])
    expect((await search('east', 'west')).body.data.list).toEqual([])
    expect((await search('east', 'admin')).body.data.list).toEqual([])
    // The partner itself is its root: found, with no ancestors.
    expect((await search('east', 'East partner')).body.data.list).toMatchObject([{ username: 'east', ancestor_ids: [] }])
    const sub = await search('east-sub', 'shop')
    expect(sub.body.data.list.map((n) => [n.username, n.ancestor_ids])).toEqual([['sub-shop', [id['east-sub']]]])
  })

  it('needs a keyword with something in it, and is not for merchants or agents', async () => {
    expect((await search('admin', '   ')).body).toMatchObject({ code: 0, data: { errors: [{ path: '/keyword' }] } })
    expect((await server.call('GET', '/provider_service/tree_search', { token: token.admin })).body).toMatchObject({ code: 0, data: { errors: [{ path: '/keyword' }] } })
    expect((await search('east-li', '李')).status).toBe(403)
    expect((await search('east-agent', '李')).status).toBe(403)
  })
})

describe('search by name on its index (x-index "contains" on the name)', () => {
  // Names a person gives a shop: mixed case, Chinese, the LIKE wildcards and the escape, short ones; and usernames sharing some words.
  const NAMES = ['Harbour Shop 春季新品', 'harbour_shop%50', 'TEA.house', 'a\\b studio', 'ab', 'Ärger über', 'ärger', '小明的店', 'SHOP-50%', 'x_y', 'Dawn tea']
  const USERNAMES = ['shop', 'tea', 'x_y', 'dawn', 'harbour', 'm']
  const KEYWORDS = ['shop', 'SHOP', 'harbour', 'arbo', '春季', '春季新品', '小明', 'ärg', 'ÄRG', 'p_5', '%', '_', '\\', 'ab', 'a', 'tea.', 'p-5', 'n t', 'dawn', 'p 1', 'none-of-these', 'x_y', 'm-1']
  const PARENTS = ['east', 'west', 'east-sub'] as const

  beforeAll(async () => {
    const { db } = server.services
    const now = new Date().toISOString()
    // 1,200 accounts under three partners, each name and username 100 times or more, so limits and subtrees both cut.
    for (let i = 0; i < 1200; i += 200) {
      const rows = Array.from({ length: 200 }, (_, k) => {
        const n = i + k
        return { username: `${USERNAMES[n % USERNAMES.length]}-${n}`, name: `${NAMES[n % NAMES.length]} ${n}`, user_type: 2, status: 1, parent_id: id[PARENTS[n % PARENTS.length]!]!, path: '/', created_at: now, updated_at: now }
      })
      await db.insertInto('account').values(rows).execute()
    }
    await db.updateTable('account').set({ path: sql`(select p.path from account p where p.id = account.parent_id) || account.id || '/'` }).where('path', '=', '/').execute()
  })

  /** The same search as one scan of the rows in reach, as the tree searched before the index. */
  async function scanned(keyword: string, withinPath: string | undefined, limit: number): Promise<{ ids: number[]; more: boolean }> {
    const pattern = `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    const scope = withinPath === undefined ? sql`` : sql`and substr(path, 1, ${withinPath.length}) = ${withinPath}`
    const { rows } = await sql<{ id: number }>`select id from account where (lower(name) like ${pattern} escape '\\' or lower(username) like ${pattern} escape '\\') ${scope} order by id limit ${limit + 1}`.execute(server.services.db)
    const ids = rows.map((row) => Number(row.id))
    return { ids: ids.slice(0, limit), more: ids.length > limit }
  }

  it('answers exactly what one scan of name and username answers, in the same order, for every caller, limit and kind of text', async () => {
    const paths = Object.fromEntries((await server.services.db.selectFrom('account').select(['username', 'path']).where('username', 'in', ['east', 'east-sub']).execute()).map((row) => [row.username, row.path]))
    let found = 0
    for (const [who, withinPath] of [['admin', undefined], ['east', paths.east], ['east-sub', paths['east-sub']]] as const) {
      for (const limit of [1, 7, 20, 50]) {
        for (const keyword of KEYWORDS) {
          const answer = await search(who, keyword, { limit })
          expect({ keyword, limit, code: answer.body.code, msg: answer.body.msg }).toMatchObject({ code: 1 })
          const scan = await scanned(keyword, withinPath, limit)
          expect({ who, limit, keyword, ids: answer.body.data.list.map((n) => n.id), more: answer.body.data.more }).toEqual({ who, limit, keyword, ...scan })
          found += scan.ids.length
        }
      }
    }
    // Not a vacuous equality: searches find rows, and more than a page.
    expect(found).toBeGreaterThan(3000)
    expect((await scanned('shop', undefined, 50)).more).toBe(true)
  })

  it('reads the names from the index', async () => {
    const { db, dialect } = server.services
    const plans = await db.transaction().execute(async (trx) => {
      if (dialect === 'postgres') {
        // A table this small is read whole sooner; what is shown is that the index serves the query as it is written.
        await sql`set local enable_seqscan = off`.execute(trx)
        await sql`set local enable_indexscan = off`.execute(trx)
      }
      const [byName] = await queriesOf(trx, (traced) => searchTreeRows(traced, dialect, 'account', { keyword: 'Harbour', limit: 20, nameIndexed: true }))
      const explain = dialect === 'sqlite' ? 'explain query plan' : 'explain'
      const { rows } = await trx.executeQuery<Record<string, string>>(CompiledQuery.raw(`${explain} ${byName!.sql}`, [...byName!.parameters]))
      return rows.map((row) => row.detail ?? row['QUERY PLAN']).join('\n')
    })
    if (dialect === 'sqlite') {
      // Its matches in id order from the index, with no sort: a search stops at its limit.
      expect(plans).toMatch(/VIRTUAL TABLE INDEX \d+:L/)
      expect(plans).not.toMatch(/TEMP B-TREE/)
    } else {
      expect(plans).toMatch(/account_name_contains_idx/)
    }
  })
})

/** The SQL of each query `run` makes through the database it is given, as sent. */
async function queriesOf(db: Db, run: (traced: Db) => Promise<unknown>): Promise<CompiledQuery[]> {
  const compiled: CompiledQuery[] = []
  const trace: KyselyPlugin = {
    transformQuery: ({ node, queryId }) => {
      compiled.push(db.getExecutor().compileQuery(node, queryId))
      return node
    },
    transformResult: async ({ result }) => result,
  }
  await run(db.withPlugin(trace))
  return compiled
}
