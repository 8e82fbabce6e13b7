import type { EndpointDef, EntityDef, JsonSchema, Navigation, ResourceDef } from './types'
import type { SchemaProblem } from './SchemaError'
import { resolveRef } from './entity'
import { joinPointer } from './pointer'

/**
 * Every field the console shows (a list column or filter, a form field, a detail page's field, a
 * profile field of the user-info page) has an x-label, in both locales as the meta schema
 * requires: otherwise people read its key (organizationName, open_oem). Each unlabelled field is
 * reported once, where it is declared, naming the first place that shows it.
 */
export function checkShownFieldLabels(
  resources: ReadonlyMap<string, ResourceDef>,
  entities: ReadonlyMap<string, EntityDef>,
  endpoints: ReadonlyMap<string, EndpointDef>,
  navigation: Navigation,
  navigationFile: string,
  broken: ReadonlySet<string>,
  problems: SchemaProblem[],
): void {
  const schemas = Object.fromEntries([...entities.values()].map((e) => [e.name, e.schema]))
  const reported = new Set<string>()
  /** `schema` is the field as declared in `file` at `pointer`; `shownAt` is where the console shows it. */
  const need = (schema: JsonSchema | undefined, self: JsonSchema, file: string, pointer: string, shownAt: string) => {
    if (!schema || hasLabel(schema, self, schemas)) return
    const key = `${file}#${pointer}`
    if (reported.has(key)) return
    reported.add(key)
    problems.push({ file, pointer, message: `has no "x-label", but the console shows it (${shownAt}), where people would read the key itself. Give it "x-label": { "zh-CN": "…", "en-US": "…" }.` })
  }
  const entityField = (entity: EntityDef, field: string, shownAt: string) => {
    const properties = entity.schema.properties as Record<string, JsonSchema>
    // A field the entity does not have is reported by the resource checks.
    if (field in properties) need(properties[field], entity.schema, entity.file, joinPointer('properties', field), shownAt)
  }

  for (const r of resources.values()) {
    const entity = entities.get(r.entity)
    if (!entity || broken.has(`entity:${r.entity}`)) continue
    const at = (...pointer: (string | number)[]) => `${r.file}#${joinPointer(...pointer)}`
    r.list.columns.forEach((c, i) => entityField(entity, c.field, at('list', 'columns', i)))
    r.list.filters.forEach((f, i) => entityField(entity, f.field, at('list', 'filters', i, 'field')))
    // A form field is the named handler's body field where the endpoint declares one, else the entity's.
    const bodies = (['create', 'update'] as const).map((slot) => endpoints.get(r.endpoints[slot] ?? '')).filter((e): e is EndpointDef => Boolean(e))
    const formFields = r.form.sections
      ? r.form.sections.flatMap((section, i) => section.fields.map((f, j) => [at('form', 'sections', i, 'fields', j), f] as const))
      : (r.form.fields ?? []).map((f, i) => [at('form', 'fields', i), f] as const)
    for (const [shownAt, field] of formFields) {
      const body = bodies.find((e) => (e.request.body?.properties as Record<string, JsonSchema> | undefined)?.[field])
      if (body) need((body.request.body!.properties as Record<string, JsonSchema>)[field], body.request.body!, body.file, joinPointer('request', 'body', 'properties', field), shownAt)
      else entityField(entity, field, shownAt)
    }
    if (r.show) r.show.fields.forEach((f, i) => entityField(entity, f, at('show', 'fields', i)))
    else if (r.endpoints.get) for (const f of Object.keys(entity.schema.properties as object)) if (f !== '_titles') entityField(entity, f, `${r.file}, its detail page, which shows every field without "show"`)
  }

  const accounts = entities.get('user')
  if (!accounts) return
  navigation.groups.forEach((group, gi) =>
    group.children.forEach((child, ci) =>
      child.fields?.forEach((f, fi) => entityField(accounts, f, `${navigationFile}#${joinPointer('groups', gi, 'children', ci, 'fields', fi)}`)),
    ),
  )
}

/** A field's own x-label, or that of the field its $ref names. */
function hasLabel(schema: JsonSchema, self: JsonSchema, schemas: Record<string, JsonSchema>): boolean {
  if (schema['x-label']) return true
  if (typeof schema.$ref !== 'string') return false
  const target = resolveRef(schema.$ref, self, schemas) as JsonSchema | undefined
  return Boolean(target?.['x-label'])
}
