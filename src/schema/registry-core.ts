import { buildEntity, resolveRef } from './entity'
import { DEFAULT_PAGE_SIZE, deriveGenericSchemas } from './generic-endpoint'
import { checkResources } from './resource-checks'
import { checkNavigation } from './navigation-checks'
import { checkShownFieldLabels } from './label-checks'
import { checkFormFieldHelp } from './help-checks'
import { loadConfigGroups } from './config-groups'
import type { SchemaProblem } from './SchemaError'
import type { SchemaChecker } from './SchemaChecker'
import { didYouMean } from './suggest'
import { describeJsonSyntaxError } from './json-syntax'
import { standardEndpoints, type StandardApi } from './standard-endpoints'
import { withNotBlank } from './not-blank'
import { MIGRATIONS_DIR } from './migrations'
import { checkTaskCosts, loadTaskKinds, taskSubmitEndpoints } from './task-kinds'
import {
  GENERIC_HANDLERS,
  type EndpointDef,
  type EntityDef,
  type GenericHandler,
  type JsonSchema,
  type Label,
  type ListColumn,
  type ListConfig,
  type Navigation,
  type Registry,
  type ResourceAction,
  type ResourceDef,
  type ParsedSchemaFile,
  type SchemaFile,
  type TaskKindDef,
} from './types'
import { relationFilters } from './relations-in'

const KINDS = ['entity', 'endpoint', 'resource', 'navigation', 'config', 'task', 'shared'] as const
type Kind = (typeof KINDS)[number]

export interface Parsed {
  file: string
  /** Name derived from the path: entity and resource file name, endpoint id. */
  name: string
  kind: Kind
  json: JsonSchema
}

/**
 * Assemble the registry from the schema files and cross-check them (names, roles,
 * refs, routes). With a checker, each file is also validated against its meta-schema
 * and every schema compiled; without one (the browser, which gets files the server
 * already checked) no JSON Schema validator is needed at all.
 */
