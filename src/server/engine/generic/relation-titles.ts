import type { EntityDef } from '../../../schema/types'
import { AppError } from '../../errors/AppError'
import { withScope } from '../../access/scope'
import type { SchemaDb } from '../../db/connect'
import type { RequestContext } from '../handler-context'
import { fieldLabel, entityLabel } from './labels'

// x-relation fields: the titles sent beside the ids, and the check that an id points at a
// record the caller can see.

/**
 * Each record gets `_titles`: for every x-relation field, the x-title of the record it points
 * to, with one query per field for the whole page. A record the caller may not see gives
 * null, as its existence is not the caller's to know.
 */
export async function withTitles(ctx: RequestContext, db: SchemaDb, entity: EntityDef, records: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const relations = entity.columns.filter((c) => c.relation && !c.private)
  if (relations.length === 0 || records.length === 0) return records
  const titles = new Map<string, Map<number, string>>()
  for (const column of relations) {
    const target = ctx.services.registry.entities.get(column.relation!)!
    const ids = [...new Set(records.map((r) => r[column.name]).filter((id): id is number => typeof id === 'number'))]
    const found = ids.length === 0 ? [] : await visibleTitles(ctx, db, target, ids)
    titles.set(column.name, new Map(found.map((row) => [Number(row.id), String(row.title)])))
  }
  return records.map((record) => ({
    ...record,
    _titles: Object.fromEntries(relations.map((c) => [c.name, titles.get(c.name)!.get(record[c.name] as number) ?? null])),
  }))
}

function visibleTitles(ctx: RequestContext, db: SchemaDb, target: EntityDef, ids: number[]) {
  return withScope(db.selectFrom(target.table), ctx.services.registry, target, ctx.caller)
    .select([`${target.table}.id as id`, `${target.table}.${target.title!} as title`])
    .where(`${target.table}.id`, 'in', ids)
    .execute() as Promise<{ id: unknown; title: unknown }[]>
}

/** An x-relation field may only point at a record the caller can see: otherwise a partner could attach another's account. */
export async function assertRelationsVisible(ctx: RequestContext, db: SchemaDb, entity: EntityDef, values: Record<string, unknown>): Promise<void> {
  for (const column of entity.columns) {
    const id = values[column.name]
    if (!column.relation || typeof id !== 'number') continue
    const target = ctx.services.registry.entities.get(column.relation)!
    if ((await visibleTitles(ctx, db, target, [id])).length > 0) continue
    const params = { field: fieldLabel(entity, column.name, ctx), entity: entityLabel(target, ctx), id }
    const error = new AppError('RELATION_NOT_FOUND', params)
    throw new AppError('RELATION_NOT_FOUND', params, [{ path: `/${column.name}`, message: error.messageIn(ctx.locale) }])
  }
}
