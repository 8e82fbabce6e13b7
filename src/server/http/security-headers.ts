import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { createRequire } from 'node:module'
import type { ServerResponse } from 'node:http'
import { consoleContentSecurityPolicy, inlineScriptsOf } from './content-security-policy'

export interface SecurityHeadersOptions {
  /** The built console, whose index.html's inline scripts the policy allows by hash. */
  consoleDir?: string
  /** Where browsers upload files straight to storage. */
  uploadOrigins: readonly string[]
}

/**
 * helmet's headers on every answer (the console, the API, its errors and 404s): the
 * console's Content-Security-Policy, nosniff, no framing, HSTS, and a Referrer-Policy that
 * sends other sites the origin at most. A path never leaves: download links carry the
 * session token in their query. The origin still goes, since buckets and CDNs that refuse
 * hotlinking check it. Routes with a policy of their own (uploads, the API reference) set it
 * over this one. API answers are not to be stored.
 */
export const securityHeaders = fp(
  async (app: FastifyInstance, opts: SecurityHeadersOptions) => {
    const index = opts.consoleDir ? join(opts.consoleDir, 'index.html') : undefined
    const inlineScripts = index && existsSync(index) ? inlineScriptsOf(readFileSync(index, 'utf8')) : []
    const headers = helmetHeaders({
      // Directives are all listed, helmet's defaults off: its upgrade-insecure-requests would send a console served over plain http (127.0.0.1, an intranet) to https.
      contentSecurityPolicy: { useDefaults: false, directives: consoleContentSecurityPolicy({ inlineScripts, uploadOrigins: opts.uploadOrigins }) },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    })
    // On the raw response, as helmet sets them, so answers written past Fastify (event streams) carry them too.
    app.addHook('onRequest', (_request, reply, done) => {
      for (const [name, value] of headers) reply.raw.setHeader(name, value)
      done()
    })
    // An API answer depends on who asks (a balance, an export, a refusal naming an account): no
    // shared cache or browser keeps it, unless its route says how it may be kept (schema
    // documents and validators revalidate by ETag).
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
      done(null, payload)
    })
  },
  { name: 'security-headers' },
)

/**
 * The headers helmet sets for `options`, worked out once: they depend on nothing in the
 * request, and helmet (as @fastify/helmet runs it) would parse its options again on every one.
 */
function helmetHeaders(options: Parameters<Helmet>[0]): [string, string][] {
  const headers: [string, string][] = []
  const recorder = {
    setHeader: (name: string, value: string) => void headers.push([name, value]),
    // Removes X-Powered-By, which Fastify never sets.
    removeHeader: () => undefined,
  }
  helmetOfPlugin()(options)({} as never, recorder as unknown as ServerResponse, () => undefined)
  return headers
}

type Helmet = typeof import('helmet').default

/** helmet itself, as @fastify/helmet (the dependency the project declares) finds it. */
function helmetOfPlugin(): Helmet {
  const require = createRequire(import.meta.url)
  return createRequire(require.resolve('@fastify/helmet'))('helmet') as Helmet
}
