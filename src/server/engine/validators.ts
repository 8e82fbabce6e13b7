import type { ValidateFunction } from 'ajv'
import { createAjv } from '../../schema/ajv'
import type { EndpointDef, JsonSchema, Label, Locale, Registry } from '../../schema/types'
import { toFieldErrors } from '../../schema/validation-messages'
import { escapePointerToken } from '../../schema/pointer'
import { validationError } from '../errors/AppError'

export interface EndpointValidators {
  query?: ValidateFunction
  body?: ValidateFunction
  response?: ValidateFunction
}

/** A POST with no declared body takes none: an empty object, nothing more. */
const EMPTY_BODY: JsonSchema = { type: 'object', additionalProperties: false }

/**
 * Every endpoint's validators, each compiled the first time it is used. Compiling all of them
 * took most of a start (about a second here), for endpoints a process may never serve; the
 * registry has already compiled each once to check it. Queries are coerced from strings
 * (page=2 is a number); bodies are not, so "2" for a number is an error, as it is in the form.
 * The same registry gets the same validators: they are a function of its schemas alone, and a
 * process starting several apps on one registry (tests, the demo month) compiles each once.
 */
export function compileValidators(registry: Registry, withResponses: boolean): ReadonlyMap<string, EndpointValidators> {
  const modes = compiled.get(registry) ?? new Map<boolean, ReadonlyMap<string, EndpointValidators>>()
  compiled.set(registry, modes)
  const known = modes.get(withResponses)
  if (known) return known
  const made = lazyValidators(registry, withResponses)
  modes.set(withResponses, made)
  return made
}

const compiled = new WeakMap<Registry, Map<boolean, ReadonlyMap<string, EndpointValidators>>>()

function lazyValidators(registry: Registry, withResponses: boolean): ReadonlyMap<string, EndpointValidators> {
  const ajvs = once(() => {
    // The registry has already checked every schema against the meta-schema; checking again here only slows the start.
    const query = createAjv({ verbose: true, useDefaults: true, coerceTypes: 'array', validateSchema: false })
    const body = createAjv({ verbose: true, useDefaults: true, validateSchema: false })
    const response = createAjv({ validateSchema: false })
    for (const ajv of [query, body, response]) for (const schema of Object.values(registry.schemas)) ajv.addSchema(schema)
    return { query, body, response }
  })
  const out = new Map<string, EndpointValidators>()
  for (const endpoint of registry.endpoints.values()) {
    const { query, body } = endpoint.request
    const compileQuery = query && once(() => ajvs().query.compile(query))
    const compileBody = endpoint.method === 'POST' ? once(() => ajvs().body.compile(body ?? EMPTY_BODY)) : undefined
    const compileResponse = withResponses && !endpoint.download ? once(() => ajvs().response.compile(endpoint.response)) : undefined
    out.set(endpoint.id, {
      get query() {
        return compileQuery?.()
      },
      get body() {
        return compileBody?.()
      },
      get response() {
        return compileResponse?.()
      },
    })
  }
  return out
}

function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined
  return () => (made ??= { value: make() }).value
}

/** Validate (and default, and coerce) `value` in place, or throw the field errors; text that cannot be stored as sent is one too. */
export function validateOrThrow(validate: ValidateFunction, value: unknown, locale: Locale): void {
  if (!validate(value)) throw validationError(toFieldErrors(validate.errors ?? [], locale))
  const path = findUnstorableText(value)
  if (path !== undefined) throw validationError([{ path, message: UNSTORABLE_TEXT_MESSAGE[locale](labelAt(validate.schema, path, locale)) }])
}

/**
 * NUL, which PostgreSQL refuses in text, and unpaired surrogates, which both databases
 * replace with U+FFFD: a schema-valid string the server could not store as sent.
 */
const UNSTORABLE_TEXT = /\u0000|\p{Cs}/u

const UNSTORABLE_TEXT_MESSAGE: Record<Locale, (label: string) => string> = {
  'en-US': (label) => `${label} contains a NUL character or broken Unicode, which cannot be stored`,
  'zh-CN': (label) => `${label}包含无法保存的字符（NUL 或无效的 Unicode）`,
}

/** A value met on the walk below, with the key that reached it from its parent's entry. */
interface Visit {
  item: unknown
  parent: Visit | undefined
  key: string
}

/**
 * JSON pointer of the first string in `value` that cannot be stored as sent; a loop, since bodies
 * may nest deeper than the stack. Every request passes through here and nearly every one is
 * clean, so the pointer is only spelled out for the string found.
 */
function findUnstorableText(value: unknown): string | undefined {
  const pending: Visit[] = [{ item: value, parent: undefined, key: '' }]
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { item } = next
    if (typeof item === 'string' && UNSTORABLE_TEXT.test(item)) return pointerOf(next)
    if (item !== null && typeof item === 'object') {
      // Pushed last first, so they are taken in key order.
      const keys = Object.keys(item)
      for (let i = keys.length - 1; i >= 0; i--) pending.push({ item: (item as Record<string, unknown>)[keys[i]!], parent: next, key: keys[i]! })
    }
  }
  return undefined
}

function pointerOf(visit: Visit): string {
  let pointer = ''
  for (let at: Visit | undefined = visit; at?.parent; at = at.parent) pointer = `/${escapePointerToken(at.key)}${pointer}`
  return pointer
}

/** The x-label of the field at a top-level pointer, else its name, as the schema messages word it. */
function labelAt(schema: unknown, pointer: string, locale: Locale): string {
  const field = pointer.split('/')[1]?.replace(/~1/g, '/').replace(/~0/g, '~') ?? ''
  const properties = ((schema as JsonSchema | undefined)?.properties ?? {}) as Record<string, JsonSchema>
  return (properties[field]?.['x-label'] as Label | undefined)?.[locale] ?? field
}

export function describeEndpoint(endpoint: EndpointDef): string {
  return `${endpoint.method} /api/v1${endpoint.path}`
}
