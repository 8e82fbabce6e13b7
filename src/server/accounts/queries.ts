import type { Role } from '../../schema/types'
import { ROLES } from '../../schema/types'
import type { Services } from '../services'
import { tableOf } from '../db/table-of'
import { hashPassword } from '../auth/password'
import { revokeSessions } from '../auth/sessions'

export interface AccountRow {
  id: number
  username: string
  user_type: number
  path: string
  parent_id: number | null
  status: number
  password_hash: string
}

export async function findAccountByUsername(services: Services, username: string): Promise<AccountRow | undefined> {
  const row = await services.db.selectFrom(tableOf(services, 'user')).selectAll().where('username', '=', username).executeTakeFirst()
  return row ? toAccountRow(row) : undefined
}

export async function findAccountById(services: Services, id: number): Promise<AccountRow | undefined> {
  const row = await services.db.selectFrom(tableOf(services, 'user')).selectAll().where('id', '=', id).executeTakeFirst()
  return row ? toAccountRow(row) : undefined
}

function toAccountRow(row: Record<string, unknown>): AccountRow {
  return {
    id: Number(row.id),
    username: String(row.username),
    user_type: Number(row.user_type),
    path: String(row.path),
    parent_id: row.parent_id === null || row.parent_id === undefined ? null : Number(row.parent_id),
    status: Number(row.status ?? 1),
    password_hash: String(row.password_hash ?? ''),
  }
}

/**
 * Create an account, or reset the password (and role, parent, enabled state) of an
 * existing one: the way an operator gets in on any database. Returns the account id.
 * `passwordHash` may come instead of the password when it was made ahead, as the demo
 * makes several at once.
 */
export async function upsertAccount(
  services: Services,
  input: { username: string; role: Role; parentUsername?: string; name?: string } & ({ password: string } | { passwordHash: string }),
): Promise<{ id: number; created: boolean }> {
  const table = tableOf(services, 'user')
  const passwordHash = 'passwordHash' in input ? input.passwordHash : await hashPassword(input.password)
  const now = services.now().toISOString()
  const userType = ROLES.indexOf(input.role)
  return services.db.transaction().execute(async (trx) => {
    let parent: { id: number; path: string } | undefined
    if (input.parentUsername) {
      const row = await trx.selectFrom(table).select(['id', 'path']).where('username', '=', input.parentUsername).executeTakeFirst()
      if (!row) throw new Error(`There is no account "${input.parentUsername}" to be the parent.`)
      parent = { id: row.id, path: row.path }
    }
    const existing = await trx.selectFrom(table).select(['id', 'parent_id']).where('username', '=', input.username).executeTakeFirst()
    const fields = { user_type: userType, password_hash: passwordHash, status: 1, updated_at: now, ...(input.name ? { name: input.name } : {}) }
    if (existing) {
      const id = existing.id
      const currentParent = existing.parent_id === null ? undefined : existing.parent_id
      if (parent && parent.id !== currentParent) {
        throw new Error(`"${input.username}" already exists under another parent; moving an account in the hierarchy is not done by resetting it.`)
      }
      await trx.updateTable(table).set(fields).where('id', '=', id).execute()
      return { id, created: false }
    }
    const inserted = await trx
      .insertInto(table)
      .values({ username: input.username, name: input.name ?? input.username, ...fields, parent_id: parent?.id ?? null, path: '/', money: 0, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    const id = inserted.id
    await trx.updateTable(table).set({ path: `${parent?.path ?? '/'}${id}/` }).where('id', '=', id).execute()
    return { id, created: true }
  }).then(async (result) => {
    if (!result.created) await revokeSessions(services, { userId: result.id }, 'password_changed')
    return result
  })
}
