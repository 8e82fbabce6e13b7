import { isGeneric } from './registry-core'
import type { SchemaProblem } from './SchemaError'
import { didYouMean } from './suggest'
import type { Registry } from './types'
import { GENERATED_MARKER } from './codegen/banner'

/** Where codegen writes the names of the server's named handlers, for checks that run without the server. */
export const HANDLER_MANIFEST = 'handlers.json'

/**
 * Every endpoint naming a handler the server does not have. The server refuses to start on
 * one; this says it at `schemas:check` time, from the manifest codegen writes.
 */
export function checkHandlerNames(registry: Registry, named: readonly string[]): SchemaProblem[] {
  const known = new Set(named)
  const problems: SchemaProblem[] = []
  for (const endpoint of registry.endpoints.values()) {
    if (isGeneric(endpoint.handler) || known.has(endpoint.handler)) continue
    problems.push({
      file: endpoint.file,
      pointer: '/handler',
      message: `names handler "${endpoint.handler}", which the server does not implement.${didYouMean(endpoint.handler, named)} Use a generic handler (list, get, create, update, delete) or one of the server's named handlers (src/generated/${HANDLER_MANIFEST}).`,
    })
  }
  return problems
}

export function handlerManifest(named: readonly string[]): string {
  return `${JSON.stringify({ $comment: `${GENERATED_MARKER} and the server's named handlers; do not edit by hand.`, handlers: [...named].sort() }, null, 2)}\n`
}
