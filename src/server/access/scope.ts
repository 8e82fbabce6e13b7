import type { Expression, SqlBool } from 'kysely'
import type { SchemaExpressions, SchemaSelect } from '../db/connect'
import type { EntityDef, Registry } from '../../schema/types'
import type { Caller } from './caller'

export type ScopeKind = 'all' | 'below' | 'own'

/**
 * Which records of an entity a caller may see, as a SQL condition (Payload's Access:
 * true for all, or a query constraint). Admin: all. Partner: records owned by itself
 * or any account below it. Merchant and agent: records they own. Lists, reads, edits
 * and deletes all filter in SQL, so another's record answers as if it did not exist.
 * An endpoint may narrow this: "below" (accounts strictly below the caller) or "own"
 * (an admin still all, anyone else only its own, without its subtree's).
 */
export function recordScope(
  registry: Registry,
  entity: EntityDef,
  caller: Caller | null,
  scope: ScopeKind = 'all',
): true | ((eb: SchemaExpressions) => Expression<SqlBool>) {
  if (!entity.owner) return true
  const owner = `${entity.table}.${entity.owner}`
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
export function withScope<Q extends Scopable>(query: Q, registry: Registry, entity: EntityDef, caller: Caller | null, kind: ScopeKind = 'all'): Q {
  const scope = recordScope(registry, entity, caller, kind)
  // The three builders share where(expression) but TypeScript cannot call through their union.
  return scope === true ? query : ((query as unknown as SchemaSelect).where(scope) as unknown as Q)
}

/** The entity whose records are accounts: the one that declares x-parent. */
export function accountEntity(registry: Registry): EntityDef {
  for (const entity of registry.entities.values()) if (entity.parent) return entity
  throw new Error('No entity declares x-parent, so there is no account entity to scope records by. schemas/entities/user.json declares it.')
}
