import type { FastifyInstance } from 'fastify'
import { isGeneric } from '../../schema/registry'
import { AppError } from '../errors/AppError'
import { envelope } from '../envelope'
import { localeOf } from '../locale'
import type { Services } from '../services'
import { genericHandlers, prepareGenericBody, type GenericHooks } from './generic-handlers'
import { notServedMessage } from '../../schema/handler-names'
import { idempotencyKeyOf, runIdempotent } from './idempotent-calls'
import type { NamedHandler, HandlerContext, EndpointId } from './handler-context'
import { compileValidators, describeEndpoint, validateOrThrow } from './validators'
import { answerSerializer } from './answer-serializer'

export const API_PREFIX = '/api/v1'

/**
 * One route per endpoint file. Every request goes the same way: the hooks registered around
 * these routes say who calls and read a multipart body (app.ts); then query and body are
 * validated against the schema, the handler runs, its answer is checked against the response
 * schema (outside production), and wrapped in the envelope; a generic list's envelope is written
 * by the serializer compiled from its response schema (answer-serializer.ts). `hooks` are what
 * the generic handlers let other parts of the server add (src/server/generic-hooks.ts).
 */
export async function endpointRoutes(app: FastifyInstance, opts: { services: Services; handlers: Record<string, NamedHandler>; hooks: GenericHooks }): Promise<void> {
  const { services, handlers, hooks } = opts
  const { registry } = services
  const generic = genericHandlers(hooks)
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
    // A list's answers, up to a hundred records, are where writing JSON costs most.
    const serialize = endpoint.handler === 'list' ? answerSerializer(registry, endpoint, services.config.validateResponses) : undefined
    app.route({
      method: endpoint.method,
      url: API_PREFIX + endpoint.path,
      config: { endpoint },
      preHandler: named?.preHandlers?.(app, services) ?? [],
      handler: async (request, reply) => {
        const locale = localeOf(request)
        const { caller, multipart } = request
        if (caller === undefined) throw new Error(`Nothing said who calls ${describeEndpoint(endpoint)}: endpointRoutes needs identifyCallers registered before it (app.ts).`)
        if (endpoint.files && !multipart) throw new Error(`Nothing read the parts of ${describeEndpoint(endpoint)}: endpointRoutes needs multipartBodies registered before it (app.ts).`)
        const query = check.query ? withoutEmpty(request.query) : {}
        if (check.query) validateOrThrow(check.query, query, locale)
        // No body at all is an empty one; a JSON null is a body, and not an object.
        const body = (multipart?.fields ?? (request.body === undefined ? {} : request.body)) as Record<string, unknown>
        if (entity && isGeneric(endpoint.handler)) prepareGenericBody(hooks, endpoint.handler, entity, body)
        const key = endpoint.idempotent ? idempotencyKeyOf(request, body, endpoint.idempotent.keyInBody) : undefined
        if (check.body) validateOrThrow(check.body, body, locale)
        // A key the registry added to the body is the engine's; the handler sees the body its file declares.
        if (endpoint.idempotent && !endpoint.idempotent.keyInBody) delete body.idempotency_key
        const ctx: HandlerContext = { endpoint, caller, query, body, files: multipart?.files ?? {}, locale, request, reply, services }
        const handle = () => (named ? named.run(ctx) : generic[endpoint.handler as keyof typeof generic](ctx, entity!))
        const run = key ? () => runIdempotent(ctx, key, handle) : async () => ({ data: await handle(), replayed: false })
        const { data, replayed } = await run()
        if (replayed) reply.header('idempotent-replayed', 'true')
        if (endpoint.download || data === reply) return data
        // A handler that answered by itself resolves to its reply, which Fastify makes awaitable: awaited, that is gone, but the reply is sent.
        if (reply.sent) return reply
        if (check.response && !check.response(data)) {
          throw new Error(`${describeEndpoint(endpoint)} answered data that breaks its response schema (${endpoint.file}): ${JSON.stringify(check.response.errors)}`)
        }
        const answer = envelope(1, 'ok', data ?? null, services.now())
        return serialize ? serialize(reply, answer) : answer
      },
    })
  }
}

/** Forms send empty filters as "": they mean "no filter", not "match the empty string". */
export function withoutEmpty(query: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  if (query === null || typeof query !== 'object') return out
  const given = query as Record<string, unknown>
  for (const key of Object.keys(given)) {
    const value = given[key]
    if (value !== '' && key !== 'token' && key !== 'ticket') out[key] = value
  }
  return out
}
