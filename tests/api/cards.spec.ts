// PostgreSQL too: racing transfers, redemptions and deletions of the same cards; exports streamed by cursor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import ExcelJS from 'exceljs'
import { startTestServer, type TestServer } from './harness'
import { HOSTILE_CELLS, parseCsvStrictly, startsFormula } from '../support/hostile-cells'

interface Card {
  id: number
  card_mask: string
  name: string
  batch_no: string
  kind: string
  money: string
  count: number
  status: number
  holder_id: number
  used_by: number | null
  used_at: string | null
  remark: string
  _titles: Record<string, string | null>
}
interface Page<T> {
  total: number
  data: T[]
}
interface Batch {
  batch_no: string
  quantity: number
  money: string
  count: number
}

let server: TestServer
const token: Record<string, string> = {}
const id: Record<string, number> = {}

// admin › partner › sub (a partner below a partner), shop (a merchant) and agent; admin › other › far (a merchant) and osub.
beforeAll(async () => {
  server = await startTestServer()
  const made = await server.accounts([
    ['admin', 'admin'],
    ['partner', 'partner', 'admin'],
    ['other', 'partner', 'admin'],
    ['sub', 'partner', 'partner'],
    ['shop', 'merchant', 'partner'],
    ['far', 'merchant', 'other'],
    ['osub', 'partner', 'other'],
    ['agent', 'agent', 'partner'],
  ] as const)
  Object.assign(id, made.id)
  Object.assign(token, made.token)
})
afterAll(() => server.close())

const post = <T = unknown>(path: string, who: string, body: unknown) => server.call<T>('POST', `/recharge_card${path}`, { token: token[who], body })
const list = async (who: string, query: Record<string, unknown> = {}) => (await server.call<Page<Card>>('GET', '/recharge_card/card_list', { token: token[who], query: { limit: 100, ...query } })).body.data
const issue = async (body: Record<string, unknown>) => {
  const res = await post<Batch>('/add', 'admin', { name: 'Spring', kind: 'money', amount: '12.50', quantity: 5, ...body })
  expect(res.body.code, res.body.msg).toBe(1)
  return res.body.data
}
/** The stored passwords of a batch, in id order: what only the database and the holder's export know. */
const passwordsOf = async (batchNo: string) =>
  (await server.services.db.selectFrom('recharge_card').select(['id', 'card_password']).where('batch_no', '=', batchNo).orderBy('id').execute()).map((r) => ({ id: Number(r.id), password: String(r.card_password) }))
const idsOf = async (batchNo: string) => (await passwordsOf(batchNo)).map((c) => c.id)
const me = async (who: string) => (await server.call<Record<string, unknown>>('POST', '/platform/get_user_info', { token: token[who], body: {} })).body.data
const download = (query: string, headers: Record<string, string> = {}) => server.inject({ method: 'GET', url: `/api/v1/recharge_card/export_data?${query}`, headers: { platform: 'pc', ...headers } })
const csvRows = (body: string) => body.replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((line) => line.split(','))

describe('add: an admin issues a batch', () => {
  it('issues N cards with unguessable, unique passwords and one batch number, and lists them masked', async () => {
    const batch = await issue({ quantity: 25, remark: 'launch' })
    expect(batch).toMatchObject({ quantity: 25, money: '12.50', count: 0 })
    expect(batch.batch_no).toMatch(/^\d{14}-[A-Z2-9]{6}$/)
    const stored = await passwordsOf(batch.batch_no)
    expect(stored).toHaveLength(25)
    for (const { password } of stored) expect(password).toMatch(/^[A-HJ-NP-Z2-9]{16}$/)
    expect(new Set(stored.map((c) => c.password)).size).toBe(25)

    const page = await list('admin', { batch_no: batch.batch_no })
    expect(page.total).toBe(25)
    const text = JSON.stringify(page)
    for (const { password } of stored) expect(text).not.toContain(password)
    for (const card of page.data) {
      const password = stored.find((c) => c.id === card.id)!.password
      expect(card.card_mask).toBe(`${password.slice(0, 4)}********${password.slice(-4)}`)
      expect(card).not.toHaveProperty('card_password')
      expect(card).toMatchObject({ status: 0, kind: 'money', money: '12.50', holder_id: id.admin, remark: 'launch', used_by: null })
    }
  })

  it('issues quota cards in whole units', async () => {
    const batch = await issue({ kind: 'digital_voice_count', amount: '3', quantity: 2 })
    expect(batch).toMatchObject({ money: '0.00', count: 3, quantity: 2 })
    expect((await list('admin', { batch_no: batch.batch_no })).data.map((c) => [c.kind, c.count])).toEqual([['digital_voice_count', 3], ['digital_voice_count', 3]])
  })

  it('refuses 0 or more than 10,000 cards, a zero or fractional value, on the field; and partners may not issue', async () => {
    const before = (await list('admin')).total
    const refusals: [Record<string, unknown>, string][] = [
      [{ quantity: 0 }, '/quantity'],
      [{ quantity: 10_001 }, '/quantity'],
      [{ amount: '0' }, '/amount'],
      [{ amount: 'abc' }, '/amount'],
      [{ kind: 'digital_man_count', amount: '1.5' }, '/amount'],
      [{ name: '' }, '/name'],
    ]
    for (const [change, path] of refusals) {
      const res = await post('/add', 'admin', { name: 'x', kind: 'money', amount: '1', quantity: 1, ...change })
      expect(res.body, JSON.stringify(change)).toMatchObject({ code: 0, data: { errors: [{ path }] } })
    }
    expect((await post('/add', 'partner', { name: 'x', kind: 'money', amount: '1', quantity: 1 })).status).toBe(403)
    expect((await list('admin')).total).toBe(before)
  })
})

