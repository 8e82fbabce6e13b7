import { readFileSync, statSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInEveryRole, startTestServer, type TestServer } from './harness'

let server: TestServer
const token: Record<string, string> = {}

beforeAll(async () => {
  server = await startTestServer()
  Object.assign(token, await signInEveryRole(server))
})
afterAll(() => server.close())

type AdminView = { group: string; values: Record<string, unknown>; secrets_set: string[] }

describe('settings groups (spec §3 configuration, §7 get_config / set_config / get_*_config)', () => {
  it('start at the defaults of schemas/config/', async () => {
    const res = await server.call<AdminView>('GET', '/platform/get_config', { token: token.admin, query: { group: 'platform' } })
    expect(res.body.data).toEqual({
      group: 'platform',
      values: {
        VITE_MERCHANT_COUNT_LIMITATION: '-1',
        allow_register: true,
        money_recharge_exchange_config: '',
        digital_man_money_exchange_num: 0,
        digital_man_advanced_money_exchange_num: 0,
        digital_voice_money_exchange_num: 0,
        digital_short_video_text_cost: 0,
        topic_script_cost: 10,
        clip_output_cost: 10,
        video_max_seconds: 600,
        render_run_minutes: 60,
      },
      secrets_set: [],
    })
  })

  it('are changed by an admin, value by value, and read back by every role the group lets read', async () => {
    const set = await server.call<AdminView>('POST', '/platform/set_config', {
      token: token.admin,
      body: { group: 'platform', values: { VITE_MERCHANT_COUNT_LIMITATION: '20', money_recharge_exchange_config: '1,4', digital_man_money_exchange_num: 5 } },
    })
    expect(set.body.code).toBe(1)
    expect(set.body.data.values).toMatchObject({ VITE_MERCHANT_COUNT_LIMITATION: '20', money_recharge_exchange_config: '1,4', digital_man_money_exchange_num: 5, digital_voice_money_exchange_num: 0 })
    // A second change leaves the first settings alone.
    await server.call('POST', '/platform/set_config', { token: token.admin, body: { group: 'platform', values: { digital_voice_money_exchange_num: 3 } } })

    const platform = await server.call<Record<string, unknown>>('GET', '/platform/get_platform_config', { token: token.merchant })
    expect(platform.body.data).toMatchObject({ VITE_MERCHANT_COUNT_LIMITATION: '20', digital_man_money_exchange_num: 5, digital_voice_money_exchange_num: 3, money_name: '余额' })
    const single = await server.call('GET', '/platform/get_single_config', { token: token.partner, query: { name: 'money_recharge_exchange_config' } })
    expect(single.body.data).toEqual({ name: 'money_recharge_exchange_config', value: '1,4' })
  })

  it('answers show_config and resource as name and value pairs (loaded by the console after sign-in)', async () => {
    await server.call('POST', '/platform/set_config', { token: token.admin, body: { group: 'resource', values: { name: 'Demo Video', copyright: '© Demo' } } })
    const res = await server.call<{ name: string; value: unknown }[]>('GET', '/platform/get_simple_config', { token: token.merchant, query: { group: 'resource' } })
    expect(res.body.data).toContainEqual({ name: 'name', value: 'Demo Video' })
    expect(res.body.data).toContainEqual({ name: 'copyright', value: '© Demo' })
    const show = await server.call<{ name: string; value: unknown }[]>('GET', '/platform/get_simple_config', { token: token.partner, query: { group: 'show_config' } })
    expect(show.body.data).toContainEqual({ name: 'saler_show', value: true })
  })

  it('brand the login page through get_system_info where a site leaves a field empty, the site winning where it says', async () => {
    await server.call('POST', '/platform/set_config', { token: token.admin, body: { group: 'resource', values: { name: 'Demo Video', icp_record_number: 'ICP 12345678' } } })
    const before = await server.call<Record<string, unknown>>('GET', '/platform/get_system_info', { query: { domain: 'nowhere.example.com' } })
    expect(before.body.data).toMatchObject({ host: null, name: 'Demo Video', icp_record_number: 'ICP 12345678', money_name: '余额' })
    await server.call('POST', '/domain/add', { token: token.admin, body: { host: 'studio.example.com', name: 'Studio', is_default: 1 } })
    const site = await server.call<Record<string, unknown>>('GET', '/platform/get_system_info', { query: { domain: 'studio.example.com' } })
    expect(site.body.data).toMatchObject({ host: 'studio.example.com', name: 'Studio', icp_record_number: 'ICP 12345678' })
  })

  it('marks a bad value on its field, in the caller language, and stores nothing of the request', async () => {
    const res = await server.call('POST', '/platform/set_config', {
      token: token.admin,
      headers: { 'accept-language': 'en-US' },
      body: { group: 'platform', values: { VITE_MERCHANT_COUNT_LIMITATION: '-5', digital_man_money_exchange_num: 7 } },
    })
    expect(res.body).toMatchObject({ code: 0, data: { errors: [{ path: '/values/VITE_MERCHANT_COUNT_LIMITATION', message: 'Merchants per partner (-1 is unlimited): enter -1 (unlimited) or a whole number from 0' }] } })
    const unknown = await server.call('POST', '/platform/set_config', { token: token.admin, body: { group: 'platform', values: { nope: 1 } } })
    expect(unknown.body).toMatchObject({ code: 0, data: { errors: [{ path: '/values/nope' }] } })
    const after = await server.call<AdminView>('GET', '/platform/get_config', { token: token.admin, query: { group: 'platform' } })
    expect(after.body.data.values.digital_man_money_exchange_num).toBe(5)
    const group = await server.call('GET', '/platform/get_config', { token: token.admin, query: { group: 'nothing' } })
    expect(group.body).toMatchObject({ code: 0, data: { errors: [{ path: '/group' }] } })
  })

  it('refuses a logo no browser should open and a blank name of the balance, in both languages', async () => {
    const bad = { group: 'resource', values: { logo: 'javascript:alert(document.cookie)' } }
    const en = await server.call('POST', '/platform/set_config', { token: token.admin, headers: { lang: 'en-US' }, body: bad })
    expect(en.body).toMatchObject({ code: 0, data: { errors: [{ path: '/values/logo', message: 'Platform logo must be an address starting with https:// or http://, or an uploaded file (/uploads/…), with no spaces' }] } })
    const zh = await server.call('POST', '/platform/set_config', { token: token.admin, headers: { lang: 'zh-CN' }, body: { group: 'show_config', values: { money_name: '\u3000 ' } } })
    expect(zh.body).toMatchObject({ code: 0, data: { errors: [{ path: '/values/money_name', message: '余额名称不能只有空格或空白字符' }] } })
    const stored = await server.call<AdminView>('GET', '/platform/get_config', { token: token.admin, query: { group: 'resource' } })
    expect(stored.body.data.values.logo).toBe('')
    const cdn = await server.call('POST', '/platform/set_config', { token: token.admin, body: { group: 'resource', values: { logo: 'https://cdn.example.com/brand.png' } } })
    expect(cdn.body.code, cdn.body.msg).toBe(1)
    await server.call('POST', '/platform/set_config', { token: token.admin, body: { group: 'resource', values: { logo: '' } } })
  })

  it('lets only admins read whole groups or change them; the init group is admin-only even by name', async () => {
    for (const who of ['partner', 'merchant']) {
      expect((await server.call('GET', '/platform/get_config', { token: token[who], query: { group: 'platform' } })).status).toBe(403)
      expect((await server.call('POST', '/platform/set_config', { token: token[who], body: { group: 'platform', values: {} } })).status).toBe(403)
      expect((await server.call('GET', '/init_config/get_config', { token: token[who] })).status).toBe(403)
      expect((await server.call('GET', '/platform/get_simple_config', { token: token[who], query: { group: 'init' } })).status).toBe(403)
      const single = await server.call('GET', '/platform/get_single_config', { token: token[who], query: { name: 'mini_appid' } })
      expect(single.body).toMatchObject({ code: 0, data: { errors: [{ path: '/name' }] } })
    }
    const platform = await server.call<Record<string, unknown>>('GET', '/platform/get_platform_config', { token: token.partner })
    expect(platform.body.data).not.toHaveProperty('mini_appid')
  })

  it('keeps secrets write-only: set, reported as set, never sent back, kept when left empty', async () => {
    const key = 'A'.repeat(32)
    const set = await server.call<AdminView>('POST', '/init_config/set_config', { token: token.admin, body: { values: { mini_appid: 'wx0123456789abcdef', pay_api_v3_key: key } } })
    expect(set.body.data.values).toMatchObject({ mini_appid: 'wx0123456789abcdef' })
    expect(set.body.data.values).not.toHaveProperty('pay_api_v3_key')
    expect(set.body.data.secrets_set).toEqual(['pay_api_v3_key'])
    expect(JSON.stringify(set.body)).not.toContain(key)
    const kept = await server.call<AdminView>('POST', '/init_config/set_config', { token: token.admin, body: { values: { pay_api_v3_key: '', pay_mch_id: '1234567890' } } })
    expect(kept.body.data.secrets_set).toEqual(['pay_api_v3_key'])
    const adminSingle = await server.call('GET', '/platform/get_single_config', { token: token.admin, query: { name: 'pay_api_v3_key' } })
    expect(adminSingle.body.code).toBe(0)
  })

  it('takes a site address on the web only, and says so once: another scheme is one error, not two', async () => {
    for (const site_url of ['ftp://example.com', 'javascript:alert(1)', 'example.com']) {
      const res = await server.call('POST', '/init_config/set_config', { token: token.admin, body: { values: { site_url } } })
      expect(res.body, site_url).toMatchObject({ code: 0, data: { errors: [{ path: '/values/site_url', message: expect.stringContaining('http') }] } })
    }
    const set = await server.call<AdminView>('POST', '/init_config/set_config', { token: token.admin, body: { values: { site_url: 'https://console.example.com' } } })
    expect(set.body.data.values).toMatchObject({ site_url: 'https://console.example.com' })
  })
})

