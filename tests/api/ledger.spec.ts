// PostgreSQL too: concurrent balance changes in transactions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { changeMoney, changeQuota, type LedgerChange } from '../../src/server/ledger/ledger'
import { tableOf } from '../../src/server/db/table-of'
import { startTestServer, type TestServer } from './harness'
import { parse } from 'csv-parse/sync'
import { fieldOf } from '../../src/console/resources/fields'
import { messageText } from '../../src/schema/messages'

let server: TestServer
const ids: number[] = []

beforeAll(async () => {
  server = await startTestServer()
  const admin = await server.account('admin', 'admin')
  ids.push(admin.id)
  for (let i = 0; i < 8; i++) ids.push((await server.account(`m${i}`, 'merchant', 'admin')).id)
})
afterAll(() => server.close())

const money = (change: LedgerChange) => server.services.db.transaction().execute((trx) => changeMoney(trx, server.services, change))
const quota = (change: LedgerChange) => server.services.db.transaction().execute((trx) => changeQuota(trx, server.services, 'digital_voice_count', change))

/** Every account's balance, and the sum of its ledger rows, in fen. */
async function balancesAndLedgers(column: 'money' | 'digital_voice_count', log: 'user_money_log' | 'user_quota_log', where: (q: any) => any = (q) => q) {
  const { db } = server.services
  const users = await db.selectFrom(tableOf(server.services, 'user')).select(['id', column]).execute()
  const sums = await where(db.selectFrom(tableOf(server.services, log)).select(['user_id']).select((eb: any) => eb.fn.sum('amount').as('total')).groupBy('user_id')).execute()
  const ledger = new Map(sums.map((r: { user_id: number; total: unknown }) => [Number(r.user_id), Number(r.total)]))
  return users.map((u: Record<string, unknown>) => ({ id: Number(u.id), balance: Number(u[column]), ledger: ledger.get(Number(u.id)) ?? 0 }))
}

describe('the ledger (money and quotas move only with a ledger row, in one transaction)', () => {
  it('credits and debits an account, each change a row with the balance after it; the API shows the balance in yuan', async () => {
    const [admin, m] = [ids[0]!, ids[1]!]
    expect(await money({ userId: m, type: 'recharge', amount: 12_50, operatorId: admin, remark: 'first top-up' })).toMatchObject({ balanceAfter: 1250, replayed: false })
    expect(await money({ userId: m, type: 'consume', amount: -2_50, operatorId: m, related: { type: 'task', id: 7 } })).toMatchObject({ balanceAfter: 1000 })
    const rows = await server.services.db.selectFrom('user_money_log').selectAll().where('user_id', '=', m).orderBy('id').execute()
    expect(rows.map((r) => [r.type, Number(r.amount), Number(r.balance_after), r.related_type, r.remark])).toEqual([
      ['recharge', 1250, 1250, '', 'first top-up'],
      ['consume', -250, 1000, 'task', ''],
    ])
    const token = await server.login('m0')
    expect((await server.call<{ money: string }>('POST', '/platform/get_user_info', { token })).body.data.money).toBe('10.00')
  })

  it('never lets a balance go below zero, and writes nothing when it refuses', async () => {
    const m = ids[2]!
    await money({ userId: m, type: 'recharge', amount: 100, operatorId: null })
    await expect(money({ userId: m, type: 'consume', amount: -101, operatorId: m })).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' })
    await expect(quota({ userId: m, type: 'consume', amount: -1, operatorId: m })).rejects.toMatchObject({ code: 'INSUFFICIENT_QUOTA' })
    await expect(money({ userId: 999_999, type: 'recharge', amount: 1, operatorId: null })).rejects.toMatchObject({ code: 'RECORD_NOT_FOUND' })
    const rows = await server.services.db.selectFrom('user_money_log').select('amount').where('user_id', '=', m).execute()
    expect(rows.map((r) => Number(r.amount))).toEqual([100])
  })

  it('applies a retried change once: the same key answers the first result, and a key reused for another change is refused', async () => {
    const m = ids[3]!
    const first = await money({ userId: m, type: 'card', amount: 5000, operatorId: m, idempotencyKey: 'card-redeem-42' })
    const again = await money({ userId: m, type: 'card', amount: 5000, operatorId: m, idempotencyKey: 'card-redeem-42' })
    expect(again).toEqual({ ...first, replayed: true })
    await expect(money({ userId: m, type: 'card', amount: 9000, operatorId: m, idempotencyKey: 'card-redeem-42' })).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' })
    const user = await server.services.db.selectFrom('account').select('money').where('id', '=', m).executeTakeFirstOrThrow()
    expect(Number(user.money)).toBe(5000)
  })

  it('keeps every balance equal to its ledger and none negative under many concurrent changes, some refused', async () => {
    const accounts = ids.slice(4)
    for (const id of accounts) await money({ userId: id, type: 'recharge', amount: 1000, operatorId: null })
    let seed = 7
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31)
    const results = await Promise.allSettled(
      Array.from({ length: 300 }, () => {
        const userId = accounts[Math.floor(random() * accounts.length)]!
        const amount = Math.round((random() - 0.6) * 800) || 1
        return money({ userId, type: amount > 0 ? 'refund' : 'consume', amount, operatorId: null })
      }),
    )
    const refused = results.filter((r) => r.status === 'rejected')
    expect(refused.length).toBeGreaterThan(0) // the draw spends more than it adds: some must hit the floor
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'INSUFFICIENT_BALANCE' })
    for (const account of await balancesAndLedgers('money', 'user_money_log')) {
      expect(account.balance, `account ${account.id}`).toBe(account.ledger)
      expect(account.balance).toBeGreaterThanOrEqual(0)
    }
  })

  it('does the same for quotas, each with its own ledger rows', async () => {
    const m = ids[5]!
    await quota({ userId: m, type: 'recharge', amount: 3, operatorId: ids[0]! })
    await Promise.allSettled(Array.from({ length: 10 }, () => quota({ userId: m, type: 'consume', amount: -1, operatorId: m })))
    for (const account of await balancesAndLedgers('digital_voice_count', 'user_quota_log', (q) => q.where('quota', '=', 'digital_voice_count'))) {
      expect(account.balance, `account ${account.id}`).toBe(account.ledger)
    }
    const user = await server.services.db.selectFrom('account').select('digital_voice_count').where('id', '=', m).executeTakeFirstOrThrow()
    expect(Number(user.digital_voice_count)).toBe(0)
  })
})

