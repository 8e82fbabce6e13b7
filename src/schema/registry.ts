import type { ErrorObject } from 'ajv'
import type { Ajv2020 } from 'ajv/dist/2020.js'
import { createAjv } from './ajv'
import { buildEntity, resolveRef } from './entity'
import { DEFAULT_PAGE_SIZE, deriveGenericSchemas } from './generic-endpoint'
import { checkResources } from './resource-checks'
import { checkNavigation } from './navigation-checks'
import { SchemaError, type SchemaProblem } from './SchemaError'
import { joinPointer } from './pointer'
import { didYouMean } from './suggest'
import {
  GENERIC_HANDLERS,
  type EndpointDef,
  type EntityDef,
  type GenericHandler,
  type JsonSchema,
  type ListConfig,
  type Navigation,
  type Registry,
  type ResourceDef,
  type SchemaFile,
} from './types'

const KINDS = ['entity', 'endpoint', 'resource', 'navigation'] as const
type Kind = (typeof KINDS)[number]

interface Parsed {
  file: string
  /** Name derived from the path: entity and resource file name, endpoint id. */
  name: string
  kind: Kind
  json: JsonSchema
}

/**
 * Load and check every schema file. Returns the registry and every problem found;
 * the registry is only safe to use when `problems` is empty.
 *
 * ```ts
 * const { registry, problems } = buildRegistry(readSchemaFiles('schemas'))
 * ```
 */
export function buildRegistry(files: readonly SchemaFile[]): { registry: Registry; problems: SchemaProblem[] } {
  const problems: SchemaProblem[] = []
  const metaAjv = createAjv({ verbose: true })
  const parsed: Parsed[] = []

  for (const f of files) {
    const file = `schemas/${f.path}`
    let json: JsonSchema
    try {
      json = JSON.parse(f.text) as JsonSchema
    } catch (e) {
      problems.push({ file, pointer: '', message: `is not valid JSON (${(e as Error).message}). Fix the syntax; an editor with JSON support shows where.` })
      continue
    }
    if (f.path.startsWith('meta/')) {
      const { $schema: _draft, ...meta } = json
      metaAjv.addSchema(meta)
      continue
    }
    const kind = kindOf(f.path)
    if (!kind) {
      problems.push({ file, pointer: '', message: 'is not where a schema file can be. Entities go in schemas/entities/, endpoints in schemas/endpoints/GROUP/, screens in schemas/resources/, and routes in schemas/navigation.json.' })
      continue
    }
    parsed.push({ file, kind, json, name: nameOf(kind, f.path) })
  }

  // Check each file against its meta-schema first; a file that fails is left out of the cross-checks.
  const valid: Parsed[] = []
  // Files already reported as broken: other files naming them are not reported again.
  const broken = new Set<string>()
  for (const p of parsed) {
    const validate = metaAjv.getSchema(`meta:${p.kind}`)
    if (!validate) {
      problems.push({ file: `schemas/meta/${p.kind}.schema.json`, pointer: '', message: `is missing; every ${p.kind} file is checked against it.` })
      continue
    }
    const before = problems.length
    if (p.kind === 'endpoint') checkAccessDeclared(p, problems)
    if (!validate(p.json)) problems.push(...metaProblems(p.file, validate.errors ?? []))
    if (problems.length === before) valid.push(p)
    else broken.add(`${p.kind}:${p.name}`)
  }

  const dataAjv = createAjv()
  const entities = loadEntities(valid.filter((p) => p.kind === 'entity'), dataAjv, problems, broken)
  const schemas = Object.fromEntries([...entities.values()].map((e) => [e.name, e.schema]))
  const navigationFile = valid.find((p) => p.kind === 'navigation')
  const navigation = normalizeNavigation(navigationFile?.json)
  if (!parsed.some((p) => p.kind === 'navigation')) {
    problems.push({ file: 'schemas/navigation.json', pointer: '', message: 'is missing. It declares the console route groups; start from the one in the repository.' })
  }

  const endpoints = loadEndpoints(valid.filter((p) => p.kind === 'endpoint'), entities, schemas, problems)
  const resources = new Map<string, ResourceDef>()
  for (const p of valid.filter((p) => p.kind === 'resource')) resources.set(p.name, normalizeResource(p, navigation))
  checkResources(resources, entities, endpoints, navigation, broken, problems)
  checkNavigation(navigation, resources, navigationFile?.file ?? 'schemas/navigation.json', problems)

  attachListConfigs(resources, endpoints)
  for (const endpoint of endpoints.values()) {
    if (!isGeneric(endpoint.handler) || !endpoint.entity) continue
    const entity = entities.get(endpoint.entity)
    if (entity) Object.assign(endpoint, deriveGenericSchemas(endpoint.handler, entity, endpoint.list))
  }
  compileEndpointSchemas(endpoints, dataAjv, problems, broken)

  return { registry: { entities, endpoints, resources, navigation, schemas }, problems }
}

