import { createHash } from 'node:crypto'
import Fastify, { type FastifyInstance } from 'fastify'
import type SQLite from 'better-sqlite3'
import { COLUMNS, DENSE_MATCHES, TOKEN, answer, countSql, indexAnswers, listPage, listRequest, listWhere, refusal, sessionSql, type SessionRow } from './baseline-list-request'

/**
 * The hand-written baseline: GET /api/v1/domain/list as one would write it without the
 * schemas, with better-sqlite3 prepared statements. It runs the statements the generic
 * route runs for the bench's requests, and nothing more, so the ratio measures what the
 * generic layer costs: the token's session with the same join, admin only; a host search
 * first reads up to DENSE_MATCHES ids from the host's search index (FTS5 trigram table),
 * then, when it found fewer, counts and pages those ids, or else counts the table's matches
 * in the list's order no further than one past `searchCountLimit` (total_is_at_least past
 * it) and pages them; a created_at range counts and pages on its index; the owners'
 * usernames as _titles; the same envelope.
 */
export function buildBaselineApp(db: SQLite.Database, opts: { searchCountLimit: number }): FastifyInstance {
  const findSession = db.prepare<[string], SessionRow>(sessionSql('?'))
  const searchHosts = db.prepare<[string, number], number>('select rowid from domain__host_search where host like ? limit ?').pluck()
  // Each distinct SQL text is prepared once, as a hand-written repository keeps its statements.
  const statements = new Map<string, SQLite.Statement>()
  const prepared = (text: string): SQLite.Statement => {
    let statement = statements.get(text)
    if (!statement) statements.set(text, (statement = db.prepare(text)))
    return statement
  }

  const app = Fastify({ logger: false })
  app.get<{ Querystring: Record<string, string | undefined> }>('/api/v1/domain/list', async (request, reply) => {
    const token = request.headers.token
    if (typeof token !== 'string' || token === '') return answer(reply, 401, 0, 'Sign in first.')
    if (!TOKEN.test(token)) return answer(reply, 200, 50008, 'Invalid token.')
    const refused = refusal(reply, findSession.get(createHash('sha256').update(token).digest('hex')))
    if (refused) return refused

    const list = listRequest(request.query)
    if (typeof list === 'string') return answer(reply, 200, 0, list)
    const { limit, page, host } = list
    let hostIds: number[] | undefined
    if (host !== undefined && indexAnswers(host)) {
      const found = searchHosts.all(`%${host}%`, DENSE_MATCHES)
      if (found.length < DENSE_MATCHES) hostIds = found
    }
    // A search read through the table stops counting past the limit; one narrowed to its few ids counts them all.
    const countLimit = host !== undefined && !hostIds ? opts.searchCountLimit : undefined
    const where = listWhere(list, () => '?', hostIds)
    const count = prepared(countSql(where, countLimit === undefined ? undefined : '?'))
    const { total } = count.get(...where.params, ...(countLimit === undefined ? [] : [countLimit + 1])) as { total: number }
    const rows = prepared(`select ${COLUMNS} from domain${where.clause} order by id desc limit ? offset ?`).all(...where.params, limit, (page - 1) * limit) as { owner_id: number }[]
    // An admin may see every account, so the owners' names need no scope.
    const owners = [...new Set(rows.map((r) => r.owner_id))]
    const names = new Map<number, string>()
    if (owners.length > 0) {
      const found = prepared(`select id, username from account where id in (${owners.map(() => '?').join(', ')})`).all(...owners) as { id: number; username: string }[]
      for (const { id, username } of found) names.set(id, username)
    }
    return answer(reply, 200, 1, 'ok', listPage(list, total, countLimit, rows, names))
  })
  return app
}
