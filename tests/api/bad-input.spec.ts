import { callStream } from '../support/event-stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { LightMyRequestResponse as InjectResponse } from 'fastify'
import { createRegistry, isGeneric } from '../../src/schema/registry'
import { readSchemaFiles } from '../../src/schema/load-files'
import { ROLES, type EndpointDef, type JsonSchema, type Role } from '../../src/schema/types'
import { upsertAccount } from '../../src/server/accounts/queries'
import { createSession } from '../../src/server/auth/sessions'
import { hashToken } from '../../src/server/auth/token'
import { recordToRow, rowToRecord } from '../../src/server/db/records'
import { tableOf } from '../../src/server/services'
import type { Envelope } from '../../src/server/envelope'
import { PASSWORD, SCHEMAS_DIR, startTestServer, type TestServer } from './harness'
import { inputCases, wireRequest, type InputCase, type WireRequest } from './hostile-inputs'
import { createInputOracle, type InputOracle } from './input-oracle'
import { diffRows, rowsIn, snapshotTables, type Snapshot } from './table-snapshot'
import { asSchemaDb } from '../../src/server/db/connect'

// Read at collection so every test is named after its endpoint and case; the first test checks the server declares the same set.
const declared = createRegistry(readSchemaFiles(SCHEMAS_DIR))
const collecting = createInputOracle(declared)