describe('WeChat Pay certificate (spec §7 init_config/upload_cert)', () => {
  const certs = join(dirname(fileURLToPath(import.meta.url)), '../support/certs')
  const cert = readFileSync(join(certs, 'pay_cert.pem'))
  const key = readFileSync(join(certs, 'pay_key.pem'))
  const otherKey = readFileSync(join(certs, 'other_key.pem'))

  it('takes a matching PEM pair, keeps it outside what is served, and answers only the certificate details', async () => {
    const res = await server.upload<Record<string, string>>('/init_config/upload_cert', { cert: ['apiclient_cert.pem', cert], key: ['apiclient_key.pem', key] }, { token: token.admin })
    expect(res.body.code).toBe(1)
    expect(res.body.data.subject).toContain('CN=1234567890')
    expect(res.body.data.fingerprint256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/)
    expect(JSON.stringify(res.body)).not.toContain('PRIVATE KEY')

    const stored = join(server.services.config.dataDir, 'certs', 'pay_key.pem')
    expect(readFileSync(stored).equals(key)).toBe(true)
    expect(statSync(stored).mode & 0o777).toBe(0o600)
    for (const url of ['/uploads/../certs/pay_key.pem', '/uploads/%2e%2e/certs/pay_key.pem', '/certs/pay_key.pem']) {
      const served = await server.inject({ method: 'GET', url })
      expect(served.body).not.toContain('PRIVATE KEY')
    }
    const init = await server.call<{ cert: Record<string, string> | null }>('GET', '/init_config/get_config', { token: token.admin })
    expect(init.body.data.cert).toEqual(res.body.data)
  })

  it('refuses what is not PEM, a key of another certificate, and anyone but an admin', async () => {
    const der = await server.upload('/init_config/upload_cert', { cert: ['cert.der', Buffer.from(cert.toString().replace(/-----[^-]+-----|\s/g, ''), 'base64')], key: ['key.pem', 'not a key'] }, { token: token.admin, headers: { 'accept-language': 'en-US' } })
    expect(der.body).toMatchObject({ code: 0, data: { errors: [
      { path: '/cert', message: 'The certificate must be a PEM file (-----BEGIN CERTIFICATE-----)' },
      { path: '/key', message: 'The private key must be a PEM file (-----BEGIN PRIVATE KEY-----)' },
    ] } })
    const mismatch = await server.upload('/init_config/upload_cert', { cert: ['cert.pem', cert], key: ['key.pem', otherKey] }, { token: token.admin, headers: { 'accept-language': 'zh-CN' } })
    expect(mismatch.body).toMatchObject({ code: 0, data: { errors: [{ path: '/key', message: '该私钥与证书不匹配' }] } })
    const missing = await server.upload('/init_config/upload_cert', { cert: ['cert.pem', cert] }, { token: token.admin })
    expect(missing.body).toMatchObject({ code: 0, data: { errors: [{ path: '/key' }] } })
    expect((await server.upload('/init_config/upload_cert', { cert: ['cert.pem', cert], key: ['key.pem', key] }, { token: token.partner })).status).toBe(403)
    // The pair from the first test is still the one kept.
    expect(readFileSync(join(server.services.config.dataDir, 'certs', 'pay_key.pem')).equals(key)).toBe(true)
  })

  it('refuses a certificate that has expired', async () => {
    const later = await startTestServer({ now: () => new Date('2200-01-01T00:00:00Z') })
    try {
      const admin = (await later.account('admin', 'admin')).token
      const res = await later.upload('/init_config/upload_cert', { cert: ['cert.pem', cert], key: ['key.pem', key] }, { token: admin, headers: { 'accept-language': 'en-US' } })
      expect(res.body).toMatchObject({ code: 0, data: { errors: [{ path: '/cert', message: expect.stringMatching(/^The certificate expired on \d{4}-\d{2}-\d{2}$/) }] } })
    } finally {
      await later.close()
    }
  })
})