export function assembleRegistry(files: readonly (SchemaFile | ParsedSchemaFile)[], checker?: SchemaChecker): { registry: Registry; problems: SchemaProblem[] } {
  const problems: SchemaProblem[] = []
  const parsed: Parsed[] = []
  // Files already reported as broken: other files naming them are not reported again.
  const broken = new Set<string>()

  for (const f of files) {
    // Migrations change the database, not the registry: schema/migrations.ts reads them.
    if (f.path.startsWith(`${MIGRATIONS_DIR}/`)) continue
    const file = `schemas/${f.path}`
    const json = 'json' in f ? f.json : parseFile(f, file, problems)
    if (!json) {
      const kind = kindOf(f.path)
      if (kind) broken.add(`${kind}:${nameOf(kind, f.path)}`)
      continue
    }
    if (f.path.startsWith('meta/')) {
      checker?.addMetaSchema(json)
      continue
    }
    const kind = kindOf(f.path)
    if (!kind) {
      problems.push({ file, pointer: '', message: 'is not where a schema file can be. Entities go in schemas/entities/, endpoints in schemas/endpoints/GROUP/, screens in schemas/resources/, settings groups in schemas/config/, task kinds in schemas/tasks/, definitions several files share in schemas/shared/, and routes in schemas/navigation.json.' })
      continue
    }
    parsed.push({ file, kind, json, name: nameOf(kind, f.path) })
  }

  // Check each file against its meta-schema first. A file that fails goes on to the cross-checks
  // without the parts it was refused for, when the rest is a valid file; otherwise it is left out.
  const valid: Parsed[] = []
  for (const p of parsed) {
    const before = problems.length
    if (p.kind === 'endpoint') checkAccessDeclared(p, problems)
    if (checker) problems.push(...checker.checkFile(p.kind, p.file, p.json))
    if (problems.length === before) {
      valid.push(p)
      continue
    }
    const usable = checker?.usablePart(p.kind, p.json)
    if (usable && (p.kind !== 'endpoint' || hasAccess(usable))) valid.push({ ...p, json: usable })
    else broken.add(`${p.kind}:${p.name}`)
  }

  const entities = loadEntities(valid.filter((p) => p.kind === 'entity'), broken, problems)
  if (checker) problems.push(...checker.checkEntities(entities, broken))
  const schemas: Record<string, JsonSchema> = Object.fromEntries([...entities.values()].map((e) => [e.name, e.schema]))
  const shared = loadShared(valid.filter((p) => p.kind === 'shared'), entities, broken, problems)
  if (checker) problems.push(...checker.checkShared(shared))
  for (const s of shared) schemas[s.name] = s.json
  const navigationFile = valid.find((p) => p.kind === 'navigation')
  const navigation = normalizeNavigation(navigationFile?.json)
  if (!parsed.some((p) => p.kind === 'navigation')) {
    problems.push({ file: 'schemas/navigation.json', pointer: '', message: 'is missing. It declares the console route groups; start from the one in the repository.' })
  }

  const tasks = loadTaskKinds(valid.filter((p) => p.kind === 'task'), problems)
  const endpointFiles = [...valid.filter((p) => p.kind === 'endpoint'), ...expandStandardApis(valid, parsed, broken), ...taskSubmitEndpoints(tasks)]
  const endpoints = loadEndpoints(endpointFiles, entities, schemas, broken, problems)
  const resources = new Map<string, ResourceDef>()
  for (const p of valid.filter((p) => p.kind === 'resource')) {
    const resource = normalizeResource(p, navigation)
    if (!resource.endpoints.list) problems.push({ file: p.file, pointer: '/endpoints', message: 'names no "list" endpoint, which every screen needs. Add "list" to "endpoints", or declare the calls with "api".' })
    resources.set(p.name, resource)
  }
  checkResources(resources, entities, endpoints, navigation, broken, problems)
  checkNavigation(navigation, resources, entities, tasks, navigationFile?.file ?? 'schemas/navigation.json', problems)
  checkShownFieldLabels(resources, entities, endpoints, navigation, navigationFile?.file ?? 'schemas/navigation.json', broken, problems)

  const configGroups = loadConfigGroups(valid.filter((p) => p.kind === 'config'), navigation, problems)
  if (checker) problems.push(...checker.checkConfigGroups(configGroups))
  checkFormFieldHelp(resources, entities, endpoints, tasks, configGroups, shared, broken, problems)

  attachListConfigs(resources, endpoints)
  for (const endpoint of endpoints.values()) {
    if (!isGeneric(endpoint.handler) || !endpoint.entity) continue
    const entity = entities.get(endpoint.entity)
    if (entity) Object.assign(endpoint, deriveGenericSchemas(endpoint.handler, entity, endpoint.list, endpoint.fixed))
  }
  attachExportedFilters(endpoints, problems)
  if (checker) problems.push(...checker.checkEndpoints(endpoints, broken, new Set(problems.map((p) => p.file))))

  if (checker) problems.push(...checker.checkValues(valid.filter((p) => !broken.has(`${p.kind}:${p.name}`))))
  checkTaskCosts(tasks, configGroups, problems)
  checkRelationFilters(tasks, resources, problems)
  return { registry: { entities, tasks, configGroups, endpoints, resources, navigation, schemas }, problems }
}

/** A file's JSON, or undefined with the problem noted when it is not JSON. */
function parseFile(f: SchemaFile, file: string, problems: SchemaProblem[]): JsonSchema | undefined {
  try {
    return JSON.parse(f.text) as JsonSchema
  } catch (e) {
    problems.push({ file, pointer: '', message: describeJsonSyntaxError(f.text, e as Error) })
    return undefined
  }
}


/**
 * A picker narrowed by x-relation-where asks a list of that entity for its values by an "in"
 * filter of each field: some screen of the entity must declare it, or the picker would offer all.
 */
