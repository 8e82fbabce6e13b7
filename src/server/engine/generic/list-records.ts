import type { EntityDef } from '../../../schema/types'
import { asSchemaDb } from '../../db/connect'
import { recordOfValues } from '../../db/records'
import type { HandlerContext } from '../handler-context'
import { addTitles } from './relation-titles'
import { withReadOnly } from './record-scope'

/** A list page's rows, read as arrays of the public columns in order, as the records the API sends. */
export async function pageRecords(ctx: HandlerContext, entity: EntityDef, rows: readonly unknown[][]): Promise<Record<string, unknown>[]> {
  const records = rows.map(recordOfValues(entity))
  await addTitles(ctx, asSchemaDb(ctx.services.db), entity, records)
  return withReadOnly(ctx, entity, records)
}
