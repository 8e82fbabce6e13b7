import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import rateLimit from '@fastify/rate-limit'
import multipart from '@fastify/multipart'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import { parseQueryString } from './http/query-string'
import { API_TITLE, API_VERSION } from '../schema/api-info'
import { buildOpenApi } from '../schema/openapi'
import { AppError } from './errors/AppError'
import { errorHandler } from './errors/error-handler'
import { API_PREFIX, endpointRoutes } from './engine/endpoint-routes'
import { namedHandlers } from './named-handlers'
import { genericHooks } from './generic-hooks'
import { identifyCallers } from './auth/identify-callers'
import { multipartBodies } from './uploads/multipart'
import { schemaHandlers } from './engine/schema-document'
import { consoleStatic } from './console-static'
import { serveUploads } from './uploads/serve-uploads'
import { rateLimitStore } from './rate-limit/rate-limit-store'
import { directUploadOrigins } from './uploads/upload-origins'
import { securityHeaders } from './http/security-headers'
import { apiReferencePolicy } from './http/content-security-policy'
import { compression } from './http/compression'
import { robots } from './http/robots'
import { healthRoutes } from './health/routes'
import { countRequest, metricsRoutes } from './metrics/routes'
import { fieldValidatorsRoute } from './forms/field-validators-route'
import { join } from 'node:path'
import type { Services } from './services'
import type { Config } from './config'
import { processLog } from './log'

/**
 * The API server for a registry and a database. Builds a fresh instance each call,
 * so tests get their own, as Fastify's tests do.
 *
 * ```ts
 * const app = await buildApp(services)
 * const res = await app.inject({ method: 'POST', url: '/api/v1/platform/login', payload })
 * ```
 */
export async function buildApp(services: Services, opts: { logger?: boolean; logStream?: { write(line: string): void } } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // A stream captures the log instead of printing it (tests read what the server logged).
    ...(opts.logStream ? { logger: { level: services.config.logLevel, stream: opts.logStream } } : opts.logger ? { loggerInstance: processLog as FastifyBaseLogger } : { logger: false }),
    bodyLimit: services.config.bodyLimit,
    trustProxy: trustProxyOption(services.config.trustProxy),
    // Requests are logged once, when answered (below), not twice as Fastify does by default.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: {
      querystringParser: parseQueryString,
    },
    // Request ids end up in 500 answers and on every log line: a proxy's X-Request-Id is kept so one
    // request can be followed from nginx to here; otherwise a short random one.
    requestIdHeader: false,
    genReqId: (request) => requestIdOf(request.headers['x-request-id']),
  })
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id)
    done()
  })
  // JSON, and multipart for the calls with file parts: anything else is a clear 415.
  app.removeContentTypeParser('text/plain')
  app.addHook('onResponse', (request, reply, done) => {
    const elapsed = reply.elapsedTime
    request.log.info({ method: request.method, url: loggedUrl(request.url), status: reply.statusCode, ms: Math.round(elapsed) }, 'answered')
    countRequest(request, reply, elapsed)
    done()
  })
  await app.register(errorHandler, { bodyLimit: services.config.bodyLimit, now: services.now })
  await app.register(securityHeaders, { consoleDir: services.config.consoleDir, uploadOrigins: directUploadOrigins(services.config.uploads) })
  await app.register(compression)
  await app.register(rateLimit, {
    global: false,
    ...rateLimitStore(app, services),
    errorResponseBuilder: (_req, context) => new AppError('RATE_LIMITED', { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  })
  // Parsed lazily by the endpoints with file parts (uploads/multipart.ts), with their own limits.
  await app.register(multipart, { limits: { fileSize: services.config.bodyLimit } })
  const document = buildOpenApi(services.registry, { title: API_TITLE, version: API_VERSION })
  await app.register(swagger, { mode: 'static', specification: { document: document as never } })
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs`, staticCSP: true, transformStaticCSP: apiReferencePolicy })
  app.get(`${API_PREFIX}/openapi.json`, async () => document)
  await app.register(async (api) => {
    identifyCallers(api, services)
    multipartBodies(api, services.config.mediaMaxBytes)
    await endpointRoutes(api, { services, handlers: { ...namedHandlers, ...schemaHandlers(services.schemaFiles, services.now()) }, hooks: genericHooks })
  })
  await app.register(fieldValidatorsRoute, { registry: services.registry })
  if (services.config.uploads.store === 'local') await app.register(serveUploads, { dir: join(services.config.dataDir, 'uploads') })
  await app.register(robots)
  await app.register(healthRoutes, { services })
  await app.register(metricsRoutes, { services })
  if (services.config.consoleDir) await app.register(consoleStatic, { dir: services.config.consoleDir })
  return app
}

/** A hop count becomes the function Fastify's types ask for; addresses and CIDR lists pass as they are. */
function trustProxyOption(trust: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust
}

/** A download link's ticket opens it once; an old link's session token must never reach the log either. */
export function loggedUrl(url: string): string {
  // Most addresses carry neither, and the check costs less than the replacement.
  return url.includes('token=') || url.includes('ticket=') ? url.replace(/([?&](?:token|ticket)=)[^&]*/g, '$1[hidden]') : url
}

/** The id a proxy gave the request when it is a plain token of reasonable length; a fresh one otherwise. */
export function requestIdOf(given: string | string[] | undefined): string {
  return typeof given === 'string' && /^[A-Za-z0-9._:-]{1,64}$/.test(given) ? given : Math.random().toString(36).slice(2, 10)
}