function checkRelationFilters(tasks: ReadonlyMap<string, TaskKindDef>, resources: ReadonlyMap<string, ResourceDef>, problems: SchemaProblem[]): void {
  for (const kind of tasks.values()) {
    for (const found of relationFilters(kind.input, '/input')) {
      for (const field of Object.keys(found.where)) {
        const listed = [...resources.values()].some((r) => r.entity === found.entity && r.list.filters.some((f) => f.field === field && f.match === 'in'))
        if (!listed) problems.push({ file: kind.file, pointer: `${found.pointer}/x-relation-where/${field}`, message: `narrows the ${found.entity} picker by "${field}", which no screen of ${found.entity} filters with "match": "in". Add { "field": "${field}", "match": "in" } to its list's filters.` })
      }
    }
  }
}

/**
 * Definitions several files share (schemas/shared/NAME.json, $id NAME): a field such as a
 * transition or a subtitle style, declared once and named by `"$ref": "NAME#/$defs/FIELD"`.
 */
function loadShared(files: readonly Parsed[], entities: ReadonlyMap<string, unknown>, broken: Set<string>, problems: SchemaProblem[]): Parsed[] {
  const loaded: Parsed[] = []
  for (const p of files) {
    if (p.json.$id !== p.name) {
      problems.push({ file: p.file, pointer: '/$id', message: `$id is "${String(p.json.$id)}" but the file is named ${p.name}.json; they must match, since other schemas $ref it by that name.` })
      broken.add(`shared:${p.name}`)
    } else if (entities.has(p.name)) {
      problems.push({ file: p.file, pointer: '/$id', message: `is named as the entity schemas/entities/${p.name}.json is; a $ref to "${p.name}" could mean either. Rename one.` })
      broken.add(`shared:${p.name}`)
    } else {
      const { $schema: _meta, ...json } = p.json
      // Marked here, where its fields are declared: the files that $ref them are marked without following the $ref.
      loaded.push({ ...p, json: withNotBlank(json) })
    }
  }
  return loaded
}

/** The method each generic handler reads its request by. */
const GENERIC_METHODS: Record<GenericHandler, EndpointDef['method']> = { list: 'GET', get: 'GET', create: 'POST', update: 'POST', delete: 'POST' }

export function isGeneric(handler: string): handler is GenericHandler {
  return (GENERIC_HANDLERS as readonly string[]).includes(handler)
}

function kindOf(path: string): Kind | undefined {
  if (path === 'navigation.json') return 'navigation'
  if (/^entities\/[^/]+\.json$/.test(path)) return 'entity'
  if (/^endpoints\/.+\.json$/.test(path)) return 'endpoint'
  if (/^resources\/[^/]+\.json$/.test(path)) return 'resource'
  if (/^config\/[^/]+\.json$/.test(path)) return 'config'
  if (/^tasks\/[^/]+\.json$/.test(path)) return 'task'
  if (/^shared\/[^/]+\.json$/.test(path)) return 'shared'
  return undefined
}

