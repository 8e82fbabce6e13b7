import { AppError } from '../errors/AppError'
import type { Caller } from '../access/caller'
import { tableOf } from '../db/table-of'
import {
  countTreeChildren,
  findTreeChildren,
  findTreeRow,
  findTreeRows,
  pathIds,
  searchTreeRows,
  withChildCounts,
  type TreeRow,
} from './account-tree'
import { namedHandler, requireCaller, type RequestContext } from '../engine/handler-context'

/**
 * The relation tree (/promotion/tree). DESIGN §4 scoping: an admin's roots are the
 * top-level accounts and it reaches every account; anyone else's root is itself and it
 * reaches only its own subtree. A node out of reach answers exactly as a missing one.
 */

/** The children of one node, or the caller's roots, a page at a time. */
const children = namedHandler(['provider_service/tree_children'], {
  async run(ctx) {
    const caller = requireCaller(ctx)
    const { db } = ctx.services
    const table = tableOf(ctx.services, 'user')
    const afterId = ctx.query.after_id ?? 0
    const limit = ctx.query.limit ?? 100
    if (ctx.query.parent_id === undefined && caller.role !== 'admin') {
      const self = (await findTreeRow(db, table, caller.id))!
      return { list: self.id > afterId ? await withChildCounts(db, table, [self]) : [], total: 1, more: false }
    }
    let parentId: number | null = null
    if (ctx.query.parent_id !== undefined) {
      parentId = ctx.query.parent_id
      const parent = await findTreeRow(db, table, parentId)
      if (!parent || !reaches(caller, parent)) throw notFound(ctx, parentId)
    }
    const page = await findTreeChildren(db, table, parentId, afterId, limit)
    return { list: await withChildCounts(db, table, page.rows), total: await countTreeChildren(db, table, parentId), more: page.more }
  },
})

/** Accounts in reach matching a keyword, each with the way down to it from the caller's root. */
const search = namedHandler(['provider_service/tree_search'], {
  async run(ctx) {
    const caller = requireCaller(ctx)
    const { db, dialect } = ctx.services
    const table = tableOf(ctx.services, 'user')
    const found = await searchTreeRows(db, dialect, table, {
      keyword: ctx.query.keyword.trim(),
      withinPath: caller.role === 'admin' ? undefined : caller.path,
      limit: ctx.query.limit ?? 20,
      nameIndexed: ctx.services.registry.entities.get('user')!.columns.some((c) => c.name === 'name' && c.containsIndexed),
    })
    const ancestorIds = new Map(found.rows.map((row) => [row.id, ancestorsFromRoot(caller, row)]))
    const ancestors = await findTreeRows(db, table, [...ancestorIds.values()].flat())
    const counted = await withChildCounts(db, table, [...found.rows, ...ancestors])
    const matches = counted.slice(0, found.rows.length)
    return {
      list: matches.map((node) => ({ ...node, ancestor_ids: ancestorIds.get(node.id)! })),
      ancestors: counted.slice(found.rows.length),
      more: found.more,
    }
  },
})

/** An admin reaches every account; anyone else itself and the accounts below it. */
function reaches(caller: Caller, row: TreeRow): boolean {
  return caller.role === 'admin' || row.path.startsWith(caller.path)
}

/** The ids from the caller's root down to the row's parent: all of its path for an admin, from the caller on for anyone else. */
function ancestorsFromRoot(caller: Caller, row: TreeRow): number[] {
  const above = pathIds(row.path).slice(0, -1)
  if (caller.role === 'admin') return above
  const from = above.indexOf(caller.id)
  return from === -1 ? [] : above.slice(from)
}

function notFound(ctx: RequestContext, id: number): AppError {
  return new AppError('RECORD_NOT_FOUND', { entity: ctx.services.registry.entities.get('user')!.label?.[ctx.locale] ?? 'Account', id })
}

export const treeHandlers = {
  'tree.children': children,
  'tree.search': search,
}
