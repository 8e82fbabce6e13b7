import { namedHandlers } from './named-handlers'
import { schemaHandlers } from './engine/schema-document'

/** Every handler name an endpoint file may use besides the generic ones; codegen writes them to a manifest. */
export function serverHandlerNames(): string[] {
  return [...Object.keys(namedHandlers), ...Object.keys(schemaHandlers([], new Date(0)))]
}
