import { sql, type RawBuilder } from 'kysely'
import type { SchemaSelect } from '../../db/connect'
import type { Column, EndpointDef, EntityDef } from '../../../schema/types'
import { recordToRow, toStored } from '../../db/records'
import { containsSubquery, idsIn } from '../../db/contains-index'
import type { HandlerContext } from '../handler-context'

/**
 * The conditions a list request's filters set, apart from the query they narrow: what a
 * filter compares and the values it binds. Kept apart, the values of one request can be put
 * into a query compiled for an earlier one of the same shape (db/query-templates.ts).
 */
export type Term =
  | { kind: 'compare'; column: string; op: '=' | '>=' | '<='; values: [unknown] }
  | { kind: 'in'; column: string; values: unknown[] }
  | { kind: 'like'; column: string; values: [string] }
  /** Rows found through the column's search index (db/contains-index.ts): its SQL is the index's, built per request. */
  | { kind: 'search'; column: string; subquery: RawBuilder<number>; values: [] }
  /** Rows among ids a search found already, bound as one JSON array however many (db/contains-index.ts idsIn). */
  | { kind: 'ids'; column: string; values: [string] }

/** The terms the query's filters set, in the endpoint's filter order. */
export function filterTerms(ctx: HandlerContext, entity: EntityDef, endpoint: EndpointDef, opts: { searchIndexes: boolean }): Term[] {
  const q = ctx.query
  const terms: Term[] = []
  for (const filter of endpoint.list!.filters) {
    const column = `${entity.table}.${filter.field}`
    const stored = entity.columns.find((c) => c.name === filter.field)!
    if (filter.match === 'in') {
      const values = q[`${filter.field}_in`]
      if (values !== undefined) terms.push({ kind: 'in', column, values: String(values).split(',') })
    } else if (filter.match === 'range') {
      const from = q[`${filter.field}_from`]
      const to = q[`${filter.field}_to`]
      if (from !== undefined) terms.push({ kind: 'compare', column, op: '>=', values: [rangeBound(from, 'from', stored)] })
      if (to !== undefined) terms.push({ kind: 'compare', column, op: '<=', values: [rangeBound(to, 'to', stored)] })
    } else if (q[filter.field] !== undefined) {
      const value = q[filter.field]
      if (filter.match === 'contains') {
        const text = String(value).toLowerCase()
        const searched = opts.searchIndexes && stored.containsIndexed && ctx.services.dialect === 'sqlite' ? containsSubquery(entity.table, filter.field, text) : undefined
        terms.push(searched ? { kind: 'search', column: `${entity.table}.id`, subquery: searched, values: [] } : { kind: 'like', column, values: [`%${escapeLike(text)}%`] })
      } else {
        terms.push({ kind: 'compare', column, op: '=', values: [recordToRow(entity, { [filter.field]: value })[filter.field]] })
      }
    }
  }
  return terms
}

/** `query` narrowed by `terms`, their values taken in order from `values` (the terms' own, or stand-ins for them). */
export function withTerms(query: SchemaSelect, terms: readonly Term[], values: readonly unknown[] = termValues(terms)): SchemaSelect {
  let next = 0
  let out = query
  for (const term of terms) {
    const taken = values.slice(next, (next += term.values.length))
    if (term.kind === 'compare') out = out.where(term.column, term.op, taken[0])
    else if (term.kind === 'in') out = out.where(term.column, 'in', taken)
    else if (term.kind === 'like') out = out.where(sql<boolean>`lower(${sql.ref(term.column)}) like ${taken[0]} escape '\\'`)
    else if (term.kind === 'ids') out = out.where(sql<boolean>`${sql.ref(term.column)} in (${idsIn(taken[0])})`)
    else out = out.where(sql<boolean>`${sql.ref(term.column)} in (${term.subquery})`)
  }
  return out
}

/** Every value the terms bind, in order. */
export function termValues(terms: readonly Term[]): unknown[] {
  return terms.flatMap((term) => term.values)
}

/**
 * What the SQL of the terms depends on besides their values, or undefined where it depends
 * on the values themselves (a search index's query is built from its text).
 */
export function termsShape(terms: readonly Term[]): string | undefined {
  let shape = ''
  for (const term of terms) {
    if (term.kind === 'search') return undefined
    shape += `${term.kind} ${term.column} ${term.kind === 'compare' ? term.op : term.values.length};`
  }
  return shape
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
