import { describe, expect, it, vi } from 'vitest'
import { resolve } from 'node:path'
import { buildRegistry, createRegistry } from './registry'
import { readSchemaFiles } from './load-files'
import { formatProblem, SchemaError } from './SchemaError'
import type { SchemaFile } from './types'

// Each test builds the registry of the whole schemas/ tree, validating every file: a second or
// two alone, several on a machine running the other suites. What is checked is what the build
// says, not how fast it says it (that is the benchmarks' business).
vi.setConfig({ testTimeout: 30_000 })

const real = readSchemaFiles(resolve(__dirname, '../../schemas'))
// The repository's own files build once for every test that only reads what they declare.
let repository: ReturnType<typeof createRegistry> | undefined
const realRegistry = () => (repository ??= createRegistry(real))

/** The real schema files with some replaced, added (by path) or removed (text null). */
function withFiles(changes: Record<string, unknown>): SchemaFile[] {
  const out = real.filter((f) => !(f.path in changes))
  for (const [path, json] of Object.entries(changes)) {
    if (json !== null) out.push({ path, text: typeof json === 'string' ? json : JSON.stringify(json) })
  }
  return out
}

function file(path: string): Record<string, unknown> {
  return JSON.parse(real.find((f) => f.path === path)!.text)
}

function problemsOf(changes: Record<string, unknown>): string[] {
  return buildRegistry(withFiles(changes)).problems.map(formatProblem)
}

describe('the schema files of the repository', () => {
  it('load with no problems', () => {
    expect(buildRegistry(real).problems).toEqual([])
  })

  it('give every entity id, created_at and updated_at, and keep private fields out of the public schema', () => {
    const registry = realRegistry()
    const user = registry.entities.get('user')!
    const properties = Object.keys(user.schema.properties as object)
    expect(properties).toEqual(expect.arrayContaining(['id', 'username', 'created_at', 'updated_at']))
    expect(properties).not.toContain('password_hash')
    expect(user.columns.map((c) => c.name)).toContain('password_hash')
  })

  it('derive a list endpoint query from the filters its resource declares', () => {
    const list = realRegistry().endpoints.get('domain/list')!
    const query = list.request.query!.properties as Record<string, unknown>
    expect(Object.keys(query)).toEqual(expect.arrayContaining(['page', 'limit', 'sort', 'order', 'host', 'name', 'is_default', 'created_at_from', 'created_at_to']))
  })

  it('carry a settings group\'s note for its form, kept out of the schema its values are checked against', () => {
    const publishing = realRegistry().configGroups.get('publishing')!
    expect(publishing.note?.['en-US']).toContain('{origin}/api/v1/platform/oauth_callback')
    expect(publishing.note?.['zh-CN']).toContain('{origin}/api/v1/platform/oauth_callback')
    expect(publishing.schema).not.toHaveProperty('x-note')
  })

  it('refuse blank names and titles in every entity, endpoint and settings group, but not in passwords', () => {
    const registry = realRegistry()
    const blank = (schema: unknown, field: string) => ((schema as { properties: Record<string, Record<string, unknown>> }).properties[field] ?? {})['x-not-blank']
    for (const entity of registry.entities.values()) {
      if (entity.title && !entity.columns.find((c) => c.name === entity.title)!.readOnly) expect(blank(entity.schema, entity.title), entity.name).toBe(true)
    }
    expect(blank(registry.endpoints.get('platform/add_industry')!.request.body, 'name')).toBe(true)
    expect(blank(registry.endpoints.get('provider_service/edit_account')!.request.body, 'remark')).toBe(true)
    expect(blank(registry.configGroups.get('show_config')!.schema, 'money_name')).toBe(true)
    expect(blank(registry.endpoints.get('platform/login')!.request.body, 'username')).toBe(true)
    expect(blank(registry.endpoints.get('platform/login')!.request.body, 'password')).toBeUndefined()
    expect(blank(registry.endpoints.get('platform/change_pwd')!.request.body, 'new_password')).toBeUndefined()
  })

  it('give a download that exports a list the filters of that list, not its paging, beside its own query', () => {
    const registry = realRegistry()
    const exported = Object.keys(registry.endpoints.get('recharge_card/export_data')!.request.query!.properties as object)
    const listed = Object.keys(registry.endpoints.get('recharge_card/card_list')!.request.query!.properties as object)
    expect(exported.sort()).toEqual([...listed.filter((k) => !['page', 'limit', 'sort', 'order'].includes(k)), 'format', 'lang'].sort())
  })
})

