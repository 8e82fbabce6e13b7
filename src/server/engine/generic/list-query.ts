import { sql, type SelectQueryBuilder } from 'kysely'
import { asSchemaDb, type SchemaSelect, type SchemaTables } from '../../db/connect'
import type { Column, EndpointDef, EntityDef, ListFilter } from '../../../schema/types'
import { MAX_PAGE_SIZE } from '../../../schema/generic-endpoint'
import { publicColumns, recordToRow, rowToRecord, toStored } from '../../db/records'
import { tallyKey, tallyTable } from '../../db/tally'
import { requireCaller, type HandlerContext } from '../handler-context'
import { ofEndpoint, withFixed, withReadOnly } from './record-scope'
import { withScope } from '../../access/scope'
import { withTitles } from './relation-titles'
import { containsSubquery } from '../../db/contains-index'

// A generic list: the rows a list endpoint answers for a request (its scope, fixed values and
// filters), sorted, paged and counted.

/** Matches past which a page is read in the list's order rather than from a search index: about 1% of 100,000 rows. */
const DENSE_MATCHES = 1000

export async function list(ctx: HandlerContext, entity: EntityDef): Promise<unknown> {
  const db = asSchemaDb(ctx.services.db)
  const config = ctx.endpoint.list!
  const q = ctx.query
  const page = Number(q.page ?? 1)
  const limit = Math.min(Number(q.limit ?? config.pageSize), MAX_PAGE_SIZE)
  const filtered = listedRows(ctx, entity)

  const counted = await countOf(ctx, entity, filtered).executeTakeFirst()
  const total = Number(counted?.total ?? 0)
  const sortField = (q.sort as string | undefined) ?? config.defaultSort.field
  const order = (q.order as 'asc' | 'desc' | undefined) ?? (q.sort ? 'asc' : config.defaultSort.order)
  // A search many rows match finds a page sooner by reading rows in the list's order until the page
  // is full than by gathering every match from its index first (db/contains-index.ts).
  const paged = total >= DENSE_MATCHES ? listedRows(ctx, entity, ctx.endpoint, { searchIndexes: false }) : filtered
  let rows = paged.select(publicColumns(entity).map((c) => `${entity.table}.${c}`)).orderBy(`${entity.table}.${sortField}`, order)
  if (sortField !== 'id') rows = rows.orderBy(`${entity.table}.id`, order)
  const data = await rows.limit(limit).offset((page - 1) * limit).execute()
  return {
    total,
    per_page: limit,
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / limit)),
    data: await withReadOnly(ctx, entity, await withTitles(ctx, db, entity, data.map((row) => rowToRecord(entity, row)))),
  }
}

/**
 * The records a generic list answers for this request, before sorting and paging: the
 * list endpoint's scope, fixed values and "mine", and the filters the query sets. A download
 * that exports the list ("exports") passes that list's endpoint to answer the same rows.
 */
export function listedRows(ctx: HandlerContext, entity: EntityDef, endpoint: EndpointDef = ctx.endpoint, opts: { searchIndexes: boolean } = { searchIndexes: true }): SchemaSelect {
  const db = asSchemaDb(ctx.services.db)
  const q = ctx.query
  // "mine": the caller's own records only, even for an admin who may see everyone's.
  // "usable" (a picker's question): the caller's own records and those shared with it, whatever its role.
  let filtered = endpoint.mine
    ? withFixed(endpoint, db.selectFrom(entity.table).where(`${entity.table}.${entity.owner!}`, '=', requireCaller(ctx).id), entity)
    : entity.shared && q.usable === true
      ? withFixed(endpoint, withScope(db.selectFrom(entity.table), ctx.services.registry, entity, ctx.caller, 'usable'), entity)
      : ofEndpoint(ctx, db.selectFrom(entity.table), entity, endpoint, true)
  for (const filter of endpoint.list!.filters) {
    const column = `${entity.table}.${filter.field}`
    const stored = entity.columns.find((c) => c.name === filter.field)!
    if (filter.match === 'in') {
      const values = q[`${filter.field}_in`]
      if (values !== undefined) filtered = filtered.where(column, 'in', String(values).split(','))
    } else if (filter.match === 'range') {
      const from = q[`${filter.field}_from`]
      const to = q[`${filter.field}_to`]
      if (from !== undefined) filtered = filtered.where(column, '>=', rangeBound(from, 'from', stored))
      if (to !== undefined) filtered = filtered.where(column, '<=', rangeBound(to, 'to', stored))
    } else if (q[filter.field] !== undefined) {
      const value = q[filter.field]
      if (filter.match === 'contains') {
        const text = String(value).toLowerCase()
        const searched = opts.searchIndexes && stored.containsIndexed && ctx.services.dialect === 'sqlite' ? containsSubquery(entity.table, filter.field, text) : undefined
        filtered = searched
          ? filtered.where(sql<boolean>`${sql.ref(`${entity.table}.id`)} in (${searched})`)
          : filtered.where(sql<boolean>`lower(${sql.ref(column)}) like ${`%${escapeLike(text)}%`} escape '\\'`)
      } else {
        filtered = filtered.where(column, '=', recordToRow(entity, { [filter.field]: value })[filter.field])
      }
    }
  }
  return filtered
}

/**
 * The count of a list's rows (`listed`): summed from the entity's x-tally when the endpoint
 * and the query narrow only by owner scope and tallied fields, counted row by row otherwise.
 */
function countOf(ctx: HandlerContext, entity: EntityDef, listed: SchemaSelect): SelectQueryBuilder<SchemaTables, string, { total: unknown }> {
  if (answersFromTally(ctx, entity, ctx.endpoint)) {
    // The tally table has the owner and tallied columns under their own names, so the same scope and filters apply to it.
    const tally: EntityDef = { ...entity, table: tallyTable(entity) }
    return listedRows(ctx, tally).select(sql<number>`coalesce(sum(n), 0)`.as('total'))
  }
  return listed.select((eb) => eb.fn.countAll().as('total'))
}

function answersFromTally(ctx: HandlerContext, entity: EntityDef, endpoint: EndpointDef): boolean {
  // A library's shared rows are not the caller's, so its own tally cannot count them.
  if (!entity.tally || entity.shared) return false
  const key = new Set(tallyKey(entity))
  if (!Object.keys(endpoint.fixed).every((field) => key.has(field))) return false
  return endpoint.list!.filters.every((filter) => !filterIsSet(ctx.query, filter) || (filter.match === 'equals' && key.has(filter.field)))
}

function filterIsSet(query: Record<string, unknown>, filter: ListFilter): boolean {
  if (filter.match === 'range') return query[`${filter.field}_from`] !== undefined || query[`${filter.field}_to`] !== undefined
  return query[filter.field] !== undefined
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
