import { sql } from 'kysely'
import type { Services } from '../services'
import { tableOf } from '../db/table-of'
import type { ResetCodeRecipient } from './reset-code-sender'

export interface ResetAccount extends ResetCodeRecipient {
  id: number
}

/**
 * The enabled account a person means by `account`: its username, or else its mobile or
 * e-mail when exactly one enabled account has that (neither is unique, and a code must
 * never go to a guess).
 */
export async function findResetAccount(services: Services, account: string): Promise<ResetAccount | undefined> {
  const typed = account.trim()
  const select = () => services.db.selectFrom(tableOf(services, 'user')).select(['id', 'username', 'mobile', 'email', 'status'])
  const byName = await select().where('username', '=', typed).executeTakeFirst()
  if (byName) return byName.status === 1 ? toResetAccount(byName) : undefined
  if (typed === '') return undefined
  const matches = await select()
    .where('status', '=', 1)
    .where((eb) => eb.or([eb('mobile', '=', typed), eb(sql`lower(email)`, '=', typed.toLowerCase())]))
    .limit(2)
    .execute()
  return matches.length === 1 ? toResetAccount(matches[0]!) : undefined
}

/**
 * What codes and their limits are kept under: the account when one was found, else what
 * was typed, so asking for a stranger's code is counted and answered just like a real one.
 */
export function accountKeyOf(found: ResetAccount | undefined, typed: string): string {
  return found ? `user:${found.id}` : `name:${typed.trim().toLowerCase()}`
}

function toResetAccount(row: Record<string, unknown>): ResetAccount {
  return { id: Number(row.id), username: String(row.username), mobile: String(row.mobile ?? ''), email: String(row.email ?? '') }
}
