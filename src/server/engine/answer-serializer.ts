import { isDeepStrictEqual } from 'node:util'
import type { FastifyReply } from 'fastify'
import type { EndpointDef, JsonSchema, Registry } from '../../schema/types'
import { getAtPointer } from '../../schema/pointer'
import type { Envelope } from '../envelope'

type Serialize = (answer: unknown) => string

/**
 * A success answer written by the serializer Fastify compiles from the endpoint's response
 * schema (fast-json-stringify), which knows each field's type beforehand and writes the JSON
 * faster than JSON.stringify. Compiled on the endpoint's first answer, not at start.
 *
 * The schema it is compiled from keeps what serializing needs: types, properties and items.
 * Keywords that would change what is written are left out: `default` (a missing field stays
 * missing), `const` and `required` (a record without an optional field is still written), and
 * an object the schema does not close keeps its other keys, as in JSON. A closed object's
 * undeclared keys are dropped, as the schema says; with `check` (outside production) every
 * answer is also compared with JSON.stringify's, and a difference fails the request loudly.
 */
export function answerSerializer(registry: Registry, endpoint: EndpointDef, check: boolean): (reply: FastifyReply, answer: Envelope) => string {
  const schema = envelopeSchema(serializingSchema(endpoint.response, registry, new Set()))
  let serialize: Serialize | undefined
  return (reply, answer) => {
    serialize ??= reply.compileSerializationSchema(schema, '200') as Serialize
    const text = serialize(answer)
    if (check && !isDeepStrictEqual(JSON.parse(text), JSON.parse(JSON.stringify(answer)))) {
      throw new Error(`The serializer of ${endpoint.file}'s response schema wrote ${text.slice(0, 500)} for an answer JSON.stringify writes as ${JSON.stringify(answer).slice(0, 500)}.`)
    }
    // The content type Fastify gives an object it serializes itself.
    reply.type('application/json; charset=utf-8')
    return text
  }
}

function envelopeSchema(data: JsonSchema): JsonSchema {
  return { type: 'object', properties: { code: { type: 'integer' }, msg: { type: 'string' }, time: { type: 'integer' }, data }, additionalProperties: false }
}

/** An empty schema: fast-json-stringify writes the value as JSON.stringify would. */
const ANY: JsonSchema = {}

function serializingSchema(schema: JsonSchema, registry: Registry, resolving: Set<string>): JsonSchema {
  if (typeof schema.$ref === 'string') {
    // A schema that refers to itself on the way down is written as it comes.
    if (resolving.has(schema.$ref)) return ANY
    const target = resolve(schema.$ref, registry)
    return target ? serializingSchema(target, registry, new Set([...resolving, schema.$ref])) : ANY
  }
  // Without a type, or combining schemas, the value is whatever it is.
  if (schema.type === undefined || schema.anyOf || schema.oneOf || schema.allOf || schema.if || schema.not) return ANY
  const out: JsonSchema = { type: schema.type }
  const types = ([] as unknown[]).concat(schema.type)
  if (types.includes('object')) {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
    out.properties = Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, serializingSchema(property, registry, resolving)]))
    const more = schema.additionalProperties
    out.additionalProperties = more === false ? false : more && typeof more === 'object' ? serializingSchema(more as JsonSchema, registry, resolving) : true
  }
  if (types.includes('array')) out.items = schema.items && !Array.isArray(schema.items) ? serializingSchema(schema.items as JsonSchema, registry, resolving) : ANY
  return out
}

/** `name` or `name#/pointer`, among the registry's schemas. */
function resolve(ref: string, registry: Registry): JsonSchema | undefined {
  const [name, pointer = ''] = ref.split('#')
  const base = registry.schemas[name!]
  const found = base === undefined ? undefined : getAtPointer(base, pointer)
  return found && typeof found === 'object' ? (found as JsonSchema) : undefined
}
