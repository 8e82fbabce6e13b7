// PostgreSQL too: every accepted input is written and read back on both databases.
import { isDeepStrictEqual } from 'node:util'
import { callStream } from '../support/event-stream'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createRegistry, isGeneric } from '../../src/schema/registry'
import { readSchemaFiles } from '../../src/schema/load-files'
import { ROLES, type EndpointDef, type JsonSchema, type Role } from '../../src/schema/types'
import { upsertAccount } from '../../src/server/accounts/queries'
import { authenticate, createSession } from '../../src/server/auth/sessions'
import { hashToken } from '../../src/server/auth/token'
import { recordToRow, rowToRecord } from '../../src/server/db/records'
import { tableOf } from '../../src/server/db/table-of'
import { namedHandlers } from '../../src/server/named-handlers'
import { PASSWORD, SCHEMAS_DIR, startTestServer, type TestServer } from './harness'
import { inputCases, wireRequest, type InputCase, type WireRequest } from './hostile-inputs'
import { createInputOracle, type InputOracle } from './input-oracle'
import { createSnapshotter, diffRows, rowsIn, type Snapshot, type Snapshotter } from './table-snapshot'
import { asSchemaDb } from '../../src/server/db/connect'
import { caseCheck, expectEnvelope, expectFieldErrors, type Answer, type CaseCheck } from './answer-checks'
import { createSchemaJudge, type SchemaJudge, type SchemaVerdict } from './schema-judge'
import { routeShape } from './route-shape'

// Read at collection so every test is named after its endpoint and case; the first test checks the server declares the same set.
const declared = createRegistry(readSchemaFiles(SCHEMAS_DIR))
const collecting = createInputOracle(declared)

/**
 * How many cases go over HTTP. By default every input is judged in-process against the
 * server's own validators, and HTTP gets what needs the whole server: every input the schema
 * accepts, one refused input and the access cases per endpoint, and the transport cases once
 * per route shape. SWEEP=full (npm run sweep, before a release) sends every case over HTTP,
 * each its own test, with the same checks.
 */
const FULL_SWEEP = process.env.SWEEP === 'full'
/** An endpoint's test runs its hundreds of cases; a busy two-core machine must not time it out. */
const ENDPOINT_TIMEOUT = 180_000