describe('transfer_card: unused cards the caller holds, to its own child partners', () => {
  it('moves one card, a list, or part of a batch; the partner then sees them, other partners never do', async () => {
    const batch = await issue({ quantity: 6 })
    const ids = await idsOf(batch.batch_no)
    expect((await list('partner', { batch_no: batch.batch_no })).total).toBe(0)

    expect((await post('/transfer_card', 'admin', { id: ids[0], to_user_id: id.partner })).body).toMatchObject({ code: 1, data: { transferred: 1, to_user_id: id.partner } })
    expect((await post('/transfer_card', 'admin', { ids: [ids[1], ids[2]], to_user_id: id.partner })).body.data).toEqual({ transferred: 2, to_user_id: id.partner })
    expect((await post('/transfer_card', 'admin', { batch_no: batch.batch_no, quantity: 2, to_user_id: id.partner })).body.data).toEqual({ transferred: 2, to_user_id: id.partner })

    const partnerView = await list('partner', { batch_no: batch.batch_no })
    expect(partnerView.data.map((c) => c.id).sort()).toEqual(ids.slice(0, 5).sort())
    expect(partnerView.data.every((c) => c.holder_id === id.partner && c._titles.holder_id === 'partner')).toBe(true)
    expect((await list('other', { batch_no: batch.batch_no })).total).toBe(0)
    // The admin still sees all of them: every card is in its reach.
    expect((await list('admin', { batch_no: batch.batch_no, holder_id: id.partner })).total).toBe(5)

    // Down again: the partner still sees what its sub-partner holds, the sub-partner only its own.
    expect((await post('/transfer_card', 'partner', { id: ids[0], to_user_id: id.sub })).body.code).toBe(1)
    expect((await list('partner', { batch_no: batch.batch_no })).total).toBe(5)
    expect((await list('sub', { batch_no: batch.batch_no })).data.map((c) => c.id)).toEqual([ids[0]])
  })

  it('moves the rest of a batch when no quantity is given', async () => {
    const batch = await issue({ quantity: 3 })
    expect((await post('/transfer_card', 'admin', { batch_no: batch.batch_no, to_user_id: id.other })).body.data).toEqual({ transferred: 3, to_user_id: id.other })
    expect((await list('other', { batch_no: batch.batch_no })).total).toBe(3)
    expect((await post('/transfer_card', 'admin', { batch_no: batch.batch_no, to_user_id: id.other })).body).toMatchObject({ code: 0, data: { errors: [{ path: '/batch_no' }] } })
  })

  it('goes only to a partner directly below the caller', async () => {
    const [card] = await idsOf((await issue({ quantity: 1 })).batch_no)
    const refused = [
      ['admin', id.sub], // a partner, but not a direct child
      ['admin', id.shop], // a merchant
      ['admin', id.admin], // itself
    ] as const
    for (const [who, to] of refused) {
      expect((await post('/transfer_card', who, { id: card, to_user_id: to })).body, `${who} → ${to}`).toMatchObject({ code: 0, data: { errors: [{ path: '/to_user_id' }] } })
    }
    await post('/transfer_card', 'admin', { id: card, to_user_id: id.partner })
    for (const to of [id.shop, id.other, id.far, id.admin, id.agent]) {
      expect((await post('/transfer_card', 'partner', { id: card, to_user_id: to })).body, `partner → ${to}`).toMatchObject({ code: 0, data: { errors: [{ path: '/to_user_id' }] } })
    }
    expect((await list('partner', { holder_id: id.partner })).data.some((c) => c.id === card)).toBe(true)
  })

  it("refuses a card the caller does not hold, a used card, a short batch or two ways at once; nothing moves", async () => {
    const batch = await issue({ quantity: 3 })
    const [a, b, c] = await idsOf(batch.batch_no)
    const { password } = (await passwordsOf(batch.batch_no))[0]!
    await post('/use_card', 'shop', { card_password: password })

    const used = await post('/transfer_card', 'admin', { ids: [b, a], to_user_id: id.partner })
    expect(used.body).toMatchObject({ code: 0, data: { errors: [{ path: '/ids' }] } })
    expect(used.body.msg).toContain(String(a))
    // Another partner's card is refused as not the caller's, like one that does not exist.
    const notHeld = await post('/transfer_card', 'other', { id: b, to_user_id: id.osub })
    expect(notHeld.body).toMatchObject({ code: 0, data: { errors: [{ path: '/id' }] } })
    expect(notHeld.body.msg).toBe((await post('/transfer_card', 'other', { id: 2_000_000_000, to_user_id: id.osub })).body.msg.replace('2000000000', String(b)))
    const short = await post('/transfer_card', 'admin', { batch_no: batch.batch_no, quantity: 5, to_user_id: id.partner })
    expect(short.body).toMatchObject({ code: 0, data: { errors: [{ path: '/quantity' }] } })
    expect((await post('/transfer_card', 'admin', { id: b, ids: [c], to_user_id: id.partner })).body).toMatchObject({ code: 0, data: { errors: [{ path: '/ids' }] } })
    expect((await post('/transfer_card', 'admin', { quantity: 1, to_user_id: id.partner })).body).toMatchObject({ code: 0, data: { errors: [{ path: '/quantity' }] } })

    expect((await list('admin', { batch_no: batch.batch_no, holder_id: id.admin })).total).toBe(3)
  })
})

