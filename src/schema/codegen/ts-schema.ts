import { isDeepStrictEqual } from 'node:util'
import { paginator } from '../generic-endpoint'
import { typeName } from '../names'
import { getAtPointer } from '../pointer'
import type { JsonSchema } from '../types'

/** Where a schema sits: `$ref` targets resolve against `schemas` (entities) or `self` (a local `#/...`). */
export interface RefScope {
  schemas: Readonly<Record<string, JsonSchema>>
  /** The document a local ref points into. */
  self: JsonSchema
  /** The entity `self` is, so that `#` alone means that entity's type. */
  entity?: string
}

// Keywords whose value is a schema, a map of schemas or a list of schemas; everything else is data.
const SCHEMA_KEYWORDS = new Set(['items', 'additionalItems', 'additionalProperties', 'unevaluatedItems', 'unevaluatedProperties', 'contains', 'propertyNames', 'not', 'if', 'then', 'else'])
const SCHEMA_MAP_KEYWORDS = new Set(['properties', 'patternProperties', 'dependentSchemas'])
const SCHEMA_LIST_KEYWORDS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems'])
// json-schema-to-typescript names a type after `title` or `$id`, which would scatter extra declarations; refs are inlined, so `$defs` is spent.
const DROPPED_KEYWORDS = new Set(['$id', '$schema', '$comment', '$anchor', '$defs', 'definitions', 'title'])

/**
 * Rewrite one of our schemas into what json-schema-to-typescript should see: a reference to a
 * whole entity becomes that entity's type (`{ tsType: "Domain" }`) instead of a copy of it, a
 * reference into an entity (`domain#/properties/host`) is inlined, money becomes `Money`, and
 * the `x-` annotations are dropped. The result has no `$ref` left, so the compiler never
 * tries to read a file.
 */
export function toTsSchema(schema: unknown, scope: RefScope): unknown {
  return convert(schema, scope, [])
}

function convert(node: unknown, scope: RefScope, trail: readonly string[]): unknown {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return node
  const schema = node as JsonSchema
  if (typeof schema.$ref === 'string') return convertRef(schema, scope, trail)

  const page = paginatedEntity(schema, scope)
  if (page) return { tsType: `Paginator<${page}>`, ...annotations(schema) }

  const out: JsonSchema = {}
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword.startsWith('x-') || DROPPED_KEYWORDS.has(keyword) || value === undefined) continue
    if (SCHEMA_KEYWORDS.has(keyword)) out[keyword] = Array.isArray(value) ? value.map((v) => convert(v, scope, trail)) : convert(value, scope, trail)
    else if (SCHEMA_MAP_KEYWORDS.has(keyword)) out[keyword] = mapValues(value as Record<string, unknown>, (v) => convert(v, scope, trail))
    else if (SCHEMA_LIST_KEYWORDS.has(keyword)) out[keyword] = (value as unknown[]).map((v) => convert(v, scope, trail))
    else out[keyword] = value
  }
  if (schema.format === 'money') out.tsType = allowsNull(schema) ? 'Money | null' : 'Money'
  // `{}` in TypeScript accepts any non-null value; a closed object with no fields accepts none.
  if (isEmptyClosedObject(schema)) out.tsType = 'Record<string, never>'
  return out
}

function convertRef(schema: JsonSchema, scope: RefScope, trail: readonly string[]): unknown {
  const ref = schema.$ref as string
  const { $ref: _ref, ...siblings } = schema
  const own = Object.keys(siblings).length > 0 ? (convert(siblings, scope, trail) as JsonSchema) : {}
  const hash = ref.indexOf('#')
  const base = hash === -1 ? ref : ref.slice(0, hash)
  const pointer = hash === -1 ? '' : ref.slice(hash + 1)
  const entity = base === '' ? scope.entity : base
  if ((pointer === '' || pointer === '/') && entity !== undefined && scope.schemas[entity]) {
    return { ...own, tsType: typeName(entity) }
  }
  const doc = base === '' ? scope.self : scope.schemas[base]
  const target = doc === undefined ? undefined : getAtPointer(doc, pointer)
  if (target === undefined) {
    throw new Error(`$ref "${ref}" points at nothing; npm run schemas:check says where it is and how to fix it.`)
  }
  const key = `${entity ?? ''}#${pointer}`
  if (trail.includes(key)) throw new Error(`$ref "${ref}" refers back to itself through ${trail.join(' → ')}; a type cannot contain itself.`)
  const targetScope = base === '' ? scope : { ...scope, self: doc!, entity: base }
  // Siblings of $ref refine the target (a description, a default), as the registry reads them.
  return { ...(convert(target, targetScope, [...trail, key]) as JsonSchema), ...own }
}

/** The entity a list answer pages through, when `schema` is exactly the paginator of one. */
function paginatedEntity(schema: JsonSchema, scope: RefScope): string | undefined {
  const data = (schema.properties as Record<string, JsonSchema> | undefined)?.data
  const items = data?.items as JsonSchema | undefined
  const ref = items?.$ref
  if (typeof ref !== 'string' || Object.keys(items!).length !== 1) return undefined
  const entity = ref.replace(/#\/?$/, '')
  if (!scope.schemas[entity] || !isDeepStrictEqual(withoutAnnotations(schema), paginator(items!))) return undefined
  return typeName(entity)
}

function annotations(schema: JsonSchema): JsonSchema {
  return schema.description === undefined ? {} : { description: schema.description }
}

function withoutAnnotations(schema: JsonSchema): JsonSchema {
  const { description: _d, title: _t, ...rest } = schema
  return rest
}

function allowsNull(schema: JsonSchema): boolean {
  return Array.isArray(schema.type) && schema.type.includes('null')
}

function isEmptyClosedObject(schema: JsonSchema): boolean {
  const noFields = (key: string) => schema[key] === undefined || Object.keys(schema[key] as object).length === 0
  return schema.type === 'object' && schema.additionalProperties === false && noFields('properties') && noFields('patternProperties')
}

function mapValues(record: Record<string, unknown>, f: (value: unknown) => unknown): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, f(v)]))
}
