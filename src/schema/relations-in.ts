import type { JsonSchema } from './types'

/** One record a value names through an `x-relation` field, and where (a JSON pointer into the value). */
export interface NamedRecord {
  entity: string
  id: number
  path: string
}

/**
 * The records a value names through `x-relation` fields at any depth of its schema (a
 * segment's material, each clip of a slot's pool, the music): what a task's input uses.
 */
export function relationsIn(schema: JsonSchema, value: unknown, path = ''): NamedRecord[] {
  const relation = schema['x-relation']
  if (typeof relation === 'string') return Number.isInteger(value) && (value as number) > 0 ? [{ entity: relation, id: value as number, path }] : []
  if (Array.isArray(value)) {
    const items = schema.items as JsonSchema | undefined
    return items ? value.flatMap((item, i) => relationsIn(items, item, `${path}/${i}`)) : []
  }
  if (value && typeof value === 'object') {
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
    return Object.entries(properties).flatMap(([name, field]) => (name in value ? relationsIn(field, (value as Record<string, unknown>)[name], `${path}/${name}`) : []))
  }
  return []
}

/** The entities a schema's `x-relation` fields name, at any depth. */
export function relatedEntities(schema: JsonSchema): string[] {
  const found = new Set<string>()
  const walk = (node: JsonSchema) => {
    if (typeof node['x-relation'] === 'string') found.add(node['x-relation'])
    if (node.items && typeof node.items === 'object') walk(node.items as JsonSchema)
    for (const field of Object.values((node.properties ?? {}) as Record<string, JsonSchema>)) walk(field)
  }
  walk(schema)
  return [...found]
}

/** Each `x-relation-where` at any depth of a schema, with its JSON pointer into the schema. */
export function relationFilters(schema: JsonSchema, pointer = ''): { pointer: string; entity: string; where: Record<string, unknown[]> }[] {
  const found: { pointer: string; entity: string; where: Record<string, unknown[]> }[] = []
  const where = schema['x-relation-where']
  if (typeof schema['x-relation'] === 'string' && where && typeof where === 'object') found.push({ pointer, entity: schema['x-relation'], where: where as Record<string, unknown[]> })
  if (schema.items && typeof schema.items === 'object') found.push(...relationFilters(schema.items as JsonSchema, `${pointer}/items`))
  for (const [name, field] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) found.push(...relationFilters(field, `${pointer}/properties/${name}`))
  return found
}
