import { taskHandlerId, type HandlerEndpoints } from '../schema/handler-names'
import { taskHandlers } from './task-handlers'
import { namedHandlers } from './named-handlers'
import { schemaHandlers } from './engine/schema-document'

/** Every handler an endpoint file may name besides the generic ones, with the endpoints it serves; codegen writes them to a manifest. */
export function serverHandlerEndpoints(): HandlerEndpoints {
  const all = { ...namedHandlers, ...schemaHandlers([], new Date(0)) }
  return {
    ...Object.fromEntries(Object.entries(all).map(([name, handler]) => [name, handler.endpoints])),
    ...Object.fromEntries(Object.entries(taskHandlers).map(([name, handler]) => [name, handler.kinds.map(taskHandlerId)])),
  }
}
