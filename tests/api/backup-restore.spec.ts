// PostgreSQL too: pg_dump's snapshot taken while money moves and tasks finish, restored into a fresh database.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { requiredDatabaseUrl, startTestServer, type TestServer } from './harness'
import { seedDemoData } from '../../src/server/seed'
import { changeMoney } from '../../src/server/ledger/ledger'
import { startWorkers } from '../../src/server/tasks/engine'
import { taskHandlers } from '../../src/server/task-handlers'
import { makeTestVideo } from '../../src/server/media/test-media'
import { matrixKeys } from '../../src/server/matrix/token-key'
import { openedTokens, sealedGrant } from '../../src/server/matrix/accounts'
import type { PlatformGrant } from '../../src/server/providers/publisher/platform-auth'
import { asSchemaDb } from '../../src/server/db/connect'
import type { JsonSchema } from '../../src/schema/types'
import { waitForTask, type Task } from '../support/tasks'
import { startS3rver, type S3rverStore } from '../support/s3rver'

const ROOT = resolve(__dirname, '../..')
const postgres = process.env.TEST_DATABASE === 'postgres'
const QUOTAS = ['digital_man_count', 'digital_man_advanced_count', 'digital_voice_count'] as const
const GRANT: PlatformGrant = { openId: 'dy-backup', accessToken: 'access token before the backup', refreshToken: 'refresh token before the backup', expiresIn: 30 * 86_400, refreshExpiresIn: 60 * 86_400, scope: 'user_info' }
/** What the scripts read of the environment; each run names its own, as an operator's shell would. */
const SERVER_VARIABLES = /^(DATABASE_URL|DATABASE_SCHEMA|DATA_DIR|TOKEN_ENCRYPTION_KEY|REQUIRE_TOKEN_ENCRYPTION_KEY|UPLOAD_STORE|S3_\w+)$/

