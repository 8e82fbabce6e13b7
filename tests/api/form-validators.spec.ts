import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFieldValidatorsLoader, type FieldValidators } from '../../src/console/forms/field-validators'
import { fieldValidatorName, formSources } from '../../src/schema/form-fields'
import { startTestServer, type TestServer } from './harness'

const URL = '/api/v1/platform/form_validators.js'
let server: TestServer
let fields: FieldValidators

beforeAll(async () => {
  server = await startTestServer()
  // What a browser imports, loaded as the console loads it.
  const answer = await server.inject({ method: 'GET', url: URL })
  const dir = resolve(__dirname, '../../test-results/form-validators')
  mkdirSync(dir, { recursive: true })
  const file = join(mkdtempSync(join(dir, 'served-')), 'form_validators.mjs')
  writeFileSync(file, answer.body)
  fields = await createFieldValidatorsLoader(file)()
})
afterAll(() => server.close())

describe('the forms’ validators, compiled by the server for the console', () => {
  it('are a script of this origin, with an ETag', async () => {
    const answer = await server.inject({ method: 'GET', url: URL, headers: { 'accept-encoding': 'br' } })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(answer.headers['content-encoding']).toBe('br')
    const again = await server.inject({ method: 'GET', url: URL, headers: { 'if-none-match': String(answer.headers.etag) } })
    expect(again.statusCode).toBe(304)
  })

  it('check every field of every body, download query and settings group the console has a form for', () => {
    const expected = [...formSources(server.services.registry)].flatMap(([source, schema]) => Object.keys((schema.properties ?? {}) as object).map((field) => fieldValidatorName(source, field)))
    expect(Object.keys(fields).sort()).toEqual(expected.sort())
    expect(expected).toEqual(expect.arrayContaining(['body:domain/add#logo', 'body:platform/reset_pwd#code', 'query:recharge_card/export_data#format', 'config:resource#logo']))
  })

  it('say what the server says of the same values, field by field', async () => {
    const cases: [string, string, unknown][] = [
      ['/domain/add', 'logo', 'javascript:alert(1)'],
      ['/domain/add', 'logo', 'https://cdn.example.com/logo.png'],
      ['/domain/add', 'name', ' \u3000 '],
      ['/domain/add', 'host', 'not a host'],
      ['/domain/add', 'is_default', 2],
      ['/platform/add_industry', 'name', '😀'.repeat(33)],
    ]
    const admin = (await server.account('admin', 'admin')).token
    for (const [path, field, value] of cases) {
      const validate = fields[fieldValidatorName(`body:${path.slice(1)}`, field)]!
      const res = await server.call('POST', path, { token: admin, body: { host: 'v.example.com', name: 'V', [field]: value } })
      const serverErrors = ((res.body.data as { errors?: { path: string }[] } | null)?.errors ?? []).filter((e) => e.path === `/${field}`)
      expect(validate(value), `${path} ${field} ${JSON.stringify(value)}`).toBe(serverErrors.length === 0)
    }
  })
})
