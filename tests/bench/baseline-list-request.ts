import type { FastifyReply } from 'fastify'

/**
 * What both hand-written baselines (SQLite and PostgreSQL) read from a list request and
 * how they answer, written once so the two differ only in how they reach their database.
 */

/** In the order the generic route answers them, so the bodies compare byte for byte. */
export const COLUMNS = 'id, host, name, logo, copyright, icp_record_number, police_record, police_record_number, money_name, allow_register, is_default, owner_id, created_at, updated_at'

/**
 * Matches of a host search read from its search index (SQLite) before the count and the page
 * read the table in the list's order instead: the generic route's DENSE_MATCHES
 * (src/server/engine/generic/list-query.ts), which the baseline must follow to run the same statements.
 */
export const DENSE_MATCHES = 1000

export interface SessionRow {
  expires_at: string
  revoked_at: string | null
  user_type: number
  status: number
}

export interface ListRequest {
  page: number
  limit: number
  /** The host searched for by any part, lower-cased, or undefined. */
  host: string | undefined
  /** created_at bounds, whole days widened as the generic route widens them. */
  from: string | undefined
  to: string | undefined
}

/** Where clause and values: " where …" or "". */
export interface ListWhere {
  clause: string
  params: unknown[]
}

/** The session join both baselines run, with `mark` as the token hash's placeholder: the generic route's columns, as it reads them. */
export function sessionSql(mark: string): string {
  return `select s.id as session_id, s.expires_at, s.revoked_at, s.opener_session_id, a.id, a.username, a.user_type, a.path, a.status
     from session as s inner join account as a on a.id = s.user_id where s.token_hash = ${mark}`
}

/** The answer for a session that may not list domains, or undefined for an admin's live one. */
export function refusal(reply: FastifyReply, session: SessionRow | undefined): FastifyReply | undefined {
  if (!session) return answer(reply, 200, 50008, 'Invalid token.')
  if (session.revoked_at || session.status !== 1) return answer(reply, 200, 50012, 'Session revoked.')
  if (session.expires_at <= new Date().toISOString()) return answer(reply, 200, 50014, 'Session expired.')
  if (session.user_type !== 0) return answer(reply, 403, 0, 'Admins only.')
  return undefined
}

export const TOKEN = /^[A-Za-z0-9_-]{43}$/

/** Page, limit and the filters the bench sends; a string is the refusal's message. */
export function listRequest(query: Record<string, string | undefined>): ListRequest | string {
  const page = Number(query.page ?? 1)
  const limit = Math.min(Number(query.limit ?? 20), 100)
  if (!Number.isInteger(page) || page < 1 || !Number.isInteger(limit) || limit < 1) return 'page and limit must be whole numbers from 1.'
  const { host, created_at_from: from, created_at_to: to } = query
  // A bare date means the whole day, as the console's date pickers send it.
  return {
    page,
    limit,
    host: host === undefined ? undefined : host.toLowerCase(),
    from: from === undefined ? undefined : /^\d{4}-\d{2}-\d{2}$/.test(from) ? `${from}T00:00:00.000Z` : from,
    to: to === undefined ? undefined : /^\d{4}-\d{2}-\d{2}$/.test(to) ? `${to}T23:59:59.999Z` : to,
  }
}

/**
 * Whether SQLite's search index can answer a host search: FTS5 drops its index for a LIKE with
 * an ESCAPE clause, so a text holding %, _ or \ is searched row by row (as src/server/db/contains-index.ts).
 */
export function indexAnswers(host: string): boolean {
  return !/[%_\\]/.test(host)
}

/**
 * The request's conditions, with `mark(n)` the n-th (1-based) placeholder. With `hostIds`, the
 * host search is those ids (the few its index found, bound as one JSON value) rather than a LIKE.
 */
export function listWhere(request: ListRequest, mark: (n: number) => string, hostIds?: readonly number[]): ListWhere {
  const where: string[] = []
  const params: unknown[] = []
  if (request.host !== undefined) {
    if (hostIds) {
      params.push(JSON.stringify(hostIds))
      where.push(`id in (select value from json_each(${mark(params.length)}))`)
    } else {
      params.push(`%${request.host.replace(/[\\%_]/g, (c) => '\\' + c)}%`)
      where.push(`lower(host) like ${mark(params.length)} escape '\\'`)
    }
  }
  if (request.from !== undefined) {
    params.push(request.from)
    where.push(`created_at >= ${mark(params.length)}`)
  }
  if (request.to !== undefined) {
    params.push(request.to)
    where.push(`created_at <= ${mark(params.length)}`)
  }
  return { clause: where.length ? ` where ${where.join(' and ')}` : '', params }
}

/**
 * The count's SQL: with `stopAt` (a host search read through the table), no further than one row
 * past it, in the list's order, with `mark` the placeholder of that bound.
 */
export function countSql(where: ListWhere, stopAt: string | undefined): string {
  return stopAt === undefined
    ? `select count(*) as total from domain${where.clause}`
    : `select count(*) as total from (select 1 as one from domain${where.clause} order by id desc limit ${stopAt}) as matches`
}

/**
 * The page's rows with their owners' usernames as _titles, in the envelope's data. `countLimit`:
 * where the count stopped (a host search read through the table), and the total is then at least
 * that, the last page as far as the count went or one past a full page; a page short of full
 * past it ends the matches, so its total is known.
 */
export function listPage(request: ListRequest, counted: number, countLimit: number | undefined, rows: { owner_id: number }[], names: Map<number, string>) {
  const { page, limit } = request
  const data = rows.map((r) => ({ ...r, _titles: { owner_id: names.get(r.owner_id) ?? null } }))
  const paged = { per_page: limit, current_page: page }
  if (countLimit === undefined || counted <= countLimit) return { total: counted, ...paged, last_page: Math.max(1, Math.ceil(counted / limit)), data }
  if (rows.length > 0 && rows.length < limit && (page - 1) * limit + rows.length > countLimit) return { total: (page - 1) * limit + rows.length, ...paged, last_page: page, data }
  return { total: countLimit, total_is_at_least: true, ...paged, last_page: Math.max(Math.ceil(counted / limit), rows.length === limit ? page + 1 : 1), data }
}

export function answer(reply: FastifyReply, status: number, code: number, msg: string, data: unknown = null) {
  return reply.status(status).send({ code, msg, time: Math.floor(Date.now() / 1000), data })
}
