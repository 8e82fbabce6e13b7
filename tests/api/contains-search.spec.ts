// PostgreSQL too: the trigram index is FTS5's on SQLite and pg_trgm's on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'kysely'
import { startTestServer, type TestServer } from './harness'
import { migrateContainsIndexes, searchTable } from '../../src/server/db/contains-index'
import type { EntityDef } from '../../src/schema/types'

let server: TestServer
let merchant: { id: number; token: string }

// Names a person gives materials: mixed case, Chinese, the LIKE wildcards and the escape, short ones, emoji.
const NAMES = ['Spring Sale 春季新品', 'spring_sale%final', 'HARBOUR.mp4', 'harbour at dawn', 'a\\b path', 'ab', 'Ärger über', 'ärger', '🎬 片头 intro', 'SALE-50%', 'x_y', 'Dawn chorus']
const QUERIES = ['sale', 'SALE', '春季', '春季新品', 'g_s', '%', '_', '\\', 'ab', 'a', 'arbo', 'ärg', 'ÄRG', 'none-of-these', '.mp4', '🎬', 'n a', 'dawn', 'r 1', '99']

beforeAll(async () => {
  server = await startTestServer()
  merchant = await server.account('searcher', 'merchant')
  await fillMaterials(server, merchant.id)
})
afterAll(() => server.close())

/**
 * 2,400 rows: each name 200 times, with a number, so counts and pages both matter, and a
 * search of "a" finds more than a thousand (read in list order, not from the index).
 */
async function fillMaterials(on: TestServer, ownerId: number): Promise<void> {
  const now = on.services.now()
  const rows = Array.from({ length: 2400 }, (_, i) => ({
    name: `${NAMES[i % NAMES.length]} ${i}`,
    kind: 'video',
    url: `/uploads/x/${i}.mp4`,
    owner_id: ownerId,
    created_at: new Date(now.getTime() - i * 1000).toISOString(),
    updated_at: now.toISOString(),
  }))
  for (let i = 0; i < rows.length; i += 200) await on.services.db.insertInto('material').values(rows.slice(i, i + 200)).execute()
}

/** What the list answers for a contains search on the name, every page. */
async function listed(text: string): Promise<{ total: number; ids: number[] }> {
  const ids: number[] = []
  let total = 0
  for (let page = 1; ; page++) {
    const res = await server.call<{ total: number; last_page: number; data: { id: number }[] }>('GET', '/material/list', { token: merchant.token, query: { name: text, limit: 100, page } })
    expect(res.body.code).toBe(1)
    total = res.body.data.total
    ids.push(...res.body.data.data.map((m) => m.id))
    if (page >= res.body.data.last_page) return { total, ids }
  }
}

/** The same search as a scan of every row, as the list did before the index. */
async function scanned(text: string, on = server, ownerId = merchant.id): Promise<number[]> {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  const { rows } = await sql<{ id: number }>`select id from material where owner_id = ${ownerId} and lower(name) like ${pattern} escape '\\' order by created_at desc, id desc`.execute(on.services.db)
  return rows.map((row) => Number(row.id))
}