function nameOf(kind: Kind, path: string): string {
  if (kind === 'endpoint') return path.replace(/^endpoints\//, '').replace(/\.json$/, '')
  return path.replace(/^.*\//, '').replace(/\.json$/, '')
}

/**
 * The endpoint files that resources' `api` keywords stand for, and each such resource's
 * `endpoints` filled in with their ids. A real endpoint file of the same id takes the place
 * of the call it names; an `endpoints` entry the resource writes out wins over its `api`.
 */
function expandStandardApis(valid: Parsed[], parsed: Parsed[], broken: ReadonlySet<string>): Parsed[] {
  const declared = new Set(parsed.filter((p) => p.kind === 'endpoint').map((p) => p.name))
  const added: Parsed[] = []
  for (const resource of valid) {
    const api = resource.json.api as StandardApi | undefined
    if (resource.kind !== 'resource' || !api) continue
    const slots = { ...(resource.json.endpoints as Record<string, string> | undefined) }
    for (const call of standardEndpoints(api, String(resource.json.entity), resource.json.label as Label)) {
      slots[call.slot] ??= call.id
      if (declared.has(call.id) || broken.has(`endpoint:${call.id}`)) continue
      declared.add(call.id)
      added.push({ file: resource.file, name: call.id, kind: 'endpoint', json: call.json })
    }
    resource.json = { ...resource.json, endpoints: slots }
  }
  return added
}

function hasAccess(json: JsonSchema): boolean {
  return ('roles' in json) !== ('open' in json)
}

function checkAccessDeclared(p: Parsed, problems: SchemaProblem[]): void {
  const hasRoles = 'roles' in p.json
  const isOpen = 'open' in p.json
  if (!hasRoles && !isOpen) {
    problems.push({ file: p.file, pointer: '', message: 'has no role list. Add "roles": ["admin", ...] naming who may call it, or "open": true if anyone may call it without signing in.' })
  } else if (hasRoles && isOpen) {
    problems.push({ file: p.file, pointer: '/open', message: 'says both "open" and "roles". Keep "roles" to require signing in, or "open": true alone.' })
  }
}

function loadEntities(files: Parsed[], broken: Set<string>, problems: SchemaProblem[]): Map<string, EntityDef> {
  const entities = new Map<string, EntityDef>()
  const sources = Object.fromEntries(files.map((p) => [p.name, p.json]))
  for (const p of files) {
    if (p.json.$id !== p.name) {
      problems.push({ file: p.file, pointer: '/$id', message: `$id is "${String(p.json.$id)}" but the file is named ${p.name}.json; they must match, since other schemas $ref the entity by that name.` })
      continue
    }
    const lookup = (ref: string) => resolveRef(ref, p.json, sources) as JsonSchema | undefined
    entities.set(p.name, buildEntity(p.name, p.file, p.json, lookup, problems))
  }
  const schemas = Object.fromEntries([...entities.values()].map((e) => [e.name, e.schema]))
  for (const entity of entities.values()) checkRefs(entity.file, entity.source, entity.schema, schemas, problems)
  for (const entity of entities.values()) checkRelations(entity, entities, broken, problems)
  return entities
}

/** x-relation names an entity that exists and says which field names its records. */
function checkRelations(entity: EntityDef, entities: Map<string, EntityDef>, broken: Set<string>, problems: SchemaProblem[]): void {
  for (const column of entity.columns) {
    if (!column.relation || broken.has(`entity:${column.relation}`)) continue
    const pointer = `/properties/${column.name}/x-relation`
    const target = entities.get(column.relation)
    if (!target) {
      problems.push({ file: entity.file, pointer, message: `names entity "${column.relation}", which has no file schemas/entities/${column.relation}.json.${didYouMean(column.relation, [...entities.keys()])}` })
    } else if (!target.title) {
      problems.push({ file: entity.file, pointer, message: `points at ${column.relation}, which has no "x-title". Add "x-title": "FIELD" to schemas/entities/${column.relation}.json, naming the field that names its records.` })
    }
  }
}

/** The idempotency key an idempotent call's body takes, as the Idempotency-Key header takes it. */
export const IDEMPOTENCY_KEY_SCHEMA: JsonSchema = {
  type: 'string',
  minLength: 8,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_-]+$',
  description: 'Any unique string per intended change; a retry sends the same one and is applied once. The Idempotency-Key header may carry it instead.',
}

/**
 * An idempotent call is a POST by a signed-in account. Its body takes idempotency_key: as the
 * file declares it (its handler reads it), or added here, a copy of the body being changed, as a
 * derived submit call's body is its task kind's input.
 */
function takesIdempotencyKey(endpoint: EndpointDef, problems: SchemaProblem[]): void {
  if (endpoint.method !== 'POST' || endpoint.access === 'open' || endpoint.download || isGeneric(endpoint.handler)) {
    problems.push({ file: endpoint.file, pointer: '/idempotent', message: 'only a POST with a named handler that answers JSON to a signed-in account can be idempotent: the repeat is recognised by its account and key.' })
    return
  }
  const body = endpoint.request.body ?? { type: 'object', properties: {}, additionalProperties: false }
  const properties = (body.properties ?? {}) as Record<string, JsonSchema>
  if (properties.idempotency_key) {
    endpoint.idempotent = { keyInBody: true }
    return
  }
  endpoint.request = { ...endpoint.request, body: { ...body, properties: { ...properties, idempotency_key: IDEMPOTENCY_KEY_SCHEMA } } }
  endpoint.idempotent = { keyInBody: false }
}

function loadEndpoints(
  files: Parsed[],
  entities: Map<string, EntityDef>,
  schemas: Record<string, JsonSchema>,
  broken: ReadonlySet<string>,
  problems: SchemaProblem[],
): Map<string, EndpointDef> {
  // An entity whose file is already reported (unreadable, or refused) is not said missing again.
  const unknownEntity = (name: string) => !entities.has(name) && !broken.has(`entity:${name}`)
  const endpoints = new Map<string, EndpointDef>()
  const byRoute = new Map<string, string>()
  for (const p of files) {
    const j = p.json
    const handler = String(j.handler)
    const endpoint: EndpointDef = {
      id: p.name,
      file: p.file,
      method: j.method as EndpointDef['method'],
      path: String(j.path),
      // The console's copy of the files has none (console-document.ts).
      summary: j.summary === undefined ? '' : String(j.summary),
      description: j.description as string | undefined,
      access: j.open === true ? 'open' : (j.roles as EndpointDef['access']),
      handler,
      entity: j.entity as string | undefined,
      request: withBlankRules((j.request as EndpointDef['request'] | undefined) ?? {}),
      response: (j.response as JsonSchema | undefined) ?? { type: 'null' },
      download: j.download === true,
      ...(j.stream === 'text/event-stream' ? { stream: 'text/event-stream' as const } : {}),
      ...(j.plays === 'audio/mpeg' || j.plays === 'video/mp4' ? { plays: j.plays } : {}),
      mine: j.mine === true,
      fixed: (j.fixed as EndpointDef['fixed'] | undefined) ?? {},
      scope: j.scope === 'below' || j.scope === 'own' ? j.scope : 'all',
      files: j.files as EndpointDef['files'],
      exports: j.exports as string | undefined,
      ...(typeof j['x-task'] === 'string' ? { task: j['x-task'] } : {}),
    }
    if (j.idempotent === true) takesIdempotencyKey(endpoint, problems)
    const route = `${endpoint.method} ${endpoint.path}`
    const taken = byRoute.get(route)
    if (taken) {
      problems.push({ file: p.file, pointer: '/path', message: `${route} is already declared by ${taken}. Two endpoints cannot share a method and path; change one.` })
    } else {
      byRoute.set(route, p.file)
    }
    if (isGeneric(handler)) {
      if (!endpoint.entity) {
        problems.push({ file: p.file, pointer: '/entity', message: `the generic handler "${handler}" needs "entity": the entity it lists or changes.` })
      } else if (unknownEntity(endpoint.entity)) {
        problems.push({ file: p.file, pointer: '/entity', message: `names entity "${endpoint.entity}", which has no file schemas/entities/${endpoint.entity}.json.${didYouMean(endpoint.entity, [...entities.keys()])}` })
      }
      if (j.request || j.response) {
        problems.push({ file: p.file, pointer: j.request ? '/request' : '/response', message: `the generic handler "${handler}" derives its request and response from the entity; remove them, or use a named handler.` })
      }
      const method = GENERIC_METHODS[handler]
      if (endpoint.method !== method) {
        problems.push({ file: p.file, pointer: '/method', message: `the generic handler "${handler}" answers ${method} only: ${handler === 'list' || handler === 'get' ? 'it reads its filters from the query string, which the console sends with GET' : 'it changes records and reads a JSON body'}. Use "method": "${method}".` })
      }
    } else {
      if (endpoint.entity && unknownEntity(endpoint.entity)) {
        problems.push({ file: p.file, pointer: '/entity', message: `names entity "${endpoint.entity}", which has no file schemas/entities/${endpoint.entity}.json.${didYouMean(endpoint.entity, [...entities.keys()])}` })
      }
      if (!j.response && !endpoint.download) {
        problems.push({ file: p.file, pointer: '', message: 'a named handler must declare "response" (the JSON Schema of data), or { "type": "null" } when it answers nothing.' })
      }
      checkRefs(p.file, j, j, schemas, problems)
    }
    if (endpoint.mine && (handler !== 'list' || (endpoint.entity && entities.has(endpoint.entity) && !entities.get(endpoint.entity)!.owner))) {
      problems.push({ file: p.file, pointer: '/mine', message: 'only a generic list of an entity with "x-owner" can answer the caller\'s own records; use handler "list" and an owned entity, or remove "mine".' })
    }
    const entity = endpoint.entity ? entities.get(endpoint.entity) : undefined
    for (const field of Object.keys(endpoint.fixed)) {
      if (entity && !entity.columns.some((c) => c.name === field && !c.private)) {
        problems.push({ file: p.file, pointer: `/fixed/${field}`, message: `entity "${entity.name}" has no public field "${field}" to fix.${didYouMean(field, entity.columns.map((c) => c.name))}` })
      }
    }
    if (Object.keys(endpoint.fixed).length > 0 && !endpoint.entity) {
      problems.push({ file: p.file, pointer: '/fixed', message: '"fixed" needs "entity": the entity whose records carry the values.' })
    }
    if (endpoint.files && (endpoint.method !== 'POST' || isGeneric(handler))) {
      problems.push({ file: p.file, pointer: '/files', message: 'file parts need method POST and a named handler, which receives them.' })
    }
    if (endpoint.method === 'GET' && endpoint.request.body) {
      problems.push({ file: p.file, pointer: '/request/body', message: 'a GET endpoint cannot take a body; use request.query, or method POST.' })
    }
    endpoints.set(p.name, endpoint)
  }
  return endpoints
}

/** A named endpoint's own strings that must not be empty must not be blank either (entity fields it refers to are marked in the entity). */
function withBlankRules(request: EndpointDef['request']): EndpointDef['request'] {
  return {
    ...request,
    ...(request.query ? { query: withNotBlank(request.query) } : {}),
    ...(request.body ? { body: withNotBlank(request.body) } : {}),
  }
}

/** Report every `$ref` in `node` that points at nothing. */
function checkRefs(file: string, node: unknown, self: JsonSchema, schemas: Record<string, JsonSchema>, problems: SchemaProblem[], pointer = ''): void {
  if (node === null || typeof node !== 'object') return
  if (Array.isArray(node)) {
    node.forEach((item, i) => checkRefs(file, item, self, schemas, problems, `${pointer}/${i}`))
    return
  }
  for (const [key, value] of Object.entries(node)) {
    if (key === '$ref' && typeof value === 'string') {
      if (resolveRef(value, self, schemas) === undefined) {
        const base = value.split('#')[0]!
        const why = base && !schemas[base] ? `there is no entity "${base}".${didYouMean(base, Object.keys(schemas))}` : `the pointer does not exist in ${base ? `schemas/entities/${base}.json` : 'this file'}.`
        problems.push({ file, pointer: `${pointer}/$ref`, message: `$ref "${value}" points at nothing: ${why} Refer to an entity by name ("domain") or to one of its fields ("domain#/properties/host").` })
      }
    } else {
      checkRefs(file, value, self, schemas, problems, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`)
    }
  }
}

function normalizeResource(p: Parsed, navigation: Navigation): ResourceDef {
  const j = p.json as unknown as Omit<ResourceDef, 'name' | 'file' | 'route' | 'order' | 'hideInMenu' | 'list' | 'form'> & {
    order?: number
    hideInMenu?: boolean
    activeMenu?: string
    list: Partial<Omit<ResourceDef['list'], 'columns'>> & { columns: (string | ListColumn)[] }
    form?: ResourceDef['form']
  }
  const group = navigation.groups.find((g) => g.name === j.group)
  return {
    name: p.name,
    file: p.file,
    entity: j.entity,
    label: j.label,
    record: (j as { record?: Label }).record,
    group: j.group,
    path: j.path,
    route: `${group?.path ?? '/' + j.group}/${j.path}`,
    order: j.order ?? 0,
    hideInMenu: j.hideInMenu ?? false,
    ...(j.activeMenu ? { activeMenu: j.activeMenu } : {}),
    icon: j.icon,
    header: j.header,
    roles: j.roles,
    endpoints: j.endpoints,
    list: { columns: j.list.columns.map((c) => (typeof c === 'string' ? { field: c } : c)), filters: j.list.filters ?? [], sort: j.list.sort ?? [], defaultSort: j.list.defaultSort, pageSize: j.list.pageSize },
    form: j.form ?? {},
    show: (j as { show?: ResourceDef['show'] }).show,
    deleteWhen: (j as { deleteWhen?: ResourceDef['deleteWhen'] }).deleteWhen,
    actions: ((j as { actions?: Partial<ResourceAction>[] }).actions ?? []).map((a) => ({ ...a, on: a.on ?? 'row', rowId: a.rowId ?? 'id', newTab: a.newTab ?? false, danger: a.danger ?? false }) as ResourceAction),
  }
}

function normalizeNavigation(json: JsonSchema | undefined): Navigation {
  const n = (json ?? {}) as Partial<Navigation>
  return {
    defaultRoute: n.defaultRoute ?? '/',
    openRoutes: n.openRoutes ?? [],
    groups: (n.groups ?? []).map((g) => ({ ...g, children: g.children ?? [] })),
  }
}

/** A list endpoint's filters and sort are the union of what the resources using it declare. */
function attachListConfigs(resources: Map<string, ResourceDef>, endpoints: Map<string, EndpointDef>): void {
  for (const endpoint of endpoints.values()) {
    if (endpoint.handler !== 'list') continue
    const users = [...resources.values()].filter((r) => r.endpoints.list === endpoint.id)
    const config: ListConfig = { filters: [], sort: [], defaultSort: { field: 'id', order: 'desc' }, pageSize: DEFAULT_PAGE_SIZE }
    for (const r of users) {
      for (const f of r.list.filters) {
        if (!config.filters.some((x) => x.field === f.field && x.match === f.match)) config.filters.push(f)
      }
      for (const s of r.list.sort) if (!config.sort.includes(s)) config.sort.push(s)
    }
    const first = users[0]
    if (first?.list.defaultSort) config.defaultSort = first.list.defaultSort
    if (first?.list.pageSize) config.pageSize = first.list.pageSize
    // A list is always sorted by its default, so a client may ask for that order by name.
    if (!config.sort.includes(config.defaultSort.field)) config.sort.push(config.defaultSort.field)
    endpoint.list = config
  }
}

/**
 * A download that exports a list takes that list's filters beside its own query fields, so
 * the link a list page builds from its filters is one the download accepts.
 */
function attachExportedFilters(endpoints: Map<string, EndpointDef>, problems: SchemaProblem[]): void {
  for (const endpoint of endpoints.values()) {
    if (!endpoint.exports) continue
    const list = endpoints.get(endpoint.exports)
    if (!endpoint.download || endpoint.method !== 'GET') {
      problems.push({ file: endpoint.file, pointer: '/exports', message: 'only a GET endpoint with "download": true can export a list\'s rows; add "download": true or remove "exports".' })
      continue
    }
    if (!list || list.handler !== 'list') {
      problems.push({ file: endpoint.file, pointer: '/exports', message: `names "${endpoint.exports}", which is ${list ? `not a generic list (its handler is "${list.handler}")` : `not an endpoint (no file schemas/endpoints/${endpoint.exports}.json)`}. Name the generic list whose rows this download answers.${list ? '' : didYouMean(endpoint.exports, [...endpoints.keys()])}` })
      continue
    }
    if (list.entity !== endpoint.entity) {
      problems.push({ file: endpoint.file, pointer: '/entity', message: `exports ${list.id}, a list of "${list.entity}", so its entity must be "${list.entity}" too.` })
      continue
    }
    const own = (endpoint.request.query ?? { type: 'object', properties: {}, additionalProperties: false }) as JsonSchema
    const filters = { ...((list.request.query?.properties ?? {}) as Record<string, JsonSchema>) }
    for (const paging of ['page', 'limit', 'sort', 'order']) delete filters[paging]
    endpoint.request.query = { ...own, properties: { ...filters, ...((own.properties ?? {}) as Record<string, JsonSchema>) } }
  }
}

export type { SchemaProblem }
