import { mkdirSync } from 'node:fs'
import type { FastifyInstance } from 'fastify'
import fastifyStatic from '@fastify/static'
import { LOCAL_UPLOADS_PREFIX } from './file-store'

/**
 * Files kept on local disk, read back at /uploads/…. Their names are unguessable and
 * their types were checked from their bytes on the way in; the headers make sure a
 * browser still never runs one as a page.
 */
export async function serveUploads(app: FastifyInstance, opts: { dir: string }): Promise<void> {
  mkdirSync(opts.dir, { recursive: true })
  await app.register(fastifyStatic, {
    root: opts.dir,
    prefix: LOCAL_UPLOADS_PREFIX,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders: (res) => {
      res.setHeader('cache-control', 'public, max-age=31536000, immutable')
      res.setHeader('x-content-type-options', 'nosniff')
      res.setHeader('content-security-policy', "default-src 'none'; sandbox")
      // Public files, as they are in a bucket: other sites of the platform may show them (helmet's default keeps answers to this origin).
      res.setHeader('cross-origin-resource-policy', 'cross-origin')
    },
  })
}
