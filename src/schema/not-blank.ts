import type { JsonSchema } from './types'

/**
 * The keyword the registry adds to every string that must not be empty (`minLength` of 1 or
 * more): such a value must hold more than whitespace and invisible characters. JSON Schema's
 * `minLength` counts a space as a character, so "   " would otherwise pass as a name.
 */
export const NOT_BLANK_KEYWORD = 'x-not-blank'

/** Spaces of every kind (the ideographic space U+3000 included), control characters, and invisible ones such as U+200B; a Unicode pattern. */
export const BLANK_PATTERN = '^[\\s\\p{Cc}\\p{Cf}]*$'

export function isBlank(value: string): boolean {
  return new RegExp(BLANK_PATTERN, 'u').test(value)
}

// Keywords whose value is a schema, a map of schemas or a list of schemas.
const SCHEMA_KEYWORDS = ['items', 'additionalProperties', 'contains', 'not', 'if', 'then', 'else', 'unevaluatedProperties', 'unevaluatedItems', 'propertyNames']
const SCHEMA_MAP_KEYWORDS = ['properties', 'patternProperties', '$defs', 'dependentSchemas']
const SCHEMA_LIST_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems']

/**
 * A copy of `schema` in which every string that must not be empty must not be blank either.
 * Secrets are left alone: in a password (`"x-widget": "password"`) or a write-only key a space
 * is a character like any other, and refusing one would lock out whoever chose it. A `$ref`
 * is not followed; what it points at is marked where it is declared.
 */
export function withNotBlank(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...schema }
  for (const keyword of SCHEMA_KEYWORDS) if (isSchema(out[keyword])) out[keyword] = withNotBlank(out[keyword] as JsonSchema)
  for (const keyword of SCHEMA_MAP_KEYWORDS) {
    if (isSchema(out[keyword])) out[keyword] = Object.fromEntries(Object.entries(out[keyword] as Record<string, unknown>).map(([k, v]) => [k, isSchema(v) ? withNotBlank(v) : v]))
  }
  for (const keyword of SCHEMA_LIST_KEYWORDS) {
    if (Array.isArray(out[keyword])) out[keyword] = (out[keyword] as unknown[]).map((v) => (isSchema(v) ? withNotBlank(v) : v))
  }
  if (mustNotBeBlank(out)) out[NOT_BLANK_KEYWORD] = true
  return out
}

function mustNotBeBlank(schema: JsonSchema): boolean {
  const types = ([] as unknown[]).concat(schema.type ?? 'string')
  const secret = schema['x-widget'] === 'password' || schema.writeOnly === true
  return typeof schema.minLength === 'number' && schema.minLength >= 1 && types.includes('string') && !secret
}

function isSchema(value: unknown): value is JsonSchema {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}
