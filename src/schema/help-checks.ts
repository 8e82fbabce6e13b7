import { GENERIC_HANDLERS, type ConfigGroupDef, type EndpointDef, type EntityDef, type JsonSchema, type ResourceDef, type TaskKindDef } from './types'
import type { SchemaProblem } from './SchemaError'
import { joinPointer } from './pointer'

/**
 * A field a form draws shows its "x-help" under it, in the console's language; a "description"
 * is the API's documentation, in English, and never reaches the page. So a form field whose
 * file explains it in a description says what a person needs in x-help as well, and x-help
 * always comes in both locales, wherever it is written (a task's input, a shared field, an
 * endpoint's body: places no meta schema looks inside). The fields checked are those of task
 * forms and shared definitions, settings groups, and the forms of resources.
 */
export function checkFormFieldHelp(
  resources: ReadonlyMap<string, ResourceDef>,
  entities: ReadonlyMap<string, EntityDef>,
  endpoints: ReadonlyMap<string, EndpointDef>,
  tasks: ReadonlyMap<string, TaskKindDef>,
  configGroups: ReadonlyMap<string, ConfigGroupDef>,
  shared: readonly { file: string; json: JsonSchema }[],
  broken: ReadonlySet<string>,
  problems: SchemaProblem[],
): void {
  const reported = new Set<string>()
  const declared: Record<string, { file: string; json: JsonSchema }> = Object.fromEntries([
    ...[...entities.values()].map((e) => [e.name, { file: e.file, json: e.schema }] as const),
    ...shared.map((s) => [String(s.json.$id), s] as const),
  ])
  const field = (schema: JsonSchema | undefined, file: string, pointer: string[], deep: boolean): void => {
    if (!schema || typeof schema !== 'object') return
    // A field another file declares ("release_plan#/properties/start_at") is checked where it is written.
    if (typeof schema.$ref === 'string') {
      const [name, at = ''] = schema.$ref.split('#')
      const target = declared[name!]
      const keys = at.split('/').slice(1)
      let node: unknown = target?.json
      for (const key of keys) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined
      if (target && node && typeof node === 'object') field(node as JsonSchema, target.file, keys, deep)
      return
    }
    const key = `${file}#${joinPointer(...pointer)}`
    if (!reported.has(key)) {
      reported.add(key)
      const help = schema['x-help']
      if (help !== undefined && !inBothLocales(help)) {
        problems.push({ file, pointer: joinPointer(...pointer, 'x-help'), message: 'is help people read under the field: give it in both locales, { "zh-CN": "…", "en-US": "…" }.' })
      } else if (typeof schema.description === 'string' && help === undefined && !schema.readOnly) {
        problems.push({
          file,
          pointer: joinPointer(...pointer, 'description'),
          message: 'explains a field a form draws, but a description is the API\'s documentation and never reaches the page. Say what the person filling it needs in "x-help": { "zh-CN": "…", "en-US": "…" }.',
        })
      }
    }
    if (!deep) return
    for (const [name, child] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) field(child, file, [...pointer, 'properties', name], deep)
    if (schema.items && typeof schema.items === 'object' && !Array.isArray(schema.items)) field(schema.items as JsonSchema, file, [...pointer, 'items'], deep)
  }
  const fields = (schema: JsonSchema | undefined, file: string, pointer: string[]) => {
    for (const [name, child] of Object.entries((schema?.properties ?? {}) as Record<string, JsonSchema>)) field(child, file, [...pointer, 'properties', name], true)
  }

  for (const kind of tasks.values()) if (!broken.has(`task:${kind.name}`)) fields(kind.input, kind.file, ['input'])
  for (const { file, json } of shared) for (const [name, def] of Object.entries((json.$defs ?? {}) as Record<string, JsonSchema>)) field(def, file, ['$defs', name], true)
  for (const group of configGroups.values()) fields(group.schema, group.file, [])
  for (const r of resources.values()) {
    const entity = entities.get(r.entity)
    if (!entity || broken.has(`entity:${r.entity}`)) continue
    // An action's dialog draws its endpoint's body: the fields it lists, or all but the row's id.
    for (const action of r.actions) {
      const endpoint = endpoints.get(action.endpoint ?? '')
      if (!endpoint) continue
      const properties = (endpoint.request.body?.properties ?? {}) as Record<string, JsonSchema>
      for (const name of action.fields ?? Object.keys(properties).filter((name) => name !== action.rowId && name !== 'idempotency_key')) {
        field(properties[name], endpoint.file, ['request', 'body', 'properties', name], true)
      }
    }
    // A form field is the named handler's body field where the endpoint declares one, else the entity's.
    const bodies = (['create', 'update'] as const).map((slot) => endpoints.get(r.endpoints[slot] ?? '')).filter((e): e is EndpointDef => Boolean(e))
    if (bodies.length === 0) continue
    const formFields = r.form.sections ? r.form.sections.flatMap((section) => section.fields) : (r.form.fields ?? [])
    for (const name of formFields) {
      const body = bodies.find((e) => !(GENERIC_HANDLERS as readonly string[]).includes(e.handler) && (e.request.body?.properties as Record<string, JsonSchema> | undefined)?.[name])
      if (body) field((body.request.body!.properties as Record<string, JsonSchema>)[name], body.file, ['request', 'body', 'properties', name], true)
      else field((entity.schema.properties as Record<string, JsonSchema>)[name], entity.file, ['properties', name], true)
    }
  }
}

function inBothLocales(help: unknown): boolean {
  if (!help || typeof help !== 'object') return false
  const label = help as Record<string, unknown>
  return ['zh-CN', 'en-US'].every((locale) => typeof label[locale] === 'string' && (label[locale] as string).trim() !== '') && Object.keys(label).length === 2
}
