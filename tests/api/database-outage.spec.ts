// PostgreSQL too: a database restart, its connections cut under a running task.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import SQLite from 'better-sqlite3'
import { requiredDatabaseUrl, startTestServer, type TestServer } from './harness'
import { changeMoney } from '../../src/server/ledger/ledger'
import { tableOf } from '../../src/server/db/table-of'
import { taskHandlers } from '../../src/server/task-handlers'
import { makeTestVideo } from '../../src/server/media/test-media'
import type { TaskHandler } from '../../src/server/tasks/task-handler'
import { waitForTask, type Task } from '../support/tasks'
import { startWorkers } from '../../src/server/tasks/engine'

const postgres = process.env.TEST_DATABASE === 'postgres'

/** Settles once `resolve` is called: the test and a task's run wait on each other through these. */
function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {}
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

describe('the probes a load balancer asks', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server?.close())

  it('answers /health while the process lives, and /ready with what it checked: the database, and the queue once it takes tasks', async () => {
    const health = await server.inject({ method: 'GET', url: '/health' })
    expect(health.statusCode).toBe(200)
    expect(health.json()).toEqual({ status: 'alive' })
    expect(health.headers['cache-control']).toBe('no-store')
    const before = await server.inject({ method: 'GET', url: '/ready' })
    expect(before.statusCode).toBe(200)
    expect(before.json()).toEqual({ status: 'ready', checks: { database: 'ok' } })
    await startWorkers(server.services, taskHandlers, 1)
    expect((await server.inject({ method: 'GET', url: '/ready' })).json()).toEqual({ status: 'ready', checks: { database: 'ok', queue: 'ok' } })
  })

  it.skipIf(postgres)('answers 503 with a time to retry after, and changes nothing, while another process holds the SQLite file past its wait', async () => {
    const { id, token } = await server.account('locked', 'admin')
    const other = new SQLite(join(server.services.config.dataDir, 'console.sqlite'))
    other.exec('begin exclusive')
    try {
      const refused = await server.inject({ method: 'POST', url: '/api/v1/platform/edit_user_info', headers: { token, platform: 'pc', lang: 'en-US' }, payload: { nickname: 'while locked' } })
      expect([refused.statusCode, refused.headers['retry-after']]).toEqual([503, '5'])
      expect(refused.json()).toMatchObject({ code: 0, msg: 'The database cannot be reached just now. Nothing was changed; try again in 5 seconds.' })
    } finally {
      other.exec('rollback')
      other.close()
    }
    expect((await server.call('POST', '/platform/edit_user_info', { token, body: { nickname: 'after' } })).body.code).toBe(1)
    const row = await server.services.db.selectFrom(tableOf(server.services, 'user')).select('nickname').where('id', '=', id).executeTakeFirstOrThrow()
    expect(row.nickname).toBe('after')
  }, 30_000)
})

/**
 * A database of its own on the shared PostgreSQL server, so that cutting every connection to it
 * touches no other test file's; closed to new connections for the length of an outage, as a
 * restarting or failing-over server is.
 */
