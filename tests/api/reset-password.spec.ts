// PostgreSQL too: a code spent once by racing requests, under an advisory lock.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { PASSWORD, startTestServer, type TestServer } from './harness'
import { readConfig, type Config } from '../../src/server/config'

// The characters each captcha picture was drawn with: what a person reads off the picture.
const drawn = vi.hoisted(() => [] as string[])
vi.mock('svg-captcha', async (importOriginal) => {
  const real = (await importOriginal<{ default: (text: string, options: unknown) => string }>()).default
  return { default: Object.assign((text: string, options: unknown) => (drawn.push(text), real(text, options)), real) }
})

const NEW_PASSWORD = 'a brand new secret'
const defaults = readConfig({ NODE_ENV: 'test' }).passwordReset

let server: TestServer
let clock = new Date('2026-01-01T00:00:00.000Z')
const later = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000))

/** One server per configuration the file asks for, each emptied for the next test that uses it. */
const servers = new Map<string, TestServer>()
afterAll(() => Promise.all([...servers.values()].map((started) => started.close())))

/** A test's start: 1 January, an empty database with an admin and alice, nothing logged yet. */
async function start(passwordReset: Partial<Config['passwordReset']> = {}): Promise<void> {
  clock = new Date('2026-01-01T00:00:00.000Z')
  const key = JSON.stringify(passwordReset)
  server = servers.get(key) ?? (await startTestServer({ now: () => clock, captureLog: true, config: { passwordReset: { ...defaults, ...passwordReset } } }))
  servers.set(key, server)
  await server.reset()
  server.logLines.length = 0
  await server.account('admin', 'admin')
  await server.account('alice', 'merchant', 'admin')
}

async function captcha(): Promise<{ id: string; answer: string; image: string }> {
  const res = await server.call<{ captcha_id: string; image: string }>('GET', '/platform/captcha_image')
  expect(res.body.code, res.body.msg).toBe(1)
  return { id: res.body.data.captcha_id, image: res.body.data.image, answer: drawn.at(-1)! }
}

/** Ask for a code with a solved captcha (or the answer given). */
async function askForCode(account: string, opts: { answer?: string; lang?: string } = {}) {
  const { id, answer } = await captcha()
  return server.call<{ channel: string; expires_in: number; resend_in: number }>('POST', '/platform/get_captcha', {
    body: { account, captcha_id: id, captcha: opts.answer ?? answer.toLowerCase() },
    headers: opts.lang ? { lang: opts.lang } : {},
  })
}

/** The code the embedded provider wrote to the server log for `username`, the latest one. */
function loggedCode(username: string): string {
  const lines = server.logLines.map((l) => String(l.msg)).filter((m) => m.startsWith(`reset code for ${username}: `))
  expect(lines.length, `no reset code for ${username} in the log`).toBeGreaterThan(0)
  return lines.at(-1)!.slice(-6)
}

function reset(account: string, code: string, lang?: string) {
  return server.call<{ username: string }>('POST', '/platform/reset_pwd', { body: { account, code, new_password: NEW_PASSWORD }, headers: lang ? { lang } : {} })
}

async function signsIn(username: string, password: string): Promise<boolean> {
  return (await server.call('POST', '/platform/login', { body: { username, password } })).body.code === 1
}

describe('the image captcha', () => {
  beforeEach(() => start())

  it('answers an SVG picture and keeps only a hash of its characters, in the database', async () => {
    const { id, image, answer } = await captcha()
    expect(image).toMatch(/^data:image\/svg\+xml;base64,/)
    expect(Buffer.from(image.split(',')[1]!, 'base64').toString()).toMatch(/^<svg [^>]*width="120"/)
    const rows = await server.services.db.selectFrom('captcha_challenge').selectAll().execute()
    expect(rows.map((r) => r.challenge)).toEqual([id])
    expect(JSON.stringify(rows)).not.toContain(answer)
  })

  it('refuses a wrong answer on the captcha field, in both locales, and the captcha is used up', async () => {
    const { id, answer } = await captcha()
    const wrong = await server.call('POST', '/platform/get_captcha', { body: { account: 'alice', captcha_id: id, captcha: 'XXXX' } })
    expect(wrong.body).toMatchObject({ code: 0, data: { errors: [{ path: '/captcha', message: expect.stringContaining('picture code is wrong') }] } })
    const again = await server.call('POST', '/platform/get_captcha', { body: { account: 'alice', captcha_id: id, captcha: answer }, headers: { lang: 'zh-CN' } })
    expect(again.body).toMatchObject({ code: 0, msg: '图形验证码错误或已过期，请输入新图片中的字符。', data: { errors: [{ path: '/captcha' }] } })
    expect(await server.services.db.selectFrom('reset_code').selectAll().execute()).toEqual([])
    expect(server.logLines.some((l) => String(l.msg).startsWith('reset code'))).toBe(false)
  })

  it('refuses an expired captcha', async () => {
    const { id, answer } = await captcha()
    later(defaults.captchaTtlSeconds + 1)
    const res = await server.call('POST', '/platform/get_captcha', { body: { account: 'alice', captcha_id: id, captcha: answer } })
    expect(res.body.data).toEqual({ errors: [{ path: '/captcha', message: expect.any(String) }] })
  })
})