describe('races: a refused change says what really happened to the cards', () => {
  /** The cards as the database holds them once every request has answered; a deleted card is missing. */
  const stored = async (ids: number[]) =>
    new Map((await server.services.db.selectFrom('recharge_card').select(['id', 'holder_id', 'status']).where('id', 'in', ids).execute()).map((r) => [Number(r.id), { holder: Number(r.holder_id), status: Number(r.status) }]))

  it('many transfers of the same cards at once: one moves them all, every other is told they are no longer its own, none that they were used', async () => {
    const batch = await issue({ quantity: 3 })
    const ids = await idsOf(batch.batch_no)
    const answers = await Promise.all(Array.from({ length: 16 }, (_, n) => post('/transfer_card', 'admin', { ids, to_user_id: n % 2 ? id.partner : id.other })))
    expect(answers.filter((a) => a.body.code === 1)).toHaveLength(1)
    const refusals = answers.filter((a) => a.body.code !== 1).map((a) => a.body.msg)
    expect(refusals.filter((msg) => !/is no longer yours|You do not hold card/.test(msg))).toEqual([])
    expect(refusals.filter((msg) => /used/.test(msg))).toEqual([])
    const cards = await stored(ids)
    expect(new Set([...cards.values()].map((c) => c.holder)).size).toBe(1)
    expect([...cards.values()].every((c) => c.status === 0 && c.holder !== id.admin)).toBe(true)
  })

  it('many transfers of a whole batch at once: one moves it, the others find the batch empty, and no card moves twice', async () => {
    const batch = await issue({ quantity: 4 })
    const ids = await idsOf(batch.batch_no)
    const targets = Array.from({ length: 12 }, (_, n) => (n % 2 ? id.partner : id.other)!)
    const answers = await Promise.all(targets.map((to) => post<{ transferred: number }>('/transfer_card', 'admin', { batch_no: batch.batch_no, to_user_id: to })))
    const moved = answers.flatMap((a, n) => (a.body.code === 1 ? [{ to: targets[n]!, transferred: a.body.data.transferred }] : []))
    expect(moved.map((m) => m.transferred)).toEqual([4])
    expect(answers.filter((a) => a.body.code !== 1).map((a) => a.body.msg).filter((msg) => !/You hold no unused cards of batch/.test(msg))).toEqual([])
    expect([...(await stored(ids)).values()].map((c) => c.holder)).toEqual(ids.map(() => moved[0]!.to))
  })

  it('transfers racing redemptions and deletions: every refusal names what the database shows became of the card', async () => {
    const batch = await issue({ quantity: 8 })
    const cards = await passwordsOf(batch.batch_no)
    const calls = cards.flatMap((card, i) => [
      { card: card.id, kind: 'transfer', answer: post('/transfer_card', 'admin', { id: card.id, to_user_id: id.partner }) },
      i % 2
        ? { card: card.id, kind: 'use', answer: post('/use_card', 'shop', { card_password: card.password }) }
        : { card: card.id, kind: 'delete', answer: post('/batch_del', 'admin', { ids: [card.id] }) },
      { card: card.id, kind: 'transfer', answer: post('/transfer_card', 'admin', { id: card.id, to_user_id: id.other }) },
    ])
    const answers = await Promise.all(calls.map(async (call) => ({ ...call, body: (await call.answer).body })))
    const now = await stored(cards.map((c) => c.id))
    const wrong: string[] = []
    for (const { card, kind, body } of answers) {
      if (body.code === 1) continue
      const row = now.get(card)
      // What the refusal says, and what must then be true of the card.
      const truth: [RegExp, boolean][] = [
        [/has already been used/, row?.status === 1],
        [/is no longer yours/, row !== undefined && row.holder !== id.admin],
        [/no longer exists|no card with this password/, row === undefined],
        // Before any change (the first check): not the caller's, or no card at all, without saying which.
        [/You do not hold card/, row === undefined || row.holder !== id.admin],
      ]
      const said = truth.find(([pattern]) => pattern.test(body.msg))
      if (!said || !said[1]) wrong.push(`${kind} of card ${card} answered "${body.msg}", but the card is ${row ? JSON.stringify(row) : 'deleted'}`)
    }
    expect(wrong).toEqual([])
  })
})

