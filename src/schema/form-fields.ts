import type { JsonSchema, Registry } from './types'

/**
 * A schema a console form fills in: the body of a POST, the query of a download (an export's
 * format), or a settings group. The form's schema carries it as its `$id`.
 */
export type FormSource = `body:${string}` | `query:${string}` | `config:${string}`

/** Where the server answers the forms' validators, compiled from these schemas (under /api/v1). */
export const FORM_VALIDATORS_PATH = '/platform/form_validators.js'

/** What the compiled validators `require` the formats from; the console hands over ajv-formats' and ours under this name. */
export const FORMATS_MODULE = 'schema-formats'

/** Every schema a console form may fill in, by its source. */
export function formSources(registry: Registry): Map<FormSource, JsonSchema> {
  const out = new Map<FormSource, JsonSchema>()
  for (const endpoint of registry.endpoints.values()) {
    if (endpoint.method === 'POST' && endpoint.request.body && !endpoint.files) out.set(`body:${endpoint.id}`, endpoint.request.body)
    if (endpoint.download && endpoint.request.query) out.set(`query:${endpoint.id}`, endpoint.request.query)
  }
  for (const group of registry.configGroups.values()) out.set(`config:${group.name}`, group.schema)
  return out
}

/** The name of one field's validator: each field of a form is checked on its own, as the form shows only some. */
export function fieldValidatorName(source: FormSource, field: string): string {
  return `${source}#${field}`
}
