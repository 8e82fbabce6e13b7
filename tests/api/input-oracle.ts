import qs from 'qs'
import type { ValidateFunction } from 'ajv'
import { createAjv } from '../../src/schema/ajv'
import { resolveRef } from '../../src/schema/entity'
import { sanitizeRichTextFields } from '../../src/server/content/rich-text'
import type { EndpointDef, JsonSchema, Registry } from '../../src/schema/types'
import { typesOf } from './hostile-inputs'

/**
 * Whether the server must accept an input, judged from the schema files alone with the
 * same ajv set-up, independently of the server's compiled validators, plus the wire rules
 * of DESIGN §3: queries are parsed by qs and coerced, empty filters mean no filter, and
 * generic writes sanitise rich text (contentMediaType text/html) before judging it.
 */
export interface InputOracle {
  /** Judged in place (defaults are filled in, rich text is sanitised, as on the server), so pass a fresh copy. */
  accepts(endpoint: EndpointDef, input: unknown): boolean
  /** The input as the server judges and stores it: rich text of a generic create or update sanitised, in place. */
  prepare(endpoint: EndpointDef, input: unknown): unknown
  /** The query the server works on: qs-parsed, without empty values, the token and a link's ticket. */
  parseQuery(query: string): Record<string, unknown>
  /** A valid input for the schema: required fields only; `n` keeps unique fields unique. */
  sample(schema: JsonSchema, n: number): unknown
  resolve(schema: JsonSchema): JsonSchema
}

/** The query parser options of src/server/app.ts. */
const QUERY_OPTIONS = { depth: 2, arrayLimit: 100, parameterLimit: 200 }

/** A POST endpoint that declares no body takes an empty object, nothing more. */
const NO_BODY: JsonSchema = { type: 'object', additionalProperties: false }

/** NUL (PostgreSQL refuses it) and unpaired surrogates (stored as U+FFFD) cannot be stored as sent. */
const UNSTORABLE_TEXT = /\u0000|\p{Cs}/u

export function createInputOracle(registry: Registry): InputOracle {
  const bodyAjv = createAjv({ useDefaults: true })
  const queryAjv = createAjv({ useDefaults: true, coerceTypes: 'array' })
  for (const schema of Object.values(registry.schemas)) {
    bodyAjv.addSchema(schema)
    queryAjv.addSchema(schema)
  }
  const compiled = new Map<unknown, WeakMap<JsonSchema, ValidateFunction>>([[bodyAjv, new WeakMap()], [queryAjv, new WeakMap()]])
  const compile = (ajv: typeof bodyAjv, schema: JsonSchema): ValidateFunction => {
    const cache = compiled.get(ajv)!
    if (!cache.has(schema)) cache.set(schema, ajv.compile(schema))
    return cache.get(schema)!
  }

  const resolve = (schema: JsonSchema): JsonSchema => {
    let out = schema
    for (let depth = 0; typeof out.$ref === 'string' && depth < 10; depth++) {
      const { $ref, ...rest } = out
      out = { ...(resolveRef($ref as string, {}, registry.schemas) as JsonSchema), ...rest }
    }
    return out
  }

  const sample = (schema: JsonSchema, n: number): unknown => {
    const s = resolve(schema)
    if ('const' in s) return s.const
    if ('default' in s) return s.default
    if (Array.isArray(s.enum)) return s.enum.find((v) => v !== null) ?? s.enum[0]
    switch (typesOf(s)[0]) {
      case 'integer':
      case 'number':
        return Math.min(Math.max(1, Number(s.minimum ?? 1)), Number(s.maximum ?? Infinity))
      case 'boolean':
        return true
      case 'null':
        return null
      case 'array':
        return Array.from({ length: Number(s.minItems ?? 0) }, (_, i) => sample((s.items ?? {}) as JsonSchema, n + i))
      case 'object': {
        const properties = (s.properties ?? {}) as Record<string, JsonSchema>
        return Object.fromEntries(((s.required ?? []) as string[]).map((name) => [name, sample(properties[name] ?? {}, n)]))
      }
      default:
        return sampleString(schema, n)
    }
  }

  // The first candidate the field's own schema accepts: plain text, a host name, an e-mail, a date, a store key...
  const sampleString = (schema: JsonSchema, n: number): string => {
    const min = Number(resolve(schema).minLength ?? 0)
    // The zero-padded number fits a fixed-length code of digits (a reset code).
    const candidates = [`v${n}`, `v${n}.example.com`, `v${n}@example.com`, '2026-01-01T00:00:00.000Z', '2026-01-01', '12.50', String(n), String(n).padStart(min, '0'), `https://example.com/v${n}.png`, `materials/${n + 1}/2026-01/${'0'.repeat(32)}.mp4`, `/v${n}/v${n}`]
    const validate = compile(bodyAjv, schema)
    for (const candidate of candidates) {
      const text = candidate.padEnd(min, 'x')
      if (validate(text)) return text
    }
    throw new Error(`No sample string fits ${JSON.stringify(schema)}; add a candidate to tests/api/input-oracle.ts.`)
  }

  const parseQuery = (query: string): Record<string, unknown> => {
    const parsed = qs.parse(query, QUERY_OPTIONS) as Record<string, unknown>
    return Object.fromEntries(Object.entries(parsed).filter(([key, value]) => value !== '' && key !== 'token' && key !== 'ticket'))
  }

  const prepare = (endpoint: EndpointDef, input: unknown): unknown => {
    const entity = endpoint.entity ? registry.entities.get(endpoint.entity) : undefined
    if (entity && (endpoint.handler === 'create' || endpoint.handler === 'update')) sanitizeRichTextFields(entity, input)
    return input
  }

  const accepts = (endpoint: EndpointDef, input: unknown): boolean => {
    const schema = endpoint.method === 'GET' ? endpoint.request.query : (endpoint.request.body ?? NO_BODY)
    if (!schema) return true
    const prepared = prepare(endpoint, input)
    return compile(endpoint.method === 'GET' ? queryAjv : bodyAjv, schema)(prepared) && !hasUnstorableText(prepared)
  }

  return { accepts, prepare, parseQuery, sample, resolve }
}

function hasUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') return UNSTORABLE_TEXT.test(value)
  if (value !== null && typeof value === 'object') return Object.values(value).some(hasUnstorableText)
  return false
}
