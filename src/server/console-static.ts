import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import fastifyStatic from '@fastify/static'
import { API_PREFIX } from './engine/endpoint-routes'
import { LOCAL_UPLOADS_PREFIX } from './uploads/file-store'

/**
 * Serves the built console (dist/console) on the API's own port. Hashed assets are
 * cached for good; every other path that is not the API gets index.html, so the
 * console's own router handles deep links and reloads.
 */
export async function consoleStatic(app: FastifyInstance, opts: { dir: string }): Promise<void> {
  if (!existsSync(join(opts.dir, 'index.html'))) return
  await app.register(fastifyStatic, {
    root: opts.dir,
    wildcard: false,
    index: false,
    // scripts/compress-assets.mjs writes .br and .gz files beside each asset at build time.
    preCompressed: true,
    cacheControl: false, // set below: forever for hashed assets, revalidate for the rest

    setHeaders: (res, path) => {
      res.setHeader('cache-control', path.includes(`${join(opts.dir, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache')
    },
  })
  app.get('/*', (request, reply) => {
    // The API and missing build files answer 404; only page routes fall back to index.html.
    if (request.url.startsWith(`${API_PREFIX}/`) || request.url === API_PREFIX || request.url.startsWith('/assets/') || request.url.startsWith(LOCAL_UPLOADS_PREFIX)) return reply.callNotFound()
    return reply.header('cache-control', 'no-cache').sendFile('index.html')
  })
}
