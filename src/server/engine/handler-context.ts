import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify'
import type { EndpointDef, Locale } from '../../schema/types'
import type { Endpoints } from '../../generated/types'
import type { Caller } from '../access/caller'
import type { Services } from '../services'

/** A file part as a handler receives it: read whole, its type recognised from the content. */
export interface UploadedFile {
  filename: string
  /** Recognised from the bytes; undefined when nothing is recognised (text files such as PEM). */
  type?: string
  /** The extension that goes with `type`, e.g. png. */
  extension?: string
  size: number
  /** The bytes, for a part read into memory. */
  data: Buffer
  /** For a part streamed to disk ("toDisk"): the temporary file, removed after the request unless the handler moved it. */
  path?: string
}

/** A multipart call's parts, checked against its endpoint file's "files". */
export interface MultipartBody {
  fields: Record<string, string>
  files: Record<string, UploadedFile>
}

/**
 * What the endpoint routes leave to hooks registered around them (app.ts), so that the engine
 * names no domain: each route's config carries its endpoint, an onRequest hook (auth/) says who
 * calls, and a preHandler (uploads/) reads the parts of a call with files.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    endpoint?: EndpointDef
  }
  interface FastifyRequest {
    /** Null only on an open endpoint called without a valid token. */
    caller?: Caller | null
    multipart?: MultipartBody
  }
}

/** One request, apart from its query and body: who calls which endpoint, and the services to answer with. */
export interface RequestContext {
  endpoint: EndpointDef
  /** Null only on open endpoints called without a valid token. */
  caller: Caller | null
  /** The file parts of a multipart call (endpoints with "files"), already checked. */
  files: Record<string, UploadedFile>
  locale: Locale
  request: FastifyRequest
  reply: FastifyReply
  services: Services
}

/** What a handler is given for one request; query and body are already validated against the endpoint's schema. */
export interface HandlerContext extends RequestContext {
  query: Record<string, unknown>
  body: Record<string, unknown>
}

/** Business logic behind the endpoints whose handler is not one of the generic ones. */
export interface NamedHandler {
  /** The endpoints that may name it: the server refuses to start when another does, as the handler was not written for its fields. */
  endpoints: readonly EndpointId[]
  /** Resolves to the envelope's data, or to `ctx.reply` once the handler has answered by itself (a document written once at start). */
  run(ctx: HandlerContext): Promise<unknown>
  /** Hooks to run before validation, e.g. rate limits. */
  preHandlers?(app: FastifyInstance, services: Services): preHandlerHookHandler[]
}

/** The caller, on an endpoint whose role list guarantees one. */
export function requireCaller(ctx: RequestContext): Caller {
  if (!ctx.caller) throw new Error(`Endpoint ${ctx.endpoint.id} is open but its handler needs a signed-in caller.`)
  return ctx.caller
}

/**
 * A typed query or body read field by field, as the schema engine reads any record (the
 * fields of an account form, the filters of a list): the types name the fields, but the code
 * that reads them takes their names from the schema.
 */
export function fieldsOf(value: object): Record<string, unknown> {
  return value as Record<string, unknown>
}

/** An endpoint by its id: its file under schemas/endpoints, without .json. */
export type EndpointId = keyof Endpoints

/** What a handler of these endpoints is given: their query and body as the schemas type them. */
export interface EndpointContext<E extends EndpointId> extends RequestContext {
  query: Endpoints[E]['query']
  body: Endpoints[E]['body']
}

/**
 * A named handler of `endpoints`. The server validates query and body against the endpoint's
 * schema before the handler runs and runs it only for the endpoints named here, so the types
 * generated from those schemas are what the handler is given.
 *
 * ```ts
 * const transfer = namedHandler(['platform/transfer'], { async run(ctx) { ctx.body.to_user_id } })
 * ```
 */
export function namedHandler<E extends EndpointId>(
  endpoints: readonly E[],
  handler: { run(ctx: EndpointContext<E>): Promise<unknown>; preHandlers?: NamedHandler['preHandlers'] },
): NamedHandler {
  return {
    endpoints,
    run: (ctx) => handler.run(ctx as unknown as EndpointContext<E>),
    ...(handler.preHandlers ? { preHandlers: handler.preHandlers } : {}),
  }
}
