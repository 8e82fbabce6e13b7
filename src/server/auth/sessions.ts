import type { CompiledQuery } from 'kysely'
import type { Services } from '../services'
import { tableOf } from '../db/table-of'
import { AppError } from '../errors/AppError'
import { roleOfUserType } from '../../schema/types'
import type { Caller } from '../access/caller'
import { hashToken, isWellFormedToken, newToken } from './token'
import { directReads } from '../db/direct-reads'

export type RevokeReason = 'logout' | 'password_changed' | 'account_disabled'

/** The signed-in session an overstep session is opened from: its account and its session. */
export interface SessionOpener {
  userId: number
  sessionId: number
}

/**
 * Open a session for an account; the token is returned once and only its hash is kept.
 * A session opened by overstep login names its opener's session and lasts overstepTtlMinutes,
 * or less when the opener's own session ends sooner.
 */
export async function createSession(
  services: Services,
  userId: number,
  meta: { ip: string; userAgent: string; opener?: SessionOpener },
): Promise<{ token: string; expiresAt: string }> {
  const token = newToken()
  const now = services.now()
  const table = tableOf(services, 'session')
  let expiresAt = new Date(now.getTime() + services.config.sessionTtlHours * 3600_000).toISOString()
  if (meta.opener) {
    const opener = await services.db.selectFrom(table).select('expires_at').where('id', '=', meta.opener.sessionId).executeTakeFirstOrThrow()
    const own = new Date(now.getTime() + services.config.overstepTtlMinutes * 60_000).toISOString()
    expiresAt = own < opener.expires_at ? own : opener.expires_at
  }
  await services.db
    .insertInto(table)
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      expires_at: expiresAt,
      overstep_by: meta.opener?.userId ?? null,
      opener_session_id: meta.opener?.sessionId ?? null,
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
 * An overstep session is revoked too once the session that opened it is over (signed out,
 * revoked or expired) or its opener's account is disabled: checked here, on every request.
 */
export async function authenticate(services: Services, token: string | undefined): Promise<Caller> {
  if (!token) throw new AppError('AUTH_REQUIRED')
  if (!isWellFormedToken(token)) throw new AppError('AUTH_TOKEN_INVALID')
  return callerOfSession(services, 'token_hash', hashToken(token))
}

/** The caller of a session named by its id (a download ticket's), checked as a token's is. */
export function authenticateSession(services: Services, sessionId: number): Promise<Caller> {
  return callerOfSession(services, 'id', sessionId)
}

async function callerOfSession(services: Services, by: LookupKey, value: string | number): Promise<Caller> {
  const queries = sessionLookups(services)
  const reads = directReads(services.db)
  const [row] = (await reads.rows(queries[by].sql, [value])) as unknown as SessionRow[]
  if (!row) throw new AppError('AUTH_TOKEN_INVALID')
  if (row.revoked_at) throw new AppError('AUTH_SESSION_REVOKED')
  if (row.status !== 1) {
    await revokeSessions(services, { userId: row.id }, 'account_disabled')
    throw new AppError('AUTH_SESSION_REVOKED')
  }
  const now = services.now().toISOString()
  if (row.opener_session_id !== null) {
    const [opener] = (await reads.rows(queries.opener.sql, [row.opener_session_id])) as unknown as OpenerRow[]
    if (!openerLives(opener, now)) throw new AppError('AUTH_SESSION_REVOKED')
  }
  if (row.expires_at <= now) throw new AppError('AUTH_SESSION_EXPIRED')
  const userType = row.user_type
  const role = roleOfUserType(userType)
  if (!role) throw new AppError('AUTH_TOKEN_INVALID')
  return { id: row.id, username: row.username, role, userType, path: row.path, sessionId: row.session_id }
}

/** The opener's session is still there, neither revoked nor expired, and its account is enabled. */
function openerLives(opener: OpenerRow | undefined, now: string): boolean {
  return opener !== undefined && opener.revoked_at === null && opener.expires_at > now && Number(opener.status) === 1
}

interface SessionRow {
  session_id: number
  expires_at: string
  revoked_at: string | null
  opener_session_id: number | null
  id: number
  username: string
  user_type: number
  path: string
  status: number
}

interface OpenerRow {
  expires_at: string
  revoked_at: string | null
  /** Null when its account is gone. */
  status: number | null
}

type LookupKey = 'token_hash' | 'id'

// Every authenticated request runs the session's query; building it once per database saves the
// query builder's work on each call, and it runs as a direct read (db/direct-reads.ts). Only an
// overstep session also reads the session that opened it. Keyed weakly, so they go when the
// services do.
const lookups = new WeakMap<Services['db'], Record<LookupKey | 'opener', CompiledQuery>>()

function sessionLookups(services: Services): Record<LookupKey | 'opener', CompiledQuery> {
  let queries = lookups.get(services.db)
  if (!queries) {
    const sessions = tableOf(services, 'session')
    const accounts = tableOf(services, 'user')
    const query = services.db
      .selectFrom(`${sessions} as s`)
      .innerJoin(`${accounts} as a`, 'a.id', 's.user_id')
      .select(['s.id as session_id', 's.expires_at', 's.revoked_at', 's.opener_session_id', 'a.id', 'a.username', 'a.user_type', 'a.path', 'a.status'])
    queries = {
      token_hash: query.where('s.token_hash', '=', '').compile(),
      id: query.where('s.id', '=', 0).compile(),
      opener: services.db
        .selectFrom(`${sessions} as o`)
        .leftJoin(`${accounts} as oa`, 'oa.id', 'o.user_id')
        .select(['o.expires_at', 'o.revoked_at', 'oa.status'])
        .where('o.id', '=', 0)
        .compile(),
    }
    lookups.set(services.db, queries)
  }
  return queries
}

/**
 * Revoke one session, or every live session of an account except `keep`. The overstep
 * sessions opened from a revoked session end with it; those an account opened end when
 * its password changes or it is disabled, even those opened from the session it keeps.
 */
export async function revokeSessions(
  services: Services,
  which: { sessionId: number } | { userId: number; keep?: number },
  reason: RevokeReason,
): Promise<void> {
  const now = services.now().toISOString()
  const table = tableOf(services, 'session')
  await services.db
    .updateTable(table)
    .set({ revoked_at: now, revoked_reason: reason, updated_at: now })
    .where('revoked_at', 'is', null)
    .where((eb) => {
      if ('sessionId' in which) return eb.or([eb('id', '=', which.sessionId), eb('opener_session_id', '=', which.sessionId)])
      const own = which.keep === undefined ? eb('user_id', '=', which.userId) : eb.and([eb('user_id', '=', which.userId), eb('id', '!=', which.keep)])
      const openedFrom = eb.selectFrom(`${table} as opener`).select('opener.id').where('opener.user_id', '=', which.userId)
      return eb.or([own, eb('opener_session_id', 'in', openedFrom)])
    })
    .execute()
}
