// PostgreSQL too: the shared figures are read from the database at each scrape.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './harness'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { runFfmpeg } from '../../src/server/media/run-ffmpeg'
import { callVendor } from '../../src/server/providers/vendor-http'

let server: TestServer
let merchant: { id: number; token: string }

beforeAll(async () => {
  server = await startTestServer({ config: { metricsToken: 'scrape-me', logLevel: 'info' }, captureLog: true })
  merchant = await server.account('shop', 'merchant')
})
afterAll(() => server.close())

const scrape = (token?: string) => server.inject({ method: 'GET', url: '/metrics', headers: token ? { authorization: `Bearer ${token}` } : {} })

describe('GET /metrics and request ids', () => {
  it('answers only with the METRICS_TOKEN, in Prometheus text: requests by route template and status, with their durations', async () => {
    expect((await scrape()).statusCode).toBe(401)
    expect((await scrape('wrong-token')).statusCode).toBe(401)
    // The figures are the process's, which other servers in this process add to: read them before and after.
    const count = (body: string, series: RegExp) => Number(series.exec(body)?.[1] ?? 0)
    const answered = /^http_requests_total\{route="\/api\/v1\/work\/detail",method="GET",status="200"\} (\d+)$/m
    const timed = /^http_request_duration_seconds_count\{route="\/api\/v1\/work\/detail",method="GET"\} (\d+)$/m
    const before = (await scrape('scrape-me')).body
    await server.call('GET', '/work/detail', { token: merchant.token, query: { id: 424242 } })
    const res = await scrape('scrape-me')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    // By the route's template, never by the address asked (an id in it would make a series per record).
    expect(count(res.body, answered) - count(before, answered)).toBe(1)
    expect(count(res.body, timed) - count(before, timed)).toBe(1)
    expect(res.body).not.toContain('424242')
    expect(res.body).toMatch(/^process_cpu_user_seconds_total /m)
    // On PostgreSQL, this process's pool: connections in use and idle, its most, and queries waiting for one.
    if (server.services.dialect === 'postgres') {
      expect(res.body).toMatch(/^db_pool_connections\{state="max"\} 10$/m)
      expect(Number(/^db_pool_connections\{state="idle"\} (\d+)$/m.exec(res.body)?.[1])).toBeGreaterThanOrEqual(1)
      expect(res.body).toMatch(/^db_pool_waiting 0$/m)
    }
  })

  it('reads from the database what every process shares: tasks by kind and state, the oldest wait, and the reserves tasks hold', async () => {
    const { db } = server.services
    const at = (secondsAgo: number) => new Date(server.services.now().getTime() - secondsAgo * 1000).toISOString()
    const task = (status: string, cost: { ledger: string; amount: number; state: string }, created: string) =>
      db.insertInto('task').values({ kind: 'clip', title: status, owner_id: merchant.id, status, cost_ledger: cost.ledger, cost_amount: cost.amount, cost_state: cost.state, created_at: created, updated_at: created }).execute()
    await task('queued', { ledger: 'money', amount: 250, state: 'reserved' }, at(90))
    await task('queued', { ledger: 'money', amount: 100, state: 'reserved' }, at(10))
    await task('running', { ledger: 'digital_voice_count', amount: 1, state: 'reserved' }, at(5))
    await task('failed', { ledger: 'money', amount: 300, state: 'released' }, at(5))
    const { body } = await scrape('scrape-me')
    expect(body).toMatch(/^tasks\{kind="clip",status="queued"\} 2$/m)
    expect(body).toMatch(/^tasks\{kind="clip",status="running"\} 1$/m)
    expect(body).toMatch(/^tasks\{kind="clip",status="failed"\} 1$/m)
    const waited = Number(/^task_oldest_queued_seconds\{kind="clip"\} ([\d.]+)$/m.exec(body)?.[1])
    expect(waited).toBeGreaterThanOrEqual(89)
    expect(waited).toBeLessThan(120)
    expect(body).toMatch(/^reserved\{ledger="money"\} 3\.5$/m)
    expect(body).toMatch(/^reserved\{ledger="digital_voice_count"\} 1$/m)
  })

  it('times each ffmpeg run of this process by how it ended', async () => {
    await runFfmpeg(['-f', 'lavfi', '-i', 'color=s=16x16:d=0.1', '-f', 'null', '-'])
    await expect(runFfmpeg(['-f', 'lavfi', '-i', 'no_such_source', '-f', 'null', '-'])).rejects.toThrow()
    const { body } = await scrape('scrape-me')
    expect(Number(/^ffmpeg_run_duration_seconds_count\{outcome="ok"\} (\d+)$/m.exec(body)?.[1])).toBeGreaterThanOrEqual(1)
    expect(Number(/^ffmpeg_run_duration_seconds_count\{outcome="failed"\} (\d+)$/m.exec(body)?.[1])).toBeGreaterThanOrEqual(1)
  })

  it('times each vendor call by the vendor and the status it answered, or failed when none came', async () => {
    const vendor = createServer((request, response) => response.writeHead(request.url === '/busy' ? 503 : 200).end('{}'))
    await new Promise<void>((resolve) => vendor.listen(0, '127.0.0.1', resolve))
    const base = `http://127.0.0.1:${(vendor.address() as AddressInfo).port}`
    try {
      const series = (status: string) => new RegExp(`^vendor_call_duration_seconds_count\\{vendor="Probe vendor",status="${status}"\\} (\\d+)$`, 'm')
      const count = (body: string, status: string) => Number(series(status).exec(body)?.[1] ?? 0)
      const before = (await scrape('scrape-me')).body
      await (await callVendor({ vendor: 'Probe vendor', url: `${base}/ok`, init: {}, timeoutMs: 2000 })).body?.cancel()
      await expect(callVendor({ vendor: 'Probe vendor', url: `${base}/busy`, init: {}, timeoutMs: 2000 })).rejects.toThrow(/HTTP 503/)
      await expect(callVendor({ vendor: 'Probe vendor', url: 'http://127.0.0.1:1/', init: {}, timeoutMs: 2000 })).rejects.toThrow()
      const after = (await scrape('scrape-me')).body
      for (const status of ['200', '503', 'failed']) expect(count(after, status) - count(before, status), status).toBe(1)
    } finally {
      vendor.close()
    }
  })

  it('keeps a proxy\'s X-Request-Id on the answer and on the log line, and makes one for a request without a usable id', async () => {
    const kept = await server.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'nginx-7f3a2c' } })
    expect(kept.headers['x-request-id']).toBe('nginx-7f3a2c')
    await server.call('GET', '/platform/get_user_info', { token: merchant.token, headers: { 'x-request-id': 'trace-0001' } })
    expect(server.logLines.some((line) => line.reqId === 'trace-0001' && line.msg === 'answered')).toBe(true)
    const odd = await server.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'no spaces or "quotes" please' } })
    expect(odd.headers['x-request-id']).toMatch(/^[a-z0-9]{1,10}$/)
  })
})

describe('without METRICS_TOKEN', () => {
  it('has no /metrics page', async () => {
    const bare = await startTestServer()
    try {
      const res = await bare.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer anything' } })
      expect(res.body).not.toContain('http_requests_total')
    } finally {
      await bare.close()
    }
  })
})
