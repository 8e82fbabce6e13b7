import { compile, type JSONSchema, type Options } from 'json-schema-to-typescript'
import { paginator } from '../generic-endpoint'
import { errorEnvelopeSchema, FIELD_ERROR_SCHEMA, successEnvelopeSchema } from '../envelope'
import { isGeneric } from '../registry'
import { typeName } from '../names'
import type { EndpointDef, JsonSchema, Registry } from '../types'
import { docComment, generatedBanner } from './banner'
import { sortedEndpoints, sortedEntities } from './registry-order'
import { toTsSchema, type RefScope } from './ts-schema'
import { declaredEndpointTypes } from './type-names'

/** `style` is the project's code style, so generated code reads like the rest of src/. */
const COMPILE_OPTIONS: Partial<Options> = {
  bannerComment: '',
  additionalProperties: false,
  // `[number, ...number[]]` for minItems 1 would make every caller prove an array non-empty; the server checks it.
  ignoreMinAndMaxItems: true,
  unknownAny: true,
  format: true,
  style: { semi: false, singleQuote: true, printWidth: 120, trailingComma: 'all', bracketSpacing: true, tabWidth: 2, useTabs: false },
}

const HEADER = generatedBanner([
  'TypeScript types of every entity and every endpoint in schemas/.',
  '',
  'Naming: an entity is its name in PascalCase (recharge_card → RechargeCard), the record as the API sends it.',
  'An endpoint is its id in PascalCase (domain/batch_del → DomainBatchDel) followed by',
  '`Query` (its query string), `Body` (its JSON body) and `Response` (the envelope’s data on success).',
])

const ENVELOPE = `${docComment([
  'Every JSON answer: `code` 1 is success, with the call’s data; anything else a failure whose `msg` a person can act on.',
  'Narrow on `code === 1` to reach the data.',
])}
export type Envelope<T> = SuccessEnvelope<T> | ErrorEnvelope`

const MONEY = `${docComment(['Money on the wire: yuan as a decimal string with two places, e.g. "12.50".'])}
export type Money = string`

/** The source of `types.ts`. */
export async function generateTypes(registry: Registry): Promise<string> {
  const declarations: Promise<string>[] = [Promise.resolve(ENVELOPE), ...envelopeTypes(), paginatorType(), Promise.resolve(MONEY)]
  for (const entity of sortedEntities(registry)) {
    declarations.push(compileType(entity.schema, typeName(entity.name), { schemas: registry.schemas, self: entity.schema, entity: entity.name }))
  }
  for (const endpoint of sortedEndpoints(registry)) {
    const names = declaredEndpointTypes(endpoint)
    const scope = endpointScope(endpoint, registry)
    const parts: [string | undefined, JsonSchema | undefined, string][] = [
      [names.query, endpoint.request.query, 'Query string'],
      [names.body, endpoint.request.body, 'JSON body'],
      [names.response, endpoint.response, 'Data of a successful answer'],
    ]
    for (const [name, schema, what] of parts) {
      if (name && schema) declarations.push(compileType(withPurpose(schema, `${what} of \`${endpoint.method} ${endpoint.path}\` (${endpoint.summary}).`), name, scope))
    }
  }
  declarations.push(Promise.resolve(endpointMap(registry)))
  return `${HEADER}\n\n${(await Promise.all(declarations)).join('\n\n')}\n`
}

/**
 * Each endpoint's query, body and data by its id, so a server handler names the endpoints it
 * serves and is given their types. A part the endpoint does not have is an empty object; a
 * download's data is whatever the handler writes.
 */
function endpointMap(registry: Registry): string {
  const lines = sortedEndpoints(registry).map((endpoint) => {
    const names = declaredEndpointTypes(endpoint)
    return `  '${endpoint.id}': { query: ${names.query ?? 'NoFields'}; body: ${names.body ?? 'NoFields'}; response: ${names.response ?? 'unknown'} }`
  })
  return [
    docComment(['An endpoint part that has no fields: no query string, or no JSON body.']),
    'export type NoFields = Record<string, never>',
    '',
    docComment(['Every endpoint by its id (its file under schemas/endpoints, without .json): its query string, JSON body and data.']),
    `export interface Endpoints {\n${lines.join('\n')}\n}`,
  ].join('\n')
}

/**
 * A named endpoint's local refs point into its own file. A generic endpoint's schemas are
 * copied from its entity, so theirs point into the entity.
 */
function endpointScope(endpoint: EndpointDef, registry: Registry): RefScope {
  const entity = endpoint.entity === undefined ? undefined : registry.entities.get(endpoint.entity)
  if (isGeneric(endpoint.handler) && entity) return { schemas: registry.schemas, self: entity.schema, entity: entity.name }
  return { schemas: registry.schemas, self: { request: endpoint.request, response: endpoint.response } }
}

/** Says on the type which call it belongs to, so a hover in the console answers "what is this for". */
function withPurpose(schema: JsonSchema, purpose: string): JsonSchema {
  const own = typeof schema.description === 'string' ? `\n\n${schema.description}` : ''
  return { ...schema, description: `${purpose}${own}` }
}

async function compileType(schema: JsonSchema, name: string, scope: RefScope): Promise<string> {
  const source = await compile(toTsSchema(schema, scope) as JSONSchema, name, COMPILE_OPTIONS)
  return source.trim()
}

/** The two envelopes and their field errors, from the schemas of the OpenAPI document, so the two cannot drift. */
function envelopeTypes(): Promise<string>[] {
  const none = { schemas: {}, self: {} }
  const success = compileType(successEnvelopeSchema({ tsType: 'T' }), 'SuccessEnvelope', none).then((source) => genericOver('SuccessEnvelope', source))
  return [success, compileType(errorEnvelopeSchema({ tsType: 'FieldError' }), 'ErrorEnvelope', none), compileType(FIELD_ERROR_SCHEMA, 'FieldError', none)]
}

/** `export interface NAME {` → `export interface NAME<T> {`, for a schema whose `{ tsType: 'T' }` stands for a type parameter. */
function genericOver(name: string, source: string): string {
  const generic = source.replace(`export interface ${name} {`, `export interface ${name}<T> {`)
  if (generic === source) throw new Error(`json-schema-to-typescript no longer declares ${name} as an interface:\n${source}`)
  return generic
}

/** Paginator<T> comes from the same schema the list endpoints answer with, so the two cannot drift. */
async function paginatorType(): Promise<string> {
  const source = await compileType(paginator({ tsType: 'T' }), 'Paginator', { schemas: {}, self: {} })
  return `${docComment(['One page of a list, in the shape the platform’s backend answers lists with.'])}\n${genericOver('Paginator', source)}`
}
