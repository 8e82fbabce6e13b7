import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { listenLocal } from '../../../tests/support/listen-local'
import { TaskFailure } from '../errors/task-failure'
import { callVendor } from './vendor-http'
import { isPrivateAddress } from './outbound'

type Handler = (req: IncomingMessage, res: ServerResponse) => void

/** A vendor on 127.0.0.1 whose answer each test sets, and a second origin it may point to. */
let answer: Handler = (_req, res) => res.end('{}')
const asked: string[] = []
const vendor = createServer((req, res) => {
  asked.push(`${req.method} ${req.url}`)
  answer(req, res)
})
const elsewhere = createServer((req, res) => {
  asked.push(`elsewhere ${req.method} ${req.url}`)
  res.end('{"secret":true}')
})
let origin = ''
let otherOrigin = ''
const closers: (() => Promise<void>)[] = []

beforeAll(async () => {
  const [a, b] = [await listenLocal(vendor), await listenLocal(elsewhere)]
  origin = a.origin
  otherOrigin = b.origin
  closers.push(a.close, b.close)
})
afterAll(() => Promise.all(closers.map((close) => close())))
afterEach(() => {
  asked.length = 0
  delete process.env.VENDOR_PRIVATE_TARGETS
})

const call = (path: string, init: RequestInit = {}) => callVendor({ vendor: 'Contract vendor', url: `${origin}${path}`, init, timeoutMs: 5000 })
const refusal = (promise: Promise<unknown>) => promise.then(() => 'answered', (error: unknown) => (error instanceof TaskFailure ? `${error.retry ? 'passing' : 'final'}: ${error.reason['en-US']}` : String(error)))

describe('a call to a vendor', () => {
  it('tries a rate limit again, but not a quota used up; says GPT-SoVITS\'s Exception beside its message', async () => {
    const json = (status: number, body: unknown) => (answer = (_req, res) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body)))
    // OpenAI's body for each (its API reference, "Error codes"): the code tells them apart, not the status.
    json(429, { error: { message: 'Rate limit reached for requests', type: 'requests', code: 'rate_limit_exceeded' } })
    expect(await refusal(call('/v1/chat'))).toBe('passing: Contract vendor is busy or failing (HTTP 429: Rate limit reached for requests); it will be tried again.')
    json(429, { error: { message: 'You exceeded your current quota, please check your plan and billing details.', type: 'insufficient_quota', code: 'insufficient_quota' } })
    expect(await refusal(call('/v1/chat'))).toBe("final: Contract vendor's quota is used up (HTTP 429: You exceeded your current quota, please check your plan and billing details.); top it up or raise it on the vendor's site first.")
    json(400, { message: 'tts failed', Exception: '/refs/a.wav not exists' })
    expect(await refusal(call('/tts'))).toBe('final: Contract vendor refused the request (HTTP 400): tts failed: /refs/a.wav not exists')
  })

  it('follows a redirect within the vendor’s origin, a 303 as a GET without the body', async () => {
    answer = (req, res) => {
      if (req.url === '/jobs') return res.writeHead(303, { location: '/jobs/7' }).end()
      res.end(JSON.stringify({ method: req.method }))
    }
    const response = await call('/jobs', { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } })
    expect(await response.json()).toEqual({ method: 'GET' })
    expect(asked).toEqual(['POST /jobs', 'GET /jobs/7'])
  })

  it('keeps the method and body through a 307 and stops after five hops', async () => {
    answer = (req, res) => {
      const hop = Number(/\/hop\/(\d+)/.exec(req.url ?? '')?.[1] ?? 0)
      if (req.url === '/keep') return res.writeHead(307, { location: '/kept' }).end()
      if (req.url === '/kept') return void req.setEncoding('utf8').on('data', (body) => res.end(JSON.stringify({ method: req.method, body })))
      res.writeHead(302, { location: `/hop/${hop + 1}` }).end()
    }
    expect(await (await call('/keep', { method: 'PUT', body: 'x=1' })).json()).toEqual({ method: 'PUT', body: 'x=1' })
    expect(await refusal(call('/hop/0'))).toBe('final: Contract vendor redirected more than 5 times in a row.')
  })

  it('refuses a redirect to another origin, and never asks it', async () => {
    answer = (_req, res) => res.writeHead(302, { location: `${otherOrigin}/steal` }).end()
    expect(await refusal(call('/models'))).toBe(`final: Contract vendor redirected the call to another address (${otherOrigin}), which the server does not follow. Enter its current address in the settings.`)
    expect(asked).toEqual(['GET /models'])
  })

  it('calls only http and https addresses', async () => {
    const file = callVendor({ vendor: 'Contract vendor', url: 'file:///etc/passwd', init: {}, timeoutMs: 1000 })
    expect(await refusal(file)).toBe("final: Contract vendor's address must start with http:// or https://: file:///etc/passwd")
  })

  it('where the deployment refuses private targets, refuses a private address, written or resolved, before connecting', async () => {
    answer = (_req, res) => res.end('{}')
    process.env.VENDOR_PRIVATE_TARGETS = 'refuse'
    expect(await refusal(call('/models'))).toBe("final: Contract vendor's address is not public (127.0.0.1 is not a public address); this deployment calls no private address.")
    const byName = callVendor({ vendor: 'Contract vendor', url: origin.replace('127.0.0.1', 'localhost'), init: {}, timeoutMs: 5000 })
    expect(await refusal(byName)).toMatch(/^final: Contract vendor's address is not public \(localhost is at (127\.0\.0\.1|::1), which is not a public address\)/)
    expect(asked).toEqual([])
  })

  it('knows the private ranges from the public ones', () => {
    for (const address of ['10.1.2.3', '172.16.0.1', '192.168.1.1', '127.0.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fd00::1', 'fe80::1', '::ffff:10.0.0.1']) expect([address, isPrivateAddress(address)]).toEqual([address, true])
    for (const address of ['8.8.8.8', '172.32.0.1', '1.1.1.1', '2606:4700::1111', '::ffff:8.8.8.8']) expect([address, isPrivateAddress(address)]).toEqual([address, false])
  })
})
