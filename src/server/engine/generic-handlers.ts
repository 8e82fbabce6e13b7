import type { EntityDef, GenericHandler } from '../../schema/types'
import { fieldError } from '../errors/AppError'
import { asSchemaDb, type Db } from '../db/connect'
import { publicColumns, recordToRow, rowToRecord } from '../db/records'
import type { HandlerContext } from './handler-context'
import { list } from './generic/list-query'
import { ofEndpoint, findVisible, notFound, listIds, withReadOnly } from './generic/record-scope'
import { withTitles, assertRelationsVisible } from './generic/relation-titles'
import { assertUnique, rethrowUniqueViolation } from './generic/uniqueness'
import { entityLabel } from './generic/labels'

type Run = (ctx: HandlerContext, entity: EntityDef) => Promise<unknown>

/**
 * What other parts of the server add to the generic handlers, composed in
 * src/server/generic-hooks.ts: the engine names none of them.
 */
export interface GenericHooks {
  /** Change a create or update body before it is validated (rich text is sanitised, so the schema's limits apply to what is stored). */
  prepareBody: ReadonlyArray<(entity: EntityDef, body: unknown) => void>
  /** Refuse a delete, in its transaction, before any row goes (records a task still uses). */
  beforeDelete: ReadonlyArray<(ctx: HandlerContext, trx: Db, entity: EntityDef, ids: number[]) => Promise<void>>
  /** After the rows are surely gone: what they owned outside the database (their stored files). */
  afterDelete: ReadonlyArray<(ctx: HandlerContext, entity: EntityDef, rows: Record<string, unknown>[]) => Promise<void>>
}

/** list, get, create, update and delete over any entity, scoped to the caller. */
export function genericHandlers(hooks: GenericHooks): Record<GenericHandler, Run> {
  return { list, get, create, update, delete: (ctx, entity) => remove(ctx, entity, hooks) }
}

/** One record as generic get answers it. */
export const getRecord: Run = get

/** What generic create and update do to a body before it is validated. */
export function prepareGenericBody(hooks: GenericHooks, handler: GenericHandler, entity: EntityDef, body: unknown): void {
  if (handler === 'create' || handler === 'update') for (const prepare of hooks.prepareBody) prepare(entity, body)
}

async function get(ctx: HandlerContext, entity: EntityDef): Promise<unknown> {
  const record = await findVisible(ctx, asSchemaDb(ctx.services.db), entity, Number(ctx.query.id), undefined, true)
  return (await withReadOnly(ctx, entity, await withTitles(ctx, asSchemaDb(ctx.services.db), entity, [record])))[0]
}

async function create(ctx: HandlerContext, entity: EntityDef): Promise<unknown> {
  const now = ctx.services.now().toISOString()
  const values: Record<string, unknown> = { ...ctx.body, ...ctx.endpoint.fixed }
  if (entity.owner && entity.owner !== 'id' && ctx.caller) values[entity.owner] = ctx.caller.id
  return asSchemaDb(ctx.services.db).transaction().execute(async (trx) => {
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
  return asSchemaDb(ctx.services.db).transaction().execute(async (trx) => {
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
async function remove(ctx: HandlerContext, entity: EntityDef, hooks: GenericHooks): Promise<unknown> {
  const ids = [...new Set((ctx.body.ids as number[]).map(Number))]
  const owned = entity.ownedFiles ?? []
  const gone = await ctx.services.db.transaction().execute(async (typedTrx) => {
    for (const guard of hooks.beforeDelete) await guard(ctx, typedTrx, entity, ids)
    const trx = asSchemaDb(typedTrx)
    const rows = await ofEndpoint(ctx, trx.deleteFrom(entity.table).where('id', 'in', ids), entity).returning(['id', ...owned]).execute()
    const removed = new Set(rows.map((row) => Number(row.id)))
    const missing = ids.filter((id) => !removed.has(id))
    if (missing.length) throw fieldError('RECORD_NOT_FOUND_NO_DELETE', '/ids', ctx.locale, { entity: entityLabel(entity, ctx), ids: listIds(missing) })
    return rows
  })
  // Only once the records are surely gone: a file left behind costs disk, a record without its file is broken.
  for (const after of hooks.afterDelete) await after(ctx, entity, gone)
  return { deleted: gone.length }
}
