// PostgreSQL too: concurrent confirmations of one order, packages locked while ordered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './harness'
import { messageText } from '../../src/schema/messages'
import type { JsonSchema } from '../../src/schema/types'

type Name = 'admin' | 'partner' | 'other' | 'sub' | 'shop'
let server: TestServer
const token = {} as Record<Name, string>
const id = {} as Record<Name, number>

interface Order {
  id: number
  order_no: string
  user_id: number
  creator_id: number
  package_id: number
  package_name: string
  price: string
  money: string
  digital_man_count: number
  digital_man_advanced_count: number
  digital_voice_count: number
  status: string
  payment_ref: string
  confirmed_by: number | null
  paid_at: string | null
  credited_at: string | null
  cancelled_by: number | null
  _titles: Record<string, string | null>
}
interface Page<T> {
  total: number
  data: T[]
}

beforeAll(async () => {
  server = await startTestServer()
  const made = await server.accounts([
    ['admin', 'admin'],
    ['partner', 'partner', 'admin'],
    ['other', 'partner', 'admin'],
    ['sub', 'partner', 'partner'],
    ['shop', 'merchant', 'partner'],
  ] as const)
  Object.assign(id, made.id)
  Object.assign(token, made.token)
})
afterAll(() => server.close())

const post = <T = unknown>(path: string, who: Name, body: unknown) => server.call<T>('POST', path, { token: token[who], body })
const get = <T = unknown>(path: string, who: Name, query: Record<string, unknown> = {}) => server.call<T>('GET', path, { token: token[who], query })
const me = async (who: Name) => (await post<Record<string, unknown>>('/platform/get_user_info', who, {})).body.data

let gold: number
let voice: number

/** Every money and quota ledger row of an account, straight from the tables. */
async function ledgerOf(userId: number) {
  const { db } = server.services
  const money = await db.selectFrom('user_money_log').select(['amount', 'related_type', 'related_id', 'type', 'operator_id']).where('user_id', '=', userId).execute()
  const quota = await db.selectFrom('user_quota_log').select(['quota', 'amount', 'related_type', 'related_id', 'type']).where('user_id', '=', userId).execute()
  return { money, quota }
}

async function placeOrder(who: Name, packageId: number, extra: Record<string, unknown> = {}) {
  const res = await post<Order>('/recharge_order/create', who, { package_id: packageId, ...extra })
  expect(res.body.code, res.body.msg).toBe(1)
  return res.body.data
}

describe('recharge packages (spec §2 account/recharge): admins only', () => {
  it('lets an admin add, list, edit and read packages, with price and credits in yuan and units', async () => {
    const added = await post<Record<string, unknown>>('/recharge_package/add', 'admin', {
      name: 'Gold', price: '100.00', money: '110.00', digital_man_count: 5, sort_order: 1, remark: 'Most chosen',
    })
    expect(added.body).toMatchObject({ code: 1, data: { name: 'Gold', price: '100.00', money: '110.00', digital_man_count: 5, digital_man_advanced_count: 0, digital_voice_count: 0, status: 1 } })
    gold = added.body.data.id as number
    // Stored in fen, as every amount.
    const row = await server.services.db.selectFrom('recharge_package').select(['price', 'money']).where('id', '=', gold).executeTakeFirstOrThrow()
    expect([Number(row.price), Number(row.money)]).toEqual([10000, 11000])

    const voiceAdded = await post<{ id: number }>('/recharge_package/add', 'admin', { name: 'Voices', price: '30.00', digital_voice_count: 10, sort_order: 2 })
    voice = voiceAdded.body.data.id
    const edited = await post('/recharge_package/edit', 'admin', { id: voice, digital_man_advanced_count: 2 })
    expect(edited.body).toMatchObject({ code: 1, data: { name: 'Voices', digital_voice_count: 10, digital_man_advanced_count: 2 } })
    const listed = await get<Page<{ name: string }>>('/recharge_package/list', 'admin')
    expect(listed.body.data.data.map((p) => p.name)).toEqual(['Gold', 'Voices'])
    expect((await get('/recharge_package/detail', 'admin', { id: gold })).body).toMatchObject({ code: 1, data: { name: 'Gold' } })
  })

  it('refuses a price of 0 or below, and negative credits, on their fields', async () => {
    const free = await post('/recharge_package/add', 'admin', { name: 'Free', price: '0.00' })
    expect(free.body).toMatchObject({ code: 0, data: { errors: [{ path: '/price' }] } })
    const negative = await post('/recharge_package/add', 'admin', { name: 'Odd', price: '1.00', money: '-5.00', digital_man_count: -1 })
    expect(negative.body.code).toBe(0)
    expect((negative.body.data as { errors: { path: string }[] }).errors.map((e) => e.path).sort()).toEqual(['/digital_man_count', '/money'])
  })

  it('is closed to partners, who see only the packages on sale', async () => {
    expect((await post('/recharge_package/add', 'partner', { name: 'Mine', price: '1.00', money: '1.00' })).status).toBe(403)
    expect((await post('/recharge_package/edit', 'partner', { id: gold, price: '0.01' })).status).toBe(403)
    expect((await post('/recharge_package/del', 'partner', { ids: [gold] })).status).toBe(403)
    expect((await get('/recharge_package/list', 'partner')).status).toBe(403)
    expect((await get('/recharge_package/on_sale', 'shop')).status).toBe(403)
    const hidden = await post<{ id: number }>('/recharge_package/add', 'admin', { name: 'Retired', price: '5.00', money: '5.00', status: 0 })
    const onSale = await get<Page<{ name: string }>>('/recharge_package/on_sale', 'partner')
    expect(onSale.body.data.data.map((p) => p.name)).toEqual(['Gold', 'Voices'])
    await post('/recharge_package/del', 'admin', { ids: [hidden.body.data.id] })
  })
})

