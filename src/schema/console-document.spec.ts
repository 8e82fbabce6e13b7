import { describe, expect, it } from 'vitest'
import { consoleSchemaFile, filesForEndpoints } from './console-document'
import { LOGIN_ENDPOINTS } from '../console/login-endpoints'
import { assembleRegistry } from './registry-core'
import { readSchemaFiles } from './load-files'

describe('consoleSchemaFile', () => {
  it('leaves out the meta-schemas and the migrations', () => {
    expect(consoleSchemaFile({ path: 'meta/entity.schema.json', json: { type: 'object' } })).toBeUndefined()
    expect(consoleSchemaFile({ path: 'migrations/0001_start.json', json: { type: 'object' } })).toBeUndefined()
  })

  it('drops the description keyword everywhere, and keeps a field named description and data that holds one', () => {
    const file = consoleSchemaFile({
      path: 'entities/ai_assistant.json',
      json: {
        description: 'API documentation',
        type: 'object',
        properties: {
          description: { type: 'string', description: 'what the assistant is for', 'x-label': { 'zh-CN': '简介', 'en-US': 'About' } },
          options: { type: 'object', default: { description: 'kept' }, examples: [{ description: 'kept too' }], items: [{ description: 'dropped' }] },
        },
        required: ['description'],
      },
    })
    expect(file).toEqual({
      path: 'entities/ai_assistant.json',
      json: {
        type: 'object',
        properties: {
          description: { type: 'string', 'x-label': { 'zh-CN': '简介', 'en-US': 'About' } },
          options: { type: 'object', default: { description: 'kept' }, examples: [{ description: 'kept too' }], items: [{}] },
        },
        required: ['description'],
      },
    })
  })

  it("drops a file's $schema and an endpoint's summary, and keeps a summary field of an entity", () => {
    const endpoint = consoleSchemaFile({ path: 'endpoints/note/list.json', json: { $schema: '../../meta/endpoint.schema.json', method: 'GET', path: '/note/list', summary: 'List notes', roles: ['admin'], handler: 'list', entity: 'note' } })
    expect(endpoint?.json).toEqual({ method: 'GET', path: '/note/list', roles: ['admin'], handler: 'list', entity: 'note' })
    const entity = consoleSchemaFile({ path: 'entities/note.json', json: { $schema: '../meta/entity.schema.json', type: 'object', properties: { summary: { type: 'string' } } } })
    expect(entity?.json).toEqual({ type: 'object', properties: { summary: { type: 'string' } } })
  })

  it('gives the console the registry the full files give, with a quarter less to send', () => {
    const files = readSchemaFiles('schemas').filter((f) => !f.path.startsWith('meta/')).map((f) => ({ path: f.path, json: JSON.parse(f.text) }))
    const sent = files.map(consoleSchemaFile).filter((f) => f !== undefined)
    const full = assembleRegistry(files)
    const shown = assembleRegistry(sent)
    expect(shown.problems).toEqual([])
    expect([...shown.registry.resources.keys()]).toEqual([...full.registry.resources.keys()])
    expect([...shown.registry.endpoints.keys()]).toEqual([...full.registry.endpoints.keys()])
    expect(shown.registry.navigation).toEqual(full.registry.navigation)
    expect(JSON.stringify(sent).length).toBeLessThan(JSON.stringify(files).length * 0.8)
  })

  it("gives the login page's endpoints a registry of their own that holds them as the whole one does, in a tenth of the files", () => {
    const files = readSchemaFiles('schemas').map((f) => consoleSchemaFile({ path: f.path, json: JSON.parse(f.text) })).filter((f) => f !== undefined)
    const full = assembleRegistry(files).registry
    const some = filesForEndpoints(files, Object.values(LOGIN_ENDPOINTS))!
    const { registry, problems } = assembleRegistry(some)
    expect(problems).toEqual([])
    for (const id of Object.values(LOGIN_ENDPOINTS)) expect(registry.endpoints.get(id)).toEqual(full.endpoints.get(id))
    expect(registry.entities.get('agreement')).toEqual(full.entities.get('agreement'))
    expect(some.length).toBeLessThan(files.length / 10)
  })

  it('knows no endpoint without a file of its own', () => {
    const files = readSchemaFiles('schemas').map((f) => consoleSchemaFile({ path: f.path, json: JSON.parse(f.text) })).filter((f) => f !== undefined)
    expect(filesForEndpoints(files, ['platform/register', 'platform/nothing'])).toBeUndefined()
  })
})