const STATUSES = [200, 400, 401, 403, 404, 413, 415, 429]
/** Stack frames, source locations, database error text. Frames are matched by shape: a bare "at " is in "at most 64 characters". */
const LEAKS = [/\n\s+at /, /\bat \S+ \(/, /\.[cm]?[jt]s:/, /node_modules/, /SQLITE/, /SqliteError/, /syntax error/i, /relation "/, /\bERROR:/]
const POINTER = /^(\/([^~/]|~[01])*)*$/

/** Tables a named handler changes when it succeeds; a change anywhere else is a half-write. Declare new writing handlers here. */
const NAMED_WRITES: Record<string, string[]> = {
  'auth.login': ['session'],
  'auth.logout': ['session'],
  'auth.changePassword': ['user', 'session'],
  'auth.editProfile': ['user'],
  'auth.overstep': ['session', 'overstep_log'],
  'accounts.create': ['user'],
  'accounts.update': ['user', 'session'],
  'accounts.adjustMoney': ['user', 'user_money_log'],
  'transfers.transfer': ['user', 'transfer_record', 'user_money_log', 'user_quota_log'],
  'transfers.exchange': ['user', 'user_money_log', 'user_quota_log'],
  'rechargePackages.delete': ['recharge_package'],
  'rechargeOrders.create': ['recharge_order'],
  'rechargeOrders.confirmPaid': ['recharge_order', 'user', 'user_money_log', 'user_quota_log'],
  'rechargeOrders.cancel': ['recharge_order'],
  'settings.set': ['config_value'],
  'settings.initSet': ['config_value'],
  'passwordReset.captchaImage': ['captcha_challenge'],
  'passwordReset.sendCode': ['captcha_challenge', 'reset_code'],
  'passwordReset.resetPassword': ['reset_code', 'user', 'session'],
  'registration.register': ['captcha_challenge', 'user', 'session'],
  'rechargeCards.add': ['recharge_card'],
  'rechargeCards.transfer': ['recharge_card'],
  'rechargeCards.use': ['recharge_card', 'user', 'user_money_log', 'user_quota_log'],
  'rechargeCards.remark': ['recharge_card'],
  'rechargeCards.rename': ['recharge_card'],
  'rechargeCards.batchDelete': ['recharge_card'],
  'matrix.addAssistedAccount': ['platform_account'],
  'matrix.addLink': ['authorization_link'],
  'matrix.revokeLink': ['authorization_link'],
  'matrix.startAuthorization': ['oauth_state'],
  'matrix.addPlan': ['release_plan', 'release_post', 'task', 'task_job', 'task_use'],
  'matrix.pausePlan': ['release_plan', 'release_post', 'task'],
  'matrix.resumePlan': ['release_plan', 'release_post', 'task', 'task_job', 'task_use'],
  'matrix.cancelPlan': ['release_plan', 'release_post', 'task'],
  'matrix.confirmPost': ['release_post', 'release_plan'],
  'matrix.retryPost': ['release_post', 'release_plan', 'task', 'task_job', 'task_use'],
}

let server: TestServer
let oracle: InputOracle
const accounts = {} as Record<Role, number>
const fixtures = new Map<string, number>()
let counter = 0

beforeAll(async () => {
  // The sweep sends hundreds of logins, password changes, registrations and AI calls; the limits themselves are tested in auth.spec.ts, rate-limits.spec.ts, register.spec.ts and ai-tool.spec.ts.
  server = await startTestServer({
    config: {
      loginRateLimit: { perUsername: 100_000, perAddress: 100_000, windowMs: 60_000 },
      passwordChangeRateLimit: { perAccount: 100_000, perAddress: 100_000, windowMs: 60_000 },
      registerRateLimit: { perAddress: 100_000, windowMs: 60_000 },
      authorizationStartRateLimit: { perAddress: 100_000, windowMs: 60_000 },
      aiRateLimit: { perAccount: 100_000, windowMs: 60_000 },
    },
  })
  oracle = createInputOracle(server.services.registry)
  const parents: Record<Role, string | undefined> = { admin: undefined, partner: 'admin', merchant: 'partner', agent: 'partner' }
  for (const role of ROLES) {
    accounts[role] = (await upsertAccount(server.services, { username: role, password: PASSWORD, role, parentUsername: parents[role] })).id
  }
})
afterAll(() => server?.close())

it('sweeps every endpoint the server declares', () => {
  expect([...server.services.registry.endpoints.keys()].sort()).toEqual([...declared.endpoints.keys()].sort())
})

/** Words of a field name that say it holds an address a browser loads or follows: "cover_url", "personalWebsite", not "topic". */
const ADDRESS_WORD = /^(logo|avatar|url|image|icon|link|cover|website|pic|photo)s?$/i
const isAddressName = (name: string) => name.split(/_|(?=[A-Z])/).some((word) => ADDRESS_WORD.test(word))

it('gives every stored or sent address the media-url format, so the sweep tries hostile addresses on it', () => {
  const fields: [string, JsonSchema][] = []
  for (const entity of declared.entities.values()) {
    for (const [name, field] of Object.entries(entity.schema.properties as Record<string, JsonSchema>)) fields.push([`${entity.file} ${name}`, field])
  }
  for (const endpoint of declared.endpoints.values()) {
    for (const part of [endpoint.request.query, endpoint.request.body]) {
      for (const [name, field] of Object.entries((part?.properties ?? {}) as Record<string, JsonSchema>)) fields.push([`${endpoint.file} ${name}`, collecting.resolve(field)])
    }
  }
  for (const group of declared.configGroups.values()) {
    for (const [name, field] of Object.entries(group.schema.properties as Record<string, JsonSchema>)) fields.push([`${group.file} ${name}`, field])
  }
  const addresses = fields.filter(([where, field]) => isAddressName(where.split(' ')[1]!) && field.type === 'string')
  expect(addresses.map(([where]) => where)).toEqual(expect.arrayContaining(['schemas/entities/domain.json logo', 'schemas/entities/user.json avatar', 'schemas/config/resource.json logo']))
  for (const [where, field] of addresses) expect(field.format, where).toBe('media-url')
})

for (const declaredEndpoint of declared.endpoints.values()) {
  const groups = new Map<string, InputCase[]>()
  for (const c of inputCases(declaredEndpoint, collecting.resolve)) groups.set(c.group, [...(groups.get(c.group) ?? []), c])
  describe(`${declaredEndpoint.method} ${declaredEndpoint.path}`, () => {
    for (const [group, cases] of groups) {
      describe(group, () => {
        for (const kase of cases) it(kase.name, () => sweep(endpointOf(declaredEndpoint.id), kase))
      })
    }
    if (declaredEndpoint.access !== 'open') describe('access', () => accessCases(declaredEndpoint.id))
  })
}

function endpointOf(id: string): EndpointDef {
  return server.services.registry.endpoints.get(id)!
}

async function sweep(endpoint: EndpointDef, kase: InputCase): Promise<void> {
  const refs = await references(endpoint)
  const base = { ...baselineOf(endpoint), ...refs }
  const request = kase.request(base, server.services.config.bodyLimit)
  const valid = kase.status === undefined && !kase.multipart && oracle.accepts(endpoint, parsedInput(request))
  if (kase.group === 'valid baseline') expect(valid, 'the generated baseline input must pass the schema').toBe(true)
  if (kase.refused) expect(valid, 'the schema must refuse this input (a blank name or a hostile address)').toBe(false)
  await withCaller(callerRole(endpoint), async (token) => {
    const rowsOf = writtenTables(endpoint)
    const before = await snapshot(rowsOf)
    try {
      const res = await send(endpoint, request, token, valid)
      const after = await snapshot(rowsOf)
      if (endpoint.download && res.statusCode === 200 && !String(res.headers['content-type']).startsWith('application/json')) {
        // A file is the answer to a request its schema accepts, and reading one writes nothing.
        expect(valid, `answered a file for an input its schema refuses: ${res.body.slice(0, 200)}`).toBe(true)
        expect(after, 'a download changed the database').toEqual(before)
        return
      }
      if (endpoint.download && res.statusCode === 303) {
        // A redirect (where a platform's authorization sends the browser back) answers an accepted request, stays on this site, and, for anything the sweep can send, adds nothing.
        expect(valid, `redirected for an input its schema refuses: ${String(res.headers.location)}`).toBe(true)
        expect(String(res.headers.location)).toMatch(/^\/[^/\\]/)
        expect(after, 'a redirect for a made-up request changed the database').toEqual(before)
        return
      }
      const body = expectEnvelope(res)
      if (kase.status !== undefined) {
        expect(res.statusCode).toBe(kase.status)
        expect(body.code).not.toBe(1)
        if (kase.status === 415) expect(body.msg).toContain(request.contentType?.split(';')[0] ?? 'none')
      } else if (!valid) {
        expectFieldErrors(res, body, kase.pointer)
      } else if (isGeneric(endpoint.handler) && !touches(kase, refs)) {
        expect(body.code, body.msg).toBe(1)
      }
      if (body.code === 1) expectWholeWrite(endpoint, oracle.prepare(endpoint, parsedInput(request)) as Record<string, unknown>, body.data, before, after)
      else expect(after, 'a refused request changed the database').toEqual(before)
      expect(Object.prototype).not.toHaveProperty('polluted')
    } finally {
      await removeCreatedRows(endpoint, before)
    }
  })
}

/** No token, a malformed one, and a role the endpoint does not list: the right status, nothing written. */
function accessCases(id: string): void {
  const access = declared.endpoints.get(id)!.access as string[]
  const refused = (status: number, code: number, token: string | undefined) => async () => {
    const live = endpointOf(id)
    const base = { ...baselineOf(live), ...(await references(live)) }
    const before = await snapshot()
    const res = await send(live, wireRequest(live, base), token)
    const body = expectEnvelope(res)
    expect([res.statusCode, body.code]).toEqual([status, code])
    expect(await snapshot()).toEqual(before)
  }
  it('no token', refused(401, 0, undefined))
  it('a malformed token', refused(200, 50008, "' OR 1=1 --"))
  const outsider = ROLES.find((role) => !access.includes(role) && !access.includes('*'))
  if (outsider) it(`the role ${outsider}`, () => withCaller(outsider, (token) => refused(403, 0, token)()))
}

function callerRole(endpoint: EndpointDef): Role | undefined {
  if (endpoint.access === 'open') return undefined
  if (endpoint.access.includes('admin') || endpoint.access.includes('*')) return 'admin'
  return endpoint.access[0] as Role
}

/** A fresh session per case: a case may sign out or change the password, and must not spoil the next one. */
async function withCaller(role: Role | undefined, run: (token: string | undefined) => Promise<void>): Promise<void> {
  if (!role) return run(undefined)
  const { token } = await createSession(server.services, accounts[role], { ip: '127.0.0.1', userAgent: 'bad-input sweep' })
  try {
    await run(token)
  } finally {
    await server.services.db.deleteFrom(tableOf(server.services, 'session')).where('token_hash', '=', hashToken(token)).execute()
  }
}

/** A fresh valid input: its required fields, with values no earlier case used. */
function baselineOf(endpoint: EndpointDef): Record<string, unknown> {
  const schema: JsonSchema = (endpoint.method === 'GET' ? endpoint.request.query : endpoint.request.body) ?? { type: 'object' }
  return oracle.sample(schema, ++counter) as Record<string, unknown>
}

/**
 * Ids of records that exist: the record a generic get, update or delete names, and for
 * create and update a record each x-relation field may point at. Recreated when a case deleted it.
 */
async function references(endpoint: EndpointDef): Promise<Record<string, unknown>> {
  if (!endpoint.entity || !isGeneric(endpoint.handler) || endpoint.handler === 'list') return {}
  const entity = server.services.registry.entities.get(endpoint.entity)!
  const refs: Record<string, unknown> = {}
  if (endpoint.handler === 'create' || endpoint.handler === 'update') {
    const body = (endpoint.request.body?.properties ?? {}) as Record<string, unknown>
    for (const column of entity.columns) if (column.relation && column.name in body) refs[column.name] = await fixtureOf(column.relation, {}, accounts[callerRole(endpoint) ?? 'admin'])
  }
  if (endpoint.handler === 'create') return refs
  // Owned by the account the sweep calls as, so a call open to partners and merchants only can see it.
  const id = await fixtureOf(entity.name, endpoint.fixed, accounts[callerRole(endpoint) ?? 'admin'])
  return endpoint.handler === 'delete' ? { ids: [id] } : { ...refs, id }
}

/** One stored record of an entity for the sweep to name, its own relations pointing at records that exist. */
async function fixtureOf(name: string, fixed: Record<string, unknown> = {}, owner = accounts.admin): Promise<number> {
  const entity = server.services.registry.entities.get(name)!
  const { db } = server.services
  // An endpoint with "fixed" values (the merchant screens) sees only records that have them.
  const key = `${name}${JSON.stringify(fixed)}${entity.owner ? owner : ''}`
  const known = fixtures.get(key)
  if (known !== undefined && (await asSchemaDb(db).selectFrom(entity.table).select('id').where('id', '=', known).executeTakeFirst())) return known
  const values = oracle.sample({ type: 'object', properties: entity.schema.properties, required: entity.source.required }, ++counter) as Record<string, unknown>
  if (entity.owner && entity.owner !== 'id') values[entity.owner] = owner
  for (const column of entity.columns) if (column.relation && column.relation !== name && column.name !== entity.owner) values[column.name] = await fixtureOf(column.relation, {}, owner)
  delete values._titles
  Object.assign(values, fixed)
  const now = server.services.now().toISOString()
  const row = await asSchemaDb(db).insertInto(entity.table).values({ ...recordToRow(entity, values), created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()
  fixtures.set(key, Number(row.id))
  return Number(row.id)
}

/** Cases that change the reference id may name a record that does not exist, which is a refusal, not a failure. */
function touches(kase: InputCase, refs: Record<string, unknown>): boolean {
  return kase.pointer !== undefined && Object.keys(refs).some((key) => kase.pointer === `/${key}` || kase.pointer!.startsWith(`/${key}/`))
}

function parsedInput(request: WireRequest): unknown {
  return request.payload !== undefined ? JSON.parse(request.payload) : oracle.parseQuery(request.query ?? '')
}

function send(endpoint: EndpointDef, request: WireRequest, token: string | undefined, opensStream = false): Promise<InjectResponse> {
  const headers: Record<string, string> = { platform: 'pc' }
  if (token) headers.token = token
  if (request.contentType) headers['content-type'] = request.contentType
  const url = `/api/v1${endpoint.path}${request.query ? `?${request.query}` : ''}`
  // An event stream stays open until its client leaves, which inject cannot do: a real connection can. (A refused request is answered and ended as any other.)
  if (endpoint.stream && opensStream) return callStream(server.app, url, { method: request.method ?? endpoint.method, headers, ...(typeof request.payload === 'string' ? { body: request.payload } : {}) }) as unknown as Promise<InjectResponse>
  return server.inject({ method: request.method ?? endpoint.method, url, headers, ...(request.payload !== undefined ? { payload: request.payload } : {}) })
}

/**
 * Every table but the rate-limit counts: those count every attempt at a limited call, refused
 * ones included, by design (rate-limits.spec.ts checks them). The rows of `rowsOf` in full, to
 * see what a success wrote; on PostgreSQL the others as digests.
 */
function snapshot(rowsOf: readonly string[] = []): Promise<Snapshot> {
  const counts = tableOf(server.services, 'rate_limit_hit')
  const tables = [...server.services.registry.entities.values()].map((e) => e.table).filter((table) => table !== counts)
  return snapshotTables(server.services.db, server.services.dialect, tables, rowsOf)
}

/** Every answer: an allowed status, the JSON envelope, no internals; a refusal says why in words. */
function expectEnvelope(res: InjectResponse): Envelope {
  expect(STATUSES, `HTTP ${res.statusCode}: ${res.body.slice(0, 300)}`).toContain(res.statusCode)
  expect(res.headers['content-type']).toMatch(/^application\/json/)
  for (const leak of LEAKS) expect(res.body).not.toMatch(leak)
  const body = JSON.parse(res.body) as Envelope
  expect(Object.keys(body).sort()).toEqual(['code', 'data', 'msg', 'time'])
  expect(Number.isInteger(body.code) && Number.isInteger(body.time)).toBe(true)
  if (body.code !== 1) expectSentence(body.msg)
  return body
}

function expectSentence(text: unknown): void {
  expect(typeof text).toBe('string')
  expect(text).toMatch(/^\S.{7,}/su)
  expect(text).toMatch(/\p{L}{2,}/u)
  expect(text).not.toMatch(/undefined|\[object|NaN/)
}

/** A schema failure: 200, code 0, and data.errors as [{ path, message }] with a JSON pointer at what was wrong. */
function expectFieldErrors(res: InjectResponse, body: Envelope, pointer: string | undefined): void {
  expect([res.statusCode, body.code], body.msg).toEqual([200, 0])
  const errors = (body.data as { errors?: { path: string; message: string }[] } | null)?.errors
  expect(errors, 'a validation failure carries data.errors').toBeInstanceOf(Array)
  expect(errors!.length).toBeGreaterThan(0)
  for (const error of errors!) {
    expect(Object.keys(error).sort()).toEqual(['message', 'path'])
    expect(error.path).toMatch(POINTER)
    expectSentence(error.message)
  }
  if (pointer !== undefined) {
    const paths = errors!.map((e) => e.path)
    expect(paths.some((p) => p === pointer || p.startsWith(pointer + '/')), `errors at ${JSON.stringify(paths)}, expected one at ${pointer}`).toBe(true)
  }
}

/**
 * A success writes all of itself and nothing else: only the tables the handler owns change,
 * and a generic write stores exactly what it was sent (rich text as sanitised) and answers exactly what it stored.
 */
function expectWholeWrite(endpoint: EndpointDef, input: Record<string, unknown>, data: unknown, before: Snapshot, after: Snapshot): void {
  const written = new Set(writtenTables(endpoint))
  for (const table of Object.keys(before)) {
    if (!written.has(table)) expect(after[table], `${table} changed; if ${endpoint.handler} writes it, declare it in NAMED_WRITES`).toEqual(before[table])
  }
  if (!isGeneric(endpoint.handler) || !endpoint.entity || !written.size) return
  const entity = server.services.registry.entities.get(endpoint.entity)!
  const diff = diffRows(rowsIn(before, entity.table), rowsIn(after, entity.table))
  const record = data as Record<string, unknown>
  if (endpoint.handler === 'delete') {
    const asked = new Set((input.ids as number[]).map(String))
    const removed = rowsIn(before, entity.table).filter((row) => asked.has(String(row.id)))
    expect([diff.added, diff.changed, diff.removed]).toEqual([[], [], removed])
    expect(data).toEqual({ deleted: removed.length })
    return
  }
  expect(diff.removed).toEqual([])
  if (endpoint.handler === 'create') {
    expect([diff.added.map((row) => Number(row.id)), diff.changed]).toEqual([[record.id], []])
  } else {
    // An update that repeats the stored values within the same millisecond changes no row at all.
    expect([diff.added, diff.changed.filter((row) => Number(row.id) !== record.id)]).toEqual([[], []])
  }
  const stored = rowsIn(after, entity.table).find((row) => Number(row.id) === record.id)
  // Beside the stored fields, the answer carries the titles of the records its relations point to.
  const { _titles: titles, ...fields } = record
  expect(stored && rowToRecord(entity, stored), 'the answer is what was stored').toEqual(fields)
  const relations = entity.columns.filter((c) => c.relation).map((c) => c.name)
  expect(Object.keys((titles ?? {}) as object).sort(), 'a title for each relation').toEqual(relations.sort())
  for (const [field, value] of Object.entries(input)) expect(record[field], `${field} is stored as sent`).toEqual(value)
}

function writtenTables(endpoint: EndpointDef): string[] {
  if (isGeneric(endpoint.handler)) return ['create', 'update', 'delete'].includes(endpoint.handler) && endpoint.entity ? [server.services.registry.entities.get(endpoint.entity)!.table] : []
  return (NAMED_WRITES[endpoint.handler] ?? []).map((entity) => server.services.registry.entities.get(entity)!.table)
}

/** Accepted creations are removed again so unique fields stay free and snapshots stay small. */
async function removeCreatedRows(endpoint: EndpointDef, before: Snapshot): Promise<void> {
  if (endpoint.handler !== 'create' || !endpoint.entity) return
  const table = server.services.registry.entities.get(endpoint.entity)!.table
  const ids = rowsIn(before, table).map((row) => Number(row.id))
  let query = asSchemaDb(server.services.db).deleteFrom(table)
  if (ids.length) query = query.where('id', 'not in', ids)
  await query.execute()
}
