import { fileURLToPath } from 'node:url'
import { dirname } from 'node:path'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import type { FastifyInstance } from 'fastify'
import type { Role } from '../../src/schema/types'
import { readConfig, type Config } from '../../src/server/config'
import { loadSchemas, openServices, type LoadedSchemas } from '../../src/server/start'
import { buildApp } from '../../src/server/app'
import { upsertAccount } from '../../src/server/accounts/queries'
import { hashPassword } from '../../src/server/auth/password'
import { bossSchema } from '../../src/server/tasks/pg-boss-queue'
import type { Envelope } from '../../src/server/envelope'

// vitest provides __dirname (also under happy-dom, where import.meta.url is not a file URL); plain ESM scripts do not.
const HERE = typeof __dirname === 'string' ? __dirname : dirname(fileURLToPath(import.meta.url))

export const SCHEMAS_DIR = resolve(HERE, '../../schemas')
export const PASSWORD = 'correct horse battery'

export interface TestServer {
  app: FastifyInstance
  services: Awaited<ReturnType<typeof openServices>>
  /** Call the API and parse the envelope; `token` becomes the token header. */
  call<T = unknown>(method: 'GET' | 'POST', path: string, opts?: { token?: string; body?: unknown; query?: Record<string, unknown>; headers?: Record<string, string> }): Promise<{ status: number; body: Envelope<T> }>
  /** POST multipart/form-data: file parts as [file name, bytes], text parts as strings. */
  upload<T = unknown>(path: string, parts: Record<string, string | [string, Buffer | string]>, opts?: { token?: string; headers?: Record<string, string> }): Promise<{ status: number; body: Envelope<T> }>
  inject: FastifyInstance['inject']
  /** Create an account (password PASSWORD) under `parent` and sign it in. */
  account(username: string, role: Role, parent?: string): Promise<{ id: number; token: string }>
  /** The same for a whole hierarchy, each [username, role, parent] after its parent: their ids and tokens by username. */
  accounts(list: readonly (readonly [string, Role, string?])[]): Promise<{ id: Record<string, number>; token: Record<string, string> }>
  login(username: string, password?: string): Promise<string>
  /** A download link as the console opens it: `path` with `query`, signed in by a one-use ticket asked for with `token`. */
  link(token: string, path: string, query?: string): Promise<string>
  /** What the server logged, one parsed JSON line each (with startTestServer({ captureLog: true })). */
  logLines: Record<string, unknown>[]
  /**
   * Empty every table, as the database of a server just started is: for a file whose tests each
   * need a clean start, in a beforeEach, instead of a server of their own.
   */
  reset(): Promise<void>
  close(): Promise<void>
}

/**
 * A real server on a fresh database: a temp SQLite file, or, when TEST_DATABASE is
 * postgres, a schema of its own in DATABASE_URL that is dropped on close.
 */
