import type { Services } from './services'
import { tableOf } from './db/table-of'
import { DEMO_AGREEMENTS } from './protocol/demo-agreements'
import { demoLoginsOnly, planDemoMonth } from './demo/demo-month'
import { runDemoMonth, type DemoLogin } from './demo/run-demo-month'
import { DEMO_SCRIPTS } from './demo/demo-library'

/**
 * On an empty database, a demo world with a month behind it: an admin, two partners with
 * merchants and an agent, recharge orders, card batches, transfers and adjustments dated
 * across the past 30 days (src/server/demo/demo-month.ts; with DEMO_MONTH=0 only the demo
 * logins, made now), a few domains, a published user agreement and privacy policy, and, with
 * the demo library (DEMO_LIBRARY, drawn after start: demo/demo-library.ts), its scripts.
 * Passwords are generated each time, never fixed.
 * Returns the logins, or an empty list when the database already has accounts.
 */
export async function seedDemoData(services: Services): Promise<DemoLogin[]> {
  const { count } = await services.db
    .selectFrom(tableOf(services, 'user'))
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow()
  if (Number(count) > 0) return []

  const plan = planDemoMonth(services.now())
  const logins = await runDemoMonth(services, services.config.demoMonth ? plan : demoLoginsOnly(plan, services.now()))
  const admin = await services.db.selectFrom(tableOf(services, 'user')).select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()
  const now = services.now().toISOString()
  const domain = (host: string, name: string, extra: Record<string, unknown> = {}) => ({
    host, name, logo: '', copyright: `© ${new Date(now).getUTCFullYear()} ${name}`, icp_record_number: '', police_record: '',
    police_record_number: '', money_name: '', allow_register: -1, is_default: 0, owner_id: admin.id, created_at: now, updated_at: now, ...extra,
  })
  await services.db
    .insertInto(tableOf(services, 'domain'))
    .values([
      domain('localhost', 'Short-video console', { is_default: 1 }),
      domain('127.0.0.1', 'Short-video console (local)'),
      domain('studio.example.com', 'Demo studio', { money_name: 'Coins', icp_record_number: 'ICP 00000000' }),
    ])
    .execute()
  await services.db
    .insertInto(tableOf(services, 'agreement'))
    .values(DEMO_AGREEMENTS.map((a) => ({ ...a, published: 1, created_at: now, updated_at: now })))
    .execute()
  // The demo scripts go with the demo library, whose clips are tagged with their words.
  if (services.config.demoLibrary) {
    const industry = await services.db
      .insertInto(tableOf(services, 'industry'))
      .values({ name: '演示 Demo', sort: 0, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    await services.db
      .insertInto(tableOf(services, 'script'))
      .values(DEMO_SCRIPTS.map((script, i) => ({ ...script, industry_id: industry.id, sort: i, created_at: now, updated_at: now })))
      .execute()
  }
  return logins
}
