import { sql, type Compilable, type SelectQueryBuilder } from 'kysely'
import { asSchemaDb, type SchemaSelect, type SchemaTables } from '../../db/connect'
import type { EndpointDef, EntityDef, ListFilter } from '../../../schema/types'
import { MAX_PAGE_SIZE } from '../../../schema/generic-endpoint'
import { publicColumns } from '../../db/records'
import { tallyKey, tallyTable } from '../../db/tally'
import { directReads, type DirectReads } from '../../db/direct-reads'
import { queryTemplates, type FilledQuery } from '../../db/query-templates'
import { requireCaller, type HandlerContext } from '../handler-context'
import { ofEndpoint, withFixed } from './record-scope'
import { withScope } from '../../access/scope'
import { filterTerms, termValues, termsShape, withTerms, type Term } from './list-terms'
import { pageRecords, pageRows } from './list-records'
import { callerKey } from './caller-key'
import { firstMatches, idsValue } from '../../db/contains-index'

// A generic list: the rows a list endpoint answers for a request (its scope, fixed values and
// filters), sorted, paged and counted.

/**
 * Matches past which a search reads the table's rows rather than its search index, for the count
 * as for the page: each match read through the index costs what a few dozen rows read in order do
 * (FTS5 reads its text from the table to check it), and a page in the list's order is full long
 * before. About 1% of 100,000 rows.
 */
const DENSE_MATCHES = 1000

export async function list(ctx: HandlerContext, entity: EntityDef): Promise<unknown> {
  const config = ctx.endpoint.list!
  const q = ctx.query
  const page = Number(q.page ?? 1)
  const limit = Math.min(Number(q.limit ?? config.pageSize), MAX_PAGE_SIZE)
  const { terms, countLimit } = await searchTerms(ctx, entity)

  const sortField = (q.sort as string | undefined) ?? config.defaultSort.field
  const order = (q.order as 'asc' | 'desc' | undefined) ?? (q.sort ? 'asc' : config.defaultSort.order)
  const columns = publicColumnsOf(entity)
  // Count, page and the titles the caller may see one after the other on one connection
  // (db/direct-reads.ts). Nothing else reads while it is held: a read needing a second connection
  // could wait on a pool this holds, so what else the titles and records need comes after.
  const { total, page: read } = await directReads(ctx.services.db).together(async (reads) => {
    const total = await countOf(ctx, entity, terms, reads, countLimit === undefined ? undefined : { limit: countLimit, sortField, order })
    const pageQuery = templated(ctx, `page ${sortField} ${order}`, terms, [limit, (page - 1) * limit], (query, [pageSize, offset]) => {
      let rows = query.select(columns).orderBy(`${entity.table}.${sortField}`, order)
      if (sortField !== 'id') rows = rows.orderBy(`${entity.table}.id`, order)
      return rows.limit(pageSize as number).offset(offset as number)
    }, entity)
    return { total, page: await pageRows(ctx, entity, reads, await reads.arrays(pageQuery.sql, pageQuery.parameters)) }
  })
  return {
    ...pageTotal(total, countLimit, page, limit, read.records.length),
    per_page: limit,
    current_page: page,
    data: await pageRecords(ctx, entity, read),
  }
}

/**
 * The envelope's total and last page. A count stopped past `countLimit` gives `countLimit`, said
 * to be a lower bound, and pages as far as it went; a full page past that may have more after
 * it, so the next page is offered, and a page short of full ends the matches: the total is
 * known again.
 */
function pageTotal(counted: number, countLimit: number | undefined, page: number, limit: number, rows: number) {
  const offset = (page - 1) * limit
  if (countLimit === undefined || counted <= countLimit) return { total: counted, last_page: Math.max(1, Math.ceil(counted / limit)) }
  if (rows > 0 && rows < limit && offset + rows > countLimit) return { total: offset + rows, last_page: page }
  return { total: countLimit, total_is_at_least: true as const, last_page: Math.max(Math.ceil(counted / limit), rows === limit ? page + 1 : 1) }
}

