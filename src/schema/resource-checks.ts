import type { EndpointDef, EntityDef, GenericHandler, Navigation, ResourceAction, ResourceDef } from './types'
import { GENERIC_HANDLERS } from './types'
import type { SchemaProblem } from './SchemaError'
import { didYouMean } from './suggest'
import { joinPointer } from './pointer'

/** Cross-check resources against the entities, endpoints and navigation they name. */
export function checkResources(
  resources: ReadonlyMap<string, ResourceDef>,
  entities: ReadonlyMap<string, EntityDef>,
  endpoints: ReadonlyMap<string, EndpointDef>,
  navigation: Navigation,
  /** `kind:name` of files already reported as broken; naming one is not a second problem. */
  broken: ReadonlySet<string>,
  problems: SchemaProblem[],
): void {
  for (const r of resources.values()) {
    const report = (pointer: string, message: string) => problems.push({ file: r.file, pointer, message })
    if (!navigation.groups.some((g) => g.name === r.group)) {
      report('/group', `names group "${r.group}", which schemas/navigation.json does not declare.${didYouMean(r.group, navigation.groups.map((g) => g.name))}`)
    }
    const entity = entities.get(r.entity)
    if (broken.has(`entity:${r.entity}`)) continue
    if (!entity) {
      report('/entity', `names entity "${r.entity}", which has no file schemas/entities/${r.entity}.json.${didYouMean(r.entity, [...entities.keys()])}`)
      continue
    }
    for (const [slot, id] of Object.entries(r.endpoints) as [GenericHandler, string][]) {
      const endpoint = endpoints.get(id)
      const pointer = joinPointer('endpoints', slot)
      if (!endpoint) {
        if (broken.has(`endpoint:${id}`)) continue
        report(pointer, `names endpoint "${id}", which has no file schemas/endpoints/${id}.json.${didYouMean(id, [...endpoints.keys()])}`)
      } else if (endpoint.handler !== slot && !namedFormEndpoint(slot, endpoint)) {
        report(pointer, `uses "${id}" as its ${slot} endpoint, but that endpoint's handler is "${endpoint.handler}". Name an endpoint whose handler is "${slot}"${slot === 'create' || slot === 'update' ? `, or a POST endpoint of entity "${r.entity}" that declares its body${slot === 'update' ? ' with "id"' : ''}` : slot === 'delete' ? `, or a POST endpoint of entity "${r.entity}" whose body takes "ids"` : ''}.`)
      } else if (endpoint.entity !== r.entity) {
        report(pointer, `uses "${id}", which works on entity "${endpoint.entity}", not "${r.entity}".`)
      }
    }

    const fields = Object.keys(entity.schema.properties as object)
    const checkField = (pointer: string, field: string, writable = false) => {
      if (!fields.includes(field)) {
        report(pointer, `names field "${field}", which entity "${r.entity}" does not have (or keeps private).${didYouMean(field, fields)}`)
      } else if (writable && entity.columns.find((c) => c.name === field)?.readOnly) {
        report(pointer, `puts "${field}" in the form, but it is readOnly in entity "${r.entity}"; the server sets it.`)
      }
    }
    r.list.columns.forEach((c, i) => checkField(joinPointer('list', 'columns', i), c.field))
    for (const f of Object.keys(r.deleteWhen ?? {})) checkField(joinPointer('deleteWhen', f), f)
    if (r.deleteWhen && !r.endpoints.delete) report('/deleteWhen', 'says which rows may be deleted, but the screen names no "delete" endpoint. Add one to "endpoints" or remove "deleteWhen".')
    r.list.filters.forEach((f, i) => checkField(joinPointer('list', 'filters', i, 'field'), f.field))
    r.list.sort.forEach((f, i) => checkField(joinPointer('list', 'sort', i), f))
    r.show?.fields.forEach((f, i) => checkField(joinPointer('show', 'fields', i), f))
    if (r.show && !r.endpoints.get) report('/show', 'describes the detail page, but the screen names no "get" endpoint, so it has none. Add one to "endpoints" or remove "show".')
    if (r.list.defaultSort) checkField('/list/defaultSort/field', r.list.defaultSort.field)
    // A form field belongs to the entity (generic create and update) or to a named handler's declared body.
    const bodies = (['create', 'update'] as const).map((slot) => endpoints.get(r.endpoints[slot] ?? '')).filter((e) => e && !isGenericHandler(e.handler))
    const bodyFields = new Set(bodies.flatMap((e) => Object.keys((e!.request.body?.properties as object | undefined) ?? {})))
    // With sections, a field's place in the file is its section's list.
    const formFields = r.form.sections
      ? r.form.sections.flatMap((section, i) => section.fields.map((f, j) => [joinPointer('form', 'sections', i, 'fields', j), f] as const))
      : (r.form.fields ?? []).map((f, i) => [joinPointer('form', 'fields', i), f] as const)
    if (r.form.fields && r.form.sections) report('/form/fields', 'lists the form\'s fields, and so do its sections. Keep one of the two: sections name their fields themselves.')
    const placed = new Set<string>()
    for (const [pointer, f] of formFields) {
      if (placed.has(f)) report(pointer, `puts "${f}" in the form a second time. Give each field one place.`)
      placed.add(f)
      if (bodyFields.has(f)) continue
      if (bodies.length === 2) report(pointer, `names field "${f}", which neither ${r.endpoints.create} nor ${r.endpoints.update} takes.${didYouMean(f, [...bodyFields])}`)
      else checkField(pointer, f, true)
    }
    if (r.form.notices) checkNotices(r, r.form.notices, endpoints, broken, (pointer, message) => report(`/form${pointer}`, message))
    r.actions.forEach((action, i) => {
      const at = (pointer: string, message: string) => report(joinPointer('actions', i) + pointer, message)
      checkAction(action, endpoints, broken, at)
      if (action.notices) checkNotices(r, action.notices, endpoints, broken, at)
    })

    const list = endpoints.get(r.endpoints.list ?? '')
    if (list && list.access !== 'open' && !list.access.includes('*')) {
      for (const [i, role] of r.roles.entries()) {
        if (role === '*' || role === 'developer') continue
        if (!list.access.includes(role)) {
          report(joinPointer('roles', i), `lets "${role}" open the screen, but its list endpoint ${list.id} does not allow "${role}"; the page would only show an error. Add the role to the endpoint or remove it here.`)
        }
      }
    }
  }
}