/** Like buildRegistry, but throws a SchemaError listing every problem. */
export function createRegistry(files: readonly SchemaFile[]): Registry {
  const { registry, problems } = buildRegistry(files)
  if (problems.length > 0) throw new SchemaError(problems)
  return registry
}

export function isGeneric(handler: string): handler is GenericHandler {
  return (GENERIC_HANDLERS as readonly string[]).includes(handler)
}

function kindOf(path: string): Kind | undefined {
  if (path === 'navigation.json') return 'navigation'
  if (/^entities\/[^/]+\.json$/.test(path)) return 'entity'
  if (/^endpoints\/.+\.json$/.test(path)) return 'endpoint'
  if (/^resources\/[^/]+\.json$/.test(path)) return 'resource'
  return undefined
}

function nameOf(kind: Kind, path: string): string {
  if (kind === 'endpoint') return path.replace(/^endpoints\//, '').replace(/\.json$/, '')
  return path.replace(/^.*\//, '').replace(/\.json$/, '')
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

/** Meta-schema errors as problems, worded for the person editing the file. */
function metaProblems(file: string, errors: readonly ErrorObject[]): SchemaProblem[] {
  const out: SchemaProblem[] = []
  for (const e of errors) {
    const params = e.params as Record<string, unknown>
    const parent = (e.parentSchema ?? {}) as JsonSchema
    switch (e.keyword) {
      case 'oneOf':
      case 'anyOf':
      case 'not':
      case 'if':
        continue // the branch errors, or checkAccessDeclared, say it better
      case 'enum': {
        const allowed = (params.allowedValues as unknown[]).map(String)
        const found = JSON.stringify(e.data)
        const hint = typeof e.data === 'string' ? didYouMean(e.data, allowed) : ''
        out.push({ file, pointer: e.instancePath, message: `${found} is not allowed here; use one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}.${hint}` })
        break
      }
      case 'additionalProperties': {
        const key = String(params.additionalProperty)
        const known = Object.keys((parent.properties as object | undefined) ?? {})
        out.push({ file, pointer: joinPointer(...e.instancePath.split('/').slice(1), key), message: `unknown key "${key}".${didYouMean(key, known) || ` Known keys: ${known.join(', ')}.`}` })
        break
      }
      case 'required':
        if (e.schemaPath.includes('/oneOf/')) continue // a branch of roles-or-open: checkAccessDeclared says it
        out.push({ file, pointer: e.instancePath, message: `"${params.missingProperty}" is required here.` })
        break
      default:
        out.push({ file, pointer: e.instancePath, message: `${e.message ?? 'is not valid'} (found ${JSON.stringify(e.data)}).` })
    }
  }
  return out
}

function loadEntities(files: Parsed[], ajv: Ajv2020, problems: SchemaProblem[], broken: Set<string>): Map<string, EntityDef> {
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
  for (const entity of entities.values()) ajv.addSchema(entity.schema)
  for (const entity of entities.values()) {
    try {
      ajv.compile(entity.schema)
    } catch (e) {
      const message = (e as Error).message
      problems.push({ file: entity.file, pointer: pointerOfUnknownKeyword(entity.source, message), message: `is not a usable JSON Schema: ${message}. Check the spelling against json-schema.org or the x- keywords in schemas/meta/entity.schema.json.` })
      broken.add(`entity:${entity.name}`)
    }
  }
  return entities
}

function loadEndpoints(
  files: Parsed[],
  entities: Map<string, EntityDef>,
  schemas: Record<string, JsonSchema>,
  problems: SchemaProblem[],
): Map<string, EndpointDef> {
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
      summary: String(j.summary),
      description: j.description as string | undefined,
      access: j.open === true ? 'open' : (j.roles as EndpointDef['access']),
      handler,
      entity: j.entity as string | undefined,
      request: (j.request as EndpointDef['request'] | undefined) ?? {},
      response: (j.response as JsonSchema | undefined) ?? { type: 'null' },
      download: j.download === true,
    }
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
      } else if (!entities.has(endpoint.entity)) {
        problems.push({ file: p.file, pointer: '/entity', message: `names entity "${endpoint.entity}", which has no file schemas/entities/${endpoint.entity}.json.${didYouMean(endpoint.entity, [...entities.keys()])}` })
      }
      if (j.request || j.response) {
        problems.push({ file: p.file, pointer: j.request ? '/request' : '/response', message: `the generic handler "${handler}" derives its request and response from the entity; remove them, or use a named handler.` })
      }
    } else {
      if (endpoint.entity && !entities.has(endpoint.entity)) {
        problems.push({ file: p.file, pointer: '/entity', message: `names entity "${endpoint.entity}", which has no file schemas/entities/${endpoint.entity}.json.${didYouMean(endpoint.entity, [...entities.keys()])}` })
      }
      if (!j.response && !endpoint.download) {
        problems.push({ file: p.file, pointer: '', message: 'a named handler must declare "response" (the JSON Schema of data), or { "type": "null" } when it answers nothing.' })
      }
      checkRefs(p.file, j, j, schemas, problems)
    }
    if (endpoint.method === 'GET' && endpoint.request.body) {
      problems.push({ file: p.file, pointer: '/request/body', message: 'a GET endpoint cannot take a body; use request.query, or method POST.' })
    }
    endpoints.set(p.name, endpoint)
  }
  return endpoints
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
    list: Partial<ResourceDef['list']> & { columns: string[] }
    form?: ResourceDef['form']
  }
  const group = navigation.groups.find((g) => g.name === j.group)
  return {
    name: p.name,
    file: p.file,
    entity: j.entity,
    label: j.label,
    group: j.group,
    path: j.path,
    route: `${group?.path ?? '/' + j.group}/${j.path}`,
    order: j.order ?? 0,
    hideInMenu: j.hideInMenu ?? false,
    icon: j.icon,
    roles: j.roles,
    endpoints: j.endpoints,
    list: { columns: j.list.columns, filters: j.list.filters ?? [], sort: j.list.sort ?? [], defaultSort: j.list.defaultSort, pageSize: j.list.pageSize },
    form: j.form ?? {},
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
    endpoint.list = config
  }
}