describe('use_card: redeeming a password credits the caller through the ledger', () => {
  it('credits yuan to the balance with a card row naming the card, once', async () => {
    const batch = await issue({ name: 'Gift', quantity: 1, amount: '20.05' })
    const { id: card, password } = (await passwordsOf(batch.batch_no))[0]!
    const before = Number((await me('shop')).money)
    // As typed by a person: lower case, in groups.
    const typed = password.toLowerCase().replace(/(.{4})(?!$)/g, '$1-')
    const used = await post<{ id: number; money: string; balance_after: string }>('/use_card', 'shop', { card_password: typed })
    expect(used.body).toMatchObject({ code: 1, data: { id: card, kind: 'money', money: '20.05', count: 0 } })
    expect(Number((await me('shop')).money)).toBeCloseTo(before + 20.05, 2)
    expect(used.body.data.balance_after).toBe((await me('shop')).money)

    const ledger = await server.call<Page<{ type: string; amount: string; related_type: string; related_id: number; remark: string; detail: unknown }>>('GET', '/platform/user_money_log', { token: token.shop, query: { type: 'card' } })
    expect(ledger.body.data.data.filter((r) => r.related_id === card)).toEqual([expect.objectContaining({ type: 'card', amount: '20.05', related_type: 'recharge_card', remark: '', detail: { key: 'card', params: { card: 'Gift' } } })])
    const [row] = (await list('admin', { batch_no: batch.batch_no })).data
    expect(row).toMatchObject({ status: 1, used_by: id.shop, _titles: { used_by: 'shop' } })
    expect(row!.used_at).toMatch(/^\d{4}-/)

    const again = await post('/use_card', 'far', { card_password: password })
    expect(again.body).toMatchObject({ code: 0, data: { errors: [{ path: '/card_password' }] } })
    expect(again.body.msg).toMatch(/already been used/)
  })

  it('credits units to the matching quota', async () => {
    const batch = await issue({ kind: 'digital_man_advanced_count', amount: '4', quantity: 1 })
    const { id: card, password } = (await passwordsOf(batch.batch_no))[0]!
    const before = Number((await me('far')).digital_man_advanced_count ?? 0)
    expect((await post('/use_card', 'far', { card_password: password })).body).toMatchObject({ code: 1, data: { kind: 'digital_man_advanced_count', count: 4, money: '0.00', balance_after: String(before + 4) } })
    expect(Number((await me('far')).digital_man_advanced_count)).toBe(before + 4)
    const logs = await server.services.db.selectFrom('user_quota_log').selectAll().where('related_type', '=', 'recharge_card').where('related_id', '=', card).execute()
    expect(logs.map((l) => [Number(l.user_id), l.quota, l.type, Number(l.amount)])).toEqual([[id.far, 'digital_man_advanced_count', 'card', 4]])
  })

  it('says a wrong password is wrong, on the field, in the caller language', async () => {
    for (const card_password of ['ABCDEFGHJKLMNPQR', 'short', "' OR 1=1 --"]) {
      const res = await post('/use_card', 'shop', { card_password })
      expect(res.body).toMatchObject({ code: 0, data: { errors: [{ path: '/card_password' }] } })
    }
    const zh = await server.call('POST', '/recharge_card/use_card', { token: token.shop, body: { card_password: 'ABCDEFGHJKLMNPQR' }, headers: { lang: 'zh-CN' } })
    expect(zh.body.msg).toMatch(/卡密不存在/)
  })

  it('credits exactly once when 60 requests redeem one card at the same moment', async () => {
    const batch = await issue({ quantity: 1, amount: '7.00' })
    const { id: card, password } = (await passwordsOf(batch.batch_no))[0]!
    const redeemers = ['shop', 'far', 'agent', 'partner', 'sub', 'other']
    const before = Object.fromEntries(await Promise.all(redeemers.map(async (who) => [who, Number((await me(who)).money)] as const)))
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => post('/use_card', redeemers[i % redeemers.length]!, { card_password: password })))
    const won = answers.filter((a) => a.body.code === 1)
    expect(won).toHaveLength(1)
    for (const lost of answers.filter((a) => a.body.code !== 1)) expect(lost.body).toMatchObject({ code: 0, data: { errors: [{ path: '/card_password' }] } })

    const logs = await server.services.db.selectFrom('user_money_log').selectAll().where('related_type', '=', 'recharge_card').where('related_id', '=', card).execute()
    expect(logs).toHaveLength(1)
    const winner = redeemers.find((who) => id[who] === Number(logs[0]!.user_id))!
    for (const who of redeemers) expect(Number((await me(who)).money), who).toBeCloseTo(before[who]! + (who === winner ? 7 : 0), 2)
    expect((await list('admin', { batch_no: batch.batch_no })).data[0]).toMatchObject({ status: 1, used_by: id[winner] })
  })
})

