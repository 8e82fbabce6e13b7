import type { Services } from '../services'
import { tableOf } from '../db/table-of'
import type { Caller } from '../access/caller'
import type { EndpointDef } from '../../schema/types'
import { AppError, fieldError } from '../errors/AppError'
import type { Locale } from '../../schema/types'
import { authenticateSession } from './sessions'
import { hashToken, newToken } from './token'

/** Long enough for a browser to follow the link it was asked for, short enough that a copied link is dead. */
export const TICKET_TTL_MS = 60_000

/**
 * A ticket for one opening of a GET download endpoint, by the caller's own session. Asked for
 * just before a link is opened, so the session token itself never rides in an address.
 */
export async function issueTicket(services: Services, caller: Caller, path: string, locale: Locale): Promise<{ ticket: string; expires_at: string }> {
  const endpoint = [...services.registry.endpoints.values()].find((e) => e.path === path && e.method === 'GET' && e.download)
  if (!endpoint || endpoint.access === 'open') throw fieldError('DOWNLOAD_TICKET_NO_LINK', '/path', locale, { path })
  if (!mayCall(endpoint, caller)) throw new AppError('ROLE_FORBIDDEN', { role: caller.role, route: `GET ${endpoint.path}` })
  const ticket = newToken()
  const now = services.now()
  const expiresAt = new Date(now.getTime() + TICKET_TTL_MS).toISOString()
  await forgetOldTickets(services, now)
  await services.db
    .insertInto(tableOf(services, 'download_ticket'))
    .values({
      ticket_hash: hashToken(ticket),
      user_id: caller.id,
      session_id: caller.sessionId,
      path,
      expires_at: expiresAt,
      used_at: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .execute()
  return { ticket, expires_at: expiresAt }
}

/**
 * The caller a ticket signs in for `path`, using it up: the one statement that marks it used
 * succeeds for one request alone, so two racing for it cannot both pass. The session behind it
 * is checked as a token's is (revoked, expired, account disabled).
 */
export async function redeemTicket(services: Services, ticket: string, path: string): Promise<Caller> {
  const now = services.now().toISOString()
  const used = await services.db
    .updateTable(tableOf(services, 'download_ticket'))
    .set({ used_at: now, updated_at: now })
    .where('ticket_hash', '=', hashToken(ticket))
    .where('path', '=', path)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('session_id')
    .executeTakeFirst()
  if (!used) throw new AppError('DOWNLOAD_TICKET_INVALID')
  return authenticateSession(services, used.session_id)
}

function mayCall(endpoint: EndpointDef, caller: Caller): boolean {
  return endpoint.access !== 'open' && (endpoint.access.includes('*') || endpoint.access.includes(caller.role))
}

/** When each server last forgot spent tickets: at most once a minute, not on every ticket. */
const forgotAt = new WeakMap<Services, number>()

async function forgetOldTickets(services: Services, now: Date): Promise<void> {
  if (now.getTime() - (forgotAt.get(services) ?? 0) < 60_000) return
  forgotAt.set(services, now.getTime())
  await services.db.deleteFrom(tableOf(services, 'download_ticket')).where('expires_at', '<', now.toISOString()).execute()
}
