import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify'
import { AppError } from '../errors/AppError'

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
 * A limit's key for the signed-in account behind the request (every session of it together),
 * as the endpoint routes' onRequest hook found it; '' for a request without one, which the
 * limit lets through (allowList) and the endpoint refuses or serves as signed out.
 */
export function accountKey(prefix: string): (request: FastifyRequest) => string {
  return (request) => (request.caller ? `${prefix}:${request.caller.id}` : '')
}

/** With accountKey: a request no account is behind is not counted. */
export const unsignedSkipped = (_request: FastifyRequest, key: string): boolean => key === ''
