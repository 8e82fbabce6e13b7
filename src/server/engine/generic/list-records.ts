import type { EntityDef } from '../../../schema/types'
import { asSchemaDb } from '../../db/connect'
import { recordOfValues } from '../../db/records'
import type { DirectReads } from '../../db/direct-reads'
import type { HandlerContext } from '../handler-context'
import { addTitles, visibleTitleMaps } from './relation-titles'
import { withReadOnly } from './record-scope'

/** A list page's rows, read as arrays of the public columns in order, as records with the titles the caller may see, read through `reads`. */
export async function pageRows(ctx: HandlerContext, entity: EntityDef, reads: DirectReads, rows: readonly unknown[][]): Promise<PageRows> {
  const records = rows.map(recordOfValues(entity))
  return { records, visible: await visibleTitleMaps(ctx, asSchemaDb(ctx.services.db), reads, entity, records) }
}

export interface PageRows {
  records: Record<string, unknown>[]
  /** By relation field, the titles read with the page (relation-titles.ts visibleTitleMaps). */
  visible: Map<number, string>[]
}

/** The page's records as the API sends them: every title, and whether each is read-only to the caller. */
export async function pageRecords(ctx: HandlerContext, entity: EntityDef, page: PageRows): Promise<Record<string, unknown>[]> {
  await addTitles(ctx, asSchemaDb(ctx.services.db), entity, page.records, page.visible)
  return withReadOnly(ctx, entity, page.records)
}
