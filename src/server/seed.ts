import { randomBytes } from 'node:crypto'
import type { Role } from '../schema/types'
import type { Services } from './services'
import { tableOf } from './services'
import { upsertAccount } from './accounts/queries'
import { DEMO_AGREEMENTS } from './protocol/demo-agreements'

/** The demo partner's invitation code (its service prefix number), printed with the logins. */
export const DEMO_INVITE_CODE = '1001'

export interface DemoLogin {
  username: string
  password: string
  role: Role
}

/**
 * On an empty database, a small demo world: an admin, a partner with two merchants
 * and an agent, a few domains, and a published user agreement and privacy policy. Passwords are generated each time, never fixed.
 * Returns the logins, or an empty list when the database already has accounts.
 */
export async function seedDemoData(services: Services): Promise<DemoLogin[]> {
  const { count } = await services.db
    .selectFrom(tableOf(services, 'user'))
    .select((eb) => eb.fn.countAll().as('count'))
    .executeTakeFirstOrThrow()
  if (Number(count) > 0) return []

  const accounts: (DemoLogin & { parent?: string; name: string })[] = [
    { username: 'admin', role: 'admin', name: 'Administrator', password: newPassword() },
    { username: 'partner', role: 'partner', name: 'Demo partner', parent: 'admin', password: newPassword() },
    { username: 'merchant1', role: 'merchant', name: 'Demo merchant 1', parent: 'partner', password: newPassword() },
    { username: 'merchant2', role: 'merchant', name: 'Demo merchant 2', parent: 'partner', password: newPassword() },
    { username: 'agent', role: 'agent', name: 'Demo agent', parent: 'partner', password: newPassword() },
  ]
  let adminId = 0
  for (const a of accounts) {
    const { id } = await upsertAccount(services, { username: a.username, password: a.password, role: a.role, parentUsername: a.parent, name: a.name })
    if (a.role === 'admin') adminId = id
  }
  // The partner's service prefix number is the invitation code merchants register with.
  await services.db.updateTable(tableOf(services, 'user')).set({ service_prefix_no: DEMO_INVITE_CODE }).where('username', '=', 'partner').execute()

  const now = services.now().toISOString()
  const domain = (host: string, name: string, extra: Record<string, unknown> = {}) => ({
    host, name, logo: '', copyright: `© ${new Date(now).getUTCFullYear()} ${name}`, icp_record_number: '', police_record: '',
    police_record_number: '', money_name: '', is_default: 0, owner_id: adminId, created_at: now, updated_at: now, ...extra,
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
  return accounts.map(({ username, password, role }) => ({ username, password, role }))
}

function newPassword(): string {
  return randomBytes(12).toString('base64url')
}
