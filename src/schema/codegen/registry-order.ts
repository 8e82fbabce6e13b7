import type { EndpointDef, EntityDef, Registry } from '../types'

/**
 * Code-unit order, not localeCompare: generated files must be byte-identical on every
 * machine, whatever its locale, and the registry keeps the order files were read in.
 */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

export function sortedEntities(registry: Registry): EntityDef[] {
  return [...registry.entities.values()].sort((a, b) => compareCodeUnits(a.name, b.name))
}

export function sortedEndpoints(registry: Registry): EndpointDef[] {
  return [...registry.endpoints.values()].sort((a, b) => compareCodeUnits(a.id, b.id))
}
