import type { SchemaFile } from '../../schema/types'
import type { NamedHandler } from './handler-context'

/** The schema files as the server loaded them at start, so the console always matches the routes it talks to. */
export function schemaHandlers(files: readonly SchemaFile[]): Record<string, NamedHandler> {
  // Meta-schemas included: the console checks the files with them as the server did.
  const answer = { files }
  return {
    'schema.files': {
      async run(ctx) {
        ctx.reply.header('cache-control', 'no-cache')
        return answer
      },
    },
  }
}