describe('remark_card, edit_card: the holder annotates its cards', () => {
  it('sets a remark and a name on a held card, used or not; others are refused', async () => {
    const batch = await issue({ quantity: 2 })
    const [first, second] = await passwordsOf(batch.batch_no)
    await post('/use_card', 'shop', { card_password: second!.password })
    expect((await post<Card>('/remark_card', 'admin', { id: first!.id, remark: 'for the fair' })).body).toMatchObject({ code: 1, data: { id: first!.id, remark: 'for the fair' } })
    expect((await post<Card>('/edit_card', 'admin', { id: second!.id, name: 'Fair gift' })).body).toMatchObject({ code: 1, data: { id: second!.id, name: 'Fair gift', status: 1 } })
    const rows = (await list('admin', { batch_no: batch.batch_no })).data
    expect(rows.map((r) => [r.id, r.name, r.remark]).sort()).toEqual([[first!.id, 'Spring', 'for the fair'], [second!.id, 'Fair gift', '']].sort())

    await post('/transfer_card', 'admin', { id: first!.id, to_user_id: id.partner })
    for (const who of ['admin', 'other']) {
      expect((await post('/remark_card', who, { id: first!.id, remark: 'mine now' })).body, who).toMatchObject({ code: 0, data: { errors: [{ path: '/id' }] } })
      expect((await post('/edit_card', who, { id: first!.id, name: 'mine now' })).body, who).toMatchObject({ code: 0, data: { errors: [{ path: '/id' }] } })
    }
    expect((await post('/edit_card', 'partner', { id: first!.id, name: 'Partner gift' })).body.code).toBe(1)
    expect((await list('partner', { batch_no: batch.batch_no })).data.map((r) => [r.name, r.remark])).toEqual([['Partner gift', 'for the fair']])
  })
})