/** npm run backup / npm run restore as an operator runs them, with only `env` set of the server's variables. */
function runScript(name: 'backup' | 'restore', folder: string, env: Record<string, string>): Promise<{ code: number; out: string; ms: number; firstLineAt: number }> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !SERVER_VARIABLES.test(key)))
  const started = performance.now()
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${name}.ts`, folder], { cwd: ROOT, env: { ...clean, ...env } })
    let out = ''
    let firstLineAt = 0
    child.stdout.on('data', (d) => ((firstLineAt ||= performance.now()), (out += d)))
    child.stderr.on('data', (d) => (out += d))
    child.on('close', (code) => done({ code: code ?? 1, out, ms: Math.round(performance.now() - started), firstLineAt }))
  })
}

/** A platform account of `ownerId` authorized with GRANT, its tokens sealed as an authorization seals them. */
async function sealedAccount(server: TestServer, ownerId: number): Promise<number> {
  // On first use this makes the key file in DATA_DIR, as the server does without TOKEN_ENCRYPTION_KEY.
  const keys = matrixKeys(server.services.config)!
  const now = new Date()
  const { db } = server.services
  const row = await db
    .insertInto('platform_account')
    .values({ owner_id: ownerId, platform: 'douyin', nickname: 'Backed-up shop', status: 'authorized', open_id: GRANT.openId, avatar_url: '', access_token: '', refresh_token: '', scope: '', problem: '', remark: '', created_at: now.toISOString(), updated_at: now.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db.updateTable('platform_account').set(sealedGrant(keys, row.id, GRANT, now) as never).where('id', '=', row.id).execute()
  return row.id
}

/** The tokens of the platform account, opened with the key `server` finds in its own environment. */
async function openedOn(server: TestServer, accountId: number) {
  const row = await server.services.db.selectFrom('platform_account').select(['id', 'access_token', 'refresh_token']).where('id', '=', accountId).executeTakeFirstOrThrow()
  return openedTokens(matrixKeys(server.services.config)!, row)
}

describe.skipIf(!postgres)('npm run backup under load on PostgreSQL, npm run restore into a fresh database and data folder', () => {
  const suffix = randomBytes(4).toString('hex')
  const names = { source: `backup_${suffix}_source`, target: `backup_${suffix}_target`, spare: `backup_${suffix}_spare` }
  const urlOf = (name: string) => Object.assign(new URL(requiredDatabaseUrl()), { pathname: `/${name}` }).toString()
  // Made in beforeAll: the body of a skipped describe still runs.
  let admin: pg.Client
  let temp: string
  let folder: string
  let restoredDir: string
  let source: TestServer
  let restored: TestServer | undefined
  let password: Record<string, string>
  let token: Record<string, string>
  let id: Record<string, number>
  let platformAccountId: number
  /** Signed in on the source before the backup: it must still sign in after the restore. */
  let earlierSession: string
  let video: Buffer
  let worksBefore: number
  let transfersAtStart: number
  let transfersAtEnd: number

  const count = async (server: TestServer, table: string) => Number((await asSchemaDb(server.services.db).selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
  const tablesIn = async (name: string) => {
    const client = new pg.Client({ connectionString: urlOf(name) })
    await client.connect()
    try {
      return Number((await client.query(`select count(*) as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`)).rows[0].n)
    } finally {
      await client.end()
    }
  }
  const upload = (who: string) => source.upload<{ id: number }>('/material/upload', { file: ['clip.mp4', video] }, { token: token[who] })
  const submitClip = (who: string, materialId: number, title: string) => source.call<Task>('POST', '/task/submit_clip', { token: token[who], body: { title, segments: [{ material_id: materialId }], resolution: 480 } })

  beforeAll(async () => {
    temp = mkdtempSync(join(tmpdir(), 'backup-restore-'))
    folder = join(temp, 'backup')
    restoredDir = join(temp, 'restored')
    admin = new pg.Client({ connectionString: requiredDatabaseUrl() })
    await admin.connect()
    for (const name of Object.values(names)) await admin.query(`create database "${name}"`)
    await makeTestVideo(join(temp, 'clip.mp4'), { seconds: 1, width: 160, height: 120 })
    video = readFileSync(join(temp, 'clip.mp4'))
    // A database of its own, in its default schema, as a deployment has it: pg_dump then takes the whole database.
    source = await startTestServer({ config: { databaseUrl: urlOf(names.source), databaseSchema: undefined, demoLibrary: false } })
    const logins = await seedDemoData(source.services)
    password = Object.fromEntries(logins.map((login) => [login.username, login.password]))
    token = {}
    for (const who of ['partner', 'merchant1', 'merchant2']) token[who] = await source.login(who, password[who])
    id = Object.fromEntries((await source.services.db.selectFrom('account').select(['id', 'username']).execute()).map((row) => [row.username, row.id]))
    for (const [who, amount] of [['partner', 100_000], ['merchant1', 10_000], ['merchant2', 10_000]] as const) {
      await source.services.db.transaction().execute((trx) => changeMoney(trx, source.services, { userId: id[who]!, type: 'adjust', amount, operatorId: null }))
    }
    platformAccountId = await sealedAccount(source, id.merchant1!)
    await startWorkers(source.services, taskHandlers, 2)
    // One work finished before the backup begins; more finish while it runs.
    const material = (await upload('merchant1')).body.data.id
    const first = await submitClip('merchant1', material, 'before the backup')
    await waitForTask(source, token.merchant1!, first.body.data.id, 'succeeded')
    worksBefore = await count(source, 'work')
    earlierSession = await source.login('merchant2', password.merchant2)
  }, 60_000)

  afterAll(async () => {
    await restored?.close()
    await source?.close()
    for (const name of Object.values(names)) await admin.query(`drop database if exists "${name}" with (force)`)
    await admin.end()
    rmSync(temp, { recursive: true, force: true })
  })

  it('backs up the database, every file and the key file while merchants move money, submit clips and upload materials', async () => {
    const materials: Record<string, number> = { merchant1: (await upload('merchant1')).body.data.id, merchant2: (await upload('merchant2')).body.data.id }
    let running = true
    const done: { kind: string; at: number }[] = []
    const refused: string[] = []
    const note = (kind: string, res: { body: { code: number; msg: string } }) => (res.body.code === 1 ? done.push({ kind, at: performance.now() }) : refused.push(`${kind}: ${res.body.msg}`))
    const partner = async (to: string) => {
      while (running) note('transfer', await source.call('POST', '/platform/transfer', { token: token.partner, body: { to_user_id: id[to], kind: 'money', amount: '0.01' } }))
    }
    const merchant = async (who: string) => {
      for (let n = 0; running; n++) {
        note('clip', await submitClip(who, materials[who]!, `load ${n}`))
        note('upload', await upload(who))
      }
    }
    transfersAtStart = await count(source, 'transfer_record')
    const load = Promise.all([partner('merchant1'), partner('merchant2'), merchant('merchant1'), merchant('merchant2')])
    const started = performance.now()
    const backup = await runScript('backup', folder, { DATABASE_URL: urlOf(names.source), DATA_DIR: source.services.config.dataDir })
    const ended = performance.now()
    running = false
    await load
    transfersAtEnd = await count(source, 'transfer_record')
    expect(backup.code, backup.out).toBe(0)
    expect(refused).toEqual([])
    const during = (kind: string, from = started) => done.filter((op) => op.kind === kind && op.at > from && op.at < ended).length
    // The script prints its first line once the first pass has copied the files: the database is copied after it.
    const databaseWindow = Math.round(ended - backup.firstLineAt)
    console.info(
      `backup under load: ${backup.ms} ms (the script's process, tsx's start included); meanwhile ${during('transfer')} transfers, ${during('clip')} clips submitted, ${during('upload')} materials uploaded;` +
        ` from the first pass's end to the exit (${databaseWindow} ms): ${during('transfer', backup.firstLineAt)} transfers\n${backup.out.trim()}`,
    )
    for (const kind of ['transfer', 'clip', 'upload']) expect({ kind, during: during(kind) > 0 }).toEqual({ kind, during: true })
    expect(during('transfer', backup.firstLineAt)).toBeGreaterThan(0)

    const manifest = JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8'))
    expect(manifest).toMatchObject({
      database: { kind: 'postgres', file: 'database.dump', schemas: null },
      store: { kind: 'local', objects: expect.any(Number), bytes: expect.any(Number) },
      token_key: { source: 'file', fingerprint: expect.stringMatching(/^[0-9a-f]{16}$/), checked_on_a_sealed_token: true, file: 'token-encryption.key' },
      secrets: expect.stringContaining('token-encryption.key'),
    })
    // A hash of the key, never the key.
    const key = readFileSync(join(source.services.config.dataDir, 'token-encryption.key'), 'utf8').trim()
    expect(JSON.stringify(manifest)).not.toContain(key)
    expect(statSync(join(folder, 'token-encryption.key')).mode & 0o777).toBe(0o600)
    expect(statSync(folder).mode & 0o777).toBe(0o700)
  }, 60_000)

  it('refuses a key other than the one the tokens were sealed with, naming TOKEN_ENCRYPTION_KEY, and writes nothing', async () => {
    const other = await runScript('restore', folder, { DATABASE_URL: urlOf(names.target), DATA_DIR: restoredDir, TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('hex') })
    expect(other.code).toBe(1)
    expect(other.out).toContain('Restore refused, nothing was changed: TOKEN_ENCRYPTION_KEY is not the key the backup\'s platform tokens were sealed with')
    expect(await tablesIn(names.target)).toBe(0)
    expect(existsSync(restoredDir)).toBe(false)
  })

  it('restores into an empty database and data folder, where every balance equals its ledger, every file is served, and sessions and sealed tokens still work', async () => {
    const run = await runScript('restore', folder, { DATABASE_URL: urlOf(names.target), DATA_DIR: restoredDir })
    expect(run.code, run.out).toBe(0)
    console.info(`restore: ${run.ms} ms (the script's process, tsx's start included)\n${run.out.trim()}`)
    expect(statSync(join(restoredDir, 'token-encryption.key')).mode & 0o777).toBe(0o600)
    restored = await startTestServer({ config: { databaseUrl: urlOf(names.target), databaseSchema: undefined, dataDir: restoredDir, demoLibrary: false } })
    const { db } = restored.services

    // The database's moment: after the load began, before it stopped.
    const transfers = await count(restored, 'transfer_record')
    expect(transfers).toBeGreaterThan(transfersAtStart)
    expect(transfers).toBeLessThan(transfersAtEnd)

    const accounts = await db.selectFrom('account').select(['id', 'username', 'money', ...QUOTAS]).execute()
    const money = new Map((await db.selectFrom('user_money_log').select('user_id').select((eb) => eb.fn.sum('amount').as('total')).groupBy('user_id').execute()).map((r) => [Number(r.user_id), Number(r.total)]))
    const quotas = await db.selectFrom('user_quota_log').select(['user_id', 'quota']).select((eb) => eb.fn.sum('amount').as('total')).groupBy(['user_id', 'quota']).execute()
    const quota = (userId: number, name: string) => Number(quotas.find((r) => Number(r.user_id) === userId && r.quota === name)?.total ?? 0)
    expect(accounts.length).toBeGreaterThan(5)
    for (const account of accounts) {
      expect({ account: account.username, money: Number(account.money) }).toEqual({ account: account.username, money: money.get(account.id) ?? 0 })
      for (const q of QUOTAS) expect({ account: account.username, [q]: Number(account[q] ?? 0) }).toEqual({ account: account.username, [q]: quota(account.id, q) })
    }

    // Every file any record names in the store (a work's video and cover, a material's file, thumbnail and preview) is served.
    const served: Record<string, number> = {}
    for (const entity of restored.services.registry.entities.values()) {
      const fields = Object.entries(entity.schema.properties as Record<string, JsonSchema>).filter(([, field]) => field.format === 'media-url').map(([name]) => name)
      if (fields.length === 0) continue
      const rows = await asSchemaDb(db).selectFrom(entity.table).select(fields).execute()
      for (const url of rows.flatMap((row) => fields.map((field) => String(row[field] ?? '')))) {
        if (!restored.services.files.keyOf(url)) continue
        const res = await restored.inject({ method: 'GET', url })
        expect({ url, status: res.statusCode }).toEqual({ url, status: 200 })
        served[entity.table] = (served[entity.table] ?? 0) + 1
      }
    }
    const works = await count(restored, 'work')
    expect(works).toBeGreaterThan(worksBefore)
    expect(served.work).toBeGreaterThanOrEqual(works)
    expect(served.material).toBeGreaterThanOrEqual(await count(restored, 'material'))

    const me = await restored.call<{ username: string }>('POST', '/platform/get_user_info', { token: earlierSession })
    expect([me.body.code, me.body.data.username]).toEqual([1, 'merchant2'])
    expect(await restored.login('merchant1', password.merchant1)).toMatch(/^[\w-]{43}$/)
    expect(await openedOn(restored, platformAccountId)).toEqual({ accessToken: GRANT.accessToken, refreshToken: GRANT.refreshToken })
  }, 60_000)

  it('refuses a database that is not empty, and a data folder whose uploads are not, writing nothing', async () => {
    const elsewhere = join(temp, 'elsewhere')
    const intoRestored = await runScript('restore', folder, { DATABASE_URL: urlOf(names.target), DATA_DIR: elsewhere })
    expect(intoRestored.code).toBe(1)
    expect(intoRestored.out).toContain('Restore refused, nothing was changed: the database is not empty (schema ')
    expect(existsSync(elsewhere)).toBe(false)
    const intoUploads = await runScript('restore', folder, { DATABASE_URL: urlOf(names.spare), DATA_DIR: restoredDir })
    expect(intoUploads.code).toBe(1)
    expect(intoUploads.out).toMatch(/Restore refused, nothing was changed: the uploads folder \S+ already holds \d+ files/)
    expect(await tablesIn(names.spare)).toBe(0)
  })
})