function compileEndpointSchemas(endpoints: Map<string, EndpointDef>, ajv: Ajv2020, problems: SchemaProblem[], broken: ReadonlySet<string>): void {
  const reported = new Set(problems.map((p) => p.file))
  for (const endpoint of endpoints.values()) {
    // A broken entity or a dangling $ref is already reported; compiling would only say it again.
    if (reported.has(endpoint.file) || (endpoint.entity && broken.has(`entity:${endpoint.entity}`))) continue
    const parts: [string, JsonSchema | undefined][] = [
      ['/request/query', endpoint.request.query],
      ['/request/body', endpoint.request.body],
      ['/response', endpoint.response],
    ]
    for (const [pointer, schema] of parts) {
      if (!schema || refersToBroken(schema, broken)) continue
      try {
        ajv.compile(schema)
      } catch (e) {
        problems.push({ file: endpoint.file, pointer, message: `is not a usable JSON Schema: ${(e as Error).message}.` })
      }
    }
  }
}

/** ajv's strict-mode message names the keyword but not where it is; find its first use. */
function pointerOfUnknownKeyword(source: JsonSchema, message: string): string {
  const keyword = message.match(/unknown keyword: "([^"]+)"/)?.[1]
  if (!keyword) return ''
  const find = (node: unknown, pointer: string): string | undefined => {
    if (node === null || typeof node !== 'object') return undefined
    if (!Array.isArray(node) && keyword in node) return joinPointer(...pointer.split('/').slice(1), keyword)
    for (const [key, value] of Object.entries(node)) {
      const found = find(value, `${pointer}/${key}`)
      if (found) return found
    }
    return undefined
  }
  return find(source, '') ?? ''
}

function refersToBroken(schema: JsonSchema, broken: ReadonlySet<string>): boolean {
  const refs = JSON.stringify(schema).match(/"\$ref":"([^"#]+)/g) ?? []
  return refs.some((r) => broken.has(`entity:${r.slice(8)}`))
}

export type { SchemaProblem }
