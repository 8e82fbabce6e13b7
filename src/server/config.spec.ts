import { describe, expect, it } from 'vitest'
import { readConfig } from './config'

describe('readConfig: forgot-password delivery', () => {
  it('writes codes to the log unless told otherwise', () => {
    expect(readConfig({}).passwordReset).toMatchObject({ provider: 'log', perAccountPerHour: 5, perAddressPerHour: 20 })
  })

  it('takes a webhook with its URL, token and limits', () => {
    const env = { RESET_CODE_PROVIDER: 'webhook', RESET_CODE_WEBHOOK_URL: 'https://sms.example.com/codes', RESET_CODE_WEBHOOK_TOKEN: 't', RESET_CODE_LIMIT_PER_ACCOUNT: '3' }
    expect(readConfig(env).passwordReset).toMatchObject({ provider: 'webhook', webhookUrl: 'https://sms.example.com/codes', webhookToken: 't', perAccountPerHour: 3 })
  })

  it.each([
    [{ RESET_CODE_PROVIDER: 'sms' }, 'RESET_CODE_PROVIDER must be "log" or "webhook", but it is "sms".'],
    [{ RESET_CODE_PROVIDER: 'webhook' }, 'RESET_CODE_PROVIDER=webhook needs RESET_CODE_WEBHOOK_URL, the address reset codes are posted to.'],
    [{ RESET_CODE_PROVIDER: 'webhook', RESET_CODE_WEBHOOK_URL: 'sms.example.com' }, 'RESET_CODE_WEBHOOK_URL must be an http(s) URL, but it is "sms.example.com".'],
  ])('refuses %j at start, saying what to set', (env, message) => {
    expect(() => readConfig(env)).toThrow(message)
  })
})

describe('readConfig: session and attempt limits', () => {
  it('lets an overstep console last two hours and five password changes per account in 15 minutes unless told otherwise', () => {
    expect(readConfig({})).toMatchObject({ overstepTtlMinutes: 120, passwordChangeRateLimit: { perAccount: 5, perAddress: 20, windowMs: 900_000 } })
    const env = { OVERSTEP_TTL_MINUTES: '30', CHANGE_PASSWORD_LIMIT_PER_ACCOUNT: '3', CHANGE_PASSWORD_LIMIT_PER_ADDRESS: '10' }
    expect(readConfig(env)).toMatchObject({ overstepTtlMinutes: 30, passwordChangeRateLimit: { perAccount: 3, perAddress: 10 } })
  })
})

describe('readConfig: registration', () => {
  it('allows 5 registrations a minute per address unless told otherwise', () => {
    expect(readConfig({}).registerRateLimit).toEqual({ perAddress: 5, windowMs: 60_000 })
    expect(readConfig({ REGISTER_LIMIT_PER_ADDRESS: '12' }).registerRateLimit.perAddress).toBe(12)
    expect(() => readConfig({ REGISTER_LIMIT_PER_ADDRESS: 'many' })).toThrow('Environment variable REGISTER_LIMIT_PER_ADDRESS must be a whole number, but it is "many".')
  })
})

describe('readConfig: Redis', () => {
  it('counts in the database unless REDIS_URL is set', () => {
    expect(readConfig({}).redis).toBeUndefined()
    expect(readConfig({ REDIS_URL: '' }).redis).toBeUndefined()
  })

  it('takes a redis:// or rediss:// URL, with the key prefix console: unless told otherwise', () => {
    expect(readConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redis).toEqual({ url: 'redis://127.0.0.1:6379', keyPrefix: 'console:' })
    expect(readConfig({ REDIS_URL: 'rediss://:secret@cache.example.com:6380/2', REDIS_KEY_PREFIX: 'shop-a:' }).redis).toEqual({
      url: 'rediss://:secret@cache.example.com:6380/2',
      keyPrefix: 'shop-a:',
    })
  })

  it('refuses anything else at start', () => {
    expect(() => readConfig({ REDIS_URL: '127.0.0.1:6379' })).toThrow('REDIS_URL must be a redis:// or rediss:// URL, but it is "127.0.0.1:6379".')
  })
})

describe('readConfig: the demo', () => {
  it('seeds a month of demo activity unless DEMO_MONTH is 0', () => {
    expect(readConfig({}).demoMonth).toBe(true)
    expect(readConfig({ DEMO_MONTH: '1' }).demoMonth).toBe(true)
    expect(readConfig({ DEMO_MONTH: '0' }).demoMonth).toBe(false)
  })
})

describe('readConfig: the public address', () => {
  it('keeps the origin of an http or https PUBLIC_URL, and stops the start on anything else', () => {
    expect(readConfig({}).publicUrl).toBeUndefined()
    expect(readConfig({ PUBLIC_URL: 'https://Console.Example.com/admin/' }).publicUrl).toBe('https://console.example.com')
    expect(() => readConfig({ PUBLIC_URL: 'console.example.com' })).toThrow('PUBLIC_URL must be an http:// or https:// address, such as https://console.example.com, but it is "console.example.com".')
  })
})