describe('batch_del: only unused cards the caller holds', () => {
  it('refuses a list with a used card, naming it, and deletes nothing; then deletes unused ones', async () => {
    const batch = await issue({ quantity: 3 })
    const [a, b, c] = await passwordsOf(batch.batch_no)
    await post('/use_card', 'shop', { card_password: b!.password })
    const refused = await post('/batch_del', 'admin', { ids: [a!.id, b!.id, c!.id] })
    expect(refused.body).toMatchObject({ code: 0, data: { errors: [{ path: '/ids' }] } })
    expect(refused.body.msg).toContain(String(b!.id))
    expect(refused.body.msg).not.toContain(String(a!.id))
    expect((await list('admin', { batch_no: batch.batch_no })).total).toBe(3)

    expect((await post('/batch_del', 'admin', { ids: [a!.id, c!.id] })).body).toMatchObject({ code: 1, data: { deleted: 2 } })
    expect((await list('admin', { batch_no: batch.batch_no })).data.map((r) => r.id)).toEqual([b!.id])
  })

  it("refuses cards held by another account, even below the caller", async () => {
    const batch = await issue({ quantity: 2 })
    const [a, b] = await idsOf(batch.batch_no)
    await post('/transfer_card', 'admin', { ids: [a, b], to_user_id: id.partner })
    await post('/transfer_card', 'partner', { id: b, to_user_id: id.sub })
    for (const [who, card] of [['admin', a], ['other', a], ['partner', b]] as const) {
      expect((await post('/batch_del', who, { ids: [card] })).body, `${who} deletes ${card}`).toMatchObject({ code: 0, data: { errors: [{ path: '/ids' }] } })
    }
    expect((await list('admin', { batch_no: batch.batch_no })).total).toBe(2)
    expect((await post('/batch_del', 'sub', { ids: [b] })).body).toMatchObject({ code: 1, data: { deleted: 1 } })
  })
})

describe('can_operate_card_list: the unused cards the caller itself holds', () => {
  it('answers its own unused cards only, even for an admin', async () => {
    const batch = await issue({ quantity: 4 })
    const [a, b, c, d] = await passwordsOf(batch.batch_no)
    await post('/transfer_card', 'admin', { ids: [a!.id, b!.id], to_user_id: id.other })
    await post('/use_card', 'shop', { card_password: c!.password })
    await post('/use_card', 'shop', { card_password: a!.password })
    const mine = async (who: string) => (await server.call<Page<Card>>('GET', '/recharge_card/can_operate_card_list', { token: token[who], query: { limit: 100 } })).body.data
    const admins = await mine('admin')
    expect(admins.data.some((r) => r.id === d!.id)).toBe(true)
    expect(admins.data.every((r) => r.holder_id === id.admin && r.status === 0)).toBe(true)
    expect(admins.data.some((r) => [a!.id, b!.id, c!.id].includes(r.id))).toBe(false)
    const others = await mine('other')
    expect(others.data.filter((r) => r.batch_no === batch.batch_no).map((r) => r.id)).toEqual([b!.id])
    expect(others.data.every((r) => r.holder_id === id.other && r.status === 0)).toBe(true)
    expect((await server.call('GET', '/recharge_card/can_operate_card_list', { token: token.shop })).status).toBe(403)
  })
})

