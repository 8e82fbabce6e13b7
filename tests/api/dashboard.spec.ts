// PostgreSQL too: days cut at local midnight and sums by date.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './harness'
import { release, reserve } from '../../src/server/tasks/cost'

interface Dashboard {
  start: string
  end: string
  accounts: { partner: number; merchant: number; agent: number; created_in_range: number }
  holdings: { money: string; digital_voice_count: number }
  money: { in: string; out: string; held: string; by_type: { type: string; in: string; out: string }[] }
  daily: { date: string; money_in: string; money_out: string; accounts_created: number }[]
  orders: { placed: number; credited: number; cancelled: number; credited_amount: string; awaiting: number }
  cards: { issued: number; used: number; used_money: string; unused_held: number }
}

// 20:00 UTC on the 20th is 04:00 on the 21st in China (UTC+8).
let clock = new Date('2026-11-20T20:00:00.000Z')
let server: TestServer
const token: Record<string, string> = {}
const id: Record<string, number> = {}

beforeAll(async () => {
  server = await startTestServer({ now: () => clock })
  const made = await server.accounts([
    ['admin', 'admin'], ['p', 'partner', 'admin'], ['shop', 'merchant', 'p'], ['shop2', 'merchant', 'p'], ['sales', 'agent', 'p'],
    ['q', 'partner', 'admin'], ['far', 'merchant', 'q'],
  ] as const)
  Object.assign(id, made.id)
  Object.assign(token, made.token)
  await post('/provider_service/edit_account', 'admin', { id: id.p, amount: '100.00', remark: 'start' })
  await post('/provider_service/edit_account', 'admin', { id: id.q, amount: '40.00', remark: 'start' })
  await post('/platform/transfer', 'p', { to_user_id: id.shop, kind: 'money', amount: '25.50' })
  clock = new Date('2026-11-22T09:00:00.000Z')
  await post('/platform/transfer', 'q', { to_user_id: id.far, kind: 'money', amount: '5.00' })
})
afterAll(() => server.close())

async function post(path: string, who: string, body: unknown) {
  const res = await server.call('POST', path, { token: token[who], body })
  if (res.body.code !== 1) throw new Error(`${path}: ${res.body.msg}`)
}
const dashboard = (who: string, query: Record<string, unknown> = {}) => server.call<Dashboard>('GET', '/platform/dashboard_data', { token: token[who], query })

