import { createHash } from 'node:crypto'
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify'
import type SQLite from 'better-sqlite3'

/**
 * The hand-written baseline: GET /api/v1/domain/list as one would write it without the
 * schemas, with better-sqlite3 prepared statements. It does the same work as the
 * generic route for the bench's requests (token check with the same join, admin only,
 * host contains and created_at range filters, count + page, the owners' usernames as
 * _titles, same envelope), and nothing
 * more, so the ratio measures what the generic layer costs.
 */
export function buildBaselineApp(db: SQLite.Database): FastifyInstance {
  const findSession = db.prepare<[string], SessionRow>(
    `select s.id as session_id, s.expires_at, s.revoked_at, a.id, a.username, a.user_type, a.path, a.status
     from session as s inner join account as a on a.id = s.user_id where s.token_hash = ?`,
  )
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
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return answer(reply, 200, 50008, 'Invalid token.')
    const session = findSession.get(createHash('sha256').update(token).digest('hex'))
    if (!session) return answer(reply, 200, 50008, 'Invalid token.')
    if (session.revoked_at || session.status !== 1) return answer(reply, 200, 50012, 'Session revoked.')
    if (session.expires_at <= new Date().toISOString()) return answer(reply, 200, 50014, 'Session expired.')
    if (session.user_type !== 0) return answer(reply, 403, 0, 'Admins only.')

    const page = Number(request.query.page ?? 1)
    const limit = Math.min(Number(request.query.limit ?? 20), 100)
    if (!Number.isInteger(page) || page < 1 || !Number.isInteger(limit) || limit < 1) return answer(reply, 200, 0, 'page and limit must be whole numbers from 1.')
    const { host, created_at_from: from, created_at_to: to } = request.query
    const where: string[] = []
    const params: unknown[] = []
    if (host) {
      where.push(`lower(host) like ? escape '\\'`)
      params.push(`%${host.toLowerCase().replace(/[\\%_]/g, (c) => '\\' + c)}%`)
    }
    // A bare date means the whole day, as the console's date pickers send it.
    if (from) {
      where.push('created_at >= ?')
      params.push(/^\d{4}-\d{2}-\d{2}$/.test(from) ? `${from}T00:00:00.000Z` : from)
    }
    if (to) {
      where.push('created_at <= ?')
      params.push(/^\d{4}-\d{2}-\d{2}$/.test(to) ? `${to}T23:59:59.999Z` : to)
    }
    const clause = where.length ? ` where ${where.join(' and ')}` : ''
    const { total } = prepared(`select count(*) as total from domain${clause}`).get(...params) as { total: number }
    const rows = prepared(`select ${COLUMNS} from domain${clause} order by id desc limit ? offset ?`).all(...params, limit, (page - 1) * limit) as { owner_id: number }[]
    // An admin may see every account, so the owners' names need no scope.
    const owners = [...new Set(rows.map((r) => r.owner_id))]
    const names = new Map<number, string>()
    if (owners.length > 0) {
      const found = prepared(`select id, username from account where id in (${owners.map(() => '?').join(', ')})`).all(...owners) as { id: number; username: string }[]
      for (const { id, username } of found) names.set(id, username)
    }
    const data = rows.map((r) => ({ ...r, _titles: { owner_id: names.get(r.owner_id) ?? null } }))
    return answer(reply, 200, 1, 'ok', { total, per_page: limit, current_page: page, last_page: Math.max(1, Math.ceil(total / limit)), data })
  })
  return app
}

interface SessionRow {
  expires_at: string
  revoked_at: string | null
  user_type: number
  status: number
}

/** In the order the generic route answers them, so the two bodies compare byte for byte. */
const COLUMNS = 'id, host, name, logo, copyright, icp_record_number, police_record, police_record_number, money_name, is_default, owner_id, created_at, updated_at'

function answer(reply: FastifyReply, status: number, code: number, msg: string, data: unknown = null) {
  return reply.status(status).send({ code, msg, time: Math.floor(Date.now() / 1000), data })
}