function isGenericHandler(handler: string): boolean {
  return (GENERIC_HANDLERS as readonly string[]).includes(handler)
}

/** An action names an endpoint that exists and takes a body, or a link; its fields are fields of that body. */
function checkAction(action: ResourceAction, endpoints: ReadonlyMap<string, EndpointDef>, broken: ReadonlySet<string>, report: (pointer: string, message: string) => void): void {
  if (!action.endpoint) return
  const endpoint = endpoints.get(action.endpoint)
  if (!endpoint) {
    if (!broken.has(`endpoint:${action.endpoint}`)) report('/endpoint', `names endpoint "${action.endpoint}", which has no file schemas/endpoints/${action.endpoint}.json.${didYouMean(action.endpoint, [...endpoints.keys()])}`)
    return
  }
  if (endpoint.download) {
    const query = Object.keys((endpoint.request.query?.properties as object | undefined) ?? {})
    action.fields?.forEach((f, i) => {
      if (!query.includes(f)) report(`/fields/${i}`, `names field "${f}", which the download ${action.endpoint} does not take in its query.${didYouMean(f, query)}`)
    })
    return
  }
  if (endpoint.method !== 'POST') {
    report('/endpoint', `names ${action.endpoint}, a ${endpoint.method} call; an action sends a form, so it needs a POST endpoint (or one with "download").`)
    return
  }
  const body = Object.keys((endpoint.request.body?.properties as object | undefined) ?? {})
  if (action.on === 'row' && !body.includes(action.rowId)) {
    report(action.rowId === 'id' ? '/on' : '/rowId', `is a row action, but ${action.endpoint} takes no "${action.rowId}" to receive the row's id. Use "on": "page", name the field with "rowId", or an endpoint whose body has "id".`)
  }
  action.fields?.forEach((f, i) => {
    if (!body.includes(f)) report(`/fields/${i}`, `names field "${f}", which ${action.endpoint} does not take.${didYouMean(f, body)}`)
  })
}

/**
 * Create, update and delete may be business logic (accounts need a password hashed, a used
 * card may not be deleted): a POST declaring the body the form shows, with "id" to update
 * and "ids" to delete, as the generic ones take.
 */
/** A form's or an action dialog's notices come from a GET endpoint every role of the screen may call. */
function checkNotices(r: ResourceDef, id: string, endpoints: ReadonlyMap<string, EndpointDef>, broken: ReadonlySet<string>, report: (pointer: string, message: string) => void): void {
  const endpoint = endpoints.get(id)
  if (!endpoint) {
    if (!broken.has(`endpoint:${id}`)) report('/notices', `names endpoint "${id}", which has no file schemas/endpoints/${id}.json.${didYouMean(id, [...endpoints.keys()])}`)
    return
  }
  if (endpoint.method !== 'GET') report('/notices', `names "${id}", a ${endpoint.method} endpoint; the form reads its notices with GET.`)
  if (!(endpoint.response.properties as Record<string, unknown> | undefined)?.notices) report('/notices', `names "${id}", whose response has no "notices" field; it must answer { notices: [{ type, message }] }.`)
  const refused = endpoint.access === 'open' || endpoint.access.includes('*') ? [] : r.roles.filter((role) => role !== '*' && role !== 'developer' && !(endpoint.access as string[]).includes(role))
  if (refused.length > 0) report('/notices', `names "${id}", which ${refused.map((role) => `"${role}"`).join(', ')} may not call, though the screen lets them open its form. Add the roles to the endpoint.`)
}

function namedFormEndpoint(slot: GenericHandler, endpoint: EndpointDef): boolean {
  if ((slot !== 'create' && slot !== 'update' && slot !== 'delete') || isGenericHandler(endpoint.handler) || endpoint.method !== 'POST') return false
  const body = (endpoint.request.body?.properties as object | undefined) ?? {}
  return slot === 'create' || (slot === 'update' ? 'id' in body : 'ids' in body)
}