describe('searching a field by any part of it (x-index "contains")', () => {
  it('answers exactly what a scan of every row answers, in the same order, for every kind of text', async () => {
    for (const text of QUERIES) {
      const scan = await scanned(text)
      const answer = await listed(text)
      expect({ text, total: answer.total, ids: answer.ids }).toEqual({ text, total: scan.length, ids: scan })
    }
    // Not a vacuous equality: most searches find something, and some more than a thousand.
    expect((await scanned('sale')).length).toBe(600)
    expect((await scanned('a')).length).toBeGreaterThan(1000)
  })

  it('keeps the index in step with every insert, rename and delete', async () => {
    const [first] = await server.services.db.insertInto('material').values({ name: 'Brand new zebra clip', kind: 'video', url: '/uploads/x/z.mp4', owner_id: merchant.id, created_at: server.services.now().toISOString(), updated_at: server.services.now().toISOString() }).returning('id').execute()
    expect((await listed('zebra')).ids).toEqual([first!.id])
    await server.services.db.updateTable('material').set({ name: 'Renamed okapi clip' }).where('id', '=', first!.id).execute()
    expect((await listed('zebra')).ids).toEqual([])
    expect((await listed('okapi')).ids).toEqual([first!.id])
    await server.call('POST', '/material/del', { token: merchant.token, body: { ids: [first!.id] } })
    expect((await listed('okapi')).ids).toEqual([])
  })

  it('reads the index, not every row, for a text of three characters or more', async () => {
    const { db, dialect } = server.services
    if (dialect === 'sqlite') {
      const plan = await sql<{ detail: string }>`explain query plan select rowid from ${sql.id(searchTable('material', 'name'))} where name like '%sale%'`.execute(db)
      expect(plan.rows.map((row) => row.detail).join('\n')).toMatch(/VIRTUAL TABLE INDEX 0:L/)
    } else {
      const plan = await db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx)
        return sql<{ 'QUERY PLAN': string }>`explain select id from material where lower(name) like '%sale%'`.execute(trx)
      })
      expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toMatch(/material_name_contains_idx/)
    }
  })

  it('drops the index with the keyword and builds it again, filled, when the keyword returns', async () => {
    const { db, dialect } = server.services
    const material = server.services.registry.entities.get('material')!
    const without: EntityDef = { ...material, columns: material.columns.map((c) => (c.name === 'name' ? { ...c, containsIndexed: false } : c)) }
    const exists = async () =>
      dialect === 'sqlite'
        ? (await sql<{ n: number }>`select count(*) as n from sqlite_master where name = ${searchTable('material', 'name')}`.execute(db)).rows[0]!.n > 0
        : (await sql<{ n: number }>`select count(*)::int as n from pg_catalog.pg_class where relname = 'material_name_contains_idx' and relnamespace = current_schema()::regnamespace`.execute(db)).rows[0]!.n > 0
    await db.transaction().execute((trx) => migrateContainsIndexes(trx, dialect, without))
    expect(await exists()).toBe(false)
    // Rows written while there was no index are found once it is back.
    await db.insertInto('material').values({ name: 'Harbour written meanwhile', kind: 'video', url: '/uploads/x/m.mp4', owner_id: merchant.id, created_at: server.services.now().toISOString(), updated_at: server.services.now().toISOString() }).execute()
    await db.transaction().execute((trx) => migrateContainsIndexes(trx, dialect, material))
    expect(await exists()).toBe(true)
    expect((await listed('harbour')).ids).toEqual(await scanned('harbour'))
    expect((await scanned('harbour')).length).toBe(401)
  })
})

describe('the count of a search matching very many rows', () => {
  // The least limit there is (a thousand, as many as a search reads from its index before it reads the table instead), so 2,400 rows are enough.
  const LIMIT = 1000
  let capped: TestServer
  let owner: { id: number; token: string }
  beforeAll(async () => {
    capped = await startTestServer({ config: { searchCountLimit: LIMIT } })
    owner = await capped.account('searcher', 'merchant')
    await fillMaterials(capped, owner.id)
  })
  afterAll(() => capped.close())

  type Page = { total: number; total_is_at_least?: true; per_page: number; current_page: number; last_page: number; data: { id: number }[] }
  const page = async (text: string, number: number, limit = 30) => {
    const res = await capped.call<Page>('GET', '/material/list', { token: owner.token, query: { name: text, limit, page: number } })
    expect(res.body.code).toBe(1)
    return res.body.data
  }
  const ids = (answer: Page) => answer.data.map((m) => m.id)

  it('stops at the limit and says the total is a lower bound, the page the same rows as a scan', async () => {
    const scan = await scanned('a', capped, owner.id)
    expect(scan.length).toBe(1600)
    const first = await page('a', 1)
    expect({ ...first, data: ids(first) }).toEqual({ total: LIMIT, total_is_at_least: true, per_page: 30, current_page: 1, last_page: 34, data: scan.slice(0, 30) })
    // The count went one row past the limit: page 34 holds it, and is full, so the next may hold more.
    const reached = await page('a', 34)
    expect({ ...reached, data: ids(reached) }).toEqual({ total: LIMIT, total_is_at_least: true, per_page: 30, current_page: 34, last_page: 35, data: scan.slice(990, 1020) })
  })

  it('pages on past the count to the last match, where the total is exact again', async () => {
    const scan = await scanned('a', capped, owner.id)
    const read: number[] = []
    let answer: Page
    let number = 0
    do {
      answer = await page('a', ++number)
      read.push(...ids(answer))
    } while (number < answer.last_page)
    expect(read).toEqual(scan)
    expect({ number, total: answer.total, flagged: 'total_is_at_least' in answer }).toEqual({ number: 54, total: 1600, flagged: false })
    // A page past every match has no rows and says no more than the count did.
    const past = await page('a', 60)
    expect({ ...past, data: ids(past) }).toEqual({ total: LIMIT, total_is_at_least: true, per_page: 30, current_page: 60, last_page: 34, data: [] })
  })

  it('counts a search matching fewer rows than the limit exactly, without the flag', async () => {
    for (const text of ['sale', 'harbour', 'none-of-these']) {
      const scan = await scanned(text, capped, owner.id)
      const first = await page(text, 1)
      expect({ text, ...first, data: ids(first) }).toEqual({ text, total: scan.length, per_page: 30, current_page: 1, last_page: Math.max(1, Math.ceil(scan.length / 30)), data: scan.slice(0, 30) })
    }
    expect((await scanned('sale', capped, owner.id)).length).toBe(600)
  })
})
