// PostgreSQL too: exports read past one chunk of rows.
import { parse } from 'csv-parse/sync'
import JSZip from 'jszip'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asSchemaDb } from '../../src/server/db/connect'
import { startTestServer, type TestServer } from './harness'

/**
 * export.list, the download of any generic list (issue: matrix distribution): here the Video data
 * screen's posts, release_post/export_data over release_post/list.
 */
describe('export.list: a list as the file its screen would show', () => {
  let server: TestServer
  let id: Record<string, number>
  let token: Record<string, string>
  const row: Record<string, number> = {}
  const now = '2026-03-15T08:00:00.000Z'

  const insert = async (entity: string, values: Record<string, unknown>) => {
    const { table } = server.services.registry.entities.get(entity)!
    const made = await asSchemaDb(server.services.db)
      .insertInto(table)
      .values({ created_at: now, updated_at: now, ...values } as never)
      .returning('id')
      .executeTakeFirstOrThrow()
    return Number((made as { id: unknown }).id)
  }
  const plan = (owner: string, name: string) =>
    insert('release_plan', { owner_id: id[owner], name, status: 'active', start_at: now, slots_per_day: 3, interval_minutes: 60, jitter_minutes: 0, daily_cap: 3, titles: '[]', topics: '[]', poi_id: '' })
  const work = (owner: string, title: string) =>
    insert('work', { owner_id: id[owner], title, kind: 'clip', render: '', task_id: null, variant: 0, combination: '', url: '/uploads/w.mp4', cover_url: '', duration: 2, width: 160, height: 284, fps: 25, size: 1000, storage_key: '' })
  const account = (owner: string, nickname: string, platform: string) =>
    insert('platform_account', { owner_id: id[owner], platform, nickname, status: 'assisted', open_id: '', access_token: '', refresh_token: '', scope: '', problem: '', remark: '' })
  const post = (owner: string, values: Record<string, unknown>) =>
    insert('release_post', { owner_id: id[owner], platform: 'douyin', scheduled_at: '2026-03-16T02:00:00.000Z', status: 'pending', task_id: null, item_id: '', share_url: '', error: '', published_at: null, work_account: null, views: null, likes: null, comments: null, shares: null, stats_at: null, ...values })

  // As the console opens it: a plain link signed in by a one-use ticket.
  const download = async (who: string, query: string) =>
    server.inject({ method: 'GET', url: await server.link(token[who]!, '/release_post/export_data', query), headers: { platform: 'pc' } })
  const csv = async (who: string, query: string) => {
    const res = await download(who, query)
    expect(res.statusCode).toBe(200)
    const [header, ...rows] = parse(res.body, { bom: true }) as string[][]
    return { res, header: header!, rows }
  }

  beforeAll(async () => {
    server = await startTestServer()
    ;({ id, token } = await server.accounts([
      ['admin', 'admin'],
      ['p1', 'partner', 'admin'],
      ['m1', 'merchant', 'p1'],
      ['p2', 'partner', 'admin'],
      ['m2', 'merchant', 'p2'],
    ]))
    row.spring = await plan('m1', 'Spring plan')
    row.autumn = await plan('m1', 'Autumn plan')
    row.rivalPlan = await plan('m2', 'Rival plan')
    row.tea = await work('m1', 'Morning tea')
    row.evilWork = await work('m1', '=HYPERLINK("http://evil.example")')
    row.rivalWork = await work('m2', 'Rival tea')
    row.shop = await account('m1', 'Tea shop 茶铺', 'douyin')
    row.rivalShop = await account('m2', 'Rival shop', 'kuaishou')
    row.published = await post('m1', { plan_id: row.spring, work_id: row.tea, account_id: row.shop, title: 'Morning tea', status: 'published', views: 1234567, likes: 56, comments: 7, shares: 8 })
    row.failed = await post('m1', { plan_id: row.autumn, work_id: row.evilWork, account_id: row.shop, title: '=SUM(A1)', status: 'failed', error: 'Too short' })
    // A post naming a work the merchant may not see (the schema allows nothing else to stop it): shown by id, never by name.
    row.foreign = await post('m1', { plan_id: row.autumn, work_id: row.rivalWork, account_id: row.shop, title: 'Borrowed', status: 'pending' })
    row.rival = await post('m2', { plan_id: row.rivalPlan, work_id: row.rivalWork, account_id: row.rivalShop, platform: 'kuaishou', title: 'Rival post', status: 'published', views: 10 })
  })

  afterAll(async () => {
    await server?.close()
  })

  it('titles the id and the screen’s columns in English, and fills them as the screen reads', async () => {
    const { res, header, rows } = await csv('m1', 'format=csv&lang=en-US')
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="release_post-\d{8}-\d{6}\.csv"$/)
    expect(header).toEqual(['ID', 'Work', 'Account', 'Platform', 'Title', 'Scheduled', 'Status', 'Views', 'Likes', 'Comments', 'Shares', 'Why it failed', 'Post link', 'Plan'])
    expect(rows.map((r) => Number(r[0]))).toEqual([row.published, row.failed, row.foreign])
    expect(rows[0]).toEqual([String(row.published), 'Morning tea', 'Tea shop 茶铺', 'Douyin', 'Morning tea', '2026-03-16T02:00:00.000Z', 'Published', '1234567', '56', '7', '8', '', '', 'Spring plan'])
    expect(rows[1]!.slice(6, 12)).toEqual(['Failed', '', '', '', '', 'Too short'])
    expect(rows[2]!.slice(1, 3)).toEqual([`#${row.rivalWork}`, 'Tea shop 茶铺'])
    // A link's ticket opens it once; the same link again opens nothing.
    const link = await server.link(token.m1!, '/release_post/export_data', 'format=csv')
    expect([(await server.inject({ method: 'GET', url: link })).statusCode, (await server.inject({ method: 'GET', url: link })).statusCode]).toEqual([200, 401])
  })

  it('neutralises a cell that a spreadsheet would run as a formula, in its own fields and in related titles', async () => {
    const { rows } = await csv('m1', 'format=csv&lang=en-US')
    const failed = rows.find((r) => Number(r[0]) === row.failed)!
    expect(failed[4]).toBe("'=SUM(A1)")
    expect(failed[1]).toBe(`'=HYPERLINK("http://evil.example")`)
  })

  it('answers each caller the rows its list would: a merchant its own, a partner those below it', async () => {
    const m2 = await csv('m2', 'lang=en-US')
    expect(m2.rows.map((r) => Number(r[0]))).toEqual([row.rival])
    expect(m2.rows[0]!.slice(1, 4)).toEqual(['Rival tea', 'Rival shop', 'Kuaishou'])
    const p1 = await csv('p1', 'lang=en-US')
    expect(p1.rows.map((r) => Number(r[0]))).toEqual([row.published, row.failed, row.foreign])
    const m1 = await download('m1', 'lang=en-US')
    expect(m1.body).not.toContain('Rival')
  })

  it('narrows by the list’s filters', async () => {
    expect((await csv('m1', `lang=en-US&plan_id=${row.autumn}`)).rows.map((r) => Number(r[0]))).toEqual([row.failed, row.foreign])
    expect((await csv('m1', `lang=en-US&status=published`)).rows.map((r) => Number(r[0]))).toEqual([row.published])
    // Another's plan narrows to nothing rather than showing its posts.
    expect((await csv('m1', `lang=en-US&plan_id=${row.rivalPlan}`)).rows).toEqual([])
  })

  it('speaks Chinese when asked', async () => {
    const { header, rows } = await csv('m1', 'lang=zh-CN')
    expect(header).toEqual(['ID', '作品', '平台账号', '平台', '标题', '计划时间', '状态', '播放', '点赞', '评论', '分享', '失败原因', '作品链接', '发布计划'])
    expect(rows[0]!.slice(3, 7)).toEqual(['抖音', 'Morning tea', '2026-03-16T02:00:00.000Z', '已发布'])
  })

  it('writes an Excel workbook, figures as numbers', async () => {
    const res = await download('m1', `format=xlsx&lang=en-US&plan_id=${row.spring}`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="release_post-\d{8}-\d{6}\.xlsx"$/)
    expect(res.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK')
    const zip = await JSZip.loadAsync(res.rawPayload)
    const sheet = await zip.file('xl/worksheets/sheet1.xml')!.async('string')
    const text = sheet + ((await zip.file('xl/sharedStrings.xml')?.async('string')) ?? '')
    for (const shown of ['Status', 'Published', 'Morning tea', 'Tea shop 茶铺', 'Spring plan']) expect(text).toContain(shown)
    expect(sheet).toMatch(/<v>1234567<\/v>/)
  })

  it('reads past one chunk of rows without losing or repeating one', async () => {
    const { id: more, token: moreToken } = await server.accounts([['m3', 'merchant', 'p2']])
    Object.assign(id, more)
    Object.assign(token, moreToken)
    const busy = await plan('m3', 'Busy plan')
    const clip = await work('m3', 'Clip')
    const shop = await account('m3', 'Busy shop', 'douyin')
    const { table } = server.services.registry.entities.get('release_post')!
    const total = 2_105
    // In batches: SQLite takes at most 32,766 values in one statement.
    for (let from = 0; from < total; from += 500) {
      const values = Array.from({ length: Math.min(500, total - from) }, (_, i) => ({ owner_id: id.m3, plan_id: busy, work_id: clip, account_id: shop, platform: 'douyin', title: `Post ${from + i}`, scheduled_at: now, status: 'published', views: from + i, created_at: now, updated_at: now }))
      await asSchemaDb(server.services.db).insertInto(table).values(values as never).execute()
    }
    const { rows } = await csv('m3', 'lang=en-US')
    const ids = rows.map((r) => Number(r[0]))
    expect(ids).toHaveLength(total)
    expect(new Set(ids).size).toBe(total)
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
    expect(rows.every((r) => r[1] === 'Clip' && r[13] === 'Busy plan')).toBe(true)
  })

  it('refuses a caller the list refuses, and a format it does not write', async () => {
    // A caller the list refuses gets no ticket for its link either.
    expect((await server.inject({ method: 'GET', url: '/api/v1/release_post/export_data?lang=en-US', headers: { token: token.admin! } })).statusCode).toBe(403)
    await expect(download('admin', 'lang=en-US')).rejects.toThrow('Your role (admin) may not call GET /release_post/export_data.')
    const bad = await download('m1', 'format=pdf')
    expect(bad.json()).toMatchObject({ code: 0, data: { errors: [{ path: '/format' }] } })
  })
})
