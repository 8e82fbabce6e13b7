import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import compress from '@fastify/compress'

/**
 * Answers of 1 KB or more go out as brotli or gzip, whichever the browser takes: the schema
 * document the login page loads is ~230 KB of JSON, a list page tens of KB. The console's
 * own files are compressed once at build time (scripts/compress-assets.mjs) and served as
 * such: an answer that already has a Content-Encoding is left alone. Media types that are
 * compressed already (images, XLSX) are sent as they are; a CSV export is compressed as it
 * streams. Request bodies are not decompressed: nothing the console sends is compressed,
 * and an inflated body is one more way round the body limit.
 */
export const compression = fp(
  async (app: FastifyInstance) => {
    await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024, globalDecompression: false })
  },
  { name: 'compression' },
)
