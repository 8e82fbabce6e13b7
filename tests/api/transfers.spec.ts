// PostgreSQL too: racing copies of one transfer, applied once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './harness'

let server: TestServer
const token: Record<string, string> = {}
const id: Record<string, number> = {}

beforeAll(async () => {
  server = await startTestServer()
  const made = await server.accounts([
    ['admin', 'admin'],
    ['partner', 'partner', 'admin'],
    ['other', 'partner', 'admin'],
    ['shop', 'merchant', 'partner'],
    ['shop2', 'merchant', 'partner'],
    ['far', 'merchant', 'other'],
  ] as const)
  Object.assign(id, made.id)
  Object.assign(token, made.token)
  await post('/provider_service/edit_account', 'admin', { id: id.partner, amount: '100.00', remark: 'start' })
})
afterAll(() => server.close())

const post = <T = unknown>(path: string, who: string, body: unknown) => server.call<T>('POST', path, { token: token[who], body })
const me = async (who: string) => (await post<Record<string, unknown>>('/platform/get_user_info', who, {})).body.data

describe('transfers (/platform/transfer): from a parent to its own children, by the can_transfer flags', () => {
  it('moves yuan from a partner to its merchant, with a ledger row on each side and a transfer record', async () => {
    const sent = await post<{ kind: string; money: string; to_user_id: number }>('/platform/transfer', 'partner', { to_user_id: id.shop, kind: 'money', amount: '30.5', remark: 'launch' })
    expect(sent.body).toMatchObject({ code: 1, data: { kind: 'money', money: '30.50', to_user_id: id.shop } })
    expect((await me('partner')).money).toBe('69.50')
    expect((await me('shop')).money).toBe('30.50')
    const shopLedger = await server.call<{ data: { type: string; amount: string; operator_id: number }[] }>('GET', '/platform/user_money_log', { token: token.shop })
    expect(shopLedger.body.data.data.map((r) => [r.type, r.amount, r.operator_id])).toEqual([['transfer_in', '30.50', id.partner]])
    const records = await server.call<{ total: number }>('GET', '/platform/transfer_record', { token: token.partner })
    expect(records.body.data.total).toBe(1)
    expect((await server.call<{ total: number }>('GET', '/platform/transfer_record', { token: token.other })).body.data.total).toBe(0)
  })

  it('moves whole units of a quota, and refuses fractions, zero and more than the sender has, on the field', async () => {
    await server.services.db.updateTable('account').set({ digital_voice_count: 0 }).where('id', '=', id.partner!).execute()
    const money = (await me('partner')).money
    const records = (await server.call<{ total: number }>('GET', '/platform/transfer_record', { token: token.partner })).body.data.total
    const none = await post('/platform/transfer', 'partner', { to_user_id: id.shop, kind: 'digital_voice_count', amount: '3' })
    expect(none.body).toMatchObject({ code: 0, data: { errors: [{ path: '/amount' }] } })
    expect((await post('/platform/transfer', 'partner', { to_user_id: id.shop, kind: 'digital_voice_count', amount: '1.5' })).body).toMatchObject({ code: 0, data: { errors: [{ path: '/amount' }] } })
    expect((await post('/platform/transfer', 'partner', { to_user_id: id.shop, kind: 'money', amount: '0' })).body).toMatchObject({ code: 0, data: { errors: [{ path: '/amount' }] } })
    expect((await post('/platform/transfer', 'partner', { to_user_id: id.shop, kind: 'money', amount: '1000' })).body).toMatchObject({ code: 0, data: { errors: [{ path: '/amount' }] } })
    // Nothing moved for any of the refusals.
    expect((await me('partner')).money).toBe(money)
    expect((await server.call<{ total: number }>('GET', '/platform/transfer_record', { token: token.partner })).body.data.total).toBe(records)
  })

  it("refuses an account that is not the sender's own child: another partner's merchant, itself, its parent", async () => {
    for (const to of [id.far, id.partner, id.admin]) {
      const refused = await post('/platform/transfer', 'partner', { to_user_id: to, kind: 'money', amount: '1' })
      expect(refused.body).toMatchObject({ code: 0, data: { errors: [{ path: '/to_user_id' }] } })
    }
  })

  it('follows the sender flag its parent sets', async () => {
    await post('/platform/edit_transfer_config', 'admin', { id: id.partner, can_transfer_money: 0 })
    const refused = await post('/platform/transfer', 'partner', { to_user_id: id.shop, kind: 'money', amount: '1' })
    expect(refused.body).toMatchObject({ code: 0, data: { errors: [{ path: '/kind' }] } })
    await post('/platform/edit_transfer_config', 'admin', { id: id.partner, can_transfer_money: 1 })
    expect((await post('/platform/transfer', 'partner', { to_user_id: id.shop, kind: 'money', amount: '1' })).body.code).toBe(1)
  })

  it('applies a retried transfer once by its idempotency key, and refuses the key for another transfer', async () => {
    const body = { to_user_id: id.shop2, kind: 'money', amount: '2.00', idempotency_key: 'retry-me-123' }
    const first = await post<{ id: number }>('/platform/transfer', 'partner', body)
    const again = await post<{ id: number }>('/platform/transfer', 'partner', body)
    expect(again.body.data.id).toBe(first.body.data.id)
    expect((await me('shop2')).money).toBe('2.00')
    expect((await post('/platform/transfer', 'partner', { ...body, amount: '3.00' })).body.code).toBe(0)
    // The key as the Idempotency-Key header alone, as HTTP clients send it.
    const { idempotency_key: _, ...plain } = body
    const byHeader = () => server.call<{ id: number }>('POST', '/platform/transfer', { token: token.partner, body: plain, headers: { 'idempotency-key': 'header-key-1' } })
    const once = await byHeader()
    expect((await byHeader()).body.data.id).toBe(once.body.data.id)
    expect((await me('shop2')).money).toBe('4.00')
  })

  it('applies once when the same request is sent many times at once, answering every copy with the one transfer', async () => {
    const body = { to_user_id: id.shop2, kind: 'money', amount: '1.25', idempotency_key: 'racing-copies-1' }
    const before = (await me('shop2')).money
    const answers = await Promise.all(Array.from({ length: 12 }, () => post<{ id: number }>('/platform/transfer', 'partner', body)))
    expect(answers.map((a) => a.body.code)).toEqual(Array(12).fill(1))
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1)
    expect(Number((await me('shop2')).money) - Number(before)).toBeCloseTo(1.25, 2)
    const ledger = await server.call<{ data: { remark: string; amount: string }[] }>('GET', '/platform/user_money_log', { token: token.shop2 })
    expect(ledger.body.data.data.filter((row) => row.amount === '1.25')).toHaveLength(1)
  })
})

