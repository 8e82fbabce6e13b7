import type { GenericHandler, JsonSchema, Label } from './types'

/** A resource's `api`: its standard calls declared in one place instead of five endpoint files. */
export interface StandardApi {
  path: string
  roles: string[]
  calls?: GenericHandler[]
}

/** The platform's names for the five calls: GET /note/list, POST /note/add, ... */
const CALLS: Record<GenericHandler, { method: 'GET' | 'POST'; suffix: string; summary: (label: string) => string }> = {
  list: { method: 'GET', suffix: 'list', summary: (label) => `List ${label}` },
  get: { method: 'GET', suffix: 'detail', summary: (label) => `One of ${label} by id` },
  create: { method: 'POST', suffix: 'add', summary: (label) => `Add to ${label}` },
  update: { method: 'POST', suffix: 'edit', summary: (label) => `Change one of ${label}` },
  delete: { method: 'POST', suffix: 'del', summary: (label) => `Delete ${label} by id` },
}

export interface StandardEndpoint {
  slot: GenericHandler
  /** The endpoint id, as a file under schemas/endpoints/ would have it: `note/list`. */
  id: string
  /** The endpoint file this call stands for. */
  json: JsonSchema
}

/**
 * The endpoint files a resource's `api` stands for, as if they were written out. Each is a
 * generic handler over the resource's entity; the registry loads them like files, so the
 * server, the typed client and the OpenAPI document see no difference.
 *
 * ```ts
 * standardEndpoints({ path: '/note', roles: ['admin'] }, 'note', label)
 * // note/list: GET /note/list, note/detail: GET /note/detail, note/add, note/edit, note/del
 * ```
 */
export function standardEndpoints(api: StandardApi, entity: string, label: Label): StandardEndpoint[] {
  const calls = api.calls ?? (Object.keys(CALLS) as GenericHandler[])
  return calls.map((slot) => {
    const call = CALLS[slot]
    const path = `${api.path}/${call.suffix}`
    return {
      slot,
      id: path.slice(1),
      json: { method: call.method, path, summary: call.summary(label['en-US'].toLowerCase()), roles: api.roles, handler: slot, entity },
    }
  })
}
