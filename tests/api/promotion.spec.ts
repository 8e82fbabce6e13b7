// PostgreSQL too: the merchant limit is held under a row lock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PASSWORD, startTestServer, type TestServer } from './harness'

let server: TestServer
let admin: string
let partner: string
let otherPartner: string
let partnerId: number

interface Account {
  id: number
  username: string
  name: string
  user_type: number
  parent_id: number | null
  money: string
  status: number
  service_prefix_no: string
  service_type: number
  can_transfer_money: number
}
interface Page<T> {
  total: number
  data: T[]
}

beforeAll(async () => {
  server = await startTestServer()
  admin = (await server.account('admin', 'admin')).token
})
afterAll(() => server.close())

const post = <T>(path: string, token: string, body: unknown) => server.call<T>('POST', path, { token, body })
const get = <T>(path: string, token: string, query: Record<string, unknown> = {}) => server.call<T>('GET', path, { token, query })

describe('partners (/provider_service): an admin adds, edits, levels and tops them up', () => {
  it('adds a partner under the admin, which can then sign in', async () => {
    const added = await post<Account>('/provider_service/add', admin, { username: 'p-north', password: PASSWORD, name: 'North', mobile: '13800000001', service_prefix_no: 'N01', service_type: 2 })
    expect(added.body).toMatchObject({ code: 1, data: { username: 'p-north', user_type: 1, service_prefix_no: 'N01', service_type: 2, money: '0.00' } })
    expect(added.body.data).not.toHaveProperty('password_hash')
    partnerId = added.body.data.id
    partner = await server.login('p-north')
    await post('/provider_service/add', admin, { username: 'p-south', password: PASSWORD, name: 'South', service_prefix_no: 'S01' })
    otherPartner = await server.login('p-south')
    const list = await get<Page<Account>>('/provider_service', admin, { username: 'p-' })
    expect(list.body.data.data.map((a) => a.username).sort()).toEqual(['p-north', 'p-south'])
  })

  it('refuses a service prefix number another account holds, on the field, and lists those in use', async () => {
    const taken = await post('/provider_service/add', admin, { username: 'p-west', password: PASSWORD, name: 'West', service_prefix_no: 'N01' })
    expect(taken.body).toMatchObject({ code: 0, data: { errors: [{ path: '/service_prefix_no' }] } })
    expect(String((taken.body.data as { errors: { message: string }[] }).errors[0]!.message)).toContain('N01')
    const used = await get<{ list: string[] }>('/provider_service/used_service_prefix_no_list', admin)
    expect(used.body.data.list).toEqual(['N01', 'S01'])
    const others = await get<{ list: string[] }>('/provider_service/used_service_prefix_no_list', admin, { exclude_id: partnerId })
    expect(others.body.data.list).toEqual(['S01'])
    // Keeping one's own prefix on an edit is no conflict.
    expect((await post('/provider_service/edit', admin, { id: partnerId, service_prefix_no: 'N01', name: 'North Co.' })).body.code).toBe(1)
  })

  it('refuses a username in use, on the field', async () => {
    const again = await post('/provider_service/add', admin, { username: 'p-north', password: PASSWORD, name: 'Again' })
    expect(again.body).toMatchObject({ code: 0, data: { errors: [{ path: '/username' }] } })
  })

  it('sets the partner level with edit_type', async () => {
    const levelled = await post<Account>('/provider_service/edit_type', admin, { id: partnerId, service_type: 5 })
    expect(levelled.body.data.service_type).toBe(5)
  })

  it('adjusts a partner balance through the ledger with a reason, never below zero, once per idempotency key', async () => {
    const topUp = await post<Account>('/provider_service/edit_account', admin, { id: partnerId, amount: '500.00', remark: 'Opening credit', idempotency_key: 'open-credit-1' })
    expect(topUp.body.data.money).toBe('500.00')
    const retried = await post<Account>('/provider_service/edit_account', admin, { id: partnerId, amount: '500.00', remark: 'Opening credit', idempotency_key: 'open-credit-1' })
    expect(retried.body.data.money).toBe('500.00')
    const tooMuch = await post('/provider_service/edit_account', admin, { id: partnerId, amount: '-600.00', remark: 'Claw back' })
    expect(tooMuch.body).toMatchObject({ code: 0, data: { errors: [{ path: '/amount' }] } })
    const zero = await post('/provider_service/edit_account', admin, { id: partnerId, amount: '0.00', remark: 'Nothing' })
    expect(zero.body).toMatchObject({ code: 0, data: { errors: [{ path: '/amount' }] } })
    const ledger = await get<Page<{ type: string; amount: string; balance_after: string; remark: string; operator_id: number }>>('/platform/user_money_log', partner)
    expect(ledger.body.data.data.map((r) => [r.type, r.amount, r.balance_after, r.remark])).toEqual([['adjust', '500.00', '500.00', 'Opening credit']])
  })

  it('grants and takes back each count the same way: its own ledger row with the reason, never below zero, once per key', async () => {
    type Counts = Account & Record<'digital_man_count' | 'digital_man_advanced_count' | 'digital_voice_count', number>
    const adjust = (body: Record<string, unknown>, headers: Record<string, string> = {}) => server.call<Counts>('POST', '/provider_service/edit_account', { token: admin, body: { id: partnerId, ...body }, headers })
    // The console sends its key as the Idempotency-Key header: a second click is the same grant.
    const granted = await adjust({ kind: 'digital_voice_count', amount: '5', remark: 'Trial voices' }, { 'idempotency-key': 'voices-trial-1' })
    expect(granted.body).toMatchObject({ code: 1, data: { money: '500.00', digital_voice_count: 5 } })
    const clicked = await adjust({ kind: 'digital_voice_count', amount: '5', remark: 'Trial voices' }, { 'idempotency-key': 'voices-trial-1' })
    expect(clicked.body.data.digital_voice_count).toBe(5)
    expect((await adjust({ kind: 'digital_man_advanced_count', amount: '2', remark: 'HD launch', idempotency_key: 'hd-launch-1' })).body.data.digital_man_advanced_count).toBe(2)
    expect((await adjust({ kind: 'digital_man_count', amount: '3', remark: 'Campaign' })).body.data.digital_man_count).toBe(3)
    expect((await adjust({ kind: 'digital_voice_count', amount: '-2', remark: 'Unused trial' })).body.data.digital_voice_count).toBe(3)

    // Taking more than there is: refused on the amount, saying what there is, in the caller's language; nothing moves.
    const tooMany = await adjust({ kind: 'digital_voice_count', amount: '-4', remark: 'Claw back' })
    expect(tooMany.body).toMatchObject({ code: 0, data: { errors: [{ path: '/amount', message: 'Voice clones cannot go below 0: the account has 3, so take at most 3.' }] } })
    const inChinese = await server.call('POST', '/provider_service/edit_account', { token: admin, body: { id: partnerId, kind: 'digital_man_advanced_count', amount: '-3', remark: '收回' }, headers: { lang: 'zh-CN' } })
    expect(inChinese.body).toMatchObject({ code: 0, data: { errors: [{ path: '/amount', message: '高级数字人次数不能低于 0：该账号现有 2 次，最多扣减 2 次。' }] } })
    for (const amount of ['1.5', '0', '-0', '1000001']) {
      expect((await adjust({ kind: 'digital_man_count', amount, remark: 'Odd' })).body, amount).toMatchObject({ code: 0, data: { errors: [{ path: '/amount' }] } })
    }

    const counts = await get<Page<{ quota: string; type: string; amount: number; balance_after: number; remark: string; operator_id: number; detail: unknown }>>('/platform/user_quota_log', partner, { sort: 'id', order: 'asc' })
    expect(counts.body.data.data.map((r) => [r.quota, r.type, r.amount, r.balance_after, r.remark, r.detail ?? null])).toEqual([
      ['digital_voice_count', 'adjust', 5, 5, 'Trial voices', null],
      ['digital_man_advanced_count', 'adjust', 2, 2, 'HD launch', null],
      ['digital_man_count', 'adjust', 3, 3, 'Campaign', null],
      ['digital_voice_count', 'adjust', -2, 3, 'Unused trial', null],
    ])
    const adminId = (await server.services.db.selectFrom('account').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id
    expect(new Set(counts.body.data.data.map((r) => r.operator_id))).toEqual(new Set([adminId]))
    // The balance was not touched by any of it.
    expect((await get<Page<{ type: string }>>('/platform/user_money_log', partner)).body.data.total).toBe(1)
  })

  it('is for the admin only: a partner cannot add, edit, level or top up partners, not even itself', async () => {
    for (const [path, body] of [
      ['/provider_service/add', { username: 'p-sneaky', password: PASSWORD, name: 'Sneaky' }],
      ['/provider_service/edit', { id: partnerId, name: 'Mine now' }],
      ['/provider_service/edit_type', { id: partnerId, service_type: 9 }],
      ['/provider_service/edit_account', { id: partnerId, amount: '1000.00', remark: 'Free money' }],
    ] as const) {
      const answer = await post(path, partner, body)
      expect(answer.status, path).toBe(403)
    }
    // A partner's partner list holds partners below it, never itself.
    expect((await get<Page<Account>>('/provider_service', partner)).body.data.total).toBe(0)
  })
})

describe('merchants (add_by_service, edit_by_service): a partner manages its own', () => {
  let merchantId: number

  it('lets a partner add a merchant under itself, which can sign in', async () => {
    const added = await post<Account>('/provider_service/add_by_service', partner, { username: 'm-north-1', password: PASSWORD, name: 'Shop 1' })
    expect(added.body).toMatchObject({ code: 1, data: { user_type: 2, parent_id: partnerId } })
    merchantId = added.body.data.id
    expect(await server.login('m-north-1')).toMatch(/.+/)
  })

  it('shows a partner only its own merchants, and another partner none of them', async () => {
    await post('/provider_service/add_by_service', otherPartner, { username: 'm-south-1', password: PASSWORD, name: 'South shop' })
    const mine = await get<Page<Account>>('/provider_service/merchant', partner)
    expect(mine.body.data.data.map((a) => a.username)).toEqual(['m-north-1'])
    const theirs = await get<Page<Account>>('/provider_service/merchant', otherPartner)
    expect(theirs.body.data.data.map((a) => a.username)).toEqual(['m-south-1'])
    const all = await get<Page<Account>>('/provider_service/merchant', admin, { parent_id: partnerId })
    expect(all.body.data.data.map((a) => a.username)).toEqual(['m-north-1'])
    // Another partner's merchant does not exist for this partner, whether read or edited.
    expect((await get('/provider_service/merchant_detail', otherPartner, { id: merchantId })).body.code).toBe(0)
    const stolen = await post('/provider_service/edit_by_service', otherPartner, { id: merchantId, name: 'Stolen' })
    expect(stolen.body).toMatchObject({ code: 0, data: { errors: [{ path: '/id' }] } })
    const unknown = await post('/provider_service/edit_by_service', otherPartner, { id: 999_999, name: 'Stolen' })
    expect(stolen.body.msg).toBe(unknown.body.msg.replace('999999', String(merchantId)))
    expect((await get<Account>('/provider_service/merchant_detail', partner, { id: merchantId })).body.data.name).toBe('Shop 1')
  })

  it('lets an admin place a merchant under a partner, but not a partner under another partner', async () => {
    const placed = await post<Account>('/provider_service/add_by_service', admin, { username: 'm-north-2', password: PASSWORD, name: 'Shop 2', parent_id: partnerId })
    expect(placed.body.data.parent_id).toBe(partnerId)
    const southId = (await get<Page<Account>>('/provider_service', admin, { username: 'p-south' })).body.data.data[0]!.id
    const foreign = await post('/provider_service/add_by_service', partner, { username: 'm-planted', password: PASSWORD, name: 'Planted', parent_id: southId })
    expect(foreign.body).toMatchObject({ code: 0, data: { errors: [{ path: '/parent_id' }] } })
  })

  it('keeps a partner within the merchant count limit (platform setting; -1 is unlimited)', async () => {
    await post('/platform/set_config', admin, { group: 'platform', values: { VITE_MERCHANT_COUNT_LIMITATION: '2' } })
    const over = await post('/provider_service/add_by_service', partner, { username: 'm-north-3', password: PASSWORD, name: 'Shop 3' })
    expect(over.body.code).toBe(0)
    expect(over.body.msg).toContain('2')
    await post('/platform/set_config', admin, { group: 'platform', values: { VITE_MERCHANT_COUNT_LIMITATION: '-1' } })
    expect((await post('/provider_service/add_by_service', partner, { username: 'm-north-3', password: PASSWORD, name: 'Shop 3' })).body.code).toBe(1)
  })

  it('signs a merchant out everywhere when it is disabled or given a new password', async () => {
    const token = await server.login('m-north-1')
    expect((await post('/platform/get_user_info', token, {})).body.code).toBe(1)
    await post('/provider_service/edit_by_service', partner, { id: merchantId, status: 0 })
    expect((await post('/platform/get_user_info', token, {})).body.code).toBe(50012)
    await post('/provider_service/edit_by_service', partner, { id: merchantId, status: 1, password: 'a fresh password' })
    expect(await server.login('m-north-1', 'a fresh password')).toMatch(/.+/)
    // An empty password keeps the current one.
    await post('/provider_service/edit_by_service', partner, { id: merchantId, name: 'Shop One', password: '' })
    expect(await server.login('m-north-1', 'a fresh password')).toMatch(/.+/)
  })

  it('sets what an account below may transfer, and nothing of the caller itself', async () => {
    const set = await post<Account>('/platform/edit_transfer_config', partner, { id: merchantId, can_transfer_money: 0 })
    expect(set.body.data.can_transfer_money).toBe(0)
    expect((await post('/platform/edit_transfer_config', partner, { id: partnerId, can_transfer_money: 1 })).body.code).toBe(0)
    expect((await post('/platform/edit_transfer_config', otherPartner, { id: merchantId, can_transfer_money: 1 })).body.code).toBe(0)
  })

  it('is not for merchants or agents', async () => {
    const merchant = await server.login('m-north-2')
    expect((await get('/provider_service/merchant', merchant)).status).toBe(403)
    expect((await post('/provider_service/add_by_service', merchant, { username: 'm-child', password: PASSWORD, name: 'Child' })).status).toBe(403)
  })
})

describe('agents (salespeople)', () => {
  it('lets a partner add and list its agents, apart from its merchants', async () => {
    const added = await post<Account>('/provider_service/add_agent', partner, { username: 'a-north-1', password: PASSWORD, name: 'Sales 1' })
    expect(added.body.data).toMatchObject({ user_type: 3, parent_id: partnerId })
    expect((await get<Page<Account>>('/provider_service/agent', partner)).body.data.data.map((a) => a.username)).toEqual(['a-north-1'])
    expect((await get<Page<Account>>('/provider_service/agent', otherPartner)).body.data.total).toBe(0)
    expect((await get<Page<Account>>('/provider_service/merchant', partner)).body.data.data.map((a) => a.username)).not.toContain('a-north-1')
    // An agent is not edited through the merchant screen.
    expect((await post('/provider_service/edit_by_service', partner, { id: added.body.data.id, name: 'x' })).body.code).toBe(0)
    expect((await post<Account>('/provider_service/edit_agent', partner, { id: added.body.data.id, name: 'Sales One' })).body.data).toMatchObject({ name: 'Sales One' })
  })
})

describe('overstep login (/platform/overstep_login): opening a merchant console', () => {
  it('gives a partner a session of its own merchant, and records who opened whose console', async () => {
    const merchant = (await get<Page<Account>>('/provider_service/merchant', partner, { username: 'm-north-2' })).body.data.data[0]!
    const opened = await post<{ userinfo: { token: string; user_type: number; username: string } }>('/platform/overstep_login', partner, { merchant_id: merchant.id })
    expect(opened.body.data.userinfo).toMatchObject({ user_type: 2, username: 'm-north-2' })
    const me = await post<Account>('/platform/get_user_info', opened.body.data.userinfo.token, {})
    expect(me.body.data).toMatchObject({ id: merchant.id, user_type: 2 })
    const log = await get<Page<{ operator_id: number; merchant_id: number; _titles: Record<string, string> }>>('/platform/overstep_log', partner)
    expect(log.body.data.data.map((r) => [r.operator_id, r.merchant_id, r._titles.merchant_id])).toEqual([[partnerId, merchant.id, 'm-north-2']])
    expect((await get<Page<unknown>>('/platform/overstep_log', admin)).body.data.total).toBe(1)
    expect((await get<Page<unknown>>('/platform/overstep_log', otherPartner)).body.data.total).toBe(0)
  })

  it("refuses another partner's merchant, a disabled merchant and an account that is not a merchant, recording nothing", async () => {
    const southShop = (await get<Page<Account>>('/provider_service/merchant', otherPartner)).body.data.data[0]!
    const refused = await post('/platform/overstep_login', partner, { merchant_id: southShop.id })
    expect(refused.body).toMatchObject({ code: 0, data: { errors: [{ path: '/merchant_id' }] } })
    expect((await post('/platform/overstep_login', admin, { merchant_id: partnerId })).body.code).toBe(0)
    const shop3 = (await get<Page<Account>>('/provider_service/merchant', partner, { username: 'm-north-3' })).body.data.data[0]!
    await post('/provider_service/edit_by_service', partner, { id: shop3.id, status: 0 })
    expect((await post('/platform/overstep_login', admin, { merchant_id: shop3.id })).body.code).toBe(0)
    expect((await post('/platform/overstep_login', await server.login('m-north-2'), { merchant_id: shop3.id })).status).toBe(403)
    expect((await get<Page<unknown>>('/platform/overstep_log', admin)).body.data.total).toBe(1)
    // An admin may open any enabled merchant.
    expect((await post('/platform/overstep_login', admin, { merchant_id: southShop.id })).body.code).toBe(1)
  })
})
