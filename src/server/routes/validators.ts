import type { ValidateFunction } from 'ajv'
import { createAjv } from '../../schema/ajv'
import type { EndpointDef, JsonSchema, Locale, Registry } from '../../schema/types'
import { toFieldErrors } from '../../schema/validation-messages'
import { validationError } from '../errors/AppError'

export interface EndpointValidators {
  query?: ValidateFunction
  body?: ValidateFunction
  response?: ValidateFunction
}

/** A POST with no declared body takes none: an empty object, nothing more. */
const EMPTY_BODY: JsonSchema = { type: 'object', additionalProperties: false }

/**
 * Compile every endpoint's schemas once, at start. Queries are coerced from strings
 * (page=2 is a number); bodies are not, so "2" for a number is an error, as it is in the form.
 */
export function compileValidators(registry: Registry, withResponses: boolean): Map<string, EndpointValidators> {
  const queryAjv = createAjv({ verbose: true, useDefaults: true, coerceTypes: 'array' })
  const bodyAjv = createAjv({ verbose: true, useDefaults: true })
  const responseAjv = withResponses ? createAjv() : undefined
  for (const ajv of [queryAjv, bodyAjv, responseAjv]) {
    if (ajv) for (const schema of Object.values(registry.schemas)) ajv.addSchema(schema)
  }
  const out = new Map<string, EndpointValidators>()
  for (const endpoint of registry.endpoints.values()) {
    out.set(endpoint.id, {
      query: endpoint.request.query ? queryAjv.compile(endpoint.request.query) : undefined,
      body: endpoint.method === 'POST' ? bodyAjv.compile(endpoint.request.body ?? EMPTY_BODY) : undefined,
      response: responseAjv && !endpoint.download ? responseAjv.compile(endpoint.response) : undefined,
    })
  }
  return out
}

/** Validate (and default, and coerce) `value` in place, or throw the field errors. */
export function validateOrThrow(validate: ValidateFunction, value: unknown, locale: Locale): void {
  if (!validate(value)) throw validationError(toFieldErrors(validate.errors ?? [], locale))
}

export function describeEndpoint(endpoint: EndpointDef): string {
  return `${endpoint.method} /api/v1${endpoint.path}`
}
