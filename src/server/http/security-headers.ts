import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import helmet from '@fastify/helmet'
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
    await app.register(helmet, {
      // Directives are all listed, helmet's defaults off: its upgrade-insecure-requests would send a console served over plain http (127.0.0.1, an intranet) to https.
      contentSecurityPolicy: { useDefaults: false, directives: consoleContentSecurityPolicy({ inlineScripts, uploadOrigins: opts.uploadOrigins }) },
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    })
    // An API answer depends on who asks (a balance, an export, a refusal naming an account): no
    // shared cache or browser keeps it, unless its route says how it may be kept (schema
    // documents and validators revalidate by ETag).
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
      return payload
    })
  },
  { name: 'security-headers' },
)
