import type { FastifyReply } from 'fastify'

/**
 * What both hand-written baselines (SQLite and PostgreSQL) read from a list request and
 * how they answer, written once so the two differ only in how they reach their database.
 */

/** In the order the generic route answers them, so the bodies compare byte for byte. */
export const COLUMNS = 'id, host, name, logo, copyright, icp_record_number, police_record, police_record_number, money_name, allow_register, is_default, owner_id, created_at, updated_at'

export interface SessionRow {
  expires_at: string
  revoked_at: string | null
  user_type: number
  status: number
}

export interface ListRequest {
  page: number
  limit: number
  /** " where …" or "". */
  clause: string
  params: unknown[]
}

/** The session join both baselines run, with `mark` as the token hash's placeholder. */
export function sessionSql(mark: string): string {
  return `select s.id as session_id, s.expires_at, s.revoked_at, a.id, a.username, a.user_type, a.path, a.status
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

/** Page, limit and the filters the bench sends, with `mark(n)` the n-th (1-based) placeholder; a string is the refusal's message. */
export function listRequest(query: Record<string, string | undefined>, mark: (n: number) => string): ListRequest | string {
  const page = Number(query.page ?? 1)
  const limit = Math.min(Number(query.limit ?? 20), 100)
  if (!Number.isInteger(page) || page < 1 || !Number.isInteger(limit) || limit < 1) return 'page and limit must be whole numbers from 1.'
  const { host, created_at_from: from, created_at_to: to } = query
  const where: string[] = []
  const params: unknown[] = []
  if (host) {
    params.push(`%${host.toLowerCase().replace(/[\\%_]/g, (c) => '\\' + c)}%`)
    where.push(`lower(host) like ${mark(params.length)} escape '\\'`)
  }
  // A bare date means the whole day, as the console's date pickers send it.
  if (from) {
    params.push(/^\d{4}-\d{2}-\d{2}$/.test(from) ? `${from}T00:00:00.000Z` : from)
    where.push(`created_at >= ${mark(params.length)}`)
  }
  if (to) {
    params.push(/^\d{4}-\d{2}-\d{2}$/.test(to) ? `${to}T23:59:59.999Z` : to)
    where.push(`created_at <= ${mark(params.length)}`)
  }
  return { page, limit, clause: where.length ? ` where ${where.join(' and ')}` : '', params }
}

/** The page's rows with their owners' usernames as _titles, in the envelope's data. */
export function listPage(request: ListRequest, total: number, rows: { owner_id: number }[], names: Map<number, string>) {
  const data = rows.map((r) => ({ ...r, _titles: { owner_id: names.get(r.owner_id) ?? null } }))
  return { total, per_page: request.limit, current_page: request.page, last_page: Math.max(1, Math.ceil(total / request.limit)), data }
}

export function answer(reply: FastifyReply, status: number, code: number, msg: string, data: unknown = null) {
  return reply.status(status).send({ code, msg, time: Math.floor(Date.now() / 1000), data })
}
