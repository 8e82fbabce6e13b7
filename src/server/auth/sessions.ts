import type { CompiledQuery } from 'kysely'
import type { Services } from '../services'
import { tableOf } from '../services'
import { AppError } from '../errors/AppError'
import { roleOfUserType } from '../../schema/types'
import type { Caller } from '../access/caller'
import { hashToken, isWellFormedToken, newToken } from './token'

export type RevokeReason = 'logout' | 'password_changed' | 'account_disabled'

/** Open a session for an account; the token is returned once and only its hash is kept. */
export async function createSession(
  services: Services,
  userId: number,
  meta: { ip: string; userAgent: string; overstepBy?: number },
): Promise<{ token: string; expiresAt: string }> {
  const token = newToken()
  const now = services.now()
  const expiresAt = new Date(now.getTime() + services.config.sessionTtlHours * 3600_000).toISOString()
  await services.db
    .insertInto(tableOf(services, 'session'))
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      expires_at: expiresAt,
      overstep_by: meta.overstepBy ?? null,
      ip: meta.ip.slice(0, 64),
      user_agent: meta.userAgent.slice(0, 512),
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .execute()
  return { token, expiresAt }
}

/**
 * The caller a token belongs to, or the AppError spec §8 expects: no token 401,
 * unknown or malformed 50008, revoked or account disabled 50012, expired 50014.
 */
export async function authenticate(services: Services, token: string | undefined): Promise<Caller> {
  if (!token) throw new AppError('AUTH_REQUIRED')
  if (!isWellFormedToken(token)) throw new AppError('AUTH_TOKEN_INVALID')
  const query = sessionLookup(services)
  const { rows } = await services.db.executeQuery<SessionRow>({ ...query, parameters: [hashToken(token)] })
  const row = rows[0]
  if (!row) throw new AppError('AUTH_TOKEN_INVALID')
  if (row.revoked_at) throw new AppError('AUTH_SESSION_REVOKED')
  if (Number(row.status) !== 1) {
    await revokeSessions(services, { userId: Number(row.id) }, 'account_disabled')
    throw new AppError('AUTH_SESSION_REVOKED')
  }
  if (String(row.expires_at) <= services.now().toISOString()) throw new AppError('AUTH_SESSION_EXPIRED')
  const userType = Number(row.user_type)
  const role = roleOfUserType(userType)
  if (!role) throw new AppError('AUTH_TOKEN_INVALID')
  return { id: Number(row.id), username: String(row.username), role, userType, path: String(row.path), sessionId: Number(row.session_id) }
}

interface SessionRow {
  session_id: number
  expires_at: string
  revoked_at: string | null
  id: number
  username: string
  user_type: number
  path: string
  status: number
}

// Every authenticated request runs this one query; building it once per database saves the
// query builder's work on each call. Keyed weakly, so it goes when the services do.
const lookups = new WeakMap<Services['db'], CompiledQuery<SessionRow>>()

function sessionLookup(services: Services): CompiledQuery<SessionRow> {
  let query = lookups.get(services.db)
  if (!query) {
    query = services.db
      .selectFrom(`${tableOf(services, 'session')} as s`)
      .innerJoin(`${tableOf(services, 'user')} as a`, 'a.id', 's.user_id')
      .select(['s.id as session_id', 's.expires_at', 's.revoked_at', 'a.id', 'a.username', 'a.user_type', 'a.path', 'a.status'])
      .where('s.token_hash', '=', '')
      .compile() as CompiledQuery<SessionRow>
    lookups.set(services.db, query)
  }
  return query
}

/** Revoke one session, or every live session of an account except `keep`. */
export async function revokeSessions(
  services: Services,
  which: { sessionId: number } | { userId: number; keep?: number },
  reason: RevokeReason,
): Promise<void> {
  const now = services.now().toISOString()
  let query = services.db
    .updateTable(tableOf(services, 'session'))
    .set({ revoked_at: now, revoked_reason: reason, updated_at: now })
    .where('revoked_at', 'is', null)
  if ('sessionId' in which) {
    query = query.where('id', '=', which.sessionId)
  } else {
    query = query.where('user_id', '=', which.userId)
    if (which.keep !== undefined) query = query.where('id', '!=', which.keep)
  }
  await query.execute()
}