describe('export_data: the list as a CSV or XLSX download', () => {
  it('needs the token header or a link’s ticket; a merchant may not export', async () => {
    expect((await download('format=csv')).statusCode).toBe(401)
    expect((await download('format=csv', { token: token.admin! })).statusCode).toBe(200)
    expect((await server.inject({ method: 'GET', url: await server.link(token.admin!, '/recharge_card/export_data', 'format=csv') })).statusCode).toBe(200)
    expect((await download('', { token: token.shop! })).statusCode).toBe(403)
    const bad = await download(`format=pdf`, { token: token.admin! })
    expect(bad.json()).toMatchObject({ code: 0, data: { errors: [{ path: '/format' }] } })
  })

  it('writes the filtered cards as CSV: full passwords only for the holder’s unused cards, formulas defused', async () => {
    const batch = await issue({ name: '=HYPERLINK("http://evil.example")', quantity: 3, remark: '@SUM(A1)' })
    const [a, b, c] = await passwordsOf(batch.batch_no)
    await post('/transfer_card', 'admin', { id: c!.id, to_user_id: id.partner })
    await post('/use_card', 'shop', { card_password: b!.password })

    const res = await download(`batch_no=${batch.batch_no}&lang=en-US`, { token: token.admin! })
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="recharge-cards-\d{8}-\d{6}\.csv"$/)
    expect(res.body.startsWith('\uFEFF')).toBe(true)
    const [header, ...rows] = csvRows(res.body)
    expect(header).toEqual(['ID', 'Card password', 'Name', 'Batch', 'Worth', 'Value (CNY)', 'Units', 'Status', 'Holder', 'Issued by', 'Redeemed by', 'Redeemed at', 'Remark', 'Created'])
    expect(rows.map((r) => r[0])).toEqual([a, b, c].map((x) => String(x!.id)))
    const mask = (p: string) => `${p.slice(0, 4)}********${p.slice(-4)}`
    // Held and unused: the password; used: the mask; held by the partner now: the mask.
    expect(rows.map((r) => r[1])).toEqual([a!.password, mask(b!.password), mask(c!.password)])
    expect(rows[0]!.slice(4, 11)).toEqual(['Balance', '12.50', '0', 'Unused', 'admin', 'admin', ''])
    expect(rows[1]!.slice(7, 11)).toEqual(['Used', 'admin', 'admin', 'shop'])
    expect(rows[2]![8]).toBe('partner')
    // The name has quotes, so it is quoted; inside, it starts with the defusing apostrophe.
    expect(rows.every((r) => r[2] === `"'=HYPERLINK(""http://evil.example"")"`)).toBe(true)
    expect(rows.every((r) => r.at(-2) === "'@SUM(A1)")).toBe(true)

    // The partner's export of the same batch: its own card, with the password, and nothing else.
    const partners = csvRows((await download(`batch_no=${batch.batch_no}`, { token: token.partner! })).body)
    expect(partners.slice(1).map((r) => [r[0], r[1]])).toEqual([[String(c!.id), c!.password]])
    expect((await download(`batch_no=${batch.batch_no}`, { token: token.other! })).body.replace(/^\uFEFF/, '').trimEnd().split('\r\n')).toHaveLength(1)
  })

  it('honours the list filters and titles the columns in the language asked', async () => {
    const batch = await issue({ quantity: 4 })
    const [a] = await passwordsOf(batch.batch_no)
    await post('/use_card', 'shop', { card_password: a!.password })
    const query = { batch_no: batch.batch_no, status: 0 }
    const listed = await list('admin', query)
    const res = await download(`batch_no=${batch.batch_no}&status=0&lang=zh-CN`, { token: token.admin! })
    const [header, ...rows] = csvRows(res.body)
    expect(header!.slice(0, 3)).toEqual(['ID', '卡密', '名称'])
    // The amounts are bare numbers, so the amount column's title names the currency.
    expect(header![5]).toBe('面值（元）')
    expect(rows.map((r) => Number(r[0])).sort()).toEqual(listed.data.map((r) => r.id).sort())
    expect(rows.map((r) => r[7])).toEqual(['未使用', '未使用', '未使用'])
  })

  it('streams more rows than one chunk, in id order, each once', async () => {
    const batch = await issue({ quantity: 4500 })
    const res = await download(`batch_no=${batch.batch_no}`, { token: token.admin! })
    const ids = csvRows(res.body).slice(1).map((r) => Number(r[0]))
    expect(ids).toEqual(await idsOf(batch.batch_no))
  }, 60_000)

  it('keeps each card on one row with no cell a formula, whatever line breaks and formula starts its name and remark hold', async () => {
    const batch = await issue({ name: 'Hostile', quantity: HOSTILE_CELLS.length })
    const ids = await idsOf(batch.batch_no)
    // Names and remarks as a holder sets them, through the endpoints; each card gets a different pair.
    const named = new Map(ids.map((cardId, i) => [cardId, { name: HOSTILE_CELLS[i]!, remark: HOSTILE_CELLS[(i + 7) % HOSTILE_CELLS.length]! }]))
    for (const [cardId, { name, remark }] of named) {
      expect((await post('/edit_card', 'admin', { id: cardId, name })).body.code).toBe(1)
      expect((await post('/remark_card', 'admin', { id: cardId, remark })).body.code).toBe(1)
    }

    const csv = await download(`batch_no=${batch.batch_no}&lang=en-US`, { token: token.admin! })
    const [header, ...rows] = parseCsvStrictly(csv.body)
    expect(header).toHaveLength(14)
    expect(rows.map((row) => [Number(row[0]), row.length])).toEqual(ids.map((cardId) => [cardId, 14]))
    expect(rows.flat().filter(startsFormula)).toEqual([])
    // Each cell reads as what was set, behind the apostrophe where one was needed.
    expect(rows.map((row) => ({ name: row[2]!.replace(/^'/, ''), remark: row[12]!.replace(/^'/, '') }))).toEqual(ids.map((cardId) => named.get(cardId)))

    const xlsx = await download(`format=xlsx&batch_no=${batch.batch_no}&lang=en-US`, { token: token.admin! })
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer)
    const sheet = workbook.worksheets[0]!
    const sheetRows = sheet.getSheetValues().filter(Boolean).slice(1).map((row) => (row as unknown[]).slice(1))
    expect(sheetRows.map((row) => row[0])).toEqual(ids)
    const texts = sheetRows.flatMap((row) => [row[2], row[12]]).map(String)
    expect(texts.filter(startsFormula)).toEqual([])
  })

  it('writes an XLSX workbook that reads back with the same rows, formulas defused, amounts as numbers', async () => {
    const batch = await issue({ name: '+1 gift', quantity: 2, amount: '5.5' })
    const [a, b] = await passwordsOf(batch.batch_no)
    const res = await download(`format=xlsx&batch_no=${batch.batch_no}&lang=en-US`, { token: token.admin! })
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    expect(res.headers['content-disposition']).toMatch(/\.xlsx"$/)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const sheet = workbook.worksheets[0]!
    const values = sheet.getSheetValues().filter(Boolean).map((row) => (row as unknown[]).slice(1))
    expect(values[0]!.slice(0, 3)).toEqual(['ID', 'Card password', 'Name'])
    expect(values.slice(1).map((r) => [r[0], r[1], r[2], r[5]])).toEqual([
      [a!.id, a!.password, "'+1 gift", 5.5],
      [b!.id, b!.password, "'+1 gift", 5.5],
    ])
  })
})

