import fp from 'fastify-plugin'
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from './AppError'
import { envelope } from '../envelope'
import { localeOf } from '../locale'
import { isDatabaseUnavailable } from '../db/unavailable'

/** How long a client is asked to wait before trying again while the database is away. */
const RETRY_AFTER_SECONDS = 5

/** Fastify's own request errors, as the AppError a client can read. */
function fromFastifyError(error: FastifyError, request: FastifyRequest, bodyLimit: number): AppError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('REQUEST_JSON_INVALID')
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('REQUEST_MEDIA_TYPE', { type: mediaTypeOf(request) })
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('REQUEST_TOO_LARGE', { limit: bodyLimit })
  }
  if (error instanceof SyntaxError && error.statusCode === 400) return new AppError('REQUEST_JSON_INVALID')
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return new AppError('REQUEST_INVALID', { reason: error.message })
  return undefined
}

/** Fastify's message does not name the type, so take it from the request (trimmed: it is echoed back). */
function mediaTypeOf(request: FastifyRequest): string {
  const header = request.headers['content-type']
  return header ? header.split(';')[0]!.trim().slice(0, 100) : '(none)'
}

/**
 * One place builds every failure envelope. An AppError maps straight to its status and
 * code; anything unexpected becomes a 500 whose message holds only a reference to the
 * log line, never a stack or SQL text.
 */
export const errorHandler = fp(
  async (app: FastifyInstance, opts: { bodyLimit: number; now: () => Date }) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const locale = localeOf(request)
      const known = error instanceof AppError ? error : fromFastifyError(error, request, opts.bodyLimit)
      if (known) {
        const data = known.fieldErrors ? { errors: known.fieldErrors } : null
        return reply.status(known.status).send(envelope(known.envelopeCode, known.messageIn(locale), data, opts.now()))
      }
      if (isDatabaseUnavailable(error)) {
        // A restart or failover: the request's transaction did not commit, and the next one may succeed.
        request.log.warn({ err: error, reference: request.id }, 'database unavailable')
        const unavailable = new AppError('DATABASE_UNAVAILABLE', { seconds: RETRY_AFTER_SECONDS })
        return reply.status(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send(envelope(0, unavailable.messageIn(locale), null, opts.now()))
      }
      request.log.error({ err: error, reference: request.id }, 'unexpected error')
      const internal = new AppError('INTERNAL', { reference: request.id })
      return reply.status(500).send(envelope(0, internal.messageIn(locale), { reference: request.id }, opts.now()))
    })
    app.setNotFoundHandler((request, reply) => {
      const error = new AppError('ROUTE_NOT_FOUND', { route: `${request.method} ${request.url.split('?')[0]}` })
      return reply.status(404).send(envelope(0, error.messageIn(localeOf(request)), null, opts.now()))
    })
  },
  { name: 'error-handler' },
)
