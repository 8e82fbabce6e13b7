import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify'
import type { EndpointDef, Locale } from '../../schema/types'
import type { Caller } from '../access/caller'
import type { Services } from '../services'
import type { UploadedFile } from '../uploads/multipart'

/** What a handler is given for one request; query and body are already validated. */
export interface HandlerContext {
  endpoint: EndpointDef
  /** Null only on open endpoints called without a valid token. */
  caller: Caller | null
  query: Record<string, unknown>
  body: Record<string, unknown>
  /** The file parts of a multipart call (endpoints with "files"), already checked. */
  files: Record<string, UploadedFile>
  locale: Locale
  request: FastifyRequest
  reply: FastifyReply
  services: Services
}

/** Business logic behind an endpoint whose handler is not one of the generic ones. */
export interface NamedHandler {
  /** Resolves to the envelope's data, or to `ctx.reply` once the handler has answered by itself (a document written once at start). */
  run(ctx: HandlerContext): Promise<unknown>
  /** Hooks to run before validation, e.g. rate limits. */
  preHandlers?(app: FastifyInstance, services: Services): preHandlerHookHandler[]
}

/** The caller, on an endpoint whose role list guarantees one. */
export function requireCaller(ctx: HandlerContext): Caller {
  if (!ctx.caller) throw new Error(`Endpoint ${ctx.endpoint.id} is open but its handler needs a signed-in caller.`)
  return ctx.caller
}
