import { sql, type SelectQueryBuilder } from 'kysely'
import type { Column, EndpointDef, EntityDef, GenericHandler, JsonSchema, Label, ListFilter } from '../../schema/types'
import { enumValueLabel } from '../../schema/enum-labels'
import { MAX_PAGE_SIZE } from '../../schema/generic-endpoint'
import { AppError, fieldError } from '../errors/AppError'
import { publicColumns, recordToRow, rowToRecord, toStored } from '../db/records'
import { withScope, type Scopable } from '../access/scope'
import { sanitizeRichTextFields } from '../content/rich-text'
import type { Db } from '../db/connect'
import { tallyKey, tallyTable } from '../db/tally'
import { requireCaller, type HandlerContext } from './handler-context'

type Run = (ctx: HandlerContext, entity: EntityDef) => Promise<unknown>

/** list, get, create, update and delete over any entity, scoped to the caller. */
export const genericHandlers: Record<GenericHandler, Run> = { list, get, create, update, delete: remove }

/**
 * What generic create and update do to a body before it is validated: rich text
 * ("contentMediaType": "text/html") is sanitised first, so the schema's limits apply to
 * what is stored, and a text that was nothing but a script is as empty as it looks.
 */
export function prepareGenericBody(handler: GenericHandler, entity: EntityDef, body: unknown): void {
  if (handler === 'create' || handler === 'update') sanitizeRichTextFields(entity, body)
}

async function list(ctx: HandlerContext, entity: EntityDef): Promise<unknown> {
  const { db } = ctx.services
  const config = ctx.endpoint.list!
  const q = ctx.query
  const page = Number(q.page ?? 1)
  const limit = Math.min(Number(q.limit ?? config.pageSize), MAX_PAGE_SIZE)
  const filtered = listedRows(ctx, entity)

  const counted = await countOf(ctx, entity, filtered).executeTakeFirst()
  const total = Number(counted?.total ?? 0)
  const sortField = (q.sort as string | undefined) ?? config.defaultSort.field
  const order = (q.order as 'asc' | 'desc' | undefined) ?? (q.sort ? 'asc' : config.defaultSort.order)
  let rows = filtered.select(publicColumns(entity).map((c) => `${entity.table}.${c}`)).orderBy(`${entity.table}.${sortField}`, order)
  if (sortField !== 'id') rows = rows.orderBy(`${entity.table}.id`, order)
  const data = await rows.limit(limit).offset((page - 1) * limit).execute()
  return {
    total,
    per_page: limit,
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / limit)),
    data: await withTitles(ctx, db, entity, data.map((row) => rowToRecord(entity, row))),
  }
}

/**
 * The records a generic list answers for this request, before sorting and paging: the
 * list endpoint's scope, fixed values and "mine", and the filters the query sets. A download
 * that exports the list ("exports") passes that list's endpoint to answer the same rows.
 */
