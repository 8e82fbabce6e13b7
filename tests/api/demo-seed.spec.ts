import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDemoData } from '../../src/server/seed'
import type { DemoLogin } from '../../src/server/demo/run-demo-month'
import { startTestServer, type TestServer } from './harness'
import { asSchemaDb } from '../../src/server/db/connect'
import { messageText } from '../../src/schema/messages'
import type { JsonSchema } from '../../src/schema/types'

interface Dashboard {
  accounts: { partner: number; merchant: number; agent: number; created_in_range: number }
  money: { in: string; out: string; by_type: { type: string; in: string; out: string }[] }
  daily: { date: string; money_in: string; money_out: string; accounts_created: number }[]
  orders: { placed: number; credited: number; cancelled: number; credited_amount: string; awaiting: number }
  cards: { issued: number; used: number; used_money: string; unused_held: number }
}

const QUOTAS = ['digital_man_count', 'digital_man_advanced_count', 'digital_voice_count'] as const
// An evening in China (UTC+8), as a person opening the demo would see it.
const NOW = new Date('2026-11-20T12:30:00.000Z')
const CHINA = 480

let server: TestServer
let logins: DemoLogin[]
let seedMs = 0
let seedCpuMs = 0

beforeAll(async () => {
  server = await startTestServer({ now: () => NOW })
  const started = performance.now()
  const cpu = process.cpuUsage()
  logins = await seedDemoData(server.services)
  seedMs = performance.now() - started
  const used = process.cpuUsage(cpu)
  seedCpuMs = (used.user + used.system) / 1000
})
afterAll(() => server.close())

const passwordOf = (username: string) => logins.find((l) => l.username === username)!.password
async function dashboard(username: string): Promise<Dashboard> {
  const token = await server.login(username, passwordOf(username))
  const res = await server.call<Dashboard>('GET', '/platform/dashboard_data', { token, query: { utc_offset: CHINA } })
  expect(res.body.code, res.body.msg).toBe(1)
  return res.body.data
}
const busyDays = (data: Dashboard, busy: (day: Dashboard['daily'][number]) => boolean) => data.daily.filter(busy).map((d) => d.date)

