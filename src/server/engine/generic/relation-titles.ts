import type { Column, EntityDef, Label } from '../../../schema/types'
import { ROLES, roleOfUserType } from '../../../schema/types'
import { AppError } from '../../errors/AppError'
import { accountEntity, accountsAbove, withScope } from '../../access/scope'
import type { SchemaDb } from '../../db/connect'
import type { RequestContext } from '../handler-context'
import { fieldLabel, entityLabel } from './labels'
import { directReads, type DirectReads } from '../../db/direct-reads'
import { queryTemplates } from '../../db/query-templates'
import { callerKey } from './caller-key'

// x-relation fields: the titles sent beside the ids, and the check that an id points at a
// record the caller can see.

/**
 * Each record gets `_titles`: for every x-relation field, the x-title of the record it points
 * to, with one query per field for the whole page. A record the caller may not see gives
 * null, as its existence is not the caller's to know, except an account above the caller
 * (who set up its account, topped it up, placed an order for it): see `aboveTitles`.
 */
export async function withTitles(ctx: RequestContext, db: SchemaDb, entity: EntityDef, records: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const relations = relationColumns(entity)
  if (relations.length === 0 || records.length === 0) return records
  const titles = await titleMaps(ctx, db, relations, records)
  return records.map((record) => ({ ...record, _titles: titlesOf(relations, titles, record) }))
}

/**
 * The same `_titles` set on records the request has just made and nobody else holds: a list's page
 * needs no copies. `visible`, when given, is what visibleTitleMaps read for them already.
 */
export async function addTitles(ctx: RequestContext, db: SchemaDb, entity: EntityDef, records: Record<string, unknown>[], visible?: Map<number, string>[]): Promise<void> {
  const relations = relationColumns(entity)
  if (relations.length === 0 || records.length === 0) return
  const titles = await titleMaps(ctx, db, relations, records, visible)
  for (const record of records) record._titles = titlesOf(relations, titles, record)
}

/**
 * For each relation field of `entity`, in order, the titles of the records the page points to
 * that the caller may see, read through `reads` alone: a list reads them on the connection its
 * count and page hold (db/direct-reads.ts), rather than taking one from the pool again. What
 * else a title needs (an account above the caller) waits for addTitles, which may read through
 * the pool.
 */
export async function visibleTitleMaps(ctx: RequestContext, db: SchemaDb, reads: DirectReads, entity: EntityDef, records: Record<string, unknown>[]): Promise<Map<number, string>[]> {
  const out: Map<number, string>[] = []
  if (records.length === 0) return out
  for (const column of relationColumns(entity)) out.push(await visibleTitleMap(ctx, db, reads, column, records))
  return out
}

async function visibleTitleMap(ctx: RequestContext, db: SchemaDb, reads: DirectReads, column: Column, records: Record<string, unknown>[]): Promise<Map<number, string>> {
  const target = ctx.services.registry.entities.get(column.relation!)!
  const ids = pointedIds(column, records)
  return new Map((ids.length === 0 ? [] : await visibleTitles(ctx, db, target, ids, reads)).map((row) => [Number(row.id), String(row.title)]))
}

function pointedIds(column: Column, records: Record<string, unknown>[]): number[] {
  return [...new Set(records.map((r) => r[column.name]).filter((id): id is number => typeof id === 'number'))]
}

const relationsOf = new WeakMap<EntityDef, Column[]>()

function relationColumns(entity: EntityDef): Column[] {
  let relations = relationsOf.get(entity)
  if (!relations) relationsOf.set(entity, (relations = entity.columns.filter((c) => c.relation && !c.private)))
  return relations
}

/** For each relation field, in order, the titles of the records the page points to by id; `visible` as visibleTitleMaps reads them, when read already. */
async function titleMaps(ctx: RequestContext, db: SchemaDb, relations: Column[], records: Record<string, unknown>[], visible?: Map<number, string>[]): Promise<Map<number, string>[]> {
  const out: Map<number, string>[] = []
  for (let i = 0; i < relations.length; i++) {
    const column = relations[i]!
    const target = ctx.services.registry.entities.get(column.relation!)!
    const found = visible?.[i] ?? (await visibleTitleMap(ctx, db, directReads(db), column, records))
    const hidden = pointedIds(column, records).filter((id) => !found.has(id))
    if (hidden.length > 0 && target === accountEntity(ctx.services.registry)) for (const [id, title] of await aboveTitles(ctx, db, target, hidden)) found.set(id, title)
    out.push(found)
  }
  return out
}

function titlesOf(relations: Column[], titles: Map<number, string>[], record: Record<string, unknown>): Record<string, string | null> {
  const out: Record<string, string | null> = {}
  for (let i = 0; i < relations.length; i++) out[relations[i]!.name] = titles[i]!.get(record[relations[i]!.name] as number) ?? null
  return out
}

/** How an account above the caller is named to it when the caller may not see that account. */
const ABOVE: Record<'platform' | 'upstream', Label> = {
  platform: { 'zh-CN': '平台', 'en-US': 'Platform' },
  upstream: { 'zh-CN': '上级', 'en-US': 'Upstream account' },
}

/**
 * Titles of the accounts among `ids` that sit above the caller in the hierarchy: the caller's
 * parent by its own title (the user-info page names it), an administrator as the platform, and
 * any other account further up as "upstream", without its name. Accounts elsewhere stay unnamed.
 */
async function aboveTitles(ctx: RequestContext, db: SchemaDb, accounts: EntityDef, ids: number[]): Promise<Map<number, string>> {
  if (!ctx.caller) return new Map()
  const above = accountsAbove(ctx.caller)
  // An administrator is the platform to everyone (its shared library reaches all), wherever it sits.
  const rows = (await db
    .selectFrom(accounts.table)
    .select(['id', 'user_type', `${accounts.title!} as title`])
    .where('id', 'in', ids)
    .where((eb) => eb.or([eb('user_type', '=', ROLES.indexOf('admin')), ...(above.length > 0 ? [eb('id', 'in', above)] : [])]))
    .execute()) as { id: unknown; user_type: unknown; title: unknown }[]
  const parent = above[above.length - 1]
  return new Map(
    rows.map((row) => {
      const id = Number(row.id)
      if (roleOfUserType(Number(row.user_type)) === 'admin') return [id, ABOVE.platform[ctx.locale]]
      return [id, id === parent ? String(row.title) : ABOVE.upstream[ctx.locale]]
    }),
  )
}

/** Compiled once per target, caller and number of ids (db/query-templates.ts); read through `reads` (`db`'s by default), so inside a transaction it sees that transaction. */
async function visibleTitles(ctx: RequestContext, db: SchemaDb, target: EntityDef, ids: number[], reads: DirectReads = directReads(db)): Promise<{ id: unknown; title: unknown }[]> {
  const key = `titles|${target.name}|${callerKey(ctx.caller)}|${ids.length}`
  const query = queryTemplates(ctx.services.db, ctx.services.config.validateResponses).fill(key, ids, (values) =>
    withScope(db.selectFrom(target.table), ctx.services.registry, target, ctx.caller)
      .select([`${target.table}.id as id`, `${target.table}.${target.title!} as title`])
      .where(`${target.table}.id`, 'in', values),
  )
  return (await reads.rows(query.sql, query.parameters)) as { id: unknown; title: unknown }[]
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
