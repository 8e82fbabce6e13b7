import { resolve } from 'node:path'
import { Validator } from '@seriousme/openapi-schema-validator'
import { beforeAll, describe, expect, it } from 'vitest'
import { API_TITLE, API_VERSION } from './api-info'
import { readSchemaFiles } from './load-files'
import { operationName } from './names'
import { buildOpenApi } from './openapi'
import { createRegistry } from './registry'
import type { JsonSchema, Registry } from './types'

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']

let registry: Registry
let document: JsonSchema

beforeAll(() => {
  registry = createRegistry(readSchemaFiles(resolve(__dirname, '../../schemas')))
  // The document the server serves at /api/v1/openapi.json, as it goes over the wire.
  document = JSON.parse(JSON.stringify(buildOpenApi(registry, { title: API_TITLE, version: API_VERSION }))) as JsonSchema
})

function operations(): { path: string; method: string; op: JsonSchema }[] {
  const paths = document.paths as Record<string, Record<string, JsonSchema>>
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ path, method, op })),
  )
}

describe('the OpenAPI document the server serves', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator()
    const result = await validator.validate(document)
    expect(result.valid, `OpenAPI validation errors:\n${JSON.stringify(result.errors, null, 2)}`).toBe(true)
    expect(validator.version).toBe('3.1')
  })

  it('has one operation per endpoint, with its roles and security', () => {
    const ops = operations()
    expect(ops).toHaveLength(registry.endpoints.size)
    for (const endpoint of registry.endpoints.values()) {
      const found = ops.find((o) => o.path === endpoint.path && o.method === endpoint.method.toLowerCase())
      expect(found, `no ${endpoint.method} ${endpoint.path} for ${endpoint.file}`).toBeDefined()
      const op = found!.op
      expect(op.operationId).toBe(operationName(endpoint.id))
      if (endpoint.access === 'open') {
        expect(op['x-roles']).toEqual([])
        expect(op.security).toEqual([])
      } else {
        expect(op['x-roles']).toEqual(endpoint.access)
        expect(op.security).toEqual([{ token: [] }])
      }
    }
    expect(document.paths).toHaveProperty(['/domain/add', 'post', 'x-roles'], ['admin'])
    expect(document.paths).toHaveProperty(['/platform/login', 'post', 'security'], [])
  })
})
