import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spawn } from 'node:child_process'
import { resolve } from 'node:path'
import { startTestServer, type TestServer } from './harness'

const ROOT = resolve(__dirname, '../..')
let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

/** Run the CLI against the test server's own database, answering prompts from `stdin`. */
function userCreate(args: string[], stdin = ''): Promise<{ code: number; out: string }> {
  const { config } = server.services
  const env = { ...process.env, DATA_DIR: config.dataDir, DATABASE_URL: config.databaseUrl ?? '', DATABASE_SCHEMA: config.databaseSchema ?? '' }
  return new Promise((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/user-create.ts', ...args], { cwd: ROOT, env })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (out += d))
    child.stdin.end(stdin)
    child.on('close', (code) => done({ code: code ?? 1, out }))
  })
}

describe('npm run user:create', () => {
  it('creates an admin from flags, who can then sign in', async () => {
    const res = await userCreate(['--username', 'ops', '--password', 'ops password 1', '--role', 'admin'])
    expect(res.out).toContain('Created admin "ops"')
    expect(res.code, res.out).toBe(0)
    expect(await server.login('ops', 'ops password 1')).toMatch(/^[\w-]{43}$/)
  })

  it('creates a merchant under a parent, asking for what is missing and generating a password', async () => {
    const partner = await userCreate(['--username', 'p1', '--password', 'partner pass', '--role', 'partner', '--parent', 'ops'])
    expect(partner.code, partner.out).toBe(0)
    const res = await userCreate([], 'shop1\nmerchant\np1\n\n')
    expect(res.code, res.out).toBe(0)
    const password = res.out.match(/Password: (\S+)/)?.[1]
    expect(password).toBeTruthy()
    const token = await server.login('shop1', password)
    const info = await server.call<{ user_type: number; parent_id: number }>('POST', '/platform/get_user_info', { token })
    expect(info.body.data.user_type).toBe(2)
  })

  it('resets the password of an existing account and signs out its sessions', async () => {
    const old = await server.login('ops', 'ops password 1')
    const res = await userCreate(['--username', 'ops', '--password', 'new ops password', '--role', 'admin'])
    expect(res.out).toContain('Reset admin "ops"')
    expect((await server.call('POST', '/platform/get_user_info', { token: old })).body.code).toBe(50012)
    expect(await server.login('ops', 'new ops password')).toBeTruthy()
  })

  it('refuses bad flags with a clear list and exit code 1, creating nothing', async () => {
    const res = await userCreate(['--username', 'bad name', '--password', 'short', '--role', 'boss'])
    expect(res.code, res.out).toBe(1)
    expect(res.out).toContain('username: 1 to 64 letters')
    expect(res.out).toContain('role: one of admin, partner, merchant, agent')
    expect(res.out).toContain('password: at least 8 characters')
    const missingParent = await userCreate(['--username', 'nobody', '--password', 'long enough', '--role', 'partner', '--parent', 'ghost'])
    expect(missingParent.code, missingParent.out).toBe(1)
    expect(missingParent.out).toContain('There is no account "ghost"')
    const count = await server.services.db.selectFrom('account').select((eb) => eb.fn.countAll().as('n')).where('username', 'in', ['bad name', 'nobody']).executeTakeFirstOrThrow()
    expect(Number(count.n)).toBe(0)
  })
})
