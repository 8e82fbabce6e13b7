import type { ListFilter, Registry } from '../../schema/types'
import type { FieldInfo } from './fields'
import { HEADERS } from './headers'

/** A range filter on a date picks the dates; on a number (money, a count) it takes two numbers. */
export function isDateRange(filter: ListFilter, field: Pick<FieldInfo, 'kind'>): boolean {
  return filter.match === 'range' && field.kind === 'datetime'
}

/**
 * The code a resource's list page needs beyond the list itself, as its resource file says: the
 * panel above it ("header"). Asked for with the list's own code, not once the list renders, so it
 * does not arrive after it and move it. A date range filter's picker waits for its field to be
 * wanted (DateRangeFilter).
 */
export function preloadListCode(registry: Pick<Registry, 'resources'>, resource: string): Promise<unknown> {
  const def = registry.resources.get(resource)
  const header = def?.header ? HEADERS[def.header] : undefined
  return header ? header.preload() : Promise.resolve()
}
