import { sql, type Expression, type SqlBool } from 'kysely'
import type { Db, Dialect } from '../db/connect'
import type { EntityTables } from '../../generated/database'
import { escapeLike, startsWith } from '../db/starts-with'
import { containsJoin } from '../db/contains-index'

/** One account as the relation tree shows it. */
export interface TreeNode {
  id: number
  username: string
  name: string
  mobile: string
  user_type: number
  status: number
  parent_id: number | null
  child_count: number
}

/** A node with its materialised ancestor path (/1/5/12/), which the tree never sends. */
export interface TreeRow extends Omit<TreeNode, 'child_count'> {
  path: string
}

const COLUMNS = ['id', 'username', 'name', 'mobile', 'user_type', 'status', 'parent_id', 'path'] as const

/** A keyword that can only be (the start of) a phone number or a numeric username. */
const PHONE_LIKE = /^[0-9+\- ]+$/

/** The account, or undefined. */
export async function findTreeRow(db: Db, table: EntityTables['user'], id: number): Promise<TreeRow | undefined> {
  const row = await db.selectFrom(table).select([...COLUMNS]).where('id', '=', id).executeTakeFirst()
  return row ? toTreeRow(row) : undefined
}

/**
 * Direct children of `parentId` (null: the top-level accounts) after `afterId`, by id, at
 * most `limit`. Keyset paging walks the parent_id index (SQLite keeps the rowid in it), so
 * the thousandth page of a partner with 50,000 merchants costs what the first does.
 */
export async function findTreeChildren(db: Db, table: EntityTables['user'], parentId: number | null, afterId: number, limit: number): Promise<{ rows: TreeRow[]; more: boolean }> {
  const rows = await db
    .selectFrom(table)
    .select([...COLUMNS])
    .where('parent_id', parentId === null ? 'is' : '=', parentId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit + 1)
    .execute()
  return { rows: rows.slice(0, limit).map(toTreeRow), more: rows.length > limit }
}

/** How many accounts are directly below `parentId` (null: how many top-level accounts there are). */
export async function countTreeChildren(db: Db, table: EntityTables['user'], parentId: number | null): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .where('parent_id', parentId === null ? 'is' : '=', parentId)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** Each node with how many accounts are directly below it, counted on the parent_id index in one query. */
export async function withChildCounts(db: Db, table: EntityTables['user'], rows: readonly TreeRow[]): Promise<TreeNode[]> {
  if (rows.length === 0) return []
  const counted = await db
    .selectFrom(table)
    .select(['parent_id', (eb) => eb.fn.countAll().as('n')])
    .where('parent_id', 'in', [...new Set(rows.map((r) => r.id))])
    .groupBy('parent_id')
    .execute()
  const counts = new Map(counted.map((c) => [Number(c.parent_id), Number(c.n)]))
  return rows.map(({ path: _path, ...node }) => ({ ...node, child_count: counts.get(node.id) ?? 0 }))
}

/** Accounts by id, in no particular order. */
export async function findTreeRows(db: Db, table: EntityTables['user'], ids: readonly number[]): Promise<TreeRow[]> {
  if (ids.length === 0) return []
  const rows = await db.selectFrom(table).select([...COLUMNS]).where('id', 'in', [...new Set(ids)]).execute()
  return rows.map(toTreeRow)
}

/**
 * Accounts matching `keyword`, within the subtree whose path starts with `withinPath` (every
 * account when it is undefined), at most `limit`, by id. Digits search the start of mobile
 * and username, each on its index (x-index "prefix"); anything else searches name and
 * username for the text, ignoring case: the name on its search index where it has one
 * (`nameIndexed`, x-index "contains"), the username by reading the rows in reach until the
 * limit is met.
 */
export async function searchTreeRows(
  db: Db,
  dialect: Dialect,
  table: EntityTables['user'],
  opts: { keyword: string; withinPath?: string; limit: number; nameIndexed: boolean },
): Promise<{ rows: TreeRow[]; more: boolean }> {
  const { keyword, withinPath, limit } = opts
  const scoped = () => {
    // Qualified: the name's search table, when joined, has a name of its own.
    const query = db.selectFrom(table).select(COLUMNS.map((c) => `${table}.${c}` as const))
    return withinPath === undefined ? query : query.where(startsWith(dialect, `${table}.path`, withinPath))
  }
  if (PHONE_LIKE.test(keyword)) {
    // One query per column, so each can use its own index: the first ids of each, merged, are the first ids of both.
    const found = await Promise.all(
      (['mobile', 'username'] as const).map((column) => scoped().where(startsWith(dialect, `${table}.${column}`, keyword)).orderBy(`${table}.id`).limit(limit + 1).execute()),
    )
    return firstById(found.flat(), limit)
  }
  const text = keyword.toLowerCase()
  const pattern = `%${escapeLike(text)}%`
  // Name and username apart too, so the name can be read from its index.
  const search = dialect === 'sqlite' && opts.nameIndexed ? containsJoin(table, 'name', text, 'search') : undefined
  const byName = await (search
    ? scoped().innerJoin(search.table, (join) => join.on(sql<SqlBool>`${search.rowid} = ${sql.ref(`${table}.id`)}`)).where(search.holds).orderBy(search.rowid)
    : scoped().where(contains(`${table}.name`, pattern)).orderBy(`${table}.id`)
  )
    .limit(limit + 1)
    .execute()
  // With more names than the limit, no username past the last of them can be among the first: the username's rows are read up to there only.
  const beyond = byName.length > limit ? byName[limit]!.id : undefined
  const usernames = scoped().where(contains(`${table}.username`, pattern))
  const byUsername = await (beyond === undefined ? usernames : usernames.where(`${table}.id`, '<', beyond)).orderBy(`${table}.id`).limit(limit + 1).execute()
  return firstById([...byName, ...byUsername], limit)
}

/** The first `limit` of rows found by several queries, each in id order: merged, without repeats. */
function firstById(found: Record<string, unknown>[], limit: number): { rows: TreeRow[]; more: boolean } {
  const byId = new Map(found.map((row) => [Number(row.id), row]))
  const merged = [...byId.keys()].sort((a, b) => a - b).map((id) => toTreeRow(byId.get(id)!))
  return { rows: merged.slice(0, limit), more: merged.length > limit }
}

/** SQLite's LIKE has no escape character unless it is named; PostgreSQL's is the same backslash. */
function contains(column: string, pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`
}

/** The ids a path names, from the top: /1/5/12/ → [1, 5, 12]. */
export function pathIds(path: string): number[] {
  return path.split('/').filter(Boolean).map(Number)
}

function toTreeRow(row: Record<string, unknown>): TreeRow {
  return {
    id: Number(row.id),
    username: String(row.username),
    name: String(row.name ?? ''),
    mobile: String(row.mobile ?? ''),
    user_type: Number(row.user_type),
    status: Number(row.status ?? 1),
    parent_id: row.parent_id === null || row.parent_id === undefined ? null : Number(row.parent_id),
    path: String(row.path),
  }
}
