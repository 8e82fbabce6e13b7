import { isGeneric } from './registry-core'
import type { SchemaProblem } from './SchemaError'
import { didYouMean } from './suggest'
import type { Registry } from './types'

/** Each named handler of the server, with the endpoints it was written for (by endpoint id). */
export type HandlerEndpoints = Readonly<Record<string, readonly string[]>>

/**
 * Every endpoint naming a handler the server does not have, or one written for other
 * endpoints' fields. The server refuses to start on either; this says it at `schemas:check`
 * time, from the names the server's code gives (src/server/handler-names.ts).
 */
export function checkHandlerNames(registry: Registry, named: HandlerEndpoints): SchemaProblem[] {
  const names = Object.keys(named)
  const problems: SchemaProblem[] = []
  for (const kind of registry.tasks.values()) {
    const serves = named[kind.handler]
    const id = taskHandlerId(kind.name)
    if (!serves) {
      problems.push({ file: kind.file, pointer: '/handler', message: `names task handler "${kind.handler}", which the server does not implement.${didYouMean(kind.handler, names)} Write it with taskHandler(['${kind.name}'], …) and add it to src/server/task-handlers.ts.` })
    } else if (!serves.includes(id)) {
      problems.push({ file: kind.file, pointer: '/handler', message: notServedMessage(kind.handler, id, serves) })
    }
  }
  for (const endpoint of registry.endpoints.values()) {
    // A task kind's submit call is the engine's own; its handler is the kind's, checked above.
    if (isGeneric(endpoint.handler) || endpoint.task) continue
    const serves = named[endpoint.handler]
    if (!serves) {
      problems.push({
        file: endpoint.file,
        pointer: '/handler',
        message: `names handler "${endpoint.handler}", which the server does not implement.${didYouMean(endpoint.handler, names)} Use a generic handler (list, get, create, update, delete) or one of the server's named handlers (src/server/named-handlers.ts).`,
      })
    } else if (!serves.includes(endpoint.id)) {
      problems.push({ file: endpoint.file, pointer: '/handler', message: notServedMessage(endpoint.handler, endpoint.id, serves) })
    }
  }
  return problems
}

/** How the manifest names a task kind a task handler does the work of, beside the endpoints named handlers serve. */
export function taskHandlerId(kind: string): string {
  return `tasks/${kind}`
}

/** Why an endpoint may not name a handler written for others: the handler reads their fields, typed from their schemas. */
export function notServedMessage(handler: string, endpointId: string, serves: readonly string[]): string {
  return `names handler "${handler}", which serves ${serves.map((id) => `"${id}"`).join(', ')} and reads their fields. Once it handles this endpoint's fields too, add "${endpointId}" to the endpoints it names in the server (namedHandler([...])).`
}