export async function startTestServer(options: { schemasDir?: string; now?: () => Date; config?: Partial<Config>; captureLog?: boolean } = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'console-test-'))
  const postgres = process.env.TEST_DATABASE === 'postgres'
  const schema = postgres ? `t_${randomBytes(6).toString('hex')}` : undefined
  const config: Config = {
    ...readConfig({ NODE_ENV: 'test' }),
    dataDir,
    schemasDir: options.schemasDir ?? SCHEMAS_DIR,
    databaseUrl: postgres ? requiredDatabaseUrl() : undefined,
    databaseSchema: schema,
    validateResponses: true,
    // A try that fails for a passing reason is tried again after a second, not the 15 s a deployment waits.
    taskRetrySeconds: 1,
    // Unless a test reads the log, only errors are logged: an unexpected 500 then shows its cause.
    ...(options.captureLog ? {} : { logLevel: 'error' }),
    ...options.config,
  }
  const services = await openServices(config, options.now, schemasOf(config.schemasDir))
  const logLines: Record<string, unknown>[] = []
  const logStream = { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) }
  const app = await buildApp(services, { logStream: options.captureLog ? logStream : process.stderr })
  await app.ready()

  const call: TestServer['call'] = async (method, path, opts = {}) => {
    const res = await app.inject({
      method,
      url: `/api/v1${path}`,
      query: opts.query as Record<string, string> | undefined,
      headers: { platform: 'pc', ...(opts.token ? { token: opts.token } : {}), ...opts.headers },
      ...(method === 'POST' ? { payload: (opts.body ?? {}) as object } : {}),
    })
    return { status: res.statusCode, body: res.json() }
  }
  const upload: TestServer['upload'] = async (path, parts, opts = {}) => {
    const form = new FormData()
    for (const [name, part] of Object.entries(parts)) {
      if (typeof part === 'string') form.append(name, part)
      else form.append(name, new Blob([typeof part[1] === 'string' ? part[1] : new Uint8Array(part[1])]), part[0])
    }
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1${path}`,
      headers: { platform: 'pc', ...(opts.token ? { token: opts.token } : {}), ...opts.headers },
      payload: form,
    })
    return { status: res.statusCode, body: res.json() }
  }
  const login = async (username: string, password = PASSWORD) => {
    const res = await call<{ userinfo: { token: string } }>('POST', '/platform/login', { body: { username, password } })
    if (res.body.code !== 1) throw new Error(`login of ${username} failed: ${res.body.msg}`)
    return res.body.data.userinfo.token
  }
  const account = async (username: string, role: Role, parent?: string) => {
    const { id } = await upsertAccount(services, { username, passwordHash: await fixturePasswordHash(), role, parentUsername: parent })
    return { id, token: await login(username) }
  }
  return {
    app,
    services,
    call,
    upload,
    inject: app.inject.bind(app),
    login,
    async link(token, path, query = '') {
      const res = await call<{ ticket: string }>('POST', '/platform/download_ticket', { token, body: { path } })
      if (res.body.code !== 1) throw new Error(`no ticket for ${path}: ${res.body.msg}`)
      return `/api/v1${path}?${query ? `${query}&` : ''}ticket=${encodeURIComponent(res.body.data.ticket)}`
    },
    logLines,
    account,
    async accounts(list) {
      const id: Record<string, number> = {}
      const token: Record<string, string> = {}
      for (const [username, role, parent] of list) {
        const made = await account(username, role, parent)
        id[username] = made.id
        token[username] = made.token
      }
      return { id, token }
    },
    reset: () => emptyTables(services),
    async close() {
      await app.close()
      await services.tasks.stop()
      if (schema) await sql`drop schema if exists ${sql.id(schema)}, ${sql.id(bossSchema(config))} cascade`.execute(services.db)
      await services.database.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

async function emptyTables({ db, dialect }: TestServer['services']): Promise<void> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ table: string }>`select tablename as "table" from pg_catalog.pg_tables where schemaname = current_schema()`.execute(db)
    if (rows.length) await sql`truncate ${sql.join(rows.map((row) => sql.id(row.table)))} restart identity`.execute(db)
    return
  }
  const { rows } = await sql<{ table: string; sql: string }>`select name as "table", sql from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)
  // A search index's tables (an FTS5 table and its own tables, named after it) follow their table by its triggers.
  const searches = rows.filter((row) => row.sql.startsWith('CREATE VIRTUAL TABLE')).map((row) => row.table)
  const tables = rows.filter((row) => !searches.some((search) => row.table === search || row.table.startsWith(`${search}_`)))
  await db.transaction().execute(async (trx) => {
    for (const { table } of tables) await sql`delete from ${sql.id(table)}`.execute(trx)
    // Ids start again at 1, as in a new database.
    if ((await sql`select name from sqlite_master where name = 'sqlite_sequence'`.execute(trx)).rows.length) await sql`delete from sqlite_sequence`.execute(trx)
  })
}

/**
 * Another API instance beside `server`, as behind a load balancer: services of its own (its own
 * connections, its own rate-limit plugin) on the same configuration, so it shares only the
 * database, and Redis when the configuration has one.
 */
export async function startSecondInstance(server: TestServer, now?: () => Date): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const services = await openServices(server.services.config, now)
  const app = await buildApp(services)
  await app.ready()
  return { app, close: async () => (await app.close(), await services.database.close()) }
}

/**
 * The hash of PASSWORD that accounts made by tests get: made once per test process, at scrypt's
 * lowest cost, so signing one in costs milliseconds instead of a tenth of a second of CPU, a
 * thousand times over in a run. Passwords set through the API get the full cost, as ever.
 */
let fixtureHash: Promise<string> | undefined
export function fixturePasswordHash(): Promise<string> {
  return (fixtureHash ??= hashPassword(PASSWORD, 2 ** 10))
}

/**
 * The repository's schema files, checked once per test process: checking them is most of a
 * server's start, and a file starts several. A folder of a test's own (copySchemas) is read
 * each time, as a test may change it between starts.
 */
let repositorySchemas: LoadedSchemas | undefined
function schemasOf(dir: string): LoadedSchemas {
  if (dir !== SCHEMAS_DIR) return loadSchemas(dir)
  return (repositorySchemas ??= loadSchemas(dir))
}

export function requiredDatabaseUrl(): string {
  const url = process.env.DATABASE_URL
  if (!url) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test')
  return url
}

/** A copy of schemas/ in a temp folder, for tests that add or break schema files. */
export function copySchemas(): string {
  const dir = mkdtempSync(join(tmpdir(), 'console-schemas-'))
  cpSync(SCHEMAS_DIR, dir, { recursive: true })
  return dir
}

/** One signed-in account of each role, in a line of the hierarchy: admin › partner › merchant, and an agent under the partner. */
export async function signInEveryRole(server: TestServer): Promise<Record<Role, string>> {
  return {
    admin: (await server.account('admin', 'admin')).token,
    partner: (await server.account('partner', 'partner', 'admin')).token,
    merchant: (await server.account('merchant', 'merchant', 'partner')).token,
    agent: (await server.account('agent', 'agent', 'partner')).token,
  }
}