describe('own ledgers (spec §2 account/property, §7 user_money_log)', () => {
  it('answer only the caller\'s own rows, even to an admin, filtered by type and date, in yuan', async () => {
    const admin = ids[0]!
    await money({ userId: admin, type: 'recharge', amount: 99_00, operatorId: null, remark: 'admin own' })
    const adminToken = await server.login('admin')
    const page = await server.call<{ total: number; data: { user_id: number; amount: string; type: string }[] }>('GET', '/platform/user_money_log', { token: adminToken })
    expect(page.body.data.data.map((r) => [r.user_id, r.amount, r.type])).toEqual([[admin, '99.00', 'recharge']])
    const merchant = await server.login('m0')
    const own = await server.call<{ data: { user_id: number; type: string; balance_after: string }[] }>('GET', '/platform/user_money_log', { token: merchant, query: { type: 'consume' } })
    expect(own.body.data.data.map((r) => [r.user_id, r.type, r.balance_after])).toEqual([[ids[1], 'consume', '10.00']])
    const none = await server.call<{ total: number }>('GET', '/platform/user_money_log', { token: merchant, query: { created_at_to: '2000-01-01T00:00:00.000Z' } })
    expect(none.body.data.total).toBe(0)
    const quotas = await server.call<{ data: { quota: string; amount: number }[] }>('GET', '/platform/user_quota_log', { token: await server.login('m4') })
    expect(quotas.body.data.data.every((r) => r.quota === 'digital_voice_count')).toBe(true)
    expect(quotas.body.data.data.length).toBeGreaterThan(0)
  })

  it('are not for agents, whose screens have no assets', async () => {
    const agent = await server.account('agent1', 'agent', 'm0')
    expect((await server.call('GET', '/platform/user_money_log', { token: agent.token })).status).toBe(403)
  })
})