describe.skipIf(postgres)('npm run backup and npm run restore with the embedded database and an S3 bucket', () => {
  let from: S3rverStore
  let to: S3rverStore
  let source: TestServer
  let restored: TestServer | undefined
  let temp: string
  let folder: string
  let restoredDir: string
  const bucketEnv = (store: S3rverStore, extra: Record<string, string> = {}) => ({ UPLOAD_STORE: 's3', S3_BUCKET: store.bucket, S3_ENDPOINT: store.endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', ...extra })

  beforeAll(async () => {
    temp = mkdtempSync(join(tmpdir(), 'backup-restore-s3-'))
    folder = join(temp, 'backup')
    restoredDir = join(temp, 'restored')
    ;[from, to] = await Promise.all([startS3rver('backed-up'), startS3rver('restored')])
    await makeTestVideo(join(temp, 'clip.mp4'), { seconds: 1, width: 160, height: 120 })
    source = await startTestServer({ config: { uploads: from.uploads } })
  })

  afterAll(async () => {
    await restored?.close()
    await source?.close()
    await from?.close()
    await to?.close()
    rmSync(temp, { recursive: true, force: true })
  })

  it('copies the SQLite file and every object of the bucket, and puts them back into an empty bucket read at the same address', async () => {
    const { id, token } = await source.accounts([['p1', 'partner'], ['shop', 'merchant', 'p1']])
    const material = await source.upload<{ url: string }>('/material/upload', { file: ['clip.mp4', readFileSync(join(temp, 'clip.mp4'))] }, { token: token.shop })
    expect(material.body.code, material.body.msg).toBe(1)
    const accountId = await sealedAccount(source, id.shop!)
    const keys = await from.keys()
    expect(keys.length).toBeGreaterThanOrEqual(3)

    const backup = await runScript('backup', folder, { DATA_DIR: source.services.config.dataDir, ...bucketEnv(from) })
    expect(backup.code, backup.out).toBe(0)
    expect(JSON.parse(readFileSync(join(folder, 'manifest.json'), 'utf8'))).toMatchObject({ database: { kind: 'sqlite' }, store: { kind: 's3', objects: keys.length, bucket: 'backed-up' }, token_key: { source: 'file', checked_on_a_sealed_token: true } })

    // The records name each file by the address the bucket was read at: another address is refused.
    const elsewhere = await runScript('restore', folder, { DATA_DIR: restoredDir, ...bucketEnv(to) })
    expect(elsewhere.code).toBe(1)
    expect(elsewhere.out).toContain(`set S3_PUBLIC_URL to ${from.uploads.publicUrl}`)
    const run = await runScript('restore', folder, { DATA_DIR: restoredDir, ...bucketEnv(to, { S3_PUBLIC_URL: from.uploads.publicUrl }) })
    expect(run.code, run.out).toBe(0)
    console.info(`SQLite and a bucket: backup ${backup.ms} ms, restore ${run.ms} ms (each a process, tsx's start included)`)

    expect(await to.keys()).toEqual(keys)
    for (const key of keys) {
      const [was, is] = await Promise.all([fetch(`${from.endpoint}/${from.bucket}/${key}`), fetch(`${to.endpoint}/${to.bucket}/${key}`)])
      expect({ key, type: is.headers.get('content-type'), bytes: Buffer.from(await is.arrayBuffer()).equals(Buffer.from(await was.arrayBuffer())) }).toEqual({ key, type: was.headers.get('content-type'), bytes: true })
    }
    restored = await startTestServer({ config: { dataDir: restoredDir, uploads: { ...to.uploads, publicUrl: from.uploads.publicUrl } } })
    expect((await restored.call<{ username: string }>('POST', '/platform/get_user_info', { token: token.shop })).body.data.username).toBe('shop')
    const url = (await restored.services.db.selectFrom('material').select('url').executeTakeFirstOrThrow()).url
    expect(keys).toContain(restored.services.files.keyOf(url))
    expect(await openedOn(restored, accountId)).toEqual({ accessToken: GRANT.accessToken, refreshToken: GRANT.refreshToken })
  }, 30_000)
})
