import type { EndpointDef, EntityDef } from '../../../schema/types'
import { AppError, fieldError } from '../../errors/AppError'
import { publicColumns, recordToRow, rowToRecord } from '../../db/records'
import { withScope, type Scopable } from '../../access/scope'
import type { SchemaDb, SchemaSelect } from '../../db/connect'
import type { RequestContext } from '../handler-context'
import { entityLabel } from './labels'

// The records an endpoint may touch, and one of them by id.

/** The records this endpoint may touch: the caller's scope, narrowed by the endpoint's "scope" and "fixed" values. */
export function ofEndpoint<Q extends Scopable>(ctx: RequestContext, query: Q, entity: EntityDef, endpoint: EndpointDef = ctx.endpoint): Q {
  return withFixed(endpoint, withScope(query, ctx.services.registry, entity, ctx.caller, endpoint.scope), entity)
}

export function withFixed<Q extends Scopable>(endpoint: EndpointDef, query: Q, entity: EntityDef): Q {
  let out = query as unknown as SchemaSelect
  for (const [field, value] of Object.entries(endpoint.fixed)) out = out.where(`${entity.table}.${field}`, '=', recordToRow(entity, { [field]: value })[field])
  return out as unknown as Q
}

/**
 * A record the caller may see, or RECORD_NOT_FOUND: another's record looks exactly like a
 * missing one. A write names the field that held the id (`path`), as a form can show it.
 */
export async function findVisible(ctx: RequestContext, db: SchemaDb, entity: EntityDef, id: number, path?: string): Promise<Record<string, unknown>> {
  const row = await ofEndpoint(ctx, db.selectFrom(entity.table), entity)
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