describe('npm start on an empty database: a demo with a month behind it', () => {
  it('prints freshly made logins of every role, seeded in well under the time a person waits for', () => {
    expect(logins.map((l) => [l.username, l.role])).toEqual([['admin', 'admin'], ['partner', 'partner'], ['merchant1', 'merchant'], ['merchant2', 'merchant'], ['agent', 'agent']])
    for (const { password } of logins) expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/)
    expect(new Set(logins.map((l) => l.password)).size).toBe(logins.length)
    // Wall time on a busy machine says little; the process's own CPU time (this process only: PostgreSQL's work is elsewhere) says more.
    console.info(`seeded the demo month in ${Math.round(seedMs)} ms (${Math.round(seedCpuMs)} ms of this process's CPU) on ${server.services.dialect}`)
  })

  it("shows the admin money moving, accounts joining, orders and cards on many different days of the past month", async () => {
    const data = await dashboard('admin')
    expect(data.daily).toHaveLength(30)
    expect(busyDays(data, (d) => Number(d.money_in) > 0).length).toBeGreaterThanOrEqual(20)
    expect(busyDays(data, (d) => Number(d.money_out) > 0).length).toBeGreaterThanOrEqual(10)
    expect(busyDays(data, (d) => d.accounts_created > 0).length).toBeGreaterThanOrEqual(8)
    expect(data.accounts).toEqual({ partner: 2, merchant: 6, agent: 1, created_in_range: 9 })
    expect(data.orders).toMatchObject({ placed: 9, credited: 7, cancelled: 1, awaiting: 1 })
    expect(Number(data.orders.credited_amount)).toBeGreaterThan(0)
    expect(data.cards).toMatchObject({ issued: 40, used: 11 })
    expect(data.money.by_type.map((t) => t.type).sort()).toEqual(['adjust', 'card', 'recharge', 'transfer_in', 'transfer_out'])
  })

  it("gives the partner's workbench and a merchant's their own busy days", async () => {
    const partner = await dashboard('partner')
    expect(busyDays(partner, (d) => Number(d.money_in) > 0 || Number(d.money_out) > 0).length).toBeGreaterThanOrEqual(12)
    expect(partner.accounts).toMatchObject({ merchant: 5, agent: 1 })
    expect(partner.orders).toMatchObject({ credited: 4, cancelled: 1, awaiting: 1 })
    expect(partner.cards.used).toBeGreaterThanOrEqual(8)
    const merchant = await dashboard('merchant1')
    expect(busyDays(merchant, (d) => Number(d.money_in) > 0).length).toBeGreaterThanOrEqual(4)
  })

  it('keeps every balance and quota equal to its ledger, none below zero, each last ledger row saying the balance', async () => {
    const { db } = server.services
    const accounts = await db.selectFrom('account').select(['id', 'username', 'money', ...QUOTAS]).execute()
    const money = new Map((await db.selectFrom('user_money_log').select('user_id').select((eb) => eb.fn.sum('amount').as('total')).groupBy('user_id').execute()).map((r) => [Number(r.user_id), Number(r.total)]))
    const quotas = await db.selectFrom('user_quota_log').select(['user_id', 'quota']).select((eb) => eb.fn.sum('amount').as('total')).groupBy(['user_id', 'quota']).execute()
    const quota = (id: number, name: string) => Number(quotas.find((r) => Number(r.user_id) === id && r.quota === name)?.total ?? 0)
    let moved = 0
    for (const a of accounts) {
      const id = Number(a.id)
      expect({ account: a.username, money: Number(a.money) }).toEqual({ account: a.username, money: money.get(id) ?? 0 })
      for (const q of QUOTAS) expect({ account: a.username, [q]: Number(a[q] ?? 0) }).toEqual({ account: a.username, [q]: quota(id, q) })
      expect(Number(a.money)).toBeGreaterThanOrEqual(0)
      const last = await db.selectFrom('user_money_log').select('balance_after').where('user_id', '=', id).orderBy('id', 'desc').executeTakeFirst()
      if (last) expect({ account: a.username, last: Number(last.balance_after) }).toEqual({ account: a.username, last: Number(a.money) })
      if (Number(a.money) > 0) moved++
    }
    expect(moved).toBeGreaterThanOrEqual(8)
  })

  it('reads in Chinese on a Chinese page: typed remarks Chinese first, what the platform wrote a message of either language', async () => {
    const { db } = server.services
    const partner = Number((await db.selectFrom('account').select('id').where('username', '=', 'partner').executeTakeFirstOrThrow()).id)
    const rows = await db.selectFrom('user_money_log').select(['type', 'remark', 'detail']).where('user_id', '=', partner).orderBy('id').execute()
    const typed = rows.filter((r) => r.remark !== '').map((r) => r.remark)
    expect(typed).toEqual(expect.arrayContaining(['活动奖励 · Campaign bonus', '开户资金 · Opening balance']))
    for (const remark of typed) expect(remark).toMatch(/^[\u4e00-\u9fff]/)
    const detail = (server.services.registry.entities.get('user_money_log')!.schema.properties as Record<string, JsonSchema>).detail
    const recharge = rows.find((r) => r.type === 'recharge')!
    expect(messageText(detail, JSON.parse(recharge.detail!), 'zh-CN')).toMatch(/^充值订单 \S+（成长套餐 · Growth）$/)
    const card = (await db.selectFrom('user_money_log').select('detail').where('type', '=', 'card').executeTakeFirstOrThrow()).detail
    expect(messageText(detail, JSON.parse(card!), 'zh-CN')).toBe('卡密「春季 100 元卡 · Spring ¥100 card」')
  })

  it('dates the ledger across the past 30 days and never after now', async () => {
    const rows = await server.services.db.selectFrom('user_money_log').select('created_at').execute()
    const times = rows.map((r) => Date.parse(r.created_at))
    expect(Math.max(...times)).toBeLessThanOrEqual(NOW.getTime())
    expect(Math.min(...times)).toBeGreaterThan(NOW.getTime() - 30 * 86_400_000)
    expect(new Set(times.map((t) => new Date(t).toISOString().slice(0, 10))).size).toBeGreaterThanOrEqual(20)
  })

  it('lets merchants register with the demo partner\'s invitation code, and seeds nothing the second time', async () => {
    const partner = await server.services.db.selectFrom('account').select('service_prefix_no').where('username', '=', 'partner').executeTakeFirstOrThrow()
    expect(partner.service_prefix_no).toBe('1001')
    const before = await server.services.db.selectFrom('user_money_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()
    expect(await seedDemoData(server.services)).toEqual([])
    const after = await server.services.db.selectFrom('user_money_log').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()
    expect(Number(after.n)).toBe(Number(before.n))
  })
})

describe('DEMO_MONTH=0', () => {
  it('seeds the demo logins alone, made now, with nothing on any ledger', async () => {
    const quiet = await startTestServer({ now: () => NOW, config: { demoMonth: false } })
    try {
      const made = await seedDemoData(quiet.services)
      expect(made.map((l) => l.username)).toEqual(['admin', 'partner', 'merchant1', 'merchant2', 'agent'])
      const accounts = await quiet.services.db.selectFrom('account').select(['username', 'created_at', 'money']).execute()
      expect(accounts.map((a) => [a.username, String(a.created_at), Number(a.money)])).toEqual(made.map((l) => [l.username, NOW.toISOString(), 0]))
      for (const table of ['user_money_log', 'user_quota_log', 'recharge_order', 'recharge_card', 'transfer_record']) {
        const { n } = await asSchemaDb(quiet.services.db).selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()
        expect({ table, rows: Number(n) }).toEqual({ table, rows: 0 })
      }
    } finally {
      await quiet.close()
    }
  })
})