/** Tables a named handler changes when it succeeds; a change anywhere else is a half-write. Declare new writing handlers here. */
const NAMED_WRITES: Record<string, string[]> = {
  'auth.login': ['session'],
  'auth.logout': ['session'],
  'auth.changePassword': ['user', 'session'],
  'auth.editProfile': ['user'],
  'auth.overstep': ['session', 'overstep_log'],
  'accounts.create': ['user'],
  'accounts.update': ['user', 'session'],
  'accounts.adjust': ['user', 'user_money_log', 'user_quota_log'],
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
let judge: SchemaJudge
let snapshots: Snapshotter
const accounts = {} as Record<Role, number>
const fixtures = new Map<string, number>()
let counter = 0

beforeAll(async () => {
  // The sweep sends hundreds of logins, password changes, registrations, AI calls and voice previews; the limits themselves are tested in auth.spec.ts, rate-limits.spec.ts, register.spec.ts, ai-tool.spec.ts and voice-clone.spec.ts.
  server = await startTestServer({
    config: {
      loginRateLimit: { perUsername: 100_000, perAddress: 100_000, windowMs: 60_000 },
      passwordChangeRateLimit: { perAccount: 100_000, perAddress: 100_000, windowMs: 60_000 },
      registerRateLimit: { perAddress: 100_000, windowMs: 60_000 },
      authorizationStartRateLimit: { perAddress: 100_000, windowMs: 60_000 },
      aiRateLimit: { perAccount: 100_000, windowMs: 60_000 },
      speakLimit: { perAccount: 100_000, windowMs: 60_000, atOnce: 2 },
    },
  })
  oracle = createInputOracle(server.services.registry)
  judge = createSchemaJudge(server.services)
  // Every table but the rate-limit counts: those count every attempt at a limited call, refused ones included, by design (rate-limits.spec.ts checks them).
  const counts = tableOf(server.services, 'rate_limit_hit')
  snapshots = await createSnapshotter(server.services.db, server.services.dialect, [...server.services.registry.entities.values()].map((e) => e.table).filter((table) => table !== counts))
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

/** The first endpoint of each route shape, whose transport cases stand for its shape's. */
const shapes = new Map<string, string>()
for (const declaredEndpoint of declared.endpoints.values()) {
  const { id } = declaredEndpoint
  if (!shapes.has(routeShape(declaredEndpoint))) shapes.set(routeShape(declaredEndpoint), id)
  const cases = inputCases(declaredEndpoint, collecting.resolve)
  const title = `${declaredEndpoint.method} ${declaredEndpoint.path}`
  if (!FULL_SWEEP) {
    it(title, () => sweepEndpoint(id, cases), ENDPOINT_TIMEOUT)
    continue
  }
  const groups = new Map<string, InputCase[]>()
  for (const c of cases) groups.set(c.group, [...(groups.get(c.group) ?? []), c])
  describe(title, () => {
    for (const [group, inGroup] of groups) {
      describe(group, () => {
        for (const kase of inGroup) it(kase.name, () => checked(labelOf(kase), async (check) => void (await sweepCase(endpointOf(id), kase, check, await references(endpointOf(id)), () => true))))
      })
    }
    if (declaredEndpoint.access !== 'open') {
      describe('access', () => {
        for (const access of accessCases(declaredEndpoint)) it(access.name, () => checked(`access › ${access.name}`, (check) => accessCase(endpointOf(id), access, check)))
      })
    }
  })
}

if (!FULL_SWEEP) {
  describe('transport, once per route shape', () => {
    for (const [shape, id] of shapes) {
      const endpoint = declared.endpoints.get(id)!
      const cases = inputCases(endpoint, collecting.resolve).filter(isTransportCase)
      it(`${shape}: ${endpoint.method} ${endpoint.path}`, () => sweepTransport(id, cases), ENDPOINT_TIMEOUT)
    }
  })
}

/**
 * What the server does before the endpoint's own code, the same for every route of a shape:
 * parse (or refuse) the body and the query string, check the content type, size and method.
 * The parsed input is still judged against each endpoint's schema, in-process.
 */
function isTransportCase(kase: InputCase): boolean {
  return kase.status !== undefined || kase.group === 'whole body' || kase.group === 'query string'
}

/**
 * Every case of an endpoint, in one test whose failure names each case that broke a rule.
 * Each is judged in-process; what goes over HTTP is every input its schema accepts, every
 * file-part case (read from the request, not by a schema), the first refused input, and the
 * access cases. Where the endpoint's own code reads the request before the schema is checked
 * (a rate limit keyed by a field), no in-process judgement stands for that: every input goes.
 */
async function sweepEndpoint(id: string, cases: readonly InputCase[]): Promise<void> {
  const endpoint = endpointOf(id)
  const readsRequestFirst = Boolean(namedHandlers[endpoint.handler]?.preHandlers)
  let refs: Record<string, unknown> | undefined
  let probed = false
  for (const kase of cases) {
    if (kase.status !== undefined) continue
    await checked(labelOf(kase), async (check) => {
      refs ??= await references(endpoint)
      const sent = await sweepCase(endpoint, kase, check, refs, (valid) => valid || Boolean(kase.multipart) || !probed || readsRequestFirst)
      // A request that wrote may have deleted the records the references name; look them up again before the next case.
      if (sent.wrote) refs = undefined
      if (sent.overHttp && !sent.valid) probed = true
    })
  }
  for (const access of endpoint.access === 'open' ? [] : accessCases(endpoint)) await checked(`access › ${access.name}`, (check) => accessCase(endpoint, access, check))
}

/** The transport cases of one endpoint, standing for its route shape, all over HTTP. */
async function sweepTransport(id: string, cases: readonly InputCase[]): Promise<void> {
  const endpoint = endpointOf(id)
  for (const kase of cases) await checked(labelOf(kase), async (check) => void (await sweepCase(endpoint, kase, check, await references(endpoint), () => true)))
}

function endpointOf(id: string): EndpointDef {
  return server.services.registry.endpoints.get(id)!
}

function labelOf(kase: InputCase): string {
  return `${kase.group} › ${kase.name}`
}

/** Runs a case's checks; an exception is one more failure of the case, and the next case still runs. */
async function checked(label: string, run: (check: CaseCheck) => Promise<void>): Promise<void> {
  try {
    await run(caseCheck(label))
  } catch (error) {
    expect.soft(() => {
      throw error
    }, `${label}: the case must run to its end`).not.toThrow()
  }
}

/**
 * One case. Its request is judged by the schema (the oracle) and by the server's validator
 * (in-process): both must say the same, and a refusal must be answered as a client should
 * be. Then, when `overHttp` says so for its verdict, it is sent, and the answer and the
 * database are checked.
 */
async function sweepCase(endpoint: EndpointDef, kase: InputCase, check: CaseCheck, refs: Record<string, unknown>, overHttp: (valid: boolean) => boolean): Promise<{ valid: boolean; overHttp: boolean; wrote: boolean }> {
  const request = kase.request({ ...baselineOf(endpoint), ...refs }, server.services.config.bodyLimit)
  const judged = kase.status === undefined && !kase.multipart
  const valid = judged && oracle.accepts(endpoint, parsedInput(request))
  if (kase.group === 'valid baseline') check(valid, 'the generated baseline input must pass the schema').toBe(true)
  if (kase.refused) check(valid, 'the schema must refuse this input (a blank name or a hostile address)').toBe(false)
  const verdict = judged ? judge(endpoint, request) : undefined
  if (verdict) {
    check(verdict.accepted, valid ? "the server's validator refuses an input the schema accepts" : "the server's validator accepts an input the schema refuses").toBe(valid)
    if (!verdict.accepted) {
      const body = expectEnvelope(check, verdict.answer)
      if (body) expectFieldErrors(check, verdict.answer, body, kase.pointer)
    }
  }
  check(Object.prototype, 'Object.prototype was polluted').not.toHaveProperty('polluted')
  if (!overHttp(valid)) return { valid, overHttp: false, wrote: false }
  const wrote = await sendCase(endpoint, kase, request, valid, verdict, refs, check)
  return { valid, overHttp: true, wrote }
}

/** A case over HTTP: the answer a client gets, and what it did to every table. Resolves to whether it may have written anything. */
async function sendCase(endpoint: EndpointDef, kase: InputCase, request: WireRequest, valid: boolean, verdict: SchemaVerdict | undefined, refs: Record<string, unknown>, check: CaseCheck): Promise<boolean> {
  let wrote = true
  await withCaller(endpoint, callerRole(endpoint), async (token) => {
    const rowsOf = writtenTables(endpoint)
    const before = await snapshot(rowsOf)
    let after: Snapshot | undefined
    try {
      const res = await send(endpoint, request, token, valid)
      after = await snapshot(rowsOf)
      wrote = !isDeepStrictEqual(after, before)
      if (endpoint.download && res.statusCode === 200 && !String(res.headers['content-type']).startsWith('application/json')) {
        // A file is the answer to a request its schema accepts, and reading one writes nothing.
        check(valid, `answered a file for an input its schema refuses: ${res.body.slice(0, 200)}`).toBe(true)
        check(after, 'a download changed the database').toEqual(before)
        return
      }
      if (endpoint.download && res.statusCode === 303) {
        // A redirect (where a platform's authorization sends the browser back) answers an accepted request, stays on this site, and, for anything the sweep can send, adds nothing.
        check(valid, `redirected for an input its schema refuses: ${String(res.headers.location)}`).toBe(true)
        check(String(res.headers.location), 'a redirect stays on this site').toMatch(/^\/[^/\\]/)
        check(after, 'a redirect for a made-up request changed the database').toEqual(before)
        return
      }
      const body = expectEnvelope(check, res)
      if (!body) return
      if (kase.status !== undefined) {
        check(res.statusCode, 'status').toBe(kase.status)
        check(body.code, 'a transport failure is not a success').not.toBe(1)
        if (kase.status === 415) check(body.msg, 'a 415 names the type it got').toContain(request.contentType?.split(';')[0] ?? 'none')
      } else if (!valid) {
        expectFieldErrors(check, res, body, kase.pointer)
        // The in-process verdicts stand for the requests they were not sent as: this one must be the very answer.
        if (verdict && !verdict.accepted) check(withoutTime(res), 'the answer over HTTP is the one judged in-process').toEqual(withoutTime(verdict.answer))
      } else if (isGeneric(endpoint.handler) && !touches(kase, refs)) {
        check(body.code, body.msg).toBe(1)
      }
      if (body.code === 1) expectWholeWrite(check, endpoint, oracle.prepare(endpoint, parsedInput(request)) as Record<string, unknown>, body.data, before, after)
      else check(after, 'a refused request changed the database').toEqual(before)
      check(Object.prototype, 'Object.prototype was polluted').not.toHaveProperty('polluted')
    } finally {
      await removeCreatedRows(endpoint, before, after)
    }
  })
  return wrote
}

/** An answer with its moment left out, to compare two answers given at different times. */
function withoutTime(answer: Answer): unknown {
  const { time: _, ...rest } = JSON.parse(answer.body) as Record<string, unknown>
  return { statusCode: answer.statusCode, ...rest }
}

interface AccessCase {
  name: string
  status: number
  code: number
  /** The caller: no token, a malformed token, or a session of a role the endpoint does not list. */
  caller: { token?: string } | { role: Role }
}

/** No token, a malformed one, and a role the endpoint does not list. */
function accessCases(endpoint: EndpointDef): AccessCase[] {
  const access = endpoint.access as string[]
  const cases: AccessCase[] = [
    { name: 'no token', status: 401, code: 0, caller: {} },
    { name: 'a malformed token', status: 200, code: 50008, caller: { token: "' OR 1=1 --" } },
  ]
  const outsider = ROLES.find((role) => !access.includes(role) && !access.includes('*'))
  if (outsider) cases.push({ name: `the role ${outsider}`, status: 403, code: 0, caller: { role: outsider } })
  return cases
}

/** Refused before anything else: the right status, the envelope, nothing written. */
async function accessCase(endpoint: EndpointDef, access: AccessCase, check: CaseCheck): Promise<void> {
  const base = { ...baselineOf(endpoint), ...(await references(endpoint)) }
  // The snapshots of the endpoint's other cases, so the one before can be the last one taken.
  const rowsOf = writtenTables(endpoint)
  const refused = async (token: string | undefined) => {
    const before = await snapshot(rowsOf)
    const res = await send(endpoint, wireRequest(endpoint, base), token)
    const body = expectEnvelope(check, res)
    if (body) check([res.statusCode, body.code], body.msg).toEqual([access.status, access.code])
    check(await snapshot(rowsOf), 'a refused request changed the database').toEqual(before)
  }
  if ('role' in access.caller) await withCaller(endpoint, access.caller.role, refused)
  else await refused(access.caller.token)
}

function callerRole(endpoint: EndpointDef): Role | undefined {
  if (endpoint.access === 'open') return undefined
  if (endpoint.access.includes('admin') || endpoint.access.includes('*')) return 'admin'
  return endpoint.access[0] as Role
}

/**
 * The session a case calls with. Cases share one per role, opened again before a test when it
 * no longer signs in. A case of an endpoint that writes sessions (signs in or out, changes a
 * password) may end the one it is called with, so it gets one of its own, ended after it.
 */
async function withCaller(endpoint: EndpointDef, role: Role | undefined, run: (token: string | undefined) => Promise<void>): Promise<void> {
  if (!role) return run(undefined)
  if (!writtenTables(endpoint).includes(tableOf(server.services, 'session'))) {
    let token = sharedSessions.get(role)
    if (!token) sharedSessions.set(role, (token = await openSession(role)))
    return run(token)
  }
  const token = await openSession(role)
  try {
    await run(token)
  } finally {
    await endSession(token)
  }
}

const sharedSessions = new Map<Role, string>()
beforeEach(async () => {
  for (const [role, token] of sharedSessions) {
    const live = await authenticate(server.services, token).then(() => true, () => false)
    if (!live) sharedSessions.delete(role)
  }
})

async function openSession(role: Role): Promise<string> {
  return (await createSession(server.services, accounts[role], { ip: '127.0.0.1', userAgent: 'bad-input sweep' })).token
}

async function endSession(token: string): Promise<void> {
  await server.services.db.deleteFrom(tableOf(server.services, 'session')).where('token_hash', '=', hashToken(token)).execute()
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

function send(endpoint: EndpointDef, request: WireRequest, token: string | undefined, opensStream = false): Promise<Answer & { headers: Record<string, unknown> }> {
  const headers: Record<string, string> = { platform: 'pc' }
  if (token) headers.token = token
  if (request.contentType) headers['content-type'] = request.contentType
  const url = `/api/v1${endpoint.path}${request.query ? `?${request.query}` : ''}`
  // An event stream stays open until its client leaves, which inject cannot do: a real connection can. (A refused request is answered and ended as any other.)
  if (endpoint.stream && opensStream) return callStream(server.app, url, { method: request.method ?? endpoint.method, headers, ...(typeof request.payload === 'string' ? { body: request.payload } : {}) })
  return server.inject({ method: request.method ?? endpoint.method, url, headers, ...(request.payload !== undefined ? { payload: request.payload } : {}) })
}

/** Every table; the rows of `rowsOf` in full, to see what a success wrote, and on PostgreSQL the others as digests. */
function snapshot(rowsOf: readonly string[] = []): Promise<Snapshot> {
  return snapshots.snapshot(rowsOf)
}

/**
 * A success writes all of itself and nothing else: only the tables the handler owns change,
 * and a generic write stores exactly what it was sent (rich text as sanitised) and answers exactly what it stored.
 */
function expectWholeWrite(check: CaseCheck, endpoint: EndpointDef, input: Record<string, unknown>, data: unknown, before: Snapshot, after: Snapshot): void {
  const written = new Set(writtenTables(endpoint))
  for (const table of Object.keys(before)) {
    if (!written.has(table)) check(after[table], `${table} changed; if ${endpoint.handler} writes it, declare it in NAMED_WRITES`).toEqual(before[table])
  }
  if (!isGeneric(endpoint.handler) || !endpoint.entity || !written.size) return
  const entity = server.services.registry.entities.get(endpoint.entity)!
  const diff = diffRows(rowsIn(before, entity.table), rowsIn(after, entity.table))
  const record = data as Record<string, unknown>
  if (endpoint.handler === 'delete') {
    const asked = new Set((input.ids as number[]).map(String))
    const removed = rowsIn(before, entity.table).filter((row) => asked.has(String(row.id)))
    check([diff.added, diff.changed, diff.removed], 'a delete removes exactly the records it names').toEqual([[], [], removed])
    check(data, 'a delete answers its count').toEqual({ deleted: removed.length })
    return
  }
  check(diff.removed, 'a create or update removes nothing').toEqual([])
  if (endpoint.handler === 'create') {
    check([diff.added.map((row) => Number(row.id)), diff.changed], 'a create adds the one record it answers').toEqual([[record.id], []])
  } else {
    // An update that repeats the stored values within the same millisecond changes no row at all.
    check([diff.added, diff.changed.filter((row) => Number(row.id) !== record.id)], 'an update changes only the record it answers').toEqual([[], []])
  }
  const stored = rowsIn(after, entity.table).find((row) => Number(row.id) === record.id)
  // Beside the stored fields, the answer carries the titles of the records its relations point to.
  const { _titles: titles, ...fields } = record
  check(stored && rowToRecord(entity, stored), 'the answer is what was stored').toEqual(fields)
  const relations = entity.columns.filter((c) => c.relation).map((c) => c.name)
  check(Object.keys((titles ?? {}) as object).sort(), 'a title for each relation').toEqual(relations.sort())
  for (const [field, value] of Object.entries(input)) check(record[field], `${field} is stored as sent`).toEqual(value)
}

function writtenTables(endpoint: EndpointDef): string[] {
  if (isGeneric(endpoint.handler)) return ['create', 'update', 'delete'].includes(endpoint.handler) && endpoint.entity ? [server.services.registry.entities.get(endpoint.entity)!.table] : []
  // An idempotent call's key and answer are the engine's to keep, whatever its handler writes.
  const engine = endpoint.idempotent ? ['idempotent_call'] : []
  return [...(NAMED_WRITES[endpoint.handler] ?? []), ...engine].map((entity) => server.services.registry.entities.get(entity)!.table)
}

/** Accepted creations are removed again so unique fields stay free and snapshots stay small. */
async function removeCreatedRows(endpoint: EndpointDef, before: Snapshot, after: Snapshot | undefined): Promise<void> {
  if (endpoint.handler !== 'create' || !endpoint.entity) return
  const table = server.services.registry.entities.get(endpoint.entity)!.table
  // A delete is a write, which would make the next snapshot read the table again for nothing.
  if (after && isDeepStrictEqual(after[table], before[table])) return
  const ids = rowsIn(before, table).map((row) => Number(row.id))
  let query = asSchemaDb(server.services.db).deleteFrom(table)
  if (ids.length) query = query.where('id', 'not in', ids)
  await query.execute()
}
