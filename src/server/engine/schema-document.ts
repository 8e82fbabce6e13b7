import type { ParsedSchemaFile, SchemaFile } from '../../schema/types'
import { envelope } from '../envelope'
import { etagOf, matchesEtag } from '../http/etag'
import { namedHandler, type NamedHandler } from './handler-context'

/**
 * The schema files as the server loaded them at start, so the console always matches the
 * routes it talks to. Every signed-in page asks for them: they are sent parsed (JSON in JSON,
 * not text with its indentation and every quote escaped) and without the meta-schemas, which
 * only check files, as the server did at its start. The answer is written once and carries an
 * ETag, the hash of the files, so a reload costs a 304.
 */
export function schemaHandlers(files: readonly SchemaFile[], startedAt: Date): Record<string, NamedHandler> {
  const shown: ParsedSchemaFile[] = files.filter((f) => !f.path.startsWith('meta/')).map((f) => ({ path: f.path, json: JSON.parse(f.text) }))
  const body = JSON.stringify(envelope(1, 'ok', { files: shown }, startedAt))
  // Named by the files alone, so every instance behind a load balancer names the same files alike; weak, as their answers differ in the envelope's time.
  const etag = etagOf(JSON.stringify(shown), { weak: true })
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
