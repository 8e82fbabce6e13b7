import type { EndpointDef, EntityDef } from '../../../schema/types'
import { AppError, fieldError } from '../../errors/AppError'
import { publicColumns, recordToRow, rowToRecord } from '../../db/records'
import { accountEntity, accountsAbove, withScope, type Scopable } from '../../access/scope'
import { ROLES } from '../../../schema/types'
import { asSchemaDb, type SchemaDb, type SchemaSelect } from '../../db/connect'
import type { RequestContext } from '../handler-context'
import { entityLabel } from './labels'

// The records an endpoint may touch, and one of them by id.

/** The records this endpoint may touch: the caller's scope, narrowed by the endpoint's "scope" and "fixed" values. */
export function ofEndpoint<Q extends Scopable>(ctx: RequestContext, query: Q, entity: EntityDef, endpoint: EndpointDef = ctx.endpoint, reading = false): Q {
  return withFixed(endpoint, withScope(query, ctx.services.registry, entity, ctx.caller, endpoint.scope, reading), entity)
}

/**
 * `_readonly` on each record shared with the caller from above (x-shared): the caller may use
 * it but not change it, so the console offers no edit or delete for it.
 */
export async function withReadOnly(ctx: RequestContext, entity: EntityDef, records: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  if (!entity.shared || !ctx.caller) return records
  const caller = ctx.caller
  const owners = [...new Set(records.map((record) => Number(record[entity.owner!])))]
  const above = new Set(accountsAbove(caller))
  // An administrator's records reach it through its own scope; anyone else's shared ones come from above.
  const accounts = accountEntity(ctx.services.registry)
  const others = caller.role === 'admin' ? [] : owners.filter((id) => id !== caller.id && !above.has(id))
  const admins = others.length === 0 ? [] : await asSchemaDb(ctx.services.db).selectFrom(accounts.table).select('id').where('id', 'in', others).where('user_type', '=', ROLES.indexOf('admin')).execute()
  for (const row of admins) above.add(Number(row.id))
  return records.map((record) => ({ ...record, _readonly: caller.role !== 'admin' && above.has(Number(record[entity.owner!])) }))
}

export function withFixed<Q extends Scopable>(endpoint: EndpointDef, query: Q, entity: EntityDef): Q {
  let out = query as unknown as SchemaSelect
  for (const [field, value] of Object.entries(endpoint.fixed)) out = out.where(`${entity.table}.${field}`, '=', recordToRow(entity, { [field]: value })[field])
  return out as unknown as Q
}

/**
 * A record the caller may see (`reading`: or read, shared with it from above), or RECORD_NOT_FOUND: another's record looks exactly like a
 * missing one. A write names the field that held the id (`path`), as a form can show it.
 */
export async function findVisible(ctx: RequestContext, db: SchemaDb, entity: EntityDef, id: number, path?: string, reading = false): Promise<Record<string, unknown>> {
  const row = await ofEndpoint(ctx, db.selectFrom(entity.table), entity, ctx.endpoint, reading)
    .select(publicColumns(entity).map((c) => `${entity.table}.${c}`))
    .where(`${entity.table}.id`, '=', id)
    .executeTakeFirst()
  if (!row) throw notFound(ctx, entity, id, path)
  return rowToRecord(entity, row)
}

export function notFound(ctx: RequestContext, entity: EntityDef, id: number, path?: string): AppError {
  const params = { entity: entityLabel(entity, ctx), id }
  return path ? fieldError('RECORD_NOT_FOUND', path, ctx.locale, params) : new AppError('RECORD_NOT_FOUND', params)
}

/** Up to ten ids for a message; a thousand would bury it. */
export function listIds(ids: number[]): string {
  return ids.length > 10 ? `${ids.slice(0, 10).join(', ')} … (${ids.length})` : ids.join(', ')
}
