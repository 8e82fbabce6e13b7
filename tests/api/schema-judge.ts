import { isGeneric } from '../../src/schema/registry'
import type { EndpointDef, Locale } from '../../src/schema/types'
import type { Services } from '../../src/server/services'
import { compileValidators, validateOrThrow } from '../../src/server/engine/validators'
import { prepareGenericBody } from '../../src/server/engine/generic-handlers'
import { genericHooks } from '../../src/server/generic-hooks'
import { AppError } from '../../src/server/errors/AppError'
import { envelope } from '../../src/server/envelope'
import { parseQueryString } from '../../src/server/http/query-string'
import { withoutEmpty } from '../../src/server/engine/endpoint-routes'
import type { Answer } from './answer-checks'
import type { WireRequest } from './hostile-inputs'

/** Whether the route lets an input through to its handler, and if not, what the client is answered. */
export type SchemaVerdict = { accepted: true } | { accepted: false; answer: Answer }

/** A route's schema check, run without a request. */
export type SchemaJudge = (endpoint: EndpointDef, request: WireRequest) => SchemaVerdict

/**
 * Judges an input as the server's route does before any handler runs, in-process: with the
 * validators compileValidators gives the routes, in the steps of
 * src/server/engine/endpoint-routes.ts (empty query values dropped, rich text of generic
 * writes sanitised, then query and body validated), and of a refusal it makes the envelope
 * src/server/errors/error-handler.ts sends. That costs a small part of a request with its
 * snapshots, so every refused input can be judged on every run; each endpoint's probe over
 * HTTP checks that the server answers exactly what this says.
 */
export function createSchemaJudge(services: Pick<Services, 'registry' | 'config' | 'now'>): SchemaJudge {
  const { registry, now } = services
  // Asked as the routes ask for them, so these are the validators the server runs.
  const validators = compileValidators(registry, services.config.validateResponses)
  // A request without Accept-Language or lang is answered in English.
  const locale: Locale = 'en-US'
  return (endpoint, request) => {
    const check = validators.get(endpoint.id)
    if (!check) throw new Error(`The server compiles no validators for ${endpoint.id}`)
    const entity = endpoint.entity ? registry.entities.get(endpoint.entity) : undefined
    try {
      if (check.query) validateOrThrow(check.query, routeQuery(request.query ?? ''), locale)
      if (check.body) {
        const body: unknown = request.payload === undefined ? {} : JSON.parse(request.payload)
        if (entity && isGeneric(endpoint.handler)) prepareGenericBody(genericHooks, endpoint.handler, entity, body)
        validateOrThrow(check.body, body, locale)
      }
      return { accepted: true }
    } catch (error) {
      // Anything but an AppError would be a 500 over HTTP: let it fail the case with its stack.
      if (!(error instanceof AppError)) throw error
      const data = error.fieldErrors ? { errors: error.fieldErrors } : null
      return { accepted: false, answer: { statusCode: error.status, body: JSON.stringify(envelope(error.envelopeCode, error.messageIn(locale), data, now())) } }
    }
  }
}

/** The query a route validates: parsed as every route parses it, then without empty filters and the token, as the route drops them. */
function routeQuery(text: string): Record<string, unknown> {
  return withoutEmpty(parseQueryString(text))
}