/**
 * The request's filter terms. A contains search reads at most DENSE_MATCHES of its matches from
 * its column's index, once: fewer, and the count and the page take those ids (an "ids" term, whose
 * SQL is the same for any ids, so both are compiled once per shape); as many or more, and both
 * read the table's rows in the list's order instead.
 *
 * `countLimit`: where the count of a search on an indexed field stops (config.searchCountLimit).
 * A common text can match a tenth of a million rows, each counted; past the limit the list says
 * "more than this many" instead, as its page needs none of them. Not for a search narrowed to
 * its ids, which are fewer than the limit anyway.
 */
async function searchTerms(ctx: HandlerContext, entity: EntityDef): Promise<{ terms: Term[]; countLimit: number | undefined }> {
  const countLimit = searchesIndexedField(ctx, entity) ? Math.max(ctx.services.config.searchCountLimit, DENSE_MATCHES) : undefined
  const terms = filterTerms(ctx, entity, ctx.endpoint, { searchIndexes: true })
  if (!terms.some((term) => term.kind === 'search')) return { terms, countLimit }
  const narrowed: Term[] = []
  for (const term of terms) {
    if (term.kind !== 'search') {
      narrowed.push(term)
      continue
    }
    const ids = await firstMatches(ctx.services.db, term.subquery, DENSE_MATCHES)
    if (ids.length >= DENSE_MATCHES) return { terms: filterTerms(ctx, entity, ctx.endpoint, { searchIndexes: false }), countLimit }
    narrowed.push({ kind: 'ids', column: term.column, values: [idsValue(ids)] })
  }
  return { terms: narrowed, countLimit: undefined }
}

/** Whether the query sets a contains filter on a field with a search index (x-index "contains"). */
function searchesIndexedField(ctx: HandlerContext, entity: EntityDef): boolean {
  return ctx.endpoint.list!.filters.some((filter) => filter.match === 'contains' && ctx.query[filter.field] !== undefined && entity.columns.some((c) => c.name === filter.field && c.containsIndexed))
}

const qualified = new WeakMap<EntityDef, string[]>()

/** The public columns as a page selects them, by table: the same for every request. */
function publicColumnsOf(entity: EntityDef): string[] {
  let columns = qualified.get(entity)
  if (!columns) qualified.set(entity, (columns = publicColumns(entity).map((c) => `${entity.table}.${c}`)))
  return columns
}

/**
 * The records a generic list answers for this request, before sorting and paging: the
 * list endpoint's scope, fixed values and "mine", and the filters the query sets. A download
 * that exports the list ("exports") passes that list's endpoint to answer the same rows.
 */
export function listedRows(ctx: HandlerContext, entity: EntityDef, endpoint: EndpointDef = ctx.endpoint, opts: { searchIndexes: boolean } = { searchIndexes: true }): SchemaSelect {
  return withTerms(scopedRows(ctx, entity, endpoint), filterTerms(ctx, entity, endpoint, opts))
}

/** The endpoint's records for this caller, before the query's filters. */
function scopedRows(ctx: HandlerContext, entity: EntityDef, endpoint: EndpointDef): SchemaSelect {
  const db = asSchemaDb(ctx.services.db)
  // "mine": the caller's own records only, even for an admin who may see everyone's.
  // "usable" (a picker's question): the caller's own records and those shared with it, whatever its role.
  return endpoint.mine
    ? withFixed(endpoint, db.selectFrom(entity.table).where(`${entity.table}.${entity.owner!}`, '=', requireCaller(ctx).id), entity)
    : entity.shared && ctx.query.usable === true
      ? withFixed(endpoint, withScope(db.selectFrom(entity.table), ctx.services.registry, entity, ctx.caller, 'usable'), entity)
      : ofEndpoint(ctx, db.selectFrom(entity.table), entity, endpoint, true)
}

/**
 * A query of this endpoint's records narrowed by `terms` and finished by `finish`, compiled
 * once per shape: the terms' values and `extra` are bound, all else is in the key, so a
 * request of a shape already seen only puts its values in (db/query-templates.ts). A shape
 * whose SQL depends on a value (a search index's query) is built every time.
 */
