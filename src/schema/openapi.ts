import type { EndpointDef, JsonSchema, Registry } from './types'
import { operationName } from './names'
import { errorEnvelopeSchema, FIELD_ERROR_SCHEMA, successEnvelopeSchema } from './envelope'

const ERROR_ENVELOPE = '#/components/schemas/ErrorEnvelope'
const FIELD_ERROR = '#/components/schemas/FieldError'

/**
 * The OpenAPI 3.1 document of the whole API, built from the registry alone, so the
 * served document, the generated file and the routes cannot drift apart.
 */
export function buildOpenApi(registry: Registry, info: { title: string; version: string }): JsonSchema {
  const schemas: Record<string, JsonSchema> = {}
  for (const entity of registry.entities.values()) {
    const { $id: _id, ...schema } = entity.schema
    schemas[entity.name] = rewriteRefs(schema) as JsonSchema
  }
  // Shared definitions (schemas/shared/), whose $defs the endpoints' $refs point into.
  for (const [name, schema] of Object.entries(registry.schemas)) {
    if (registry.entities.has(name)) continue
    const { $id: _id, ...rest } = schema
    schemas[name] = rewriteRefs(rest) as JsonSchema
  }
  schemas.FieldError = FIELD_ERROR_SCHEMA
  schemas.ErrorEnvelope = errorEnvelopeSchema({ $ref: FIELD_ERROR })

  const paths: Record<string, Record<string, unknown>> = {}
  for (const endpoint of [...registry.endpoints.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    paths[endpoint.path] = { ...paths[endpoint.path], [endpoint.method.toLowerCase()]: operation(endpoint) }
  }

  return {
    openapi: '3.1.0',
    info: {
      ...info,
      description:
        'Every answer is an envelope { code, msg, time, data }: code 1 is success; a failure has code 0, or 50008, 50012 or 50014 for a sign-in that is no longer valid. Send the session token in the `token` header and `platform: pc`.',
    },
    servers: [{ url: '/api/v1' }],
    tags: [...new Set([...registry.endpoints.values()].map(tagOf))].sort().map((name) => ({ name })),
    paths,
    components: {
      schemas,
      securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token', description: 'The token from POST /platform/login.' } },
    },
  }
}

function tagOf(endpoint: EndpointDef): string {
  return endpoint.path.split('/')[1] ?? 'api'
}

function operation(endpoint: EndpointDef): JsonSchema {
  const roles = endpoint.access === 'open' ? 'Open: no sign-in needed.' : `Roles: ${endpoint.access.join(', ')}.`
  const op: JsonSchema = {
    operationId: operationName(endpoint.id),
    summary: endpoint.summary,
    description: [endpoint.description, roles].filter(Boolean).join('\n\n'),
    tags: [tagOf(endpoint)],
    'x-roles': endpoint.access === 'open' ? [] : endpoint.access,
    security: endpoint.access === 'open' ? [] : [{ token: [] }],
  }
  const query = endpoint.request.query
  if (query) {
    const required = new Set((query.required as string[] | undefined) ?? [])
    op.parameters = Object.entries((query.properties as Record<string, JsonSchema>) ?? {}).map(([name, schema]) => ({
      name,
      in: 'query',
      required: required.has(name),
      schema: rewriteRefs(schema),
    }))
  }
  if (endpoint.method === 'POST') {
    const body = rewriteRefs(endpoint.request.body ?? { type: 'object', additionalProperties: false }) as JsonSchema
    op.requestBody = {
      required: true,
      content: endpoint.files ? { 'multipart/form-data': { schema: multipartSchema(body, endpoint.files) } } : { 'application/json': { schema: body } },
    }
  }
  const failure = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: ERROR_ENVELOPE } } } })
  op.responses = endpoint.stream
    ? { '200': { description: 'Server-Sent Events, until the client leaves.', content: { [endpoint.stream]: { schema: { type: 'string' } } } } }
    : endpoint.download
    ? { '200': { description: 'The file.', content: { [endpoint.plays ?? 'application/octet-stream']: { schema: { type: 'string', contentEncoding: 'binary' } } } } }
    : {
        '200': {
          description: 'Success (code 1) or a failure a person can act on (code 0, 50008, 50012, 50014).',
          content: {
            'application/json': {
              // Told apart by code alone: 1 in the first, one of the failure codes in the second.
              schema: { oneOf: [successEnvelopeSchema(rewriteRefs(endpoint.response) as JsonSchema), { $ref: ERROR_ENVELOPE }] },
            },
          },
        },
      }
  const responses = op.responses as Record<string, unknown>
  if (endpoint.access !== 'open') {
    responses['401'] = failure('No token was sent.')
    responses['403'] = failure('The caller’s role may not call this endpoint.')
  }
  if (endpoint.method === 'POST') {
    responses['400'] = failure('The body is not valid JSON.')
    responses['413'] = failure('The body is too large.')
    responses['415'] = failure(endpoint.files ? 'The body is not multipart/form-data.' : 'The body is not application/json.')
  }
  responses['429'] = failure('Too many requests.')
  responses['500'] = failure('Unexpected server error; data.reference is in the server log.')
  return op
}

/** `domain` → `#/components/schemas/domain`; `domain#/properties/host` → `#/components/schemas/domain/properties/host`. */
export function rewriteRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(rewriteRefs)
  if (node === null || typeof node !== 'object') return node
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string' && !value.startsWith('#')) {
      const [base, pointer = ''] = value.split('#')
      out.$ref = `#/components/schemas/${base}${pointer}`
    } else {
      out[key] = rewriteRefs(value)
    }
  }
  return out
}

/** The text parts of the body schema plus one binary property per file part. */
function multipartSchema(body: JsonSchema, files: NonNullable<EndpointDef['files']>): JsonSchema {
  const properties: Record<string, JsonSchema> = { ...((body.properties as Record<string, JsonSchema>) ?? {}) }
  const required = [...((body.required as string[]) ?? [])]
  for (const [name, part] of Object.entries(files)) {
    const accepted = part.types ? ` Accepted: ${part.types.join(', ')}.` : ''
    properties[name] = { type: 'string', contentMediaType: 'application/octet-stream', description: `At most ${part.maxBytes} bytes.${accepted}` }
    if (part.required) required.push(name)
  }
  return { type: 'object', properties, required, additionalProperties: false }
}
