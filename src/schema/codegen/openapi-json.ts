import { API_TITLE, API_VERSION } from '../api-info'
import { buildOpenApi } from '../openapi'
import type { JsonSchema, Registry } from '../types'
import { GENERATED_MARKER } from './banner'
import { stableJson } from './stable-json'

/**
 * The OpenAPI document the server serves, as `openapi.json`. JSON has no comments, so the
 * banner is an `x-generated` extension of `info`, which OpenAPI allows.
 */
export function generateOpenApiJson(registry: Registry): string {
  const document = buildOpenApi(registry, { title: API_TITLE, version: API_VERSION })
  const info = { ...(document.info as JsonSchema), 'x-generated': `${GENERATED_MARKER}; do not edit by hand.` }
  return stableJson({ ...document, info })
}
