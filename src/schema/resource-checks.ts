import type { EndpointDef, EntityDef, GenericHandler, Navigation, ResourceDef } from './types'
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
      } else if (endpoint.handler !== slot) {
        report(pointer, `uses "${id}" as its ${slot} endpoint, but that endpoint's handler is "${endpoint.handler}". Name an endpoint whose handler is "${slot}".`)
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
    r.list.columns.forEach((f, i) => checkField(joinPointer('list', 'columns', i), f))
    r.list.filters.forEach((f, i) => checkField(joinPointer('list', 'filters', i, 'field'), f.field))
    r.list.sort.forEach((f, i) => checkField(joinPointer('list', 'sort', i), f))
    if (r.list.defaultSort) checkField('/list/defaultSort/field', r.list.defaultSort.field)
    r.form.fields?.forEach((f, i) => checkField(joinPointer('form', 'fields', i), f, true))

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
