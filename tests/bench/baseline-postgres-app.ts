import { createHash } from 'node:crypto'
import Fastify, { type FastifyInstance } from 'fastify'
import type pg from 'pg'
import { COLUMNS, TOKEN, answer, countSql, listPage, listRequest, listWhere, refusal, sessionSql, type SessionRow } from './baseline-list-request'

/**
 * The hand-written baseline on PostgreSQL: the same route as baseline-app.ts, running the
 * statements the generic route runs on PostgreSQL, through a pg pool with named prepared
 * statements (each SQL text is parsed and planned once per connection), as one would write it
 * for PostgreSQL by hand. A host search has no probe here: its trigram index serves the
 * table's own `lower(host) like`, so it counts the matches in the list's order no further than
 * one past `searchCountLimit` (total_is_at_least past it) and pages them.
 */
export function buildBaselinePostgresApp(pool: pg.Pool, opts: { searchCountLimit: number }): FastifyInstance {
  const names = new Map<string, string>()
  const run = async <Row>(text: string, values: unknown[]): Promise<Row[]> => {
    let name = names.get(text)
    if (!name) names.set(text, (name = `baseline_${names.size}`))
    return (await pool.query({ name, text, values })).rows as Row[]
  }
  const session = sessionSql('$1')

  const app = Fastify({ logger: false })
  app.get<{ Querystring: Record<string, string | undefined> }>('/api/v1/domain/list', async (request, reply) => {
    const token = request.headers.token
    if (typeof token !== 'string' || token === '') return answer(reply, 401, 0, 'Sign in first.')
    if (!TOKEN.test(token)) return answer(reply, 200, 50008, 'Invalid token.')
    const [found] = await run<SessionRow>(session, [createHash('sha256').update(token).digest('hex')])
    const refused = refusal(reply, found)
    if (refused) return refused

    const list = listRequest(request.query)
    if (typeof list === 'string') return answer(reply, 200, 0, list)
    const { limit, page } = list
    const countLimit = list.host !== undefined ? opts.searchCountLimit : undefined
    const { clause, params } = listWhere(list, (n) => `$${n}`)
    const next = params.length
    // count(*) is a bigint, which pg answers as a string.
    const [counted] = countLimit === undefined ? await run<{ total: string }>(countSql({ clause, params }, undefined), params) : await run<{ total: string }>(countSql({ clause, params }, `$${next + 1}`), [...params, countLimit + 1])
    const total = Number(counted!.total)
    const rows = await run<{ owner_id: number }>(`select ${COLUMNS} from domain${clause} order by id desc limit $${next + 1} offset $${next + 2}`, [...params, limit, (page - 1) * limit])
    // An admin may see every account, so the owners' names need no scope.
    const owners = [...new Set(rows.map((r) => r.owner_id))]
    const usernames = new Map<number, string>()
    if (owners.length > 0) {
      const marks = owners.map((_, i) => `$${i + 1}`).join(', ')
      for (const { id, username } of await run<{ id: number; username: string }>(`select id, username from account where id in (${marks})`, owners)) usernames.set(id, username)
    }
    return answer(reply, 200, 1, 'ok', listPage(list, total, countLimit, rows, usernames))
  })
  return app
}
