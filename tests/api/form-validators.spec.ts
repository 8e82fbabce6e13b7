import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFieldValidatorsLoader, type FieldValidatorsLoader } from '../../src/console/forms/field-validators'
import { fieldValidatorName, formSources, type FormSource } from '../../src/schema/form-fields'
import { startTestServer, type TestServer } from './harness'

const URL = '/api/v1/platform/form_validators.js'
const urlOf = (source: string) => `${URL}?form=${encodeURIComponent(source)}`
let server: TestServer
let validatorsOf: FieldValidatorsLoader

beforeAll(async () => {
  server = await startTestServer()
  // What a browser imports, each form's as the server answers it, loaded as the console loads it.
  const dir = resolve(__dirname, '../../test-results/form-validators')
  mkdirSync(dir, { recursive: true })
  const served = mkdtempSync(join(dir, 'served-'))
  const bodies = new Map<FormSource, string>()
  for (const source of formSources(server.services.registry).keys()) {
    const answer = await server.inject({ method: 'GET', url: urlOf(source) })
    expect(answer.statusCode, source).toBe(200)
    bodies.set(source, answer.body)
  }
  validatorsOf = createFieldValidatorsLoader((source) => {
    const file = join(served, `${source.replace(/[^A-Za-z0-9_-]/g, '.')}.mjs`)
    writeFileSync(file, bodies.get(source)!)
    return file
  })
})
afterAll(() => server.close())

describe('the forms’ validators, compiled by the server for the console', () => {
  it('are a script of this origin per form, with an ETag', async () => {
    const answer = await server.inject({ method: 'GET', url: urlOf('body:domain/add'), headers: { 'accept-encoding': 'br' } })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(answer.headers['content-encoding']).toBe('br')
    const again = await server.inject({ method: 'GET', url: urlOf('body:domain/add'), headers: { 'if-none-match': String(answer.headers.etag) } })
    expect(again.statusCode).toBe(304)
    const other = await server.inject({ method: 'GET', url: urlOf('body:platform/reset_pwd') })
    expect(other.headers.etag).not.toBe(answer.headers.etag)
  })

  it('answer 404 for a form no schema file has, or none named', async () => {
    for (const url of [urlOf('body:domain/nothing'), URL]) {
      const answer = await server.inject({ method: 'GET', url, headers: { 'accept-language': 'en-US' } })
      expect(answer.statusCode, url).toBe(404)
      expect(answer.json().msg, url).toMatch(/^There is no form /)
    }
  })

  it('check every field of every body, download query and settings group the console has a form for, each form only its own', async () => {
    const sources = [...formSources(server.services.registry)]
    expect(sources.map(([source]) => source)).toEqual(expect.arrayContaining(['body:domain/add', 'body:platform/reset_pwd', 'query:recharge_card/export_data', 'config:resource']))
    for (const [source, schema] of sources) {
      const expected = Object.keys((schema.properties ?? {}) as object).map((field) => fieldValidatorName(source, field))
      expect(Object.keys(await validatorsOf(source)).sort(), source).toEqual(expected.sort())
    }
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
      const source = `body:${path.slice(1)}` as const
      const validate = (await validatorsOf(source))[fieldValidatorName(source, field)]!
      const res = await server.call('POST', path, { token: admin, body: { host: 'v.example.com', name: 'V', [field]: value } })
      const serverErrors = ((res.body.data as { errors?: { path: string }[] } | null)?.errors ?? []).filter((e) => e.path === `/${field}`)
      expect(validate(value), `${path} ${field} ${JSON.stringify(value)}`).toBe(serverErrors.length === 0)
    }
  })
})
