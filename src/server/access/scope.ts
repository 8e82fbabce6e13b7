import type { Expression, SqlBool } from 'kysely'
import type { SchemaExpressions, SchemaSelect } from '../db/connect'
import { ROLES, type EntityDef, type Registry } from '../../schema/types'
import type { Caller } from './caller'
import { recordToRow } from '../db/records'

/**
 * How far a caller reaches: its usual scope ("all"), accounts strictly below it ("below"), its
 * own records ("own"), or what it may use in its own work ("usable": its own records and those
 * shared with it from above, whatever its role; what a picker offers and a task takes).
 */
export type ScopeKind = 'all' | 'below' | 'own' | 'usable'

/**
 * Which records of an entity a caller may see, as a SQL condition (Payload's Access:
 * true for all, or a query constraint). Admin: all. Partner: records owned by itself
 * or any account below it. Merchant and agent: records they own. Lists, reads, edits
 * and deletes all filter in SQL, so another's record answers as if it did not exist.
 * An endpoint may narrow this: "below" (accounts strictly below the caller) or "own"
 * (an admin still all, anyone else only its own, without its subtree's). `reading` (a list or
 * a read, never an edit or a delete) adds the records shared with the caller from above.
 */
export function recordScope(
  registry: Registry,
  entity: EntityDef,
  caller: Caller | null,
  scope: ScopeKind = 'all',
  reading = false,
): true | ((eb: SchemaExpressions) => Expression<SqlBool>) {
  if (!entity.owner) return true
  const owner = `${entity.table}.${entity.owner}`
  if (scope === 'usable') return caller ? usableBy(registry, entity, caller) : (eb) => eb.lit(false)
  // Reading an entity that has a library (x-shared) reaches what is shared from above too.
  const own = ownScope(registry, entity, owner, caller, scope)
  if (!reading || !entity.shared || !caller || own === true || scope === 'below') return own
  return (eb) => eb.or([own(eb), sharedAbove(registry, entity, caller)(eb)])
}

function ownScope(registry: Registry, entity: EntityDef, owner: string, caller: Caller | null, scope: ScopeKind): true | ((eb: SchemaExpressions) => Expression<SqlBool>) {
  if (scope === 'below') return caller ? belowScope(registry, entity, owner, caller) : (eb) => eb.lit(false)
  if (caller?.role === 'admin') return true
  if (!caller) return (eb) => eb.lit(false)
  if (caller.role === 'partner' && scope === 'all') {
    const accounts = accountEntity(registry)
    if (entity === accounts) return (eb) => eb(`${accounts.table}.path`, 'like', `${caller.path}%`)
    return (eb) =>
      eb(owner, 'in', eb.selectFrom(`${accounts.table} as scope_account`).select('scope_account.id').where('scope_account.path', 'like', `${caller.path}%`))
  }
  return (eb) => eb(owner, '=', caller.id)
}

/** The ids of the accounts above the caller, nearest last: its path without itself. */
export function accountsAbove(caller: Pick<Caller, 'id' | 'path'>): number[] {
  return caller.path.split('/').filter(Boolean).map(Number).filter((id) => id !== caller.id)
}

/** What an account may use in its own work: its own records and those shared with it from above. */
export function usableBy(registry: Registry, entity: EntityDef, account: Pick<Caller, 'id' | 'path'>): (eb: SchemaExpressions) => Expression<SqlBool> {
  const owner = `${entity.table}.${entity.owner!}`
  return (eb) => eb.or([eb(owner, '=', account.id), sharedAbove(registry, entity, account)(eb)])
}

/**
 * Records shared (x-shared) with the caller from above: by an account on its path (its partner),
 * or by an administrator, whose library is the platform's and reaches everyone.
 */
function sharedAbove(registry: Registry, entity: EntityDef, caller: Pick<Caller, 'id' | 'path'>): (eb: SchemaExpressions) => Expression<SqlBool> {
  if (!entity.shared) return (eb) => eb.lit(false)
  const above = accountsAbove(caller)
  const accounts = accountEntity(registry)
  const shared = recordToRow(entity, { [entity.shared]: true })[entity.shared]
  const owner = `${entity.table}.${entity.owner!}`
  const admins = (eb: SchemaExpressions) => eb.selectFrom(`${accounts.table} as shared_by`).select('shared_by.id').where('shared_by.user_type', '=', ROLES.indexOf('admin'))
  return (eb) => eb.and([eb(`${entity.table}.${entity.shared!}`, '=', shared), eb.or([...(above.length > 0 ? [eb(owner, 'in', above)] : []), eb(owner, 'in', admins(eb))])])
}

/**
 * Records of accounts strictly below the caller: an admin's reach is everyone but itself, any
 * other role's is its subtree without itself. The screens that manage accounts use it, so no
 * one edits, tops up or re-levels its own account through them.
 */
function belowScope(registry: Registry, entity: EntityDef, owner: string, caller: Caller): (eb: SchemaExpressions) => Expression<SqlBool> {
  const accounts = accountEntity(registry)
  if (caller.role === 'admin') return (eb) => eb(owner, '!=', caller.id)
  if (entity === accounts) return (eb) => eb.and([eb(`${accounts.table}.path`, 'like', `${caller.path}%`), eb(owner, '!=', caller.id)])
  return (eb) =>
    eb(owner, 'in', eb.selectFrom(`${accounts.table} as scope_account`).select('scope_account.id').where('scope_account.path', 'like', `${caller.path}%`).where('scope_account.id', '!=', caller.id))
}

/** A select, update or delete over any tables: each narrows with where(). */
export interface Scopable {
  where: (...args: never[]) => unknown
}

/** Apply a caller's scope to a select, update or delete. */
export function withScope<Q extends Scopable>(query: Q, registry: Registry, entity: EntityDef, caller: Caller | null, kind: ScopeKind = 'all', reading = false): Q {
  const scope = recordScope(registry, entity, caller, kind, reading)
  // The three builders share where(expression) but TypeScript cannot call through their union.
  return scope === true ? query : ((query as unknown as SchemaSelect).where(scope) as unknown as Q)
}

/** The entity whose records are accounts: the one that declares x-parent. */
export function accountEntity(registry: Registry): EntityDef {
  for (const entity of registry.entities.values()) if (entity.parent) return entity
  throw new Error('No entity declares x-parent, so there is no account entity to scope records by. schemas/entities/user.json declares it.')
}