describe('totals: what the list counts, the database keeps as cards change (x-tally)', () => {
  // Every card the flows above issued, moved, redeemed and deleted is in these counts by now.
  const reach: Record<string, string[]> = { partner: ['partner', 'sub', 'shop', 'agent'], sub: ['sub'], other: ['other', 'far', 'osub'] }

  it('keeps one count per holder, status and kind equal to the rows', async () => {
    const { db } = server.services
    const rows = await db.selectFrom('recharge_card').select(['holder_id', 'status', 'kind', db.fn.countAll().as('n')]).groupBy(['holder_id', 'status', 'kind']).execute()
    const tally = await db.selectFrom('recharge_card_tally').select(['holder_id', 'status', 'kind', 'n']).where('n', '!=', 0).execute()
    const byKey = (list: Record<string, unknown>[]) => list.map((r) => `${String(r.holder_id)}/${String(r.status)}/${String(r.kind)}=${String(r.n)}`).sort()
    expect(rows.length).toBeGreaterThan(3)
    expect(byKey(tally)).toEqual(byKey(rows))
  })

  it('answers each caller the count of the rows it may see, for any filter, from the counts or from the rows', async () => {
    const { db } = server.services
    const kinds = (await db.selectFrom('recharge_card').select('kind').distinct().execute()).map((r) => String(r.kind))
    const batch = (await db.selectFrom('recharge_card').select('batch_no').where('holder_id', '=', id.partner!).executeTakeFirstOrThrow()).batch_no as string
    const queries: Record<string, unknown>[] = [{}, { status: 0 }, { status: 1 }, { holder_id: id.partner }, { batch_no: batch }, { status: 0, batch_no: batch }]
    for (const kind of kinds) queries.push({ kind }, { kind, status: 0 })
    for (const who of ['admin', 'partner', 'sub', 'other']) {
      for (const query of queries) {
        let expected = db.selectFrom('recharge_card').select(db.fn.countAll().as('n'))
        if (who !== 'admin') expected = expected.where('holder_id', 'in', reach[who]!.map((name) => id[name]!))
        for (const [field, value] of Object.entries(query)) expected = expected.where(field as 'kind', '=', value as never)
        const counted = Number((await expected.executeTakeFirstOrThrow()).n)
        expect((await list(who, { ...query, limit: 1 })).total, `${who} ${JSON.stringify(query)}`).toBe(counted)
      }
    }
  })
})