describe('dashboard data (/platform/dashboard_data): figures over the caller\'s reach', () => {
  it('gives the admin the whole platform: accounts by role, holdings, money in and out by type', async () => {
    const { body } = await dashboard('admin', { start: '2026-11-01', end: '2026-11-30' })
    expect(body.code).toBe(1)
    expect(body.data.accounts).toEqual({ partner: 2, merchant: 3, agent: 1, created_in_range: 6 })
    expect(body.data.holdings.money).toBe('140.00')
    expect(body.data.money).toEqual({
      in: '170.50',
      out: '30.50',
      held: '0.00',
      by_type: [
        { type: 'adjust', in: '140.00', out: '0.00' },
        { type: 'transfer_in', in: '30.50', out: '0.00' },
        { type: 'transfer_out', in: '0.00', out: '30.50' },
      ],
    })
    expect(body.data.daily).toHaveLength(30)
  })

  it("gives a partner its own branch only, never another partner's", async () => {
    const { body } = await dashboard('p', { start: '2026-11-01', end: '2026-11-30' })
    expect(body.data.accounts).toEqual({ partner: 0, merchant: 2, agent: 1, created_in_range: 3 })
    expect(body.data.holdings.money).toBe('100.00')
    expect(body.data.money.in).toBe('125.50')
    expect(body.data.money.out).toBe('25.50')
  })

  it('gives a merchant itself, and refuses an agent', async () => {
    const { body } = await dashboard('shop', { start: '2026-11-01', end: '2026-11-30' })
    expect(body.data.accounts).toEqual({ partner: 0, merchant: 0, agent: 0, created_in_range: 0 })
    expect(body.data.holdings.money).toBe('25.50')
    expect(body.data.money).toMatchObject({ in: '25.50', out: '0.00' })
    expect((await dashboard('sales')).status).toBe(403)
  })

  it('cuts days at local midnight for the offset asked for, with empty days listed', async () => {
    const utc = (await dashboard('p', { start: '2026-11-20', end: '2026-11-22' })).body.data.daily
    expect(utc.map((d) => [d.date, d.money_in])).toEqual([['2026-11-20', '125.50'], ['2026-11-21', '0.00'], ['2026-11-22', '0.00']])
    const china = (await dashboard('p', { start: '2026-11-20', end: '2026-11-22', utc_offset: 480 })).body.data.daily
    expect(china.map((d) => [d.date, d.money_in, d.accounts_created])).toEqual([['2026-11-20', '0.00', 0], ['2026-11-21', '125.50', 3], ['2026-11-22', '0.00', 0]])
  })

  it('defaults to the last 30 days up to today, and leaves out what falls outside the range', async () => {
    const { body } = await dashboard('admin')
    expect([body.data.start, body.data.end]).toEqual(['2026-10-24', '2026-11-22'])
    const later = await dashboard('admin', { start: '2026-11-21', end: '2026-11-22' })
    expect(later.body.data.money.in).toBe('5.00')
    expect(later.body.data.accounts.created_in_range).toBe(0)
  })

  it('says on the field when the range is reversed or longer than a year', async () => {
    expect((await dashboard('admin', { start: '2026-11-22', end: '2026-11-01' })).body).toMatchObject({ code: 0, data: { errors: [{ path: '/start' }] } })
    expect((await dashboard('admin', { start: '2024-01-01', end: '2026-11-01' })).body).toMatchObject({ code: 0, data: { errors: [{ path: '/end' }] } })
  })

  it('counts recharge orders in reach: placed, credited with their amount, cancelled, and those still awaiting payment', async () => {
    const pack = await server.call<{ id: number }>('POST', '/recharge_package/add', { token: token.admin, body: { name: 'Pack', price: '50.00', money: '50.00' } })
    const order = async (who: string) => (await server.call<{ id: number }>('POST', '/recharge_order/create', { token: token[who], body: { package_id: pack.body.data.id } })).body.data.id
    const paid = await order('p')
    await order('p')
    const dropped = await order('p')
    await order('q')
    await post('/recharge_order/confirm_paid', 'admin', { id: paid, payment_ref: 'BANK-1' })
    await post('/recharge_order/cancel', 'p', { id: dropped })
    const today = { start: '2026-11-22', end: '2026-11-22' }
    expect((await dashboard('p', today)).body.data.orders).toEqual({ placed: 3, credited: 1, cancelled: 1, credited_amount: '50.00', awaiting: 1 })
    expect((await dashboard('admin', today)).body.data.orders).toEqual({ placed: 4, credited: 1, cancelled: 1, credited_amount: '50.00', awaiting: 2 })
    expect((await dashboard('shop', today)).body.data.orders).toEqual({ placed: 0, credited: 0, cancelled: 0, credited_amount: '0.00', awaiting: 0 })
    // Outside the range nothing was placed, but what awaits payment awaits it now.
    expect((await dashboard('p', { start: '2026-11-01', end: '2026-11-21' })).body.data.orders).toEqual({ placed: 0, credited: 0, cancelled: 0, credited_amount: '0.00', awaiting: 1 })
  })

  it('counts recharge cards: issued and redeemed in reach within the range, and those held unused now', async () => {
    const batch = await server.call<{ batch_no: string }>('POST', '/recharge_card/add', { token: token.admin, body: { name: 'Autumn', kind: 'money', amount: '8.00', quantity: 4 } })
    const cards = await server.services.db.selectFrom('recharge_card').select(['id', 'card_password']).where('batch_no', '=', batch.body.data.batch_no).orderBy('id').execute()
    await server.call('POST', '/recharge_card/transfer_card', { token: token.admin, body: { to_user_id: id.p, batch_no: batch.body.data.batch_no, quantity: 2 } })
    await post('/recharge_card/use_card', 'shop', { card_password: cards[0]!.card_password })
    await post('/recharge_card/use_card', 'far', { card_password: cards[2]!.card_password })
    const today = { start: '2026-11-22', end: '2026-11-22' }
    // The partner holds the first two, one of which its merchant used; the admin still holds the other two, one used by q's merchant.
    expect((await dashboard('admin', today)).body.data.cards).toEqual({ issued: 4, used: 2, used_money: '16.00', unused_held: 2 })
    expect((await dashboard('p', today)).body.data.cards).toEqual({ issued: 0, used: 1, used_money: '8.00', unused_held: 1 })
    expect((await dashboard('shop', today)).body.data.cards).toEqual({ issued: 0, used: 1, used_money: '8.00', unused_held: 0 })
    expect((await dashboard('q', today)).body.data.cards).toEqual({ issued: 0, used: 1, used_money: '8.00', unused_held: 0 })
    expect((await dashboard('admin', { start: '2026-11-01', end: '2026-11-21' })).body.data.cards).toEqual({ issued: 0, used: 0, used_money: '0.00', unused_held: 2 })
  })
  it("counts a task's reserve and its refund as one cost once the task has ended, and what running tasks reserve as held, never as income", async () => {
    await post('/platform/transfer', 'p', { to_user_id: id.shop2, kind: 'money', amount: '10.00' })
    const { db } = server.services
    const stamp = clock.toISOString()
    const task = async (status: string, fen: number) => {
      const { id: taskId } = await db.insertInto('task').values({ kind: 'clip', title: status, owner_id: id.shop2!, status, cost_ledger: 'money', cost_amount: fen, created_at: stamp, updated_at: stamp }).returning('id').executeTakeFirstOrThrow()
      await db.transaction().execute((trx) => reserve(trx, server.services, { id: taskId, title: status, ownerId: id.shop2!, ledger: 'money', amount: fen, run: 1 }, id.shop2!))
      return taskId
    }
    await task('succeeded', 100)
    const failed = await task('failed', 90)
    await db.transaction().execute((trx) => release(trx, server.services, { id: failed, title: 'failed', ownerId: id.shop2!, ledger: 'money', amount: 90, run: 1 }, null))
    await task('running', 50)
    const { body } = await dashboard('shop2', { start: '2026-11-22', end: '2026-11-22' })
    expect(body.data.holdings.money).toBe('8.50')
    // 10.00 came in; 1.00 was spent; 0.50 waits on a running task; the 0.90 given back is neither.
    expect(body.data.money).toEqual({ in: '10.00', out: '1.00', held: '0.50', by_type: [{ type: 'transfer_in', in: '10.00', out: '0.00' }, { type: 'consume', in: '0.00', out: '1.00' }] })
    expect(body.data.daily.map((d) => [d.money_in, d.money_out])).toEqual([['10.00', '1.00']])
  })
})