describe('reset codes through the embedded log provider', () => {
  beforeEach(() => start())

  it('sends a code to the server log for a right captcha in any case, and tells the console so', async () => {
    const res = await askForCode('alice')
    expect(res.body).toMatchObject({ code: 1, data: { channel: 'log', expires_in: 600, resend_in: 60 } })
    const line = server.logLines.find((l) => String(l.msg).startsWith('reset code for alice: '))!
    expect(line.level).toBe(40)
    expect(line.msg).toMatch(/^reset code for alice: \d{6}$/)
    const [row] = await server.services.db.selectFrom('reset_code').selectAll().execute()
    expect(JSON.stringify(row)).not.toContain(loggedCode('alice'))
  })

  it('resets the password once: the old one stops working, every session is signed out, a second use is refused', async () => {
    const before = [await server.login('alice'), await server.login('alice')]
    await askForCode('alice')
    const code = loggedCode('alice')
    const res = await reset('alice', code)
    expect(res.body).toMatchObject({ code: 1, data: { username: 'alice' } })
    for (const token of before) expect((await server.call('POST', '/platform/get_user_info', { token })).body.code).toBe(50012)
    expect(await signsIn('alice', PASSWORD)).toBe(false)
    expect(await signsIn('alice', NEW_PASSWORD)).toBe(true)

    const second = await reset('alice', code)
    expect(second.body).toMatchObject({ code: 0, data: { errors: [{ path: '/code', message: 'This code has already been used. Ask for a new one.' }] } })
    const zh = await reset('alice', code, 'zh-CN')
    expect(zh.body.data).toEqual({ errors: [{ path: '/code', message: '该验证码已被使用，请重新获取。' }] })
  })

  it('spends a code once when two requests bring it at the same moment', async () => {
    await askForCode('alice')
    const code = loggedCode('alice')
    const answers = await Promise.all([reset('alice', code), reset('alice', code)])
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, 1])
  })

  it('finds the account by e-mail or mobile too, and the code then resets that account', async () => {
    await server.services.db.updateTable('account').set({ email: 'Alice@Example.com', mobile: '13800000001' }).where('username', '=', 'alice').execute()
    expect((await askForCode('alice@example.com')).body.code).toBe(1)
    expect((await reset('13800000001', loggedCode('alice'))).body).toMatchObject({ code: 1, data: { username: 'alice' } })
    expect(await signsIn('alice', NEW_PASSWORD)).toBe(true)
  })

  it('refuses an expired code on the code field', async () => {
    await askForCode('alice')
    later(defaults.codeTtlSeconds + 1)
    const res = await reset('alice', loggedCode('alice'))
    expect(res.body).toMatchObject({ code: 0, data: { errors: [{ path: '/code', message: 'The code has expired. Ask for a new one.' }] } })
    expect(await signsIn('alice', PASSWORD)).toBe(true)
  })

  it('locks a code after too many wrong tries, even against the right one', async () => {
    await askForCode('alice')
    const code = loggedCode('alice')
    const wrongCode = code === '000000' ? '000001' : '000000'
    const messages: string[] = []
    for (let i = 0; i < defaults.maxAttempts; i++) messages.push((await reset('alice', wrongCode)).body.msg)
    expect(messages).toEqual([
      'The code is wrong. 4 tries left for this code.',
      'The code is wrong. 3 tries left for this code.',
      'The code is wrong. 2 tries left for this code.',
      'The code is wrong. 1 try left for this code.',
      'Too many wrong codes. Ask for a new one.',
    ])
    const right = await reset('alice', code, 'zh-CN')
    expect(right.body).toMatchObject({ code: 0, data: { errors: [{ path: '/code', message: '验证码错误次数过多，请重新获取。' }] } })
    expect(await signsIn('alice', PASSWORD)).toBe(true)
    // Only the latest code counts: a new one works.
    later(defaults.resendSeconds)
    await askForCode('alice')
    expect((await reset('alice', loggedCode('alice'))).body.code).toBe(1)
  })

  it('answers an unknown account exactly as a known one, and no code ever fits it', async () => {
    const known = await askForCode('alice')
    const unknown = await askForCode('nobody')
    expect(unknown.status).toBe(known.status)
    expect(unknown.body.data).toEqual(known.body.data)
    expect(server.logLines.filter((l) => String(l.msg).startsWith('reset code for')).length).toBe(1)
    expect((await askForCode('nobody')).status).toBe(429)
    const guess = await reset('nobody', '123456')
    expect(guess.body).toMatchObject({ code: 0, data: { errors: [{ path: '/code', message: 'The code is wrong. 4 tries left for this code.' }] } })
  })

  it('sends one code a minute and a few an hour per account, with HTTP 429 and a wait in both locales', async () => {
    expect((await askForCode('alice')).status).toBe(200)
    later(30)
    const soon = await askForCode('alice')
    expect(soon.status).toBe(429)
    expect(soon.body).toMatchObject({ code: 0, msg: 'A code was sent moments ago. Wait 30 seconds before asking for another.' })
    const zh = await askForCode('alice', { lang: 'zh-CN' })
    expect(zh.body.msg).toBe('验证码刚刚已发送，请 30 秒后再获取。')
    for (let i = 1; i < defaults.perAccountPerHour; i++) {
      later(60)
      expect((await askForCode('alice')).body.code).toBe(1)
    }
    later(60)
    const hourly = await askForCode('alice')
    expect(hourly.status).toBe(429)
    expect(hourly.body.msg).toBe('Too many codes have been asked for. Try again in 55 minutes.')
    later(55 * 60)
    expect((await askForCode('alice')).body.code).toBe(1)
  })

  it('counts the codes asked for from one address, over every account', async () => {
    await start({ perAddressPerHour: 3 })
    for (const account of ['a1', 'a2', 'a3']) expect((await askForCode(account)).body.code).toBe(1)
    const res = await askForCode('alice')
    expect(res.status).toBe(429)
    expect(res.body.msg).toMatch(/^Too many codes have been asked for/)
  })
})

