import { createHash } from 'node:crypto'
import Fastify, { type FastifyInstance } from 'fastify'
import type SQLite from 'better-sqlite3'
import { COLUMNS, TOKEN, answer, listPage, listRequest, refusal, sessionSql, type SessionRow } from './baseline-list-request'

/**
 * The hand-written baseline: GET /api/v1/domain/list as one would write it without the
 * schemas, with better-sqlite3 prepared statements. It does the same work as the
 * generic route for the bench's requests (token check with the same join, admin only,
 * host contains and created_at range filters, count + page, the owners' usernames as
 * _titles, same envelope), and nothing
 * more, so the ratio measures what the generic layer costs.
 */
export function buildBaselineApp(db: SQLite.Database): FastifyInstance {
  const findSession = db.prepare<[string], SessionRow>(sessionSql('?'))
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

    const list = listRequest(request.query, () => '?')
    if (typeof list === 'string') return answer(reply, 200, 0, list)
    const { clause, params, limit, page } = list
    const { total } = prepared(`select count(*) as total from domain${clause}`).get(...params) as { total: number }
    const rows = prepared(`select ${COLUMNS} from domain${clause} order by id desc limit ? offset ?`).all(...params, limit, (page - 1) * limit) as { owner_id: number }[]
    // An admin may see every account, so the owners' names need no scope.
    const owners = [...new Set(rows.map((r) => r.owner_id))]
    const names = new Map<number, string>()
    if (owners.length > 0) {
      const found = prepared(`select id, username from account where id in (${owners.map(() => '?').join(', ')})`).all(...owners) as { id: number; username: string }[]
      for (const { id, username } of found) names.set(id, username)
    }
    return answer(reply, 200, 1, 'ok', listPage(list, total, rows, names))
  })
  return app
}
