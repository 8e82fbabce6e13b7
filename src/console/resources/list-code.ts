import type { ListFilter, Registry } from '../../schema/types'
import { fieldOf, type FieldInfo } from './fields'
import { HEADERS } from './headers'
import { RangePicker } from './range-picker'

/** A range filter on a date picks the dates; on a number (money, a count) it takes two numbers. */
export function isDateRange(filter: ListFilter, field: Pick<FieldInfo, 'kind'>): boolean {
  return filter.match === 'range' && field.kind === 'datetime'
}

/**
 * The code a resource's list page needs beyond the list itself, as its resource file says: the
 * panel above it ("header") and the date picker of a date range filter. Asked for with the list's
 * own code, not once the list renders, so neither arrives after it and moves it.
 */
export function preloadListCode(registry: Pick<Registry, 'resources' | 'entities' | 'schemas'>, resource: string): Promise<unknown> {
  const def = registry.resources.get(resource)
  const entity = def && registry.entities.get(def.entity)
  if (!def || !entity) return Promise.resolve()
  const header = def.header ? HEADERS[def.header] : undefined
  const dates = def.list.filters.some((filter) => isDateRange(filter, fieldOf(registry, entity, filter.field)))
  return Promise.all([header?.preload(), dates ? RangePicker.preload() : undefined])
}
