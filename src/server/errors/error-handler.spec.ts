import { afterEach, describe, expect, it } from 'vitest'
import Fastify, { type FastifyInstance } from 'fastify'
import { errorHandler } from './error-handler'
import { AppError, validationError } from './AppError'

const now = new Date('2026-05-01T08:00:00.000Z')
let app: FastifyInstance

async function appThrowing(error: unknown): Promise<FastifyInstance> {
  app = Fastify({ bodyLimit: 100 })
  await app.register(errorHandler, { bodyLimit: 100, now: () => now })
  app.post('/boom', async () => {
    throw error
  })
  return app
}
afterEach(() => app.close())

describe('the error envelope', () => {
  it('maps an AppError to its status, code and message in the caller\'s locale', async () => {
    await appThrowing(new AppError('AUTH_SESSION_EXPIRED'))
    const en = await app.inject({ method: 'POST', url: '/boom' })
    expect(en.statusCode).toBe(200)
    expect(en.json()).toEqual({ code: 50014, msg: 'Your session has expired. Sign in again.', time: 1777622400, data: null })
    const zh = await app.inject({ method: 'POST', url: '/boom', headers: { 'accept-language': 'zh-CN,zh;q=0.9' } })
    expect(zh.json().msg).toBe('登录已过期，请重新登录。')
  })

  it('carries field errors as data.errors', async () => {
    await appThrowing(validationError([{ path: '/host', message: 'Host name cannot be empty' }]))
    const res = await app.inject({ method: 'POST', url: '/boom' })
    expect(res.json()).toMatchObject({ code: 0, msg: 'Host name cannot be empty', data: { errors: [{ path: '/host', message: 'Host name cannot be empty' }] } })
  })

  it('answers an unexpected error with 500 and a reference, never the error text', async () => {
    await appThrowing(new Error('SQLITE_ERROR: no such table: secret_table at /srv/app.ts:12'))
    const res = await app.inject({ method: 'POST', url: '/boom' })
    expect(res.statusCode).toBe(500)
    const body = res.json()
    expect(body.code).toBe(0)
    expect(body.data.reference).toMatch(/\S+/)
    expect(body.msg).toContain(body.data.reference)
    expect(res.body).not.toMatch(/SQLITE|secret_table|app\.ts/)
  })

  it('answers malformed JSON with 400, a body over the limit with 413 and an unknown route with 404, all as envelopes', async () => {
    await appThrowing(new Error('unused'))
    const bad = await app.inject({ method: 'POST', url: '/boom', headers: { 'content-type': 'application/json' }, payload: '{bad' })
    expect([bad.statusCode, bad.json().code, bad.json().msg]).toEqual([400, 0, 'The request body is not valid JSON.'])
    const big = await app.inject({ method: 'POST', url: '/boom', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ x: 'y'.repeat(200) }) })
    expect([big.statusCode, big.json().msg]).toEqual([413, 'The request body is larger than 100 bytes.'])
    const missing = await app.inject({ method: 'GET', url: '/nowhere?x=1' })
    expect([missing.statusCode, missing.json().msg]).toEqual([404, 'There is no GET /nowhere.'])
  })
})
