import type { SchemaFile } from '../../schema/types'
import { envelope } from '../envelope'
import { etagOf, matchesEtag } from '../http/etag'
import { namedHandler, type NamedHandler } from './handler-context'

/**
 * The schema files as the server loaded them at start, so the console always matches the
 * routes it talks to. They change only with a restart, and the login page asks for all of
 * them (~230 KB) on every load: the answer is written once, here, and carries an ETag, so a
 * reload costs a 304.
 */
export function schemaHandlers(files: readonly SchemaFile[], startedAt: Date): Record<string, NamedHandler> {
  // Meta-schemas included: the console checks the files with them as the server did.
  const body = JSON.stringify(envelope(1, 'ok', { files }, startedAt))
  // Named by the files alone, so every instance behind a load balancer names the same files alike; weak, as their answers differ in the envelope's time.
  const etag = etagOf(JSON.stringify(files), { weak: true })
  return {
    'schema.files': namedHandler(['platform/console_schemas'], {
      async run({ request, reply }) {
        reply.header('cache-control', 'no-cache').header('etag', etag)
        if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send()
        return reply.type('application/json; charset=utf-8').send(body)
      },
    }),
  }
}
