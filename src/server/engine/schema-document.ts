import type { ParsedSchemaFile, SchemaFile } from '../../schema/types'
import { consoleSchemaFile, filesForEndpoints } from '../../schema/console-document'
import { envelope } from '../envelope'
import { AppError } from '../errors/AppError'
import { etagOf, matchesEtag } from '../http/etag'
import { namedHandler, type NamedHandler } from './handler-context'

/** Documents of a few endpoints kept written: the console asks for one set (the login page's); anything else is written again when asked. */
const KEPT_PARTS = 20

/**
 * The schema files as the server loaded them at start, so the console always matches the
 * routes it talks to. Every signed-in page asks for them: they are sent parsed (JSON in JSON,
 * not text with its indentation and every quote escaped), as the console reads them
 * (schema/console-document.ts). With ?endpoints= only what those endpoints need: the login
 * page's dialogs and links use four. Each answer is written once and carries an ETag, the
 * hash of its files, so a reload costs a 304.
 */
export function schemaHandlers(files: readonly SchemaFile[], startedAt: Date): Record<string, NamedHandler> {
  const shown = files.map((f) => consoleSchemaFile({ path: f.path, json: JSON.parse(f.text) })).filter((f): f is ParsedSchemaFile => f !== undefined)
  const whole = documentOf(shown, startedAt)
  const parts = new Map<string, Document>()
  const partFor = (endpoints: string): Document => {
    let part = parts.get(endpoints)
    if (!part) {
      const names = endpoints.split(',')
      const some = filesForEndpoints(shown, names)
      if (!some) throw new AppError('ROUTE_NOT_FOUND', { route: `endpoint ${names.find((name) => !filesForEndpoints(shown, [name]))} with a file of its own` })
      part = documentOf(some, startedAt)
      if (parts.size >= KEPT_PARTS) parts.delete(parts.keys().next().value!)
      parts.set(endpoints, part)
    }
    return part
  }
  return {
    'schema.files': namedHandler(['platform/console_schemas'], {
      async run({ request, reply, query }) {
        const { body, etag } = typeof query.endpoints === 'string' ? partFor(query.endpoints) : whole
        reply.header('cache-control', 'no-cache').header('etag', etag)
        if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send()
        return reply.type('application/json; charset=utf-8').send(body)
      },
    }),
  }
}

interface Document {
  body: string
  etag: string
}

function documentOf(files: readonly ParsedSchemaFile[], startedAt: Date): Document {
  return {
    body: JSON.stringify(envelope(1, 'ok', { files }, startedAt)),
    // Named by the files alone, so every instance behind a load balancer names the same files alike; weak, as their answers differ in the envelope's time.
    etag: etagOf(JSON.stringify(files), { weak: true }),
  }
}
