import { operationName, typeName } from '../names'
import type { SchemaProblem } from '../SchemaError'
import type { EndpointDef, Registry } from '../types'
import { sortedEndpoints, sortedEntities } from './registry-order'

/** Declared by hand in the generated types.ts, so no entity or endpoint may take them. */
export const HELPER_TYPE_NAMES = ['Envelope', 'SuccessEnvelope', 'ErrorEnvelope', 'FieldError', 'Paginator', 'Money', 'NoFields', 'Endpoints'] as const

/**
 * The generated type names of an endpoint: its id in PascalCase plus what the type describes.
 * `domain/batch_del` → DomainBatchDelQuery (query string), DomainBatchDelBody (JSON body),
 * DomainBatchDelResponse (the envelope's data on success).
 */
export function endpointTypeNames(endpoint: Pick<EndpointDef, 'id'>): { query: string; body: string; response: string } {
  const base = typeName(endpoint.id)
  return { query: `${base}Query`, body: `${base}Body`, response: `${base}Response` }
}

/** The type names an endpoint really gets: only the parts it has, and no data type for a download. */
export function declaredEndpointTypes(endpoint: EndpointDef): { query?: string; body?: string; response?: string } {
  const names = endpointTypeNames(endpoint)
  return {
    ...(endpoint.request.query ? { query: names.query } : {}),
    ...(endpoint.request.body ? { body: names.body } : {}),
    ...(endpoint.download ? {} : { response: names.response }),
  }
}

/**
 * Names that two schema files would both generate. Different files can map to one name
 * (`domain/batch_del` and `domain_batch/del` are both domainBatchDel), and the registry
 * cannot see that, so codegen reports it in the registry's own problem format.
 */
export function nameClashes(registry: Registry): SchemaProblem[] {
  const problems: SchemaProblem[] = []
  const typeOwners = new Map<string, string>(HELPER_TYPE_NAMES.map((name) => [name, 'the generated helper types']))
  const claim = (owners: Map<string, string>, name: string, file: string, what: string) => {
    const owner = owners.get(name)
    if (owner === undefined) owners.set(name, file)
    else problems.push({ file, pointer: '', message: `its ${what} "${name}" is already taken by ${owner}. Rename one of the files.` })
  }
  for (const entity of sortedEntities(registry)) {
    claim(typeOwners, typeName(entity.name), entity.file, 'generated type name')
  }
  const operationOwners = new Map<string, string>()
  for (const endpoint of sortedEndpoints(registry)) {
    claim(operationOwners, operationName(endpoint.id), endpoint.file, 'client function name')
    for (const name of Object.values(declaredEndpointTypes(endpoint))) claim(typeOwners, name, endpoint.file, 'generated type name')
  }
  return problems
}
