import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { EndpointDef } from '../../schema/types'
import { isGeneric } from '../../schema/registry'
import { AppError } from '../errors/AppError'
import { envelope } from '../envelope'
import { localeOf } from '../locale'
import { authenticate } from '../auth/sessions'
import { redeemTicket } from '../auth/download-tickets'
import type { Caller } from '../access/caller'
import type { Services } from '../services'
import { genericHandlers, prepareGenericBody } from './generic-handlers'
import { notServedMessage } from '../../schema/handler-names'
import { idempotencyKeyOf, runIdempotent } from './idempotent-calls'
import type { NamedHandler, HandlerContext, EndpointId } from './handler-context'
import { compileValidators, describeEndpoint, validateOrThrow } from './validators'
import { readMultipart } from '../uploads/multipart'

export const API_PREFIX = '/api/v1'

/**
 * One route per endpoint file. Every request goes the same way: authenticate (unless
 * open), check the role list, validate query and body against the schema, run the
 * handler, check the answer against the response schema (outside production), and
 * wrap it in the envelope.
 */
export async function endpointRoutes(app: FastifyInstance, opts: { services: Services; handlers: Record<string, NamedHandler> }): Promise<void> {
  const { services, handlers } = opts
  const { registry } = services
  const validators = compileValidators(registry, services.config.validateResponses)
  for (const endpoint of registry.endpoints.values()) {
    const named = isGeneric(endpoint.handler) ? undefined : handlers[endpoint.handler]
    if (!isGeneric(endpoint.handler) && !named) {
      throw new Error(`${endpoint.file} names handler "${endpoint.handler}", which the server does not implement. Add it to src/server/named-handlers.ts or use a generic handler (list, get, create, update, delete).`)
    }
    // A task kind's submit call is the engine's: one handler for every kind, which reads the kind from the endpoint.
    if (named && !endpoint.task && !named.endpoints.includes(endpoint.id as EndpointId)) throw new Error(`${endpoint.file} ${notServedMessage(endpoint.handler, endpoint.id, named.endpoints)}`)
    const entity = endpoint.entity ? registry.entities.get(endpoint.entity) : undefined
    const check = validators.get(endpoint.id)!
    app.route({
      method: endpoint.method,
      url: API_PREFIX + endpoint.path,
      preHandler: named?.preHandlers?.(app, services) ?? [],
      handler: async (request, reply) => {
        const locale = localeOf(request)
        const caller = await identify(services, endpoint, request)
        const query = check.query ? withoutEmpty(request.query) : {}
        if (check.query) validateOrThrow(check.query, query, locale)
        // Each call takes what its file declares: JSON, or multipart when it has file parts.
        if (request.isMultipart() !== Boolean(endpoint.files)) {
          throw new AppError('REQUEST_MEDIA_TYPE', { type: String(request.headers['content-type'] ?? 'none').split(';')[0]!, expected: endpoint.files ? 'multipart/form-data' : 'application/json' })
        }
        const multipart = endpoint.files ? await readMultipart(request, endpoint.files, locale, services.config.mediaMaxBytes) : undefined
        // No body at all is an empty one; a JSON null is a body, and not an object.
        const body = (multipart?.fields ?? (request.body === undefined ? {} : request.body)) as Record<string, unknown>
        if (entity && isGeneric(endpoint.handler)) prepareGenericBody(endpoint.handler, entity, body)
        const key = endpoint.idempotent ? idempotencyKeyOf(request, body, endpoint.idempotent.keyInBody) : undefined
        if (check.body) validateOrThrow(check.body, body, locale)
        // A key the registry added to the body is the engine's; the handler sees the body its file declares.
        if (endpoint.idempotent && !endpoint.idempotent.keyInBody) delete body.idempotency_key
        const ctx: HandlerContext = { endpoint, caller, query, body, files: multipart?.files ?? {}, locale, request, reply, services }
        const handle = () => (named ? named.run(ctx) : genericHandlers[endpoint.handler as keyof typeof genericHandlers](ctx, entity!))
        const run = key ? () => runIdempotent(ctx, key, handle) : async () => ({ data: await handle(), replayed: false })
        const { data, replayed } = await run().finally(() => multipart?.cleanup())
        if (replayed) reply.header('idempotent-replayed', 'true')
        if (endpoint.download || data === reply) return data
        // A handler that answered by itself resolves to its reply, which Fastify makes awaitable: awaited, that is gone, but the reply is sent.
        if (reply.sent) return reply
        if (check.response && !check.response(data)) {
          throw new Error(`${describeEndpoint(endpoint)} answered data that breaks its response schema (${endpoint.file}): ${JSON.stringify(check.response.errors)}`)
        }
        return envelope(1, 'ok', data ?? null, services.now())
      },
    })
  }
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

/** Forms send empty filters as "": they mean "no filter", not "match the empty string". */
export function withoutEmpty(query: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    if (value !== '' && key !== 'token' && key !== 'ticket') out[key] = value
  }
  return out
}
