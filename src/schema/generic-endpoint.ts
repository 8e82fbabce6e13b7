import type { EndpointDef, EntityDef, GenericHandler, JsonSchema, ListConfig } from './types'

/** The server never sends more rows than this in one page, whatever `limit` asks. */
export const MAX_PAGE_SIZE = 100
export const DEFAULT_PAGE_SIZE = 20

const ID: JsonSchema = { type: 'integer', minimum: 1, maximum: 2147483647 }
const DATE_BOUND: JsonSchema = {
  type: 'string',
  pattern: '^\\d{4}-\\d{2}-\\d{2}([T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,3})?)?(Z|[+-]\\d{2}:?\\d{2})?)?$',
  description: 'A date (YYYY-MM-DD, the whole day counts) or an ISO date-time.',
}

/** Request and response schemas of a generic endpoint, derived from its entity (and list config). */
export function deriveGenericSchemas(
  handler: GenericHandler,
  entity: EntityDef,
  list: ListConfig | undefined,
  fixed: Record<string, unknown> = {},
): Pick<EndpointDef, 'request' | 'response'> {
  const record: JsonSchema = { $ref: entity.name }
  // A fixed field is the endpoint's to set, never the caller's.
  const settable = (name: string) => !(name in fixed)
  switch (handler) {
    case 'list':
      return { request: { query: listQuery(entity, list!, settable) }, response: paginator(record) }
    case 'get':
      return { request: { query: closedObject({ id: ID }, ['id']) }, response: record }
    case 'create':
      return { request: { body: writableBody(entity, { withDefaults: true }, settable) }, response: record }
    case 'update':
      return { request: { body: updateBody(entity, settable) }, response: record }
    case 'delete':
      return {
        request: { body: closedObject({ ids: { type: 'array', items: ID, minItems: 1, maxItems: 1000, uniqueItems: true } }, ['ids']) },
        response: closedObject({ deleted: { type: 'integer', minimum: 0 } }, ['deleted']),
      }
  }
}

export function paginator(item: JsonSchema): JsonSchema {
  return closedObject(
    {
      total: { type: 'integer', minimum: 0 },
      total_is_at_least: {
        type: 'boolean',
        const: true,
        description:
          'Only when a search by any part of a field (x-index "contains") matches more rows than the server counts: more than `total` match. `last_page` then goes as far as the count did, or one past a full page; later pages answer their rows as any other, and one that is not full gives the exact total.',
      },
      per_page: { type: 'integer', minimum: 1 },
      current_page: { type: 'integer', minimum: 1 },
      last_page: { type: 'integer', minimum: 1 },
      data: { type: 'array', items: item },
    },
    ['total', 'per_page', 'current_page', 'last_page', 'data'],
  )
}

function listQuery(entity: EntityDef, list: ListConfig, settable: (name: string) => boolean): JsonSchema {
  const props = entityProperties(entity)
  const properties: Record<string, JsonSchema> = {
    // Bounded like ids, so the row offset stays an integer both databases take.
    page: { type: 'integer', minimum: 1, maximum: 2147483647, default: 1, description: '1-based page number.' },
    limit: { type: 'integer', minimum: 1, default: list.pageSize, description: `Rows per page; more than ${MAX_PAGE_SIZE} is answered with ${MAX_PAGE_SIZE}.` },
  }
  if (list.sort.length > 0) {
    properties.sort = { enum: list.sort, description: 'Field to sort by.' }
    properties.order = { enum: ['asc', 'desc'] }
  }
  if (entity.shared) properties.usable = { type: 'boolean', description: 'Only what the caller may use in its own work: its own records and those shared with it from above, as a picker offers them.' }
  for (const filter of list.filters.filter((f) => settable(f.field))) {
    const property = props[filter.field] ?? {}
    if (filter.match === 'range') {
      const bound = isDateTime(property) ? DATE_BOUND : scalarOf(property)
      properties[`${filter.field}_from`] = labelled(bound, property)
      properties[`${filter.field}_to`] = labelled(bound, property)
    } else if (filter.match === 'contains') {
      properties[filter.field] = labelled({ type: 'string', maxLength: 256 }, property)
    } else if (filter.match === 'in') {
      // Values that hold no comma (enum values, task kinds), so a comma list of them reads back as it was written.
      const one = Array.isArray(property.enum) ? `(${(property.enum as string[]).map(escapeRegExp).join('|')})` : '[^,\\s]+'
      properties[`${filter.field}_in`] = labelled({ type: 'string', maxLength: 1024, pattern: `^${one}(,${one})*$` }, property)
    } else {
      properties[filter.field] = labelled(scalarOf(property), property)
    }
  }
  return { type: 'object', properties, additionalProperties: false }
}

function labelled(schema: JsonSchema, property: JsonSchema): JsonSchema {
  return property['x-label'] ? { ...schema, 'x-label': property['x-label'] } : schema
}

function writableBody(entity: EntityDef, { withDefaults }: { withDefaults: boolean }, settable: (name: string) => boolean): JsonSchema {
  const properties: Record<string, JsonSchema> = {}
  for (const column of entity.columns) {
    if (column.private || column.readOnly || !settable(column.name)) continue
    const property = entityProperties(entity)[column.name]!
    properties[column.name] = withDefaults ? property : withoutDefault(property)
  }
  const required = ((entity.source.required as string[] | undefined) ?? []).filter((f) => f in properties)
  return closedObject(properties, withDefaults ? required : [])
}

function updateBody(entity: EntityDef, settable: (name: string) => boolean): JsonSchema {
  const body = writableBody(entity, { withDefaults: false }, settable)
  return closedObject({ id: ID, ...(body.properties as Record<string, JsonSchema>) }, ['id'])
}

function closedObject(properties: Record<string, JsonSchema>, required: string[]): JsonSchema {
  return { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false }
}

function entityProperties(entity: EntityDef): Record<string, JsonSchema> {
  return entity.schema.properties as Record<string, JsonSchema>
}

function withoutDefault(property: JsonSchema): JsonSchema {
  const { default: _ignored, ...rest } = property
  return rest
}

function isDateTime(property: JsonSchema): boolean {
  return property.format === 'date-time' || property.format === 'date'
}

/** The type-bearing part of a property, for filter parameters (lengths and patterns do not apply to searches). */
function scalarOf(property: JsonSchema): JsonSchema {
  if (property.$ref) return { $ref: property.$ref }
  const out: JsonSchema = {}
  for (const keyword of ['type', 'enum', 'format', 'minimum', 'maximum']) {
    if (keyword in property) out[keyword] = property[keyword]
  }
  if (out.type === undefined && out.enum === undefined) out.type = 'string'
  if (out.type === 'string' && out.enum === undefined && out.format === undefined) out.maxLength = 256
  if (Array.isArray(out.type)) out.type = (out.type as string[]).filter((t) => t !== 'null')
  if (out.format === 'money') out.type = 'string'
  return out
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
