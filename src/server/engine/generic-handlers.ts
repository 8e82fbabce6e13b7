import type { EntityDef, GenericHandler } from '../../schema/types'
import { fieldError } from '../errors/AppError'
import { asSchemaDb } from '../db/connect'
import { publicColumns, recordToRow, rowToRecord } from '../db/records'
import { sanitizeRichTextFields } from '../content/rich-text'
import type { HandlerContext } from './handler-context'
import { list } from './generic/list-query'
import { ofEndpoint, findVisible, notFound, listIds, withReadOnly } from './generic/record-scope'
import { withTitles, assertRelationsVisible } from './generic/relation-titles'
import { assertUnique, rethrowUniqueViolation } from './generic/uniqueness'
import { entityLabel } from './generic/labels'
import { assertNotInUse } from '../tasks/uses'
import { removeStoredFiles } from '../uploads/file-store'

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
async function remove(ctx: HandlerContext, entity: EntityDef): Promise<unknown> {
  const ids = [...new Set((ctx.body.ids as number[]).map(Number))]
  const owned = entity.ownedFiles ?? []
  const gone = await ctx.services.db.transaction().execute(async (typedTrx) => {
    await assertNotInUse(ctx, typedTrx, entity, ids)
    const trx = asSchemaDb(typedTrx)
    const rows = await ofEndpoint(ctx, trx.deleteFrom(entity.table).where('id', 'in', ids), entity).returning(['id', ...owned]).execute()
    const removed = new Set(rows.map((row) => Number(row.id)))
    const missing = ids.filter((id) => !removed.has(id))
    if (missing.length) throw fieldError('RECORD_NOT_FOUND_NO_DELETE', '/ids', ctx.locale, { entity: entityLabel(entity, ctx), ids: listIds(missing) })
    return rows
  })
  // Only once the records are surely gone: a file left behind costs disk, a record without its file is broken.
  await removeStoredFiles(ctx.services.files, gone.flatMap((row) => owned.map((field) => String(row[field] ?? ''))), ctx.request.log)
  return { deleted: gone.length }
}