describe.runIf(postgres)('a PostgreSQL restart under a running task', () => {
  const name = `outage_${randomBytes(4).toString('hex')}`
  const url = new URL(postgres ? requiredDatabaseUrl() : 'postgres://localhost/none')
  const ownUrl = Object.assign(new URL(url), { pathname: `/${name}` }).toString()
  let admin: import('pg').Client
  let server: TestServer
  let media: string
  let token: Record<string, string>
  let material: number
  const runs: number[] = []
  const started = signal()
  const cut = signal()
  const triedDuringOutage = signal()

  const outage = async (on: boolean) => {
    await admin.query(`alter database ${name} allow_connections ${on ? 'false' : 'true'}`)
    if (on) await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name])
  }
  const ready = async () => {
    const res = await server.inject({ method: 'GET', url: '/ready' })
    return { status: res.statusCode, body: res.json() as { status: string; checks: Record<string, string> } }
  }

  beforeAll(async () => {
    const { default: pg } = await import('pg')
    admin = new pg.Client({ connectionString: url.toString() })
    await admin.connect()
    await admin.query(`create database ${name}`)
    media = mkdtempSync(join(tmpdir(), 'outage-'))
    await makeTestVideo(join(media, 'a.mp4'), { seconds: 1, width: 160, height: 120 })
    // A short lease, so that a run cut off mid-task is taken back within seconds of the database's return.
    server = await startTestServer({ config: { databaseUrl: ownUrl, taskLeaseSeconds: 2 } })
    let id: Record<string, number>
    ;({ id, token } = await server.accounts([
      ['p1', 'partner'],
      ['m1', 'merchant', 'p1'],
    ]))
    await server.services.db.transaction().execute((trx) => changeMoney(trx, server.services, { userId: id.m1!, type: 'adjust', amount: 100, operatorId: null }))
    material = (await server.upload<{ id: number }>('/material/upload', { file: ['a.mp4', readFileSync(join(media, 'a.mp4'))] }, { token: token.m1 })).body.data.id
    // The clip kind's run, held at the point where the test cuts the database: its first try writes a
    // step while the database is away and so fails mid-run, as a run on a restarting server does.
    const held: TaskHandler = {
      kinds: ['clip'],
      async run(ctx) {
        runs.push(ctx.task.attempt)
        if (ctx.task.attempt === 1) {
          started.resolve()
          await cut.promise
          try {
            await ctx.step('written during the outage', async () => 1)
          } finally {
            triedDuringOutage.resolve()
          }
        }
        return { result: { attempt: ctx.task.attempt } }
      },
    }
    await startWorkers(server.services, { ...taskHandlers, 'creation.clip': held }, 1)
  }, 120_000)

  afterAll(async () => {
    await outage(false).catch(() => undefined)
    await server?.close()
    await admin?.query(`drop database if exists ${name} with (force)`)
    await admin?.end()
    rmSync(media, { recursive: true, force: true })
  })

  it('keeps the process up: in flight 503, /ready 503 then 200, the queue claims again, and the task cut off ends once, charged once', async () => {
    const submitted = await server.call<Task>('POST', '/task/submit_clip', { token: token.m1, body: { title: 'through a restart', segments: [{ material_id: material }] } })
    expect(submitted.body.code).toBe(1)
    const taskId = submitted.body.data.id
    await started.promise

    await outage(true)
    const during = await ready()
    expect(during.status).toBe(503)
    expect(during.body.status).toBe('unavailable')
    expect(during.body.checks.database).not.toBe('ok')
    const refused = await server.call('GET', '/task/list', { token: token.m1, headers: { lang: 'en-US' } })
    expect(refused.status).toBe(503)
    expect(refused.body.msg).toMatch(/try again in 5 seconds/)
    cut.resolve()
    await triedDuringOutage.promise

    await outage(false)
    await expect.poll(async () => (await ready()).status, { timeout: 15_000, interval: 200 }).toBe(200)
    expect((await ready()).body).toEqual({ status: 'ready', checks: { database: 'ok', queue: 'ok' } })
    expect((await server.call('GET', '/task/list', { token: token.m1 })).status).toBe(200)

    const done = await waitForTask(server, token.m1!, taskId, 'succeeded', () => true, 30_000)
    expect(done.result).toEqual({ attempt: 2 })
    expect(runs).toEqual([1, 2])
    const charges = await server.services.db.selectFrom('user_money_log').select(['type', 'amount']).where('related_type', '=', 'task').where('related_id', '=', taskId).execute()
    expect(charges).toHaveLength(1)

    // Work submitted after the outage is claimed too: the queue's own connections came back.
    const next = await server.call<Task>('POST', '/task/submit_clip', { token: token.m1, body: { title: 'after the restart', segments: [{ material_id: material }] } })
    expect((await waitForTask(server, token.m1!, next.body.data.id, 'succeeded', () => true, 30_000)).result).toEqual({ attempt: 1 })
  }, 120_000)
})