describe('recharge orders (spec §2 account/recharge-order): created → paid → credited, once', () => {
  it('lets a partner order a package for itself, copying its name, price and credits, crediting nothing yet', async () => {
    const order = await placeOrder('partner', gold, { remark: 'for March' })
    expect(order).toMatchObject({
      user_id: id.partner, creator_id: id.partner, package_id: gold, package_name: 'Gold', price: '100.00', money: '110.00',
      digital_man_count: 5, digital_voice_count: 0, status: 'created', confirmed_by: null, paid_at: null, credited_at: null,
      _titles: { user_id: 'partner', package_id: 'Gold' },
    })
    expect(order.order_no).toMatch(/^\d{20}$/)
    expect(order.order_no.slice(0, 8)).toBe(server.services.now().toISOString().slice(0, 10).replace(/-/g, ''))
    expect(await me('partner')).toMatchObject({ money: '0.00', digital_man_count: 0 })
    const mine = await get<Page<Order>>('/recharge_order/list', 'partner')
    expect(mine.body.data.data.map((o) => o.id)).toEqual([order.id])
  })

  it('refuses a package off sale or missing, one that credits nothing, and a buyer that is not allowed, on the field', async () => {
    await post('/recharge_package/edit', 'admin', { id: voice, status: 0 })
    expect((await post('/recharge_order/create', 'partner', { package_id: voice })).body).toMatchObject({ code: 0, data: { errors: [{ path: '/package_id' }] } })
    expect((await post('/recharge_order/create', 'partner', { package_id: 999999 })).body).toMatchObject({ code: 0, data: { errors: [{ path: '/package_id' }] } })
    await post('/recharge_package/edit', 'admin', { id: voice, status: 1 })
    const empty = await post<{ id: number }>('/recharge_package/add', 'admin', { name: 'Nothing', price: '1.00' })
    const nothing = await post('/recharge_order/create', 'partner', { package_id: empty.body.data.id })
    expect(nothing.body).toMatchObject({ code: 0, data: { errors: [{ path: '/package_id' }] } })
    expect(nothing.body.msg).toContain('Nothing')
    await post('/recharge_package/del', 'admin', { ids: [empty.body.data.id] })
    // A partner orders for itself only; an admin for a partner it names.
    expect((await post('/recharge_order/create', 'partner', { package_id: gold, user_id: id.other })).body).toMatchObject({ code: 0, data: { errors: [{ path: '/user_id' }] } })
    expect((await post('/recharge_order/create', 'admin', { package_id: gold })).body).toMatchObject({ code: 0, data: { errors: [{ path: '/user_id' }] } })
    expect((await post('/recharge_order/create', 'admin', { package_id: gold, user_id: id.shop })).body).toMatchObject({ code: 0, data: { errors: [{ path: '/user_id' }] } })
    expect((await post('/recharge_order/create', 'shop', { package_id: gold })).status).toBe(403)
    // None of the refusals left an order behind.
    expect(await server.services.db.selectFrom('recharge_order').select('id').execute()).toHaveLength(1)
  })

  it('credits the buyer once when an admin confirms the payment, through the ledger, and refuses a second confirmation', async () => {
    const order = (await get<Page<Order>>('/recharge_order/list', 'partner')).body.data.data[0]!
    expect((await post('/recharge_order/confirm_paid', 'partner', { id: order.id, payment_ref: 'BANK-1' })).status).toBe(403)
    const confirmed = await post<Order>('/recharge_order/confirm_paid', 'admin', { id: order.id, payment_ref: 'BANK-1', payment_remark: 'seen on statement' })
    expect(confirmed.body).toMatchObject({ code: 1, data: { status: 'credited', payment_ref: 'BANK-1', confirmed_by: id.admin } })
    expect(confirmed.body.data.paid_at).toBeTruthy()
    expect(confirmed.body.data.credited_at).toBeTruthy()
    expect(await me('partner')).toMatchObject({ money: '110.00', digital_man_count: 5 })
    const ledger = await ledgerOf(id.partner)
    expect(ledger.money.map((r) => [Number(r.amount), r.type, r.related_type, Number(r.related_id), Number(r.operator_id)])).toEqual([[11000, 'recharge', 'recharge_order', order.id, id.admin]])
    expect(ledger.quota.map((r) => [r.quota, Number(r.amount), r.type, Number(r.related_id)])).toEqual([['digital_man_count', 5, 'recharge', order.id]])
    // The buyer's own ledger shows it, naming the order in the reader's language; the remark is left for people's words.
    const assets = await get<Page<{ type: string; amount: string; remark: string; detail: unknown }>>('/platform/user_money_log', 'partner')
    expect(assets.body.data.data).toMatchObject([{ type: 'recharge', amount: '110.00', remark: '', detail: { key: 'recharge_order', params: { order_no: order.order_no, package: 'Gold' } } }])
    const detail = server.services.registry.entities.get('user_money_log')!.schema.properties as Record<string, JsonSchema>
    expect(messageText(detail.detail, assets.body.data.data[0]!.detail, 'zh-CN')).toBe(`充值订单 ${order.order_no}（Gold）`)
    expect(messageText(detail.detail, assets.body.data.data[0]!.detail, 'en-US')).toBe(`Recharge order ${order.order_no} (Gold)`)

    const again = await post('/recharge_order/confirm_paid', 'admin', { id: order.id, payment_ref: 'BANK-1' })
    expect(again.body.code).toBe(0)
    expect(again.body.msg).toContain('no longer awaiting payment')
    expect(again.body.msg).toContain('Credited')
    expect((await ledgerOf(id.partner)).money).toHaveLength(1)
    expect(await me('partner')).toMatchObject({ money: '110.00', digital_man_count: 5 })
  })

  it('credits once when 25 confirmations of one order arrive at the same time', async () => {
    const before = await me('other')
    const order = await placeOrder('other', gold)
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => post<Order>('/recharge_order/confirm_paid', 'admin', { id: order.id, payment_ref: `RACE-${i}` })),
    )
    const won = answers.filter((a) => a.body.code === 1)
    expect(won).toHaveLength(1)
    for (const lost of answers.filter((a) => a.body.code !== 1)) expect([lost.status, lost.body.msg]).toEqual([200, expect.stringContaining('no longer awaiting payment')])
    const ledger = await ledgerOf(id.other)
    expect(ledger.money.filter((r) => Number(r.related_id) === order.id)).toHaveLength(1)
    expect(ledger.quota.filter((r) => Number(r.related_id) === order.id)).toHaveLength(1)
    expect(await me('other')).toMatchObject({ money: '110.00', digital_man_count: Number(before.digital_man_count ?? 0) + 5 })
    const stored = (await get<Order>('/recharge_order/detail', 'admin', { id: order.id })).body.data
    expect([stored.status, stored.payment_ref]).toEqual(['credited', won[0]!.body.data.payment_ref])
  })

  it('cancels only an order awaiting payment: no confirming a cancelled order, no cancelling a credited one', async () => {
    const order = await placeOrder('partner', voice)
    const cancelled = await post<Order>('/recharge_order/cancel', 'partner', { id: order.id, cancel_reason: 'changed my mind' })
    expect(cancelled.body).toMatchObject({ code: 1, data: { status: 'cancelled', cancelled_by: id.partner } })
    const confirm = await post('/recharge_order/confirm_paid', 'admin', { id: order.id, payment_ref: 'LATE' })
    expect(confirm.body.code).toBe(0)
    expect(confirm.body.msg).toContain('Cancelled')
    expect((await post('/recharge_order/cancel', 'partner', { id: order.id })).body.code).toBe(0)
    expect((await ledgerOf(id.partner)).quota.filter((r) => Number(r.related_id) === order.id)).toEqual([])

    const credited = (await get<Page<Order>>('/recharge_order/list', 'partner', { status: 'credited' })).body.data.data[0]!
    const refused = await post('/recharge_order/cancel', 'admin', { id: credited.id })
    expect(refused.body.code).toBe(0)
    expect(refused.body.msg).toContain(credited.order_no)
    expect((await get<Order>('/recharge_order/detail', 'partner', { id: credited.id })).body.data.status).toBe('credited')
  })

  it("keeps each partner to its own orders: another's, or a child partner's, are neither listed, read nor cancelled", async () => {
    const partners = await placeOrder('partner', gold)
    const subs = await placeOrder('sub', gold)
    const others = await get<Page<Order>>('/recharge_order/list', 'other')
    expect(others.body.data.data.every((o) => o.user_id === id.other)).toBe(true)
    expect((await get('/recharge_order/detail', 'other', { id: partners.id })).body.code).toBe(0)
    const cancel = await post('/recharge_order/cancel', 'other', { id: partners.id })
    expect(cancel.body).toMatchObject({ code: 0, data: { errors: [{ path: '/id' }] } })
    expect(cancel.body.msg).toContain('does not exist')
    expect(cancel.body.msg).toBe((await post('/recharge_order/cancel', 'other', { id: 999_999 })).body.msg.replace('999999', String(partners.id)))
    expect((await get<Order>('/recharge_order/detail', 'partner', { id: partners.id })).body.data.status).toBe('created')
    // The parent partner sees its own orders only, not those of the partner below it.
    const parents = await get<Page<Order>>('/recharge_order/list', 'partner')
    expect(parents.body.data.data.map((o) => o.user_id)).not.toContain(id.sub)
    expect((await post('/recharge_order/cancel', 'partner', { id: subs.id })).body.code).toBe(0)
    // The admin sees every order.
    const all = await get<Page<Order>>('/recharge_order/list', 'admin', { limit: 100 })
    expect(all.body.data.data.map((o) => o.id)).toEqual(expect.arrayContaining([partners.id, subs.id]))
  })

  it("lets an admin order for a partner; that partner sees it but only an admin cancels it", async () => {
    const placed = await placeOrder('admin', gold, { user_id: id.other })
    expect(placed).toMatchObject({ user_id: id.other, creator_id: id.admin, status: 'created' })
    expect((await get<Page<Order>>('/recharge_order/list', 'other')).body.data.data.map((o) => o.id)).toContain(placed.id)
    const byBuyer = await post('/recharge_order/cancel', 'other', { id: placed.id })
    expect(byBuyer.body.code).toBe(0)
    expect(byBuyer.body.msg).toContain('administrator')
    expect((await post<Order>('/recharge_order/cancel', 'admin', { id: placed.id })).body).toMatchObject({ code: 1, data: { status: 'cancelled', cancelled_by: id.admin } })
  })

  it('filters by status, order number and date', async () => {
    const order = await placeOrder('partner', gold)
    const byNumber = await get<Page<Order>>('/recharge_order/list', 'partner', { order_no: order.order_no.slice(-8) })
    expect(byNumber.body.data.data.map((o) => o.id)).toEqual([order.id])
    const today = server.services.now().toISOString().slice(0, 10)
    expect((await get<Page<Order>>('/recharge_order/list', 'partner', { created_at_from: today, created_at_to: today })).body.data.total).toBeGreaterThan(0)
    expect((await get<Page<Order>>('/recharge_order/list', 'partner', { created_at_to: '2000-01-01' })).body.data.total).toBe(0)
    const cancelled = await get<Page<Order>>('/recharge_order/list', 'partner', { status: 'cancelled' })
    expect(cancelled.body.data.data.every((o) => o.status === 'cancelled')).toBe(true)
  })

  it('keeps what an order was placed with when the package is edited later, and credits that', async () => {
    const order = await placeOrder('other', gold)
    await post('/recharge_package/edit', 'admin', { id: gold, name: 'Gold 2', price: '150.00', money: '1.00', digital_man_count: 99 })
    const read = (await get<Order>('/recharge_order/detail', 'other', { id: order.id })).body.data
    expect(read).toMatchObject({ package_name: 'Gold', price: '100.00', money: '110.00', digital_man_count: 5 })
    const before = await me('other')
    await post('/recharge_order/confirm_paid', 'admin', { id: order.id, payment_ref: 'BANK-9' })
    const after = await me('other')
    expect(Number(after.money) - Number(before.money)).toBeCloseTo(110, 2)
    expect(Number(after.digital_man_count) - Number(before.digital_man_count)).toBe(5)
    // A new order takes the package as it is now.
    expect(await placeOrder('other', gold)).toMatchObject({ package_name: 'Gold 2', price: '150.00', money: '1.00', digital_man_count: 99 })
  })

  it('deletes a package only while no order names it, all or nothing', async () => {
    const spare = await post<{ id: number }>('/recharge_package/add', 'admin', { name: 'Spare', price: '2.00', money: '2.00' })
    const refused = await post('/recharge_package/del', 'admin', { ids: [spare.body.data.id, gold] })
    expect(refused.body.code).toBe(0)
    expect(refused.body.msg).toContain('Gold 2')
    expect((await get<Page<unknown>>('/recharge_package/list', 'admin')).body.data.total).toBe(3)
    // An id that names no package refuses the whole request too, naming it.
    const unknown = await post('/recharge_package/del', 'admin', { ids: [spare.body.data.id, 999_999] })
    expect(unknown.body).toMatchObject({ code: 0, data: { errors: [{ path: '/ids' }] } })
    expect(unknown.body.msg).toContain('999999')
    expect((await get<Page<unknown>>('/recharge_package/list', 'admin')).body.data.total).toBe(3)
    expect((await post('/recharge_package/del', 'admin', { ids: [spare.body.data.id] })).body).toMatchObject({ code: 1, data: { deleted: 1 } })
    // Switched off instead, it leaves the orders as they were and is no longer offered.
    await post('/recharge_package/edit', 'admin', { id: gold, status: 0 })
    expect((await get<Page<{ id: number }>>('/recharge_package/on_sale', 'partner')).body.data.data.map((p) => p.id)).toEqual([voice])
  })

  it('leaves every balance and quota equal to the sum of its ledger rows', async () => {
    const { db } = server.services
    for (const who of ['partner', 'other', 'sub'] as const) {
      const account = await db.selectFrom('account').select(['money', 'digital_man_count', 'digital_man_advanced_count', 'digital_voice_count']).where('id', '=', id[who]).executeTakeFirstOrThrow()
      const ledger = await ledgerOf(id[who])
      expect(ledger.money.reduce((sum, r) => sum + Number(r.amount), 0)).toBe(Number(account.money ?? 0))
      for (const quota of ['digital_man_count', 'digital_man_advanced_count', 'digital_voice_count'] as const) {
        expect(ledger.quota.filter((r) => r.quota === quota).reduce((sum, r) => sum + Number(r.amount), 0)).toBe(Number(account[quota] ?? 0))
      }
    }
  })
})
