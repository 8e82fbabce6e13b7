import type { Registry } from '../../schema/types'
import type { EntityTables } from '../../generated/database'

/**
 * Table name of an entity the server's own code relies on (user, session), typed as the
 * generated `Database` names it; `npm run codegen -- --check` keeps the two in step.
 */
export function tableOf<E extends keyof EntityTables>(services: { registry: Registry }, entity: E): EntityTables[E] {
  const def = services.registry.entities.get(entity)
  if (!def) throw new Error(`The server needs schemas/entities/${entity}.json, which is missing.`)
  return def.table as EntityTables[E]
}