describe('reset codes through a webhook', () => {
  let receiver: Server
  let received: { headers: Record<string, unknown>; body: Record<string, unknown> }[]
  let answerStatus: number
  let url: string
  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let text = ''
      req.on('data', (chunk) => (text += chunk))
      req.on('end', () => {
        received.push({ headers: req.headers, body: JSON.parse(text) })
        res.writeHead(answerStatus).end()
      })
    })
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r))
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/codes`
  })
  beforeEach(async () => {
    received = []
    answerStatus = 204
    await start({ provider: 'webhook', webhookUrl: url, webhookToken: 'hook-secret' })
  })
  afterAll(() => new Promise<void>((r) => receiver.close(() => r())))

  it('posts the code to the mobile on file (else the e-mail), and the code resets the password', async () => {
    await server.services.db.updateTable('account').set({ mobile: '13800000002', email: 'alice@example.com' }).where('username', '=', 'alice').execute()
    const res = await askForCode('alice')
    expect(res.body).toMatchObject({ code: 1, data: { channel: 'webhook' } })
    expect(received).toHaveLength(1)
    expect(received[0]!.headers).toMatchObject({ authorization: 'Bearer hook-secret', 'content-type': 'application/json' })
    expect(received[0]!.body).toEqual({ account: 'alice', channel: 'sms', destination: '13800000002', code: expect.stringMatching(/^\d{6}$/) })
    expect(server.logLines.some((l) => String(l.msg).startsWith('reset code for'))).toBe(false)
    expect((await reset('alice', String(received[0]!.body.code))).body.code).toBe(1)

    await server.services.db.updateTable('account').set({ mobile: '' }).where('username', '=', 'alice').execute()
    later(60)
    await askForCode('alice')
    expect(received[1]!.body).toMatchObject({ channel: 'email', destination: 'alice@example.com' })
  })

  it('says so when the receiver fails, and the failed code does not count against the limit', async () => {
    await server.services.db.updateTable('account').set({ email: 'alice@example.com' }).where('username', '=', 'alice').execute()
    answerStatus = 503
    const failed = await askForCode('alice')
    expect(failed.body).toMatchObject({ code: 0, msg: expect.stringContaining('could not be sent') })
    expect(await server.services.db.selectFrom('reset_code').selectAll().execute()).toEqual([])
    answerStatus = 204
    expect((await askForCode('alice')).body.code).toBe(1)
    expect(received).toHaveLength(2)
  })
})
