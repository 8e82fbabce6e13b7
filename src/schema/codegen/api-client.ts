import { operationName } from '../names'
import { ROLES, type EndpointDef, type JsonSchema, type Registry } from '../types'
import { docComment, generatedBanner } from './banner'
import { sortedEndpoints } from './registry-order'
import { declaredEndpointTypes } from './type-names'

interface Param {
  name: 'body' | 'query'
  type: string
  optional: boolean
}

const PREAMBLE = `import type * as types from './types'

/** One call, as the client hands it to the transport. */
export interface ApiRequest {
  method: 'GET' | 'POST'
  /** Path under /api/v1, e.g. /domain/list. */
  path: string
  query?: object
  /** JSON, or FormData for the calls that take files. */
  body?: object
  /** The endpoint answers a file, not an envelope; the transport decides how to fetch it. */
  download?: true
}

/**
 * Sends one call and resolves to the envelope's \`data\` when \`code\` is 1, rejecting otherwise.
 * Injected rather than imported, so the client carries no fetch, token or base URL of its own:
 * the console passes one that speaks the envelope, tests pass a fake.
 */
export type ApiTransport = (request: ApiRequest) => Promise<unknown>

/** Who may call an endpoint: role names (\`*\` is any signed-in account), or 'open' for anyone. */
export type ApiAccess = readonly (${[...ROLES, '*'].map(quote).join(' | ')})[] | 'open'

export interface ApiEndpoint {
  /** The endpoint file under schemas/endpoints, without .json. */
  id: string
  method: 'GET' | 'POST'
  path: string
  access: ApiAccess
  download?: true
}`

/** The source of `client.ts`: one typed function per endpoint, named by `operationName`. */
export function generateApiClient(registry: Registry): string {
  const endpoints = sortedEndpoints(registry)
  const header = generatedBanner(['The typed API client: one function per file in schemas/endpoints/, named like the OpenAPI operationId.'])
  const metadata = [
    docComment(['Every endpoint by client function name, for access checks that must agree with the server.']),
    'export const apiEndpoints = {',
    ...endpoints.map((e) => `  ${operationName(e.id)}: { ${metadataFields(e)} },`),
    '} as const satisfies Record<keyof ApiClient, ApiEndpoint>',
  ]
  const client = [
    'export interface ApiClient {',
    ...endpoints.flatMap((e, i) => [...(i > 0 ? [''] : []), docComment(functionDoc(e), '  '), `  ${operationName(e.id)}: ${signature(e)}`]),
    '}',
  ]
  const factory = [
    docComment([
      'The typed API client over a transport.',
      '',
      '```ts',
      'const api = createApiClient(transport)',
      'const page = await api.domainList({ page: 1 })',
      '```',
    ]),
    'export function createApiClient(transport: ApiTransport): ApiClient {',
    '  return {',
    ...endpoints.map((e) => `    ${operationName(e.id)}: ${implementation(e)},`),
    '  }',
    '}',
  ]
  return [header, PREAMBLE, metadata.join('\n'), client.join('\n'), factory.join('\n')].join('\n\n') + '\n'
}

function metadataFields(e: EndpointDef): string {
  const access = e.access === 'open' ? quote('open') : `[${e.access.map(quote).join(', ')}]`
  return [`id: ${quote(e.id)}`, `method: ${quote(e.method)}`, `path: ${quote(e.path)}`, `access: ${access}`, ...(e.download ? ['download: true'] : [])].join(', ')
}

function functionDoc(e: EndpointDef): string[] {
  const who = e.access === 'open' ? 'open: no sign-in needed' : `roles: ${e.access.map((r) => (r === '*' ? 'any signed-in account' : r)).join(', ')}`
  return [
    e.summary,
    ...(e.description ? ['', ...e.description.split('\n')] : []),
    ...(e.download ? ['', 'Answers a file, not an envelope.'] : []),
    '',
    `\`${e.method} ${e.path}\` · ${who}`,
  ]
}

/** Body first, then query; a part with no required field may be left out when nothing after it is needed. */
function params(e: EndpointDef): Param[] {
  const types = declaredEndpointTypes(e)
  const list: Param[] = []
  // A call with file parts takes multipart: the text parts and files in one FormData.
  if (e.files) list.push({ name: 'body', type: 'FormData', optional: false })
  else if (e.request.body && types.body) list.push({ name: 'body', type: `types.${types.body}`, optional: hasNoRequiredField(e.request.body) })
  if (e.request.query && types.query) list.push({ name: 'query', type: `types.${types.query}`, optional: hasNoRequiredField(e.request.query) })
  for (let i = list.length - 2; i >= 0; i--) list[i]!.optional &&= list[i + 1]!.optional
  return list
}

function resultType(e: EndpointDef): string {
  const { response } = declaredEndpointTypes(e)
  return response ? `Promise<types.${response}>` : 'Promise<unknown>'
}

function signature(e: EndpointDef): string {
  return `(${params(e).map((p) => `${p.name}${p.optional ? '?' : ''}: ${p.type}`).join(', ')}) => ${resultType(e)}`
}

function implementation(e: EndpointDef): string {
  const list = params(e)
  const args = list.map((p) => (p.optional ? `${p.name} = {}` : p.name)).join(', ')
  const fields = [`method: ${quote(e.method)}`, `path: ${quote(e.path)}`, ...list.map((p) => p.name)]
  // The server reads a JSON object from every POST, even one with nothing to say.
  if (e.method === 'POST' && !list.some((p) => p.name === 'body')) fields.push('body: {}')
  if (e.download) fields.push('download: true')
  const call = `transport({ ${fields.join(', ')} })`
  return `(${args}) => ${e.download ? call : `${call} as ${resultType(e)}`}`
}

/** Conservative: a part whose shape is not a plain object schema is treated as required. */
function hasNoRequiredField(schema: JsonSchema): boolean {
  const composed = ['$ref', 'allOf', 'anyOf', 'oneOf', 'if'].some((k) => k in schema)
  return schema.type === 'object' && !composed && ((schema.required as unknown[] | undefined) ?? []).length === 0
}

function quote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
}