export function listedRows(ctx: HandlerContext, entity: EntityDef, endpoint: EndpointDef = ctx.endpoint): SelectQueryBuilder<any, any, any> {
  const { db } = ctx.services
  const q = ctx.query
  // "mine": the caller's own records only, even for an admin who may see everyone's.
  let filtered = endpoint.mine
    ? withFixed(endpoint, db.selectFrom(entity.table).where(`${entity.table}.${entity.owner!}`, '=', requireCaller(ctx).id), entity)
    : ofEndpoint(ctx, db.selectFrom(entity.table), entity, endpoint)
  for (const filter of endpoint.list!.filters) {
    const column = `${entity.table}.${filter.field}`
    const stored = entity.columns.find((c) => c.name === filter.field)!
    if (filter.match === 'range') {
      const from = q[`${filter.field}_from`]
      const to = q[`${filter.field}_to`]
      if (from !== undefined) filtered = filtered.where(column, '>=', rangeBound(from, 'from', stored))
      if (to !== undefined) filtered = filtered.where(column, '<=', rangeBound(to, 'to', stored))
    } else if (q[filter.field] !== undefined) {
      const value = q[filter.field]
      if (filter.match === 'contains') {
        const pattern = `%${escapeLike(String(value).toLowerCase())}%`
        filtered = filtered.where(sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`)
      } else {
        filtered = filtered.where(column, '=', recordToRow(entity, { [filter.field]: value })[filter.field])
      }
    }
  }
  return filtered
}

async function get(ctx: HandlerContext, entity: EntityDef): Promise<unknown> {
  const record = await findVisible(ctx, ctx.services.db, entity, Number(ctx.query.id))
  return (await withTitles(ctx, ctx.services.db, entity, [record]))[0]
}

async function create(ctx: HandlerContext, entity: EntityDef): Promise<unknown> {
  const now = ctx.services.now().toISOString()
  const values: Record<string, unknown> = { ...ctx.body, ...ctx.endpoint.fixed }
  if (entity.owner && entity.owner !== 'id' && ctx.caller) values[entity.owner] = ctx.caller.id
  return ctx.services.db.transaction().execute(async (trx) => {
    await assertUnique(ctx, trx, entity, values)
    await assertRelationsVisible(ctx, trx, entity, values)
    const inserted = await trx
      .insertInto(entity.table)
      .values({ ...recordToRow(entity, values), created_at: now, updated_at: now })
      .returning(publicColumns(entity))
      .executeTakeFirstOrThrow()
      .catch((error: unknown) => rethrowUniqueViolation(ctx, entity, values, error))
    return (await withTitles(ctx, trx, entity, [rowToRecord(entity, inserted)]))[0]
  })
}

async function update(ctx: HandlerContext, entity: EntityDef): Promise<unknown> {
  const { id, ...changes } = ctx.body
  return ctx.services.db.transaction().execute(async (trx) => {
    await findVisible(ctx, trx, entity, Number(id), '/id')
    await assertUnique(ctx, trx, entity, changes, Number(id))
    await assertRelationsVisible(ctx, trx, entity, changes)
    const updated = await trx
      .updateTable(entity.table)
      .set({ ...recordToRow(entity, changes), updated_at: ctx.services.now().toISOString() })
      .where('id', '=', Number(id))
      .returning(publicColumns(entity))
      .executeTakeFirst()
      .catch((error: unknown) => rethrowUniqueViolation(ctx, entity, changes, error))
    // Deleted by another request since it was found: as missing as if it had never been.
    if (!updated) throw notFound(ctx, entity, Number(id), '/id')
    return (await withTitles(ctx, trx, entity, [rowToRecord(entity, updated)]))[0]
  })
}

/**
 * Every record named, or none: an id the caller cannot reach (another's, or no record at all)
 * refuses the whole request, naming the ids, as one field error. Answering success with a
 * smaller count told a partner nothing it could act on, and that some ids were skipped.
 */
async function remove(ctx: HandlerContext, entity: EntityDef): Promise<unknown> {
  const ids = [...new Set((ctx.body.ids as number[]).map(Number))]
  const deleted = await ctx.services.db.transaction().execute(async (trx) => {
    const gone = await ofEndpoint(ctx, trx.deleteFrom(entity.table).where('id', 'in', ids), entity).returning('id').execute()
    const removed = new Set(gone.map((row) => Number(row.id)))
    const missing = ids.filter((id) => !removed.has(id))
    if (missing.length) throw fieldError('RECORD_NOT_FOUND_NO_DELETE', '/ids', ctx.locale, { entity: entityLabel(entity, ctx), ids: listIds(missing) })
    return removed.size
  })
  return { deleted }
}

/** Up to ten ids for a message; a thousand would bury it. */
export function listIds(ids: number[]): string {
  return ids.length > 10 ? `${ids.slice(0, 10).join(', ')} … (${ids.length})` : ids.join(', ')
}

/** The records this endpoint may touch: the caller's scope, narrowed by the endpoint's "scope" and "fixed" values. */
export function ofEndpoint<Q extends Scopable>(ctx: HandlerContext, query: Q, entity: EntityDef, endpoint: EndpointDef = ctx.endpoint): Q {
  return withFixed(endpoint, withScope(query, ctx.services.registry, entity, ctx.caller, endpoint.scope), entity)
}

function withFixed<Q extends Scopable>(endpoint: EndpointDef, query: Q, entity: EntityDef): Q {
  let out = query as SelectQueryBuilder<any, any, any>
  for (const [field, value] of Object.entries(endpoint.fixed)) out = out.where(`${entity.table}.${field}`, '=', recordToRow(entity, { [field]: value })[field])
  return out as unknown as Q
}

/**
 * The count of a list's rows (`listed`): summed from the entity's x-tally when the endpoint
 * and the query narrow only by owner scope and tallied fields, counted row by row otherwise.
 */
function countOf(ctx: HandlerContext, entity: EntityDef, listed: SelectQueryBuilder<any, any, any>): SelectQueryBuilder<any, any, { total: unknown }> {
  if (answersFromTally(ctx, entity, ctx.endpoint)) {
    // The tally table has the owner and tallied columns under their own names, so the same scope and filters apply to it.
    const tally: EntityDef = { ...entity, table: tallyTable(entity) }
    return listedRows(ctx, tally).select(sql<number>`coalesce(sum(n), 0)`.as('total'))
  }
  return listed.select((eb) => eb.fn.countAll().as('total'))
}

function answersFromTally(ctx: HandlerContext, entity: EntityDef, endpoint: EndpointDef): boolean {
  if (!entity.tally) return false
  const key = new Set(tallyKey(entity))
  if (!Object.keys(endpoint.fixed).every((field) => key.has(field))) return false
  return endpoint.list!.filters.every((filter) => !filterIsSet(ctx.query, filter) || (filter.match === 'equals' && key.has(filter.field)))
}

function filterIsSet(query: Record<string, unknown>, filter: ListFilter): boolean {
  if (filter.match === 'range') return query[`${filter.field}_from`] !== undefined || query[`${filter.field}_to`] !== undefined
  return query[filter.field] !== undefined
}

/**
 * A record the caller may see, or RECORD_NOT_FOUND: another's record looks exactly like a
 * missing one. A write names the field that held the id (`path`), as a form can show it.
 */
async function findVisible(ctx: HandlerContext, db: Db, entity: EntityDef, id: number, path?: string): Promise<Record<string, unknown>> {
  const row = await ofEndpoint(ctx, db.selectFrom(entity.table), entity)
    .select(publicColumns(entity).map((c) => `${entity.table}.${c}`))
    .where(`${entity.table}.id`, '=', id)
    .executeTakeFirst()
  if (!row) throw notFound(ctx, entity, id, path)
  return rowToRecord(entity, row)
}

function notFound(ctx: HandlerContext, entity: EntityDef, id: number, path?: string): AppError {
  const params = { entity: entityLabel(entity, ctx), id }
  return path ? fieldError('RECORD_NOT_FOUND', path, ctx.locale, params) : new AppError('RECORD_NOT_FOUND', params)
}

/**
 * Each record gets `_titles`: for every x-relation field, the x-title of the record it points
 * to, with one query per field for the whole page. A record the caller may not see gives
 * null, as its existence is not the caller's to know.
 */
async function withTitles(ctx: HandlerContext, db: Db, entity: EntityDef, records: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
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

function visibleTitles(ctx: HandlerContext, db: Db, target: EntityDef, ids: number[]) {
  return withScope(db.selectFrom(target.table), ctx.services.registry, target, ctx.caller)
    .select([`${target.table}.id as id`, `${target.table}.${target.title!} as title`])
    .where(`${target.table}.id`, 'in', ids)
    .execute() as Promise<{ id: unknown; title: unknown }[]>
}

/** An x-relation field may only point at a record the caller can see: otherwise a partner could attach another's account. */
async function assertRelationsVisible(ctx: HandlerContext, db: Db, entity: EntityDef, values: Record<string, unknown>): Promise<void> {
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

/** x-unique fields are checked before writing so the answer names the field; the unique index still guards races. */
async function assertUnique(ctx: HandlerContext, db: Db, entity: EntityDef, values: Record<string, unknown>, exceptId?: number): Promise<void> {
  for (const column of entity.columns) {
    if (!column.unique || values[column.name] === undefined || values[column.name] === null) continue
    let query = db.selectFrom(entity.table).select('id').where(column.name, '=', toStored(column, values[column.name]))
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId)
    if (await query.executeTakeFirst()) throw conflict(ctx, entity, column.name, values[column.name])
  }
}

function conflict(ctx: HandlerContext, entity: EntityDef, field: string, value: unknown): AppError {
  const error = new AppError('RECORD_CONFLICT', { field: fieldLabel(entity, field, ctx), value: valueLabel(entity, field, value, ctx), entity: entityLabel(entity, ctx) })
  return new AppError('RECORD_CONFLICT', error.params, [{ path: `/${field}`, message: error.messageIn(ctx.locale) }])
}

/**
 * Two writes racing past assertUnique: the unique index refuses the second, and the caller
 * gets the same field error as if the check had caught it (PostgreSQL 23505, SQLite's
 * SQLITE_CONSTRAINT_UNIQUE), not a 500.
 */
function rethrowUniqueViolation(ctx: HandlerContext, entity: EntityDef, values: Record<string, unknown>, error: unknown): never {
  const e = error as { code?: string; constraint?: string; message?: string }
  if (e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE') {
    const field = entity.columns.find(
      (c) => c.unique && (e.constraint === `${entity.table}_${c.name}_unique` || e.message?.includes(`${entity.table}.${c.name}`)),
    )
    if (field) throw conflict(ctx, entity, field.name, values[field.name])
  }
  throw error
}

function fieldLabel(entity: EntityDef, field: string, ctx: HandlerContext): string {
  const property = (entity.schema.properties as Record<string, { 'x-label'?: Label }>)[field]
  return property?.['x-label']?.[ctx.locale] ?? field
}

/** An enum value by its x-enum-labels name ("User agreement", not user_agreement), else as sent. */
function valueLabel(entity: EntityDef, field: string, value: unknown, ctx: HandlerContext): string {
  return enumValueLabel((entity.schema.properties as Record<string, JsonSchema>)[field], value, ctx.locale)
}

function entityLabel(entity: EntityDef, ctx: HandlerContext): string {
  return entity.label?.[ctx.locale] ?? entity.name
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => '\\' + c)
}

/** Date-only bounds cover the whole (UTC) day; money bounds compare in fen, as stored; others as given. */
function rangeBound(value: unknown, side: 'from' | 'to', column: Column): unknown {
  if (column.wire !== 'string') return toStored(column, value)
  const text = String(value)
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return side === 'from' ? `${text}T00:00:00.000Z` : `${text}T23:59:59.999Z`
  const parsed = new Date(text.replace(' ', 'T'))
  return Number.isNaN(parsed.getTime()) ? text : parsed.toISOString()
}