function templated(
  ctx: HandlerContext,
  kind: string,
  terms: readonly Term[],
  extra: readonly unknown[],
  finish: (query: SchemaSelect, extra: readonly unknown[]) => Compilable,
  entity: EntityDef,
): FilledQuery {
  const own = termValues(terms)
  const values = [...own, ...extra]
  const build = (vals: readonly unknown[]) => finish(withTerms(scopedRows(ctx, entity, ctx.endpoint), terms, vals.slice(0, own.length)), vals.slice(own.length))
  const shape = termsShape(terms)
  if (shape === undefined) return build(values).compile()
  const key = `${kind}|${ctx.endpoint.id}|${entity.table}|${callerKey(ctx.caller)}|${unslotted(ctx)}|${shape}`
  return queryTemplates(ctx.services.db, ctx.services.config.validateResponses).fill(key, values, build)
}

/**
 * The list's count (`terms` on `entity`): summed from the entity's x-tally when the endpoint
 * and the query narrow only by owner scope and tallied fields, counted row by row otherwise.
 * With `stop`, no further than one row past its limit, in the list's order as the page reads
 * them: a text matching many rows finds that many soon, where an index in the order of the
 * searched field itself may keep them together far along (every host starting "shop").
 */
async function countOf(ctx: HandlerContext, entity: EntityDef, terms: readonly Term[], reads: DirectReads, stop?: { limit: number; sortField: string; order: 'asc' | 'desc' }): Promise<number> {
  let counted
  if (answersFromTally(ctx, entity, ctx.endpoint)) {
    // The tally table has the owner and tallied columns under their own names, so the same scope and filters apply to it.
    const tally: EntityDef = { ...entity, table: tallyTable(entity) }
    const tallyTerms = filterTerms(ctx, tally, ctx.endpoint, { searchIndexes: true })
    counted = templated(ctx, 'tally', tallyTerms, [], (query) => query.select(sql<number>`coalesce(sum(n), 0)`.as('total')), tally)
  } else if (stop) {
    const { limit, sortField, order } = stop
    counted = templated(ctx, `count to ${limit} ${sortField} ${order}`, terms, [], (query) => {
      let matches = query.select(sql<number>`1`.as('one')).orderBy(`${entity.table}.${sortField}`, order)
      if (sortField !== 'id') matches = matches.orderBy(`${entity.table}.id`, order)
      return asSchemaDb(ctx.services.db).selectFrom(matches.limit(limit + 1).as('matches')).select((eb) => eb.fn.countAll().as('total'))
    }, entity)
  } else {
    counted = templated(ctx, 'count', terms, [], (query) => (query as SelectQueryBuilder<SchemaTables, string, object>).select((eb) => eb.fn.countAll().as('total')), entity)
  }
  const [row] = await reads.rows(counted.sql, counted.parameters)
  return Number(row?.total ?? 0)
}

/**
 * The query's values that terms and paging do not bind (sort, order, usable, anything an
 * endpoint adds): part of a template's key, so a template is never reused for another of them.
 */
function unslotted(ctx: HandlerContext): string {
  const bound = boundParameters(ctx.endpoint)
  const unbound: string[] = []
  for (const key in ctx.query) if (!bound.has(key)) unbound.push(key)
  // Sorted, so the same values in another order are one key.
  return unbound.length === 0 ? '' : unbound.sort().map((key) => `${key}=${JSON.stringify(ctx.query[key])}`).join('&')
}

const bound = new WeakMap<EndpointDef, ReadonlySet<string>>()

/** The query parameters whose values go into a list's SQL as bound values: filters, page and limit. */
function boundParameters(endpoint: EndpointDef): ReadonlySet<string> {
  let names = bound.get(endpoint)
  if (!names) {
    const filters = endpoint.list!.filters.flatMap((f) => (f.match === 'range' ? [`${f.field}_from`, `${f.field}_to`] : f.match === 'in' ? [`${f.field}_in`] : [f.field]))
    bound.set(endpoint, (names = new Set(['page', 'limit', ...filters])))
  }
  return names
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
