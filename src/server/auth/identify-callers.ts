import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { EndpointDef } from '../../schema/types'
import type { Caller } from '../access/caller'
import { AppError } from '../errors/AppError'
import { describeEndpoint } from '../engine/validators'
import type { Services } from '../services'
import { redeemTicket } from './download-tickets'
import { authenticate } from './sessions'

/**
 * On the endpoint routes of `app`, before anything else of the request is read: who calls
 * (request.caller), refused when the endpoint's roles leave them out. A rate limit or an upload
 * further on can then count and store by the caller.
 */
export function identifyCallers(app: FastifyInstance, services: Services): void {
  app.addHook('onRequest', async (request) => {
    const endpoint = request.routeOptions.config.endpoint
    if (endpoint) request.caller = await identify(services, endpoint, request)
  })
}

/** The caller behind the request; open endpoints tolerate a missing or stale token. */
async function identify(services: Services, endpoint: EndpointDef, request: FastifyRequest): Promise<Caller | null> {
  const header = request.headers.token
  const token = typeof header === 'string' && header !== '' ? header : undefined
  if (endpoint.access === 'open') return token ? authenticate(services, token).catch(() => null) : null
  const caller = token || !endpoint.download ? await authenticate(services, token) : await fromTicket(services, endpoint, request)
  if (!endpoint.access.includes('*') && !endpoint.access.includes(caller.role)) {
    throw new AppError('ROLE_FORBIDDEN', { role: caller.role, route: describeEndpoint(endpoint) })
  }
  return caller
}

/**
 * A download is a plain link, which cannot send the token header: it carries a one-use ticket
 * (platform/download_ticket) instead. A session token in the address is refused by name, since
 * browser history, proxies and Referer headers keep addresses.
 */
function fromTicket(services: Services, endpoint: EndpointDef, request: FastifyRequest): Promise<Caller> {
  const query = (request.query ?? {}) as Record<string, unknown>
  if (typeof query.ticket === 'string' && query.ticket !== '') return redeemTicket(services, query.ticket, endpoint.path)
  throw new AppError(query.token === undefined ? 'AUTH_REQUIRED' : 'DOWNLOAD_TICKET_REQUIRED')
}
