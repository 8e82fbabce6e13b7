import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify'
import { AppError } from '../errors/AppError'
import { authenticate } from '../auth/sessions'
import type { Services } from '../services'

type RateLimit = ReturnType<FastifyInstance['createRateLimit']>

/** A hook that counts the request against each limit and answers 429 once one is exceeded. */
export function limitedBy(limits: RateLimit[]): preHandlerHookHandler {
  return async (request) => {
    for (const limit of limits) {
      const result = await limit(request)
      if (!result.isAllowed && result.isExceeded) throw new AppError('RATE_LIMITED', { seconds: Math.max(1, result.ttlInSeconds) })
    }
  }
}

/**
 * A limit's key for the signed-in account behind the request, every session of it together;
 * '' for a request without a valid session, which the limit lets through (allowList) and the
 * endpoint then refuses as signed out. The hook runs before the endpoint has identified anyone.
 */
export function accountKey(services: Services, prefix: string): (request: FastifyRequest) => Promise<string> {
  return async (request) => {
    // A file an audio element plays carries its token in the query (a download endpoint's way).
    const token = request.headers.token ?? (request.query as { token?: unknown } | undefined)?.token
    const caller = typeof token === 'string' ? await authenticate(services, token).catch(() => null) : null
    return caller ? `${prefix}:${caller.id}` : ''
  }
}

/** With accountKey: a request no account is behind is not counted. */
export const unsignedSkipped = (_request: FastifyRequest, key: string): boolean => key === ''
