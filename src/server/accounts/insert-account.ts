import type { EntityDef, Locale } from '../../schema/types'
import { AppError, fieldError } from '../errors/AppError'
import { recordToRow, toStored } from '../db/records'
import { readGroup } from '../settings/settings-store'
import { type Services } from '../services'
import { tableOf } from '../db/table-of'
import { asSchemaDb, type Db } from '../db/connect'
import type { EntityTables } from '../../generated/database'

export const PARTNER = 1
export const MERCHANT = 2

/** The account a new one goes under, read (and on PostgreSQL locked) in the same transaction. */
export interface ParentRow {
  id: number
  path: string
  user_type: number
}

export interface NewAccount {
  parent: ParentRow
  userType: number
  /** The entity's fields as a request names them (username, name, mobile, ...). */
  fields: Record<string, unknown>
  /** Hashed before the transaction: scrypt takes tens of milliseconds, too long to hold the parent's lock. */
  passwordHash: string
  /** What merchantCountLimit answered before the transaction; -1 is unlimited. */
  merchantLimit: number
  locale: Locale
}

/**
 * A new account under `parent`, in the caller's transaction: a merchant under a partner only
 * while the partner has room (the merchant limit), its username free, its path the parent's
 * followed by its own id. Lock the parent's row first (FOR UPDATE on PostgreSQL; SQLite writes
 * one transaction at a time), so two creations under one partner take turns at the count.
 * Returns the new id.
 */
export async function insertAccount(trx: Db, services: Pick<Services, 'registry' | 'now'>, account: NewAccount): Promise<number> {
  const entity = services.registry.entities.get('user')!
  const table = tableOf(services, 'user')
  const { parent, userType, fields } = account
  if (account.merchantLimit >= 0 && userType === MERCHANT && parent.user_type === PARTNER) await assertMerchantRoom(trx, table, parent.id, account.merchantLimit)
  if (await trx.selectFrom(table).select('id').where('username', '=', String(fields.username)).executeTakeFirst()) {
    throw fieldError('RECORD_CONFLICT', '/username', account.locale, { field: fieldLabel(entity, 'username', account.locale), value: String(fields.username), entity: accountLabel(entity, account.locale) })
  }
  const now = services.now().toISOString()
  // The fields come from the schema (its defaults and the caller's form), so the row is built as a schema record.
  const inserted = await asSchemaDb(trx)
    .insertInto(table)
    .values({
      ...columnDefaults(entity),
      ...recordToRow(entity, fields),
      user_type: userType,
      password_hash: account.passwordHash,
      parent_id: parent.id,
      service_id: parent.user_type === PARTNER ? parent.id : 0,
      path: '/',
      money: 0,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const id = Number(inserted.id)
  await trx.updateTable(table).set({ path: `${parent.path}${id}/` }).where('id', '=', id).execute()
  return id
}

/** How many merchants one partner may have (platform setting VITE_MERCHANT_COUNT_LIMITATION); -1 is unlimited. */
export async function merchantCountLimit(services: Services): Promise<number> {
  const group = services.registry.configGroups.get('platform')
  return group ? Number((await readGroup(services, group)).VITE_MERCHANT_COUNT_LIMITATION) : -1
}

async function assertMerchantRoom(trx: Db, table: EntityTables['user'], partnerId: number, limit: number): Promise<void> {
  const counted = await trx
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .where('parent_id', '=', partnerId)
    .where('user_type', '=', MERCHANT)
    .executeTakeFirstOrThrow()
  if (Number(counted.n) >= limit) throw new AppError('MERCHANT_LIMIT_REACHED', { limit })
}

/** Every declared default, as stored: what an account starts with for the fields its form left out. */
function columnDefaults(entity: EntityDef): Record<string, unknown> {
  return Object.fromEntries(entity.columns.filter((c) => !c.private && c.default !== undefined).map((c) => [c.name, toStored(c, c.default)]))
}

export function accountLabel(entity: EntityDef, locale: Locale): string {
  return entity.label?.[locale] ?? 'Account'
}

export function fieldLabel(entity: EntityDef, field: string, locale: Locale): string {
  const properties = entity.schema.properties as Record<string, { 'x-label'?: Record<string, string> }>
  return properties[field]?.['x-label']?.[locale] ?? field
}