describe('registry problems name the file, the pointer and what to do', () => {
  it('an unknown role name, with a suggestion', () => {
    const resource = { ...file('resources/domain.json'), roles: ['admin', 'parnter'] }
    expect(problemsOf({ 'resources/domain.json': resource })).toEqual([
      expect.stringMatching(/^schemas\/resources\/domain\.json#\/roles\/1: "parnter" is not allowed here; use one of .*"partner".* Did you mean "partner"\?$/),
    ])
  })

  it('an unknown role on an endpoint', () => {
    const endpoint = { ...file('endpoints/domain/add.json'), roles: ['amdin'] }
    expect(problemsOf({ 'endpoints/domain/add.json': endpoint })).toEqual([expect.stringContaining('schemas/endpoints/domain/add.json#/roles/0: "amdin" is not allowed here')])
  })

  it('an endpoint with no role list, and one with both roles and open', () => {
    const { roles: _roles, ...noRoles } = file('endpoints/domain/add.json')
    const both = { ...file('endpoints/domain/edit.json'), open: true }
    const problems = problemsOf({ 'endpoints/domain/add.json': noRoles, 'endpoints/domain/edit.json': both })
    expect(problems).toContain('schemas/endpoints/domain/add.json: has no role list. Add "roles": ["admin", ...] naming who may call it, or "open": true if anyone may call it without signing in.')
    expect(problems).toContainEqual(expect.stringMatching(/^schemas\/endpoints\/domain\/edit\.json#\/open: says both "open" and "roles"/))
  })

  it('a dangling $ref, to a missing entity or a missing field', () => {
    const info = file('endpoints/platform/get_system_info.json') as { response: { properties: Record<string, unknown> } }
    info.response.properties.name = { $ref: 'domian#/properties/name' }
    info.response.properties.logo = { $ref: 'domain#/properties/logo_url' }
    const problems = problemsOf({ 'endpoints/platform/get_system_info.json': info })
    expect(problems).toContainEqual(expect.stringMatching(/get_system_info\.json#\/response\/properties\/name\/\$ref: \$ref "domian#\/properties\/name" points at nothing: there is no entity "domian"\. Did you mean "domain"\?/))
    expect(problems).toContainEqual(expect.stringMatching(/get_system_info\.json#\/response\/properties\/logo\/\$ref: \$ref "domain#\/properties\/logo_url" points at nothing: the pointer does not exist in schemas\/entities\/domain\.json/))
  })

  it('a resource naming an endpoint or a field that does not exist', () => {
    const resource = file('resources/domain.json') as { endpoints: Record<string, string>; list: { columns: string[] }; form: { fields: string[] } }
    resource.endpoints.update = 'domain/update'
    resource.list.columns.push('hots')
    resource.form.fields.push('created_at')
    const problems = problemsOf({ 'resources/domain.json': resource })
    const hots = resource.list.columns.length - 1
    const createdAt = resource.form.fields.length - 1
    expect(problems).toContain('schemas/resources/domain.json#/endpoints/update: names endpoint "domain/update", which has no file schemas/endpoints/domain/update.json.')
    expect(problems).toContainEqual(expect.stringMatching(new RegExp(`#/list/columns/${hots}: names field "hots", which entity "domain" does not have .* Did you mean "host"\\?`)))
    expect(problems).toContainEqual(expect.stringMatching(new RegExp(`#/form/fields/${createdAt}: puts "created_at" in the form, but it is readOnly`)))
  })

  it('form notices from an endpoint that is no GET, answers no notices, or refuses a role of the screen', () => {
    const links = file('resources/authorization_link.json') as { form: { notices: string } }
    const problems = (notices: string, extra: Record<string, unknown> = {}) => problemsOf({ 'resources/authorization_link.json': { ...links, form: { ...links.form, notices } }, ...extra })
    expect(problems('authorization_link/revoke')).toEqual([
      'schemas/resources/authorization_link.json#/form/notices: names "authorization_link/revoke", a POST endpoint; the form reads its notices with GET.',
      'schemas/resources/authorization_link.json#/form/notices: names "authorization_link/revoke", whose response has no "notices" field; it must answer { notices: [{ type, message }] }.',
    ])
    const partnerOnly = { ...file('endpoints/authorization_link/form_notices.json'), roles: ['partner'] }
    expect(problems('authorization_link/form_notices', { 'endpoints/authorization_link/form_notices.json': partnerOnly })).toEqual([
      'schemas/resources/authorization_link.json#/form/notices: names "authorization_link/form_notices", which "merchant" may not call, though the screen lets them open its form. Add the roles to the endpoint.',
    ])
    expect(problems('authorization_link/form_notice')).toEqual([expect.stringContaining('names endpoint "authorization_link/form_notice", which has no file schemas/endpoints/authorization_link/form_notice.json. Did you mean "authorization_link/form_notices"?')])
  })

  it('a list column given as an object: its field is checked, its width kept and bounded', { timeout: 20_000 }, () => {
    const named = file('resources/domain.json') as { list: { columns: unknown[] } }
    named.list.columns.push({ field: 'hots', width: 120 })
    expect(problemsOf({ 'resources/domain.json': named })).toContainEqual(
      expect.stringMatching(new RegExp(`#/list/columns/${named.list.columns.length - 1}: names field "hots", which entity "domain" does not have`)),
    )
    const narrow = file('resources/domain.json') as { list: { columns: unknown[] } }
    narrow.list.columns.push({ field: 'name', width: 20 })
    expect(problemsOf({ 'resources/domain.json': narrow })).toEqual([`schemas/resources/domain.json#/list/columns/${narrow.list.columns.length - 1}/width: must be >= 48 (found 20).`])
    const order = realRegistry().resources.get('recharge_order')!
    expect(order.list.columns.slice(0, 2)).toEqual([{ field: 'order_no', width: 184 }, { field: 'user_id' }])
  })

  it('form sections: each field checked where it stands, once, and not beside a list of fields', { timeout: 20_000 }, () => {
    const partner = file('resources/partner.json') as { form: { sections: { fields: string[] }[]; fields?: string[] } }
    partner.form.sections[1]!.fields.push('username', 'mobil')
    const problems = problemsOf({ 'resources/partner.json': partner })
    expect(problems).toContain('schemas/resources/partner.json#/form/sections/1/fields/3: puts "username" in the form a second time. Give each field one place.')
    expect(problems).toContainEqual(expect.stringMatching(/partner\.json#\/form\/sections\/1\/fields\/4: names field "mobil", which neither provider_service\/add nor provider_service\/edit takes\. Did you mean "mobile"\?/))
    const both = file('resources/partner.json') as { form: Record<string, unknown> }
    both.form.fields = ['username']
    expect(problemsOf({ 'resources/partner.json': both })).toEqual(["schemas/resources/partner.json#/form/fields: lists the form's fields, and so do its sections. Keep one of the two: sections name their fields themselves."])
  })

  it('a resource using an endpoint of the wrong kind, or letting a role in that its list endpoint refuses', () => {
    const resource = file('resources/domain.json') as { endpoints: Record<string, string>; roles: string[] }
    resource.endpoints.get = 'domain/list'
    resource.roles = ['admin', 'merchant']
    const problems = problemsOf({ 'resources/domain.json': resource })
    expect(problems).toContainEqual(expect.stringContaining('#/endpoints/get: uses "domain/list" as its get endpoint, but that endpoint\'s handler is "list"'))
    expect(problems).toContainEqual(expect.stringContaining('#/roles/1: lets "merchant" open the screen, but its list endpoint domain/list does not allow "merchant"'))
  })

  // Three registries built in one test: time for a busy machine, where each takes seconds.
  it('a download exporting what is not a generic list, or an export that is no download; rows to delete on a screen that deletes nothing', () => {
    const download = file('endpoints/recharge_card/export_data.json')
    expect(problemsOf({ 'endpoints/recharge_card/export_data.json': { ...download, exports: 'recharge_card/use_card' } })).toContainEqual(
      expect.stringContaining('#/exports: names "recharge_card/use_card", which is not a generic list (its handler is "rechargeCards.use")'),
    )
    expect(problemsOf({ 'endpoints/recharge_card/export_data.json': { ...download, exports: 'recharge_card/card_lst' } })).toContainEqual(expect.stringContaining('Did you mean "recharge_card/card_list"?'))
    const { download: _file, ...notDownload } = download
    expect(problemsOf({ 'endpoints/recharge_card/export_data.json': notDownload })).toContainEqual(expect.stringContaining('#/exports: only a GET endpoint with "download": true can export'))
    const resource = file('resources/recharge_card.json') as { endpoints: Record<string, string>; deleteWhen: Record<string, unknown> }
    delete resource.endpoints.delete
    resource.deleteWhen = { statuz: 0 }
    const problems = problemsOf({ 'resources/recharge_card.json': resource })
    expect(problems).toContainEqual(expect.stringContaining('#/deleteWhen: says which rows may be deleted, but the screen names no "delete" endpoint'))
    expect(problems).toContainEqual(expect.stringContaining('#/deleteWhen/statuz: names field "statuz"'))
  }, 20_000)

  it('an index over a field the entity does not have', () => {
    const card = file('entities/recharge_card.json')
    card['x-indexes'] = [['holder_id', 'statuz']]
    expect(problemsOf({ 'entities/recharge_card.json': card })).toContainEqual(expect.stringContaining('#/x-indexes/0/1: names field "statuz", which is not in properties'))
  })

  it('a tally by a field the entity does not have, by a field that may be null, or without an owner', () => {
    const card = file('entities/recharge_card.json')
    card['x-tally'] = ['statuz', 'used_by', 'card_password']
    const problems = problemsOf({ 'entities/recharge_card.json': card })
    expect(problems).toContainEqual(expect.stringContaining('#/x-tally/0: names field "statuz", which is not in properties'))
    expect(problems).toContainEqual(expect.stringContaining('#/x-tally/1: field "used_by" is nullable'))
    expect(problems).toContainEqual(expect.stringContaining('#/x-tally/2: field "card_password" is private'))
    delete card['x-owner']
    card['x-tally'] = ['status']
    expect(problemsOf({ 'entities/recharge_card.json': card })).toContainEqual(expect.stringContaining('#/x-tally: x-tally counts records by their owner, but this entity has no x-owner'))
  })

  it('files owned by an entity that has no field holding a file', () => {
    const card = file('entities/recharge_card.json')
    card['x-owns-files'] = true
    expect(problemsOf({ 'entities/recharge_card.json': card })).toContainEqual(expect.stringContaining('#/x-owns-files: x-owns-files removes the files of the record\'s "format": "media-url" fields with it, but this entity has none'))
  })

  it('a named delete endpoint that takes no ids', () => {
    const del = file('endpoints/recharge_card/batch_del.json') as { request: { body: { properties: Record<string, unknown>; required: string[] } } }
    del.request.body.properties = { id: { type: 'integer' } }
    del.request.body.required = ['id']
    expect(problemsOf({ 'endpoints/recharge_card/batch_del.json': del })).toContainEqual(expect.stringContaining('or a POST endpoint of entity "recharge_card" whose body takes "ids"'))
  })

  it('two routes on one path, and two endpoints on one method and path', () => {
    const second = { ...file('resources/domain.json') }
    const clash = { ...file('endpoints/domain/list.json') }
    const problems = problemsOf({ 'resources/domain_copy.json': second, 'endpoints/domain/list_copy.json': clash })
    expect(problems).toContain('schemas/resources/domain_copy.json#/path: route /domain/domainList is already taken by schemas/resources/domain.json. Two screens cannot share a path; change one.')
    expect(problems).toContain('schemas/endpoints/domain/list_copy.json#/path: GET /domain/list is already declared by schemas/endpoints/domain/list.json. Two endpoints cannot share a method and path; change one.')
  })

  it('a generic endpoint without an entity, or naming a missing one', () => {
    const { entity: _e, ...noEntity } = file('endpoints/domain/add.json')
    const missing = { ...file('endpoints/domain/edit.json'), entity: 'domains' }
    const problems = problemsOf({ 'endpoints/domain/add.json': noEntity, 'endpoints/domain/edit.json': missing })
    expect(problems).toContainEqual(expect.stringContaining('add.json#/entity: the generic handler "create" needs "entity"'))
    expect(problems).toContainEqual(expect.stringContaining('edit.json#/entity: names entity "domains", which has no file schemas/entities/domains.json. Did you mean "domain"?'))
  })

  it('an unknown key in a file, a misspelt JSON Schema keyword, and broken JSON', () => {
    const endpoint = { ...file('endpoints/domain/add.json'), rolse: ['admin'] }
    const entity = file('entities/domain.json') as { properties: Record<string, Record<string, unknown>> }
    entity.properties.name = { type: 'string', maxLenght: 64 }
    const problems = problemsOf({ 'endpoints/domain/add.json': endpoint, 'entities/domain.json': entity, 'resources/broken.json': '{ "entity": ' })
    expect(problems).toContain('schemas/endpoints/domain/add.json#/rolse: unknown key "rolse". Did you mean "roles"?')
    expect(problems).toContainEqual(expect.stringMatching(/^schemas\/entities\/domain\.json#\/properties\/name\/maxLenght: is not a usable JSON Schema: strict mode: unknown keyword: "maxLenght"/))
    expect(problems).toContainEqual(expect.stringMatching(/^schemas\/resources\/broken\.json: is not valid JSON/))
  })

  it('an entity whose $id differs from its file name, or whose owner field is missing', () => {
    const entity = { ...file('entities/domain.json'), 'x-owner': 'owner' }
    const renamed = { ...file('entities/session.json'), $id: 'sessions' }
    const problems = problemsOf({ 'entities/domain.json': entity, 'entities/session.json': renamed })
    expect(problems).toContainEqual(expect.stringContaining('domain.json#/x-owner: x-owner names field "owner", which is not in properties'))
    expect(problems).toContainEqual(expect.stringContaining('session.json#/$id: $id is "sessions" but the file is named session.json'))
  })

  it('a relation to a missing entity, to one with no title, or held in a non-integer field; a title that is no public string', () => {
    const domain = file('entities/domain.json') as { properties: Record<string, Record<string, unknown>>; 'x-title'?: string }
    domain.properties.owner_id = { ...domain.properties.owner_id, 'x-relation': 'usr' }
    domain.properties.site = { type: 'integer', 'x-relation': 'session' }
    domain.properties.mirror = { type: 'string', 'x-relation': 'domain' }
    domain['x-title'] = 'is_default'
    const problems = problemsOf({ 'entities/domain.json': domain })
    expect(problems).toContainEqual(expect.stringMatching(/domain\.json#\/properties\/owner_id\/x-relation: names entity "usr", which has no file schemas\/entities\/usr\.json\. Did you mean "user"\?/))
    expect(problems).toContain('schemas/entities/domain.json#/properties/site/x-relation: points at session, which has no "x-title". Add "x-title": "FIELD" to schemas/entities/session.json, naming the field that names its records.')
    expect(problems).toContain('schemas/entities/domain.json#/properties/mirror/x-relation: x-relation field "mirror" must be an integer (the related record\'s id), but it is stored as string.')
    expect(problems).toContain('schemas/entities/domain.json#/x-title: x-title names "is_default", which is not a public string field of this entity. Name the field that names a record, e.g. "name".')
  })

  it('a title that may be empty', () => {
    const industry = file('entities/industry.json') as { properties: Record<string, Record<string, unknown>> }
    const { minLength: _min, ...name } = industry.properties.name!
    industry.properties.name = name
    expect(problemsOf({ 'entities/industry.json': industry })).toEqual([
      'schemas/entities/industry.json#/properties/name: is the x-title of this entity, so it must not be empty: add "minLength": 1 (blank values are then refused too), or make it "readOnly" if the server sets it.',
    ])
  })

  it('rich text on a field that is not a string, or of a media type nothing renders', () => {
    const domain = () => file('entities/domain.json') as { properties: Record<string, Record<string, unknown>> }
    const flag = domain()
    flag.properties.is_default = { ...flag.properties.is_default, contentMediaType: 'text/html' }
    const markdown = domain()
    markdown.properties.copyright = { ...markdown.properties.copyright, contentMediaType: 'text/markdown' }
    expect(problemsOf({ 'entities/domain.json': flag })).toContain('schemas/entities/domain.json#/properties/is_default/contentMediaType: "contentMediaType": "text/html" marks formatted text, so field "is_default" must be a string, but it is stored as integer.')
    expect(problemsOf({ 'entities/domain.json': markdown })).toContainEqual(expect.stringMatching(/domain\.json#\/properties\/copyright\/contentMediaType: "text\/markdown" is not allowed here; use one of "text\/html"/))
  })

  it('enum colours that do not match the enum, and a delete endpoint that takes no ids', () => {
    const order = file('entities/recharge_order.json') as { properties: Record<string, Record<string, unknown>> }
    order.properties.status = { ...order.properties.status, 'x-enum-colors': ['processing', 'success'] }
    const del = file('endpoints/recharge_package/del.json') as { request: { body: { properties: Record<string, unknown>; required: string[] } } }
    del.request.body.properties = { id: { type: 'integer', minimum: 1 } }
    del.request.body.required = ['id']
    const problems = problemsOf({ 'entities/recharge_order.json': order, 'endpoints/recharge_package/del.json': del })
    expect(problems).toContain('schemas/entities/recharge_order.json#/properties/status/x-enum-colors: has 2 colours but enum has 4 values; give one colour per value, in the order of enum.')
    expect(problems).toContainEqual(expect.stringContaining('recharge_package.json#/endpoints/delete: uses "recharge_package/del" as its delete endpoint, but that endpoint\'s handler is "rechargePackages.delete". Name an endpoint whose handler is "delete", or a POST endpoint of entity "recharge_package" whose body takes "ids".'))
  })

  it('an endpoint scope it does not know, and an unknown role narrowing an endpoint action', () => {
    const list = { ...file('endpoints/recharge_order/list.json'), scope: 'mine' }
    const resource = file('resources/recharge_order.json') as { actions: Record<string, unknown>[] }
    resource.actions[0] = { ...resource.actions[0], roles: ['parnter'] }
    const problems = problemsOf({ 'endpoints/recharge_order/list.json': list, 'resources/recharge_order.json': resource })
    expect(problems).toContainEqual(expect.stringMatching(/recharge_order\/list\.json#\/scope: "mine" is not allowed here; use one of "below", "own"/))
    expect(problems).toContainEqual(expect.stringMatching(/^schemas\/resources\/recharge_order\.json#\/actions\/0\/roles\/0: "parnter" is not allowed here.* Did you mean "partner"\?$/))
    })

  it('a prefix index on a field that is not a string', () => {
    const domain = file('entities/domain.json') as { properties: Record<string, Record<string, unknown>> }
    domain.properties.is_default = { ...domain.properties.is_default, 'x-index': 'prefix' }
    expect(problemsOf({ 'entities/domain.json': domain })).toContain(
      'schemas/entities/domain.json#/properties/is_default/x-index: "x-index": "prefix" indexes a string for searches by its start, but field "is_default" is stored as integer. Use "x-index": true.',
    )
  })

  it('a route shown by a profile flag the account entity does not have', () => {
    const navigation = file('navigation.json') as { groups: { children: Record<string, unknown>[] }[] }
    const at = navigation.groups[0]!.children.push({ name: 'clip', path: 'clip', label: { 'zh-CN': '剪辑', 'en-US': 'Clip' }, page: 'user-info', roles: ['merchant'], profileFlag: 'show_clip' }) - 1
    expect(problemsOf({ 'navigation.json': navigation })).toContain(
      `schemas/navigation.json#/groups/0/children/${at}/profileFlag: names "show_clip", which is not an integer field of schemas/entities/user.json. Name a 0/1 profile field such as show_clip_menu.`,
    )
  })

  it('words a recording fills into a field the form has not, or from a field that does not record', () => {
    const voice = file('tasks/voice_clone.json') as { input: { properties: Record<string, Record<string, unknown>> } }
    voice.input.properties.sample_material_id!['x-recording-words'] = 'transcrpt'
    voice.input.properties.name!['x-recording-words'] = 'transcript'
    expect(problemsOf({ 'tasks/voice_clone.json': voice })).toEqual([
      'schemas/tasks/voice_clone.json#/input/properties/name/x-recording-words: is for a field that records ("x-widget": "recording"); only a recording knows the words it asked to be read.',
      'schemas/tasks/voice_clone.json#/input/properties/sample_material_id/x-recording-words: names "transcrpt", which must be a text field of "input". Did you mean "transcript"?',
    ])
  })

  it('a picker narrowed by a field no screen of its entity filters with "in"', () => {
    const voice = file('tasks/voice_clone.json') as { input: { properties: Record<string, Record<string, unknown>> } }
    voice.input.properties.sample_material_id!['x-relation-where'] = { kind: ['audio'], format: ['wav'] }
    expect(problemsOf({ 'tasks/voice_clone.json': voice })).toEqual([
      'schemas/tasks/voice_clone.json#/input/properties/sample_material_id/x-relation-where/format: narrows the material picker by "format", which no screen of material filters with "match": "in". Add { "field": "format", "match": "in" } to its list\'s filters.',
    ])
  })

  it('a page of long work naming a task kind there is not, or open to roles that may not submit it', () => {
    const navigation = file('navigation.json') as { groups: { name: string; children: Record<string, unknown>[] }[] }
    const creation = navigation.groups.findIndex((g) => g.name === 'creation')
    const children = navigation.groups[creation]!.children
    const clip = children.findIndex((c) => c.task === 'clip')
    const tasks = children.findIndex((c) => Array.isArray(c.tasks))
    children[clip]!.roles = ['admin', 'merchant']
    children[tasks]!.tasks = ['clip', 'mixed_cutt']
    const mixed = children.findIndex((c) => c.task === 'mixed_cut')
    children[mixed]!.task = 'mix'
    const at = (i: number) => `schemas/navigation.json#/groups/${creation}/children/${i}`
    expect(problemsOf({ 'navigation.json': navigation })).toEqual(
      expect.arrayContaining([
        `${at(clip)}/roles: lists "admin", who may not submit task kind "clip" (its roles: partner, merchant). List only roles of schemas/tasks/clip.json.`,
        `${at(tasks)}/tasks/1: names task kind "mixed_cutt", which schemas/tasks/ does not declare. Did you mean "mixed_cut"? Name a file of schemas/tasks/ without .json.`,
        expect.stringMatching(new RegExp(`^${at(mixed).replace(/[/#]/g, '\\$&')}/task: names task kind "mix", which schemas/tasks/ does not declare\.`)),
      ]),
    )
  })

  it('a field the console shows without an x-label, once where it is declared', () => {
    const user = file('entities/user.json') as { properties: Record<string, Record<string, unknown>> }
    delete user.properties.organizationName!['x-label']
    delete user.properties.open_oem!['x-label']
    delete user.properties.mini_appid!['x-label']
    const merchant = file('resources/merchant.json') as { show: { fields: string[] }; list: { columns: string[] } }
    merchant.show.fields.push('mini_appid')
    merchant.list.columns.push('mini_appid')
    const problems = problemsOf({ 'entities/user.json': user, 'resources/merchant.json': merchant })
    const shown = /has no "x-label", but the console shows it/
    // Shown on the user-info page, on a detail page and in a list column; open_oem on detail pages only.
    expect(problems.filter((p) => shown.test(p))).toEqual([
      expect.stringMatching(/^schemas\/entities\/user\.json#\/properties\/open_oem: has no "x-label", but the console shows it \(schemas\/resources\/all_merchant\.json#\/show\/fields\/\d+\)/),
      expect.stringMatching(/^schemas\/entities\/user\.json#\/properties\/mini_appid: .*\(schemas\/resources\/merchant\.json#\/list\/columns\/\d+\)/),
      expect.stringMatching(/^schemas\/entities\/user\.json#\/properties\/organizationName: .*\(schemas\/navigation\.json#\/groups\/\d+\/children\/0\/fields\/\d+\)/),
    ])
  })

  it('help a form field\'s description gives reaches no page: a field a form draws says it in x-help, in both locales, wherever it is written', () => {
    const clip = file('tasks/clip.json') as { input: { properties: Record<string, Record<string, unknown>> } }
    delete clip.input.properties.fit!['x-help']
    clip.input.properties.resolution!['x-help'] = { 'zh-CN': '短边的像素数' }
    const media = file('shared/media.json') as { $defs: Record<string, Record<string, unknown>> }
    delete media.$defs.speed!['x-help']
    const platform = file('config/platform.json') as { properties: Record<string, Record<string, unknown>> }
    delete platform.properties.video_max_seconds!['x-help']
    const packages = file('entities/recharge_package.json') as { properties: Record<string, Record<string, unknown>> }
    delete packages.properties.remark!['x-help']
    const help = /never reaches the page|is help people read under the field/
    const problems = problemsOf({ 'tasks/clip.json': clip, 'shared/media.json': media, 'config/platform.json': platform, 'entities/recharge_package.json': packages }).filter((p) => help.test(p))
    expect(problems.sort()).toEqual([
      expect.stringMatching(/^schemas\/config\/platform\.json#\/properties\/video_max_seconds\/description: explains a field a form draws, but a description is the API's documentation and never reaches the page\. Say what the person filling it needs in "x-help"/),
      expect.stringMatching(/^schemas\/entities\/recharge_package\.json#\/properties\/remark\/description: explains a field a form draws/),
      expect.stringMatching(/^schemas\/shared\/media\.json#\/\$defs\/speed\/description: explains a field a form draws/),
      expect.stringMatching(/^schemas\/tasks\/clip\.json#\/input\/properties\/fit\/description: explains a field a form draws/),
      'schemas/tasks/clip.json#/input/properties/resolution/x-help: is help people read under the field: give it in both locales, { "zh-CN": "…", "en-US": "…" }.',
    ])
    // A description of what a form never draws (a read-only field, a table the server keeps) stays the API's alone.
    expect(problemsOf({}).filter((p) => help.test(p))).toEqual([])
  })

  it('a detail page without its own field list shows, and so needs labels for, every field', () => {
    const domain = file('entities/domain.json') as { properties: Record<string, Record<string, unknown>> }
    delete domain.properties.copyright!['x-label']
    expect(problemsOf({ 'entities/domain.json': domain })).toContain(
      'schemas/entities/domain.json#/properties/copyright: has no "x-label", but the console shows it (schemas/resources/domain.json#/form/fields/4), where people would read the key itself. Give it "x-label": { "zh-CN": "…", "en-US": "…" }.',
    )
    const industry = file('entities/industry.json') as { properties: Record<string, unknown> }
    industry.properties.note = { type: 'string', default: '' }
    expect(problemsOf({ 'entities/industry.json': industry })).toContain(
      'schemas/entities/industry.json#/properties/note: has no "x-label", but the console shows it (schemas/resources/industry.json, its detail page, which shows every field without "show"), where people would read the key itself. Give it "x-label": { "zh-CN": "…", "en-US": "…" }.',
    )
  })

  it('a detail or profile field the entity does not have', () => {
    const merchant = file('resources/merchant.json') as { show: { fields: string[] } }
    merchant.show.fields.push('nickame')
    const navigation = file('navigation.json') as { groups: { name: string; children: { name: string; fields?: string[] }[] }[] }
    const user = navigation.groups.findIndex((g) => g.name === 'user')
    navigation.groups[user]!.children[0]!.fields!.push('organisation')
    const problems = problemsOf({ 'resources/merchant.json': merchant, 'navigation.json': navigation })
    expect(problems).toContain(`schemas/resources/merchant.json#/show/fields/${merchant.show.fields.length - 1}: names field "nickame", which entity "user" does not have (or keeps private). Did you mean "nickname"?`)
    expect(problems).toContainEqual(expect.stringMatching(new RegExp(`^schemas/navigation\\.json#/groups/${user}/children/0/fields/\\d+: names "organisation", which is not a public field`)))
  })

  it("a hidden route's menu entry (activeMenu) that is no route, is hidden too, or belongs to a route in the menu", () => {
    const navigation = file('navigation.json') as { groups: { children: Record<string, unknown>[] }[] }
    const at = navigation.groups[0]!.children.push({ name: 'shown', path: 'shown', label: { 'zh-CN': '显示', 'en-US': 'Shown' }, page: 'user-info', roles: ['admin'], activeMenu: 'index' }) - 1
    const offer = { ...file('resources/recharge_offer.json'), activeMenu: 'recharge_ordr' }
    const allMerchant = { ...file('resources/all_merchant.json'), activeMenu: 'recharge_offer' }
    expect(problemsOf({ 'navigation.json': navigation, 'resources/recharge_offer.json': offer, 'resources/all_merchant.json': allMerchant })).toEqual(
      expect.arrayContaining([
        `schemas/navigation.json#/groups/0/children/${at}/activeMenu: is only for a route hidden from the menu ("hideInMenu": true); "shown" has a menu entry of its own. Remove activeMenu or hide the route.`,
        'schemas/resources/recharge_offer.json#/activeMenu: names "recharge_ordr", which is no route. Name a resource (schemas/resources/NAME.json) or a navigation.json child. Did you mean "recharge_order"?',
        'schemas/resources/all_merchant.json#/activeMenu: names "recharge_offer", which is hidden from the menu too. Name a route that has a menu entry.',
      ]),
    )
  })

  it('a settings group with a default its field refuses, a setting name another group has, or an unknown screen', () => {
    const platform = file('config/platform.json') as { properties: Record<string, Record<string, unknown>> }
    platform.properties.VITE_MERCHANT_COUNT_LIMITATION!.default = 'many'
    platform.properties.money_name = { type: 'string', default: 'Coins', 'x-label': { 'zh-CN': '币', 'en-US': 'Coins' } }
    const init = { ...file('config/init.json'), 'x-screen': '/account/nowhere' }
    const problems = problemsOf({ 'config/platform.json': platform, 'config/init.json': init })
    expect(problems).toEqual(expect.arrayContaining([
      expect.stringMatching(/^schemas\/config\/platform\.json#\/properties\/VITE_MERCHANT_COUNT_LIMITATION\/default: "many" is not a value this field accepts/),
      expect.stringMatching(/^schemas\/config\/platform\.json#\/properties\/money_name: setting "money_name" is already declared by schemas\/config\/show_config\.json/),
      expect.stringMatching(/^schemas\/config\/init\.json#\/x-screen: names route \/account\/nowhere, which schemas\/navigation\.json does not declare/),
    ]))
  })

  it('a setting shown when another setting the group lacks, or one of its own, holds a value, or when a setting holds a value it cannot', () => {
    const providers = file('config/providers.json') as { properties: Record<string, Record<string, unknown>> }
    providers.properties.heygen_api_key!['x-shown-when'] = { video_provider: ['heygen'] }
    providers.properties.heygen_api_url!['x-shown-when'] = { digital_human_video: ['heygen', 'did'] }
    providers.properties.heygem_url!['x-shown-when'] = { heygem_url: ['x'] }
    expect(problemsOf({ 'config/providers.json': providers })).toEqual(expect.arrayContaining([
      'schemas/config/providers.json#/properties/heygen_api_key/x-shown-when/video_provider: names "video_provider", which is not another setting of this group.',
      'schemas/config/providers.json#/properties/heygen_api_url/x-shown-when/digital_human_video: lists values "digital_human_video" cannot hold; it takes "local", "heygem", "heygen".',
      'schemas/config/providers.json#/properties/heygem_url/x-shown-when/heygem_url: names "heygem_url", which is not another setting of this group.',
    ]))
  })

  it('a setting without a default, and file parts on a GET', () => {
    const resource = file('config/resource.json') as { properties: Record<string, Record<string, unknown>> }
    delete resource.properties.name!.default
    const problems = problemsOf({
      'config/resource.json': resource,
      'endpoints/upload/generate_sts_token.json': { ...file('endpoints/upload/generate_sts_token.json'), files: { file: { 'x-label': { 'zh-CN': '文件', 'en-US': 'File' }, maxBytes: 10 } } },
    })
    expect(problems).toEqual(expect.arrayContaining([
      expect.stringMatching(/^schemas\/config\/resource\.json#\/properties\/name: "default" is required here/),
      expect.stringMatching(/^schemas\/endpoints\/upload\/generate_sts_token\.json#\/files: file parts need method POST/),
    ]))
  })

  it('collects every problem at once, and createRegistry throws them as one SchemaError', () => {
    const changes = {
      'resources/domain.json': { ...file('resources/domain.json'), roles: ['parnter'] },
      'endpoints/domain/add.json': { ...file('endpoints/domain/add.json'), roles: ['amdin'] },
    }
    expect(problemsOf(changes)).toHaveLength(2)
    // Built once: each build validates every schema file, and a second adds seconds on a busy machine.
    const thrown = (() => {
      try {
        createRegistry(withFiles(changes))
      } catch (e) {
        return e
      }
    })()
    expect(thrown).toBeInstanceOf(SchemaError)
    expect((thrown as SchemaError).message).toMatch(/^2 problems in schemas\/:\n {2}- schemas\//)
    expect((thrown as SchemaError).code).toBe('SCHEMA_INVALID')
  })
})

describe('every problem at once, and none twice', () => {
  it('a file that is not JSON is placed by line and column, and files naming it are not reported again', () => {
    const text = '{\n  "$id": "industry",\n  "title": "Industry",,\n}'
    expect(problemsOf({ 'entities/industry.json': text })).toEqual([
      'schemas/entities/industry.json: is not valid JSON at line 3, column 23: Expected double-quoted property name. The line reads: "\\"title\\": \\"Industry\\",,".',
    ])
  })

  it('a column typo is reported beside an unknown key in the same file', () => {
    const resource = file('resources/industry.json') as { list: { columns: string[] } }
    resource.list.columns[1] = 'nmae'
    expect(problemsOf({ 'resources/industry.json': { ...resource, colour: 'red' } })).toEqual([
      expect.stringMatching(/^schemas\/resources\/industry\.json#\/colour: unknown key "colour"/),
      'schemas/resources/industry.json#/list/columns/1: names field "nmae", which entity "industry" does not have (or keeps private). Did you mean "name"?',
    ])
  })

  it('a generic handler on the wrong method', () => {
    expect(problemsOf({ 'endpoints/platform/industry.json': { ...file('endpoints/platform/industry.json'), method: 'POST' } })).toEqual([
      expect.stringMatching(/^schemas\/endpoints\/platform\/industry\.json#\/method: the generic handler "list" answers GET only.*Use "method": "GET"\.$/),
    ])
    expect(problemsOf({ 'endpoints/platform/del_industry.json': { ...file('endpoints/platform/del_industry.json'), method: 'GET' } })).toEqual([
      expect.stringMatching(/^schemas\/endpoints\/platform\/del_industry\.json#\/method: the generic handler "delete" answers POST only/),
    ])
  })
})

describe('a screen in two files: the resource declares its standard calls with "api"', () => {
  const industry = file('resources/industry.json')
  const { endpoints: _named, ...withoutEndpoints } = industry
  const twoFiles = { ...withoutEndpoints, api: { path: '/industry', roles: ['admin'] } }

  it('stands for the five endpoint files', () => {
    const registry = createRegistry(withFiles({ 'resources/industry.json': twoFiles }))
    expect(registry.resources.get('industry')!.endpoints).toEqual({ list: 'industry/list', get: 'industry/detail', create: 'industry/add', update: 'industry/edit', delete: 'industry/del' })
    const calls = ['industry/list', 'industry/detail', 'industry/add', 'industry/edit', 'industry/del'].map((id) => registry.endpoints.get(id)!)
    expect(calls.map((e) => `${e.method} ${e.path} ${e.handler} ${e.entity} ${JSON.stringify(e.access)}`)).toEqual([
      'GET /industry/list list industry ["admin"]',
      'GET /industry/detail get industry ["admin"]',
      'POST /industry/add create industry ["admin"]',
      'POST /industry/edit update industry ["admin"]',
      'POST /industry/del delete industry ["admin"]',
    ])
    // A derived list gets the filters its resource declares, as a written one does.
    expect(Object.keys(calls[0]!.request.query!.properties as object)).toContain('name')
  })

  it('keeps to the calls it lists, and an endpoint file of the same id replaces the derived call', () => {
    const registry = createRegistry(withFiles({
      'resources/industry.json': { ...twoFiles, api: { path: '/industry', roles: ['admin'], calls: ['list', 'create'] } },
      'endpoints/industry/list.json': { method: 'GET', path: '/industry/list', summary: 'Industries for everyone', roles: ['*'], handler: 'list', entity: 'industry' },
    }))
    expect(registry.resources.get('industry')!.endpoints).toEqual({ list: 'industry/list', create: 'industry/add' })
    expect(registry.endpoints.get('industry/list')).toMatchObject({ access: ['*'], summary: 'Industries for everyone', file: 'schemas/endpoints/industry/list.json' })
    expect(registry.endpoints.has('industry/del')).toBe(false)
  })

  it('an "endpoints" entry the resource writes out wins over its "api"', () => {
    const registry = createRegistry(withFiles({ 'resources/industry.json': { ...twoFiles, endpoints: { list: 'platform/industry' } } }))
    expect(registry.resources.get('industry')!.endpoints.list).toBe('platform/industry')
    expect(registry.resources.get('industry')!.endpoints.create).toBe('industry/add')
  })

  it('a screen with neither a list endpoint nor "api" is told what to add', () => {
    expect(problemsOf({ 'resources/industry.json': { ...withoutEndpoints } })).toEqual(['schemas/resources/industry.json: "endpoints" or "api" is required here.'])
    expect(problemsOf({ 'resources/industry.json': { ...industry, endpoints: { get: 'platform/industry_detail' } } })).toEqual([
      'schemas/resources/industry.json#/endpoints: names no "list" endpoint, which every screen needs. Add "list" to "endpoints", or declare the calls with "api".',
    ])
  })
})
