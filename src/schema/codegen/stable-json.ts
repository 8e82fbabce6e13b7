import { compareCodeUnits } from './registry-order'

/**
 * JSON with every object's keys in code-unit order, two-space indented, ending in a newline:
 * the same value always gives the same bytes, however it was built, and a schema change
 * shows up as a small diff.
 */
export function stableJson(value: unknown): string {
  return `${JSON.stringify(sortKeys(value), null, 2)}\n`
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys)
  if (value === null || typeof value !== 'object') return value
  const keys = Object.keys(value).sort(compareCodeUnits)
  return Object.fromEntries(keys.map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]))
}