describe('what a ledger row says (detail): written by the platform as a message, read in the reader’s language', () => {
  interface Row { type: string; quota?: string; amount: number | string; remark: string; detail: { key: string; params?: Record<string, unknown> } | null; related_type: string; related_id: number | null }
  const said = (entity: 'user_money_log' | 'user_quota_log', row: Row, locale: 'zh-CN' | 'en-US') => {
    const { registry } = server.services
    const detail = fieldOf(registry, registry.entities.get(entity)!, 'detail')
    return messageText(detail.schema, row.detail, locale)
  }
  let shop: { id: number; token: string }
  let taskId: number

  beforeAll(async () => {
    shop = await server.account('detail-shop', 'merchant', 'admin')
    const admin = await server.login('admin')
    await money({ userId: shop.id, type: 'recharge', amount: 10_00, operatorId: ids[0]! })
    await server.call('POST', '/platform/set_config', { token: admin, body: { group: 'platform', values: { money_recharge_exchange_config: '3', digital_voice_money_exchange_num: 3 } } })
    expect((await server.call('POST', '/platform/exchange', { token: shop.token, body: { quota: 'digital_voice_count', yuan: 1 } })).body.code).toBe(1)
    // A recording as an upload leaves it; the task stays queued (no worker here) until it is cancelled.
    const now = new Date().toISOString()
    const sample = await server.services.db
      .insertInto('material')
      .values({ name: 'sample.m4a', kind: 'audio', url: '/uploads/sample.m4a', storage_key: 'detail-sample.m4a', format: 'mov,mp4,m4a', duration: 8, audio_codec: 'aac', owner_id: shop.id, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    const submitted = await server.call<{ id: number }>('POST', '/task/submit_voice_clone', { token: shop.token, body: { name: '春季旁白', sample_material_id: Number(sample.id), consent: true } })
    expect(submitted.body.code, submitted.body.msg).toBe(1)
    taskId = submitted.body.data.id
    expect((await server.call('POST', '/task/cancel', { token: shop.token, body: { id: taskId } })).body.code).toBe(1)
  })

  it('names the task a count paid for by its title, and its refund, in Chinese and in English, leaving the remark to people', async () => {
    const page = await server.call<{ data: Row[] }>('GET', '/platform/user_quota_log', { token: shop.token, query: { type: 'consume' } })
    const [consumed] = page.body.data.data
    expect(consumed).toMatchObject({ quota: 'digital_voice_count', amount: -1, related_type: 'task', related_id: taskId, remark: '' })
    expect(said('user_quota_log', consumed!, 'zh-CN')).toBe('任务「春季旁白」')
    expect(said('user_quota_log', consumed!, 'en-US')).toBe('Task “春季旁白”')
    const [refunded] = (await server.call<{ data: Row[] }>('GET', '/platform/user_quota_log', { token: shop.token, query: { type: 'refund' } })).body.data.data
    expect(said('user_quota_log', refunded!, 'zh-CN')).toBe('任务「春季旁白」未完成，已退还')
    expect(said('user_quota_log', refunded!, 'en-US')).toBe('Task “春季旁白” did not finish: given back')
  })

  it('says what an exchange gave for what on both ledgers', async () => {
    const [spent] = (await server.call<{ data: Row[] }>('GET', '/platform/user_money_log', { token: shop.token, query: { type: 'exchange' } })).body.data.data
    const [got] = (await server.call<{ data: Row[] }>('GET', '/platform/user_quota_log', { token: shop.token, query: { type: 'exchange' } })).body.data.data
    for (const [entity, row] of [['user_money_log', spent!], ['user_quota_log', got!]] as const) {
      expect(said(entity, row, 'en-US')).toBe('1.00 CNY → 3 voice clones at 3 per CNY')
      expect(said(entity, row, 'zh-CN')).toBe('1.00 元兑换 3 次声音克隆（每元 3 次）')
    }
  })

  it('exports the quota history as its screen shows it, the description in the file’s language, filtered as the list is', async () => {
    const csv = async (path: string, query: string) => {
      const res = await server.inject({ method: 'GET', url: await server.link(shop.token, path, query), headers: { platform: 'pc' } })
      expect(res.statusCode).toBe(200)
      return parse(res.body, { bom: true }) as string[][]
    }
    const [header, ...rows] = await csv('/platform/user_quota_log_export', 'format=csv&lang=zh-CN')
    expect(header).toEqual(['ID', '创建时间', '额度', '类型', '数量', '变动后数量', '说明', '备注', '操作人'])
    // Newest last, in id order: the exchange, the task's cost, its refund.
    expect(rows.map((r) => [r[2], r[3], r[4], r[5], r[6]])).toEqual([
      ['声音克隆次数', '兑换', '3', '3', '1.00 元兑换 3 次声音克隆（每元 3 次）'],
      ['声音克隆次数', '消费', '-1', '2', '任务「春季旁白」'],
      ['声音克隆次数', '退还', '1', '3', '任务「春季旁白」未完成，已退还'],
    ])
    const [english, ...consumed] = await csv('/platform/user_quota_log_export', 'format=csv&lang=en-US&type=consume&quota=digital_voice_count')
    expect(english![6]).toBe('Description')
    expect(consumed.map((r) => r[6])).toEqual(['Task “春季旁白”'])
    const [, ...money] = await csv('/platform/user_money_log_export', 'format=csv&lang=en-US&type=exchange')
    expect(money.map((r) => [r[3], r[6]])).toEqual([['-1.00', '1.00 CNY → 3 voice clones at 3 per CNY']])
  })

  it('refuses a message the ledger does not declare, writing nothing', async () => {
    await expect(money({ userId: shop.id, type: 'adjust', amount: 1, operatorId: null, detail: { key: 'no.such' } })).rejects.toThrow(/no\.such/)
    const rows = await server.services.db.selectFrom('user_money_log').select('id').where('user_id', '=', shop.id).where('type', '=', 'adjust').execute()
    expect(rows).toEqual([])
  })
})