describe('exchange (/platform/exchange): balance for a quota at the configured number', () => {
  it('is refused until the platform offers it, then spends whole yuan for units at the exchange number', async () => {
    expect((await post('/platform/transfer', 'partner', { to_user_id: id.shop, kind: 'money', amount: '5' })).body.code).toBe(1)
    const money = Number((await me('shop')).money)
    const off = await post('/platform/exchange', 'shop', { quota: 'digital_man_count', yuan: 2 })
    expect(off.body).toMatchObject({ code: 0, data: { errors: [{ path: '/quota' }] } })
    await post('/platform/set_config', 'admin', { group: 'platform', values: { money_recharge_exchange_config: '1,4', digital_man_money_exchange_num: 3 } })
    const done = await post<{ money: string; count: number; added: number }>('/platform/exchange', 'shop', { quota: 'digital_man_count', yuan: 2 })
    expect(done.body.data).toMatchObject({ money: (money - 2).toFixed(2), count: 6, added: 6 })
    // Voice (3) is not in the list, whatever its number.
    await post('/platform/set_config', 'admin', { group: 'platform', values: { digital_voice_money_exchange_num: 5 } })
    expect((await post('/platform/exchange', 'shop', { quota: 'digital_voice_count', yuan: 1 })).body.code).toBe(0)
    expect((await post('/platform/exchange', 'shop', { quota: 'digital_man_count', yuan: 1000 })).body).toMatchObject({ code: 0, data: { errors: [{ path: '/yuan' }] } })
    const quotaLedger = await server.call<{ data: { type: string; amount: number; quota: string }[] }>('GET', '/platform/user_quota_log', { token: token.shop })
    expect(quotaLedger.body.data.data.map((r) => [r.quota, r.type, r.amount])).toEqual([['digital_man_count', 'exchange', 6]])
  })

  it('says before the dialog is filled in what one CNY buys of each open quota and which are closed, and when none is open, that nothing can be exchanged', async () => {
    type Notices = { notices: { type: string; message: string }[]; values?: { quota: string } }
    const ask = (lang: string) => server.call<Notices>('GET', '/platform/exchange_notices', { token: token.shop, headers: { lang } })
    // Digital-human clones at 3 a CNY are open; voice has a number but is not listed.
    expect((await ask('en-US')).body.data).toEqual({
      notices: [
        { type: 'info', message: '1 CNY of balance buys 3 digital-human clones. Only whole CNY are exchanged.' },
        { type: 'info', message: 'Not open now: Advanced digital-human clones, Voice clones.' },
      ],
      values: { quota: 'digital_man_count' },
    })
    expect((await ask('zh-CN')).body.data.notices.map((n) => n.message)).toEqual(['1 元余额可兑换：数字人次数 3 次。只能用整元兑换。', '暂未开放：高级数字人次数、声音克隆次数。'])
    await post('/platform/set_config', 'admin', { group: 'platform', values: { money_recharge_exchange_config: '' } })
    try {
      const none = (await ask('en-US')).body.data
      expect(none.values).toBeUndefined()
      expect(none.notices).toEqual([{ type: 'warning', message: expect.stringMatching(/^No exchange is open on this platform/) }])
    } finally {
      await post('/platform/set_config', 'admin', { group: 'platform', values: { money_recharge_exchange_config: '1,4' } })
    }
  })
})
