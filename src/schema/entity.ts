import { MEDIA_URL_FORMAT } from './media-url'
import type { Column, ColumnType, EntityDef, JsonSchema } from './types'
import type { SchemaProblem } from './SchemaError'
import { getAtPointer, joinPointer } from './pointer'
import { withNotBlank } from './not-blank'
import { messagesOf, placeholdersOf } from './messages'

/** Fields every entity has without declaring them, as Payload adds id and timestamps. */
const STANDARD_FIELDS: Record<string, JsonSchema> = {
  id: { type: 'integer', readOnly: true, 'x-label': { 'zh-CN': 'ID', 'en-US': 'ID' } },
  created_at: { type: 'string', format: 'date-time', readOnly: true, 'x-label': { 'zh-CN': '创建时间', 'en-US': 'Created' } },
  updated_at: { type: 'string', format: 'date-time', readOnly: true, 'x-label': { 'zh-CN': '更新时间', 'en-US': 'Updated' } },
}

export const STANDARD_FIELD_NAMES = Object.keys(STANDARD_FIELDS)

/**
 * Turn an entity file into its definition: the public schema the API speaks and the
 * columns it is stored in. `lookup` resolves a `$ref` to another file's schema.
 */
export function buildEntity(
  name: string,
  file: string,
  source: JsonSchema,
  lookup: (ref: string) => JsonSchema | undefined,
  problems: SchemaProblem[],
): EntityDef {
  const declared = source.properties as Record<string, JsonSchema>
  for (const field of STANDARD_FIELD_NAMES) {
    if (field in declared) {
      problems.push({ file, pointer: joinPointer('properties', field), message: `"${field}" is added to every entity; remove it from the file.` })
    }
  }
  const all: Record<string, JsonSchema> = { id: STANDARD_FIELDS.id!, ...declared, created_at: STANDARD_FIELDS.created_at!, updated_at: STANDARD_FIELDS.updated_at! }

  const publicProperties: Record<string, JsonSchema> = {}
  const columns: Column[] = []
  const mediaUrls: string[] = []
  for (const [field, property] of Object.entries(all)) {
    const resolved = resolvedProperty(property, lookup)
    if (resolved.format === MEDIA_URL_FORMAT) mediaUrls.push(field)
    const isPrivate = resolved['x-private'] === true
    if (!isPrivate) publicProperties[field] = property.$ref ? property : withStorageBounds(property)
    columns.push({
      name: field,
      ...storageOf(resolved),
      unique: resolved['x-unique'] === true,
      indexed: resolved['x-index'] === true || resolved['x-index'] === 'prefix',
      prefixIndexed: resolved['x-index'] === 'prefix',
      containsIndexed: resolved['x-index'] === 'contains',
      private: isPrivate,
      readOnly: resolved.readOnly === true,
      nullable: ([] as unknown[]).concat(resolved.type ?? []).includes('null'),
      lowercase: resolved.format === 'hostname',
      richText: resolved.contentMediaType === 'text/html',
      default: resolved.default,
      ...(typeof resolved['x-relation'] === 'string' ? { relation: resolved['x-relation'] } : {}),
    })
  }

  const owner = source['x-owner'] as string | undefined
  const parent = source['x-parent'] as string | undefined
  for (const [keyword, field] of [['x-owner', owner], ['x-parent', parent]] as const) {
    if (field === undefined) continue
    const column = columns.find((c) => c.name === field)
    if (!column) {
      problems.push({ file, pointer: `/${keyword}`, message: `${keyword} names field "${field}", which is not in properties. Declare it as an integer field or name an existing one.` })
    } else if (column.wire !== 'integer') {
      problems.push({ file, pointer: `/${keyword}`, message: `${keyword} field "${field}" must be an integer account id, but it is stored as ${column.wire}.` })
    }
  }

  for (const [field, property] of Object.entries(declared)) {
    const labels = property['x-enum-labels'] as unknown[] | undefined
    const values = property.enum as unknown[] | undefined
    if (labels && labels.length !== values?.length) {
      problems.push({ file, pointer: joinPointer('properties', field, 'x-enum-labels'), message: `has ${labels.length} labels but enum has ${values?.length ?? 0} values; give one label per value, in the order of enum.` })
    }
    const colors = property['x-enum-colors'] as unknown[] | undefined
    if (colors && colors.length !== values?.length) {
      problems.push({ file, pointer: joinPointer('properties', field, 'x-enum-colors'), message: `has ${colors.length} colours but enum has ${values?.length ?? 0} values; give one colour per value, in the order of enum.` })
    }
    checkMessages(file, field, property, problems)
  }
  for (const column of columns.filter((c) => c.richText && c.wire !== 'string')) {
    problems.push({ file, pointer: joinPointer('properties', column.name, 'contentMediaType'), message: `"contentMediaType": "text/html" marks formatted text, so field "${column.name}" must be a string, but it is stored as ${column.wire}.` })
  }
  for (const column of columns.filter((c) => c.prefixIndexed && c.wire !== 'string')) {
    problems.push({ file, pointer: joinPointer('properties', column.name, 'x-index'), message: `"x-index": "prefix" indexes a string for searches by its start, but field "${column.name}" is stored as ${column.wire}. Use "x-index": true.` })
  }
  for (const column of columns.filter((c) => c.containsIndexed && c.wire !== 'string')) {
    problems.push({ file, pointer: joinPointer('properties', column.name, 'x-index'), message: `"x-index": "contains" indexes a string for searches by any part of it, but field "${column.name}" is stored as ${column.wire}. Use "x-index": true.` })
  }
  for (const column of columns.filter((c) => c.relation && c.wire !== 'integer')) {
    problems.push({ file, pointer: joinPointer('properties', column.name, 'x-relation'), message: `x-relation field "${column.name}" must be an integer (the related record's id), but it is stored as ${column.wire}.` })
  }
  const title = source['x-title'] as string | undefined
  const titleColumn = columns.find((c) => c.name === title)
  if (title !== undefined && (!titleColumn || titleColumn.private || titleColumn.wire !== 'string')) {
    problems.push({ file, pointer: '/x-title', message: `x-title names "${title}", which is not a public string field of this entity. Name the field that names a record, e.g. "name".` })
  } else if (titleColumn && !titleColumn.readOnly && !(Number(resolvedProperty(all[titleColumn.name]!, lookup).minLength) >= 1)) {
    // A record's title is how people find and tell it apart: it cannot be empty, and so (withNotBlank) not blank either.
    problems.push({ file, pointer: joinPointer('properties', titleColumn.name), message: `is the x-title of this entity, so it must not be empty: add "minLength": 1 (blank values are then refused too), or make it "readOnly" if the server sets it.` })
  }

  const shared = source['x-shared'] as string | undefined
  if (shared !== undefined) {
    const column = columns.find((c) => c.name === shared)
    if (!owner) problems.push({ file, pointer: '/x-shared', message: 'x-shared offers a record to the accounts below its owner, but this entity has no x-owner. Declare x-owner or remove x-shared.' })
    if (!column || column.private || column.wire !== 'boolean') problems.push({ file, pointer: '/x-shared', message: `x-shared names "${shared}", which is not a public boolean field of this entity. Declare it as { "type": "boolean", "default": false }.` })
    // Which rows the caller sees but may not change: those shared with it from above.
    publicProperties._readonly = { type: 'boolean', readOnly: true, description: 'True on a record shared with the caller from an account above it: the caller may use it but not change or delete it.' }
  }

  // Records send the titles of the records they point to beside the ids.
  const relations = columns.filter((c) => c.relation && !c.private)
  if (relations.length > 0) {
    publicProperties._titles = {
      type: 'object',
      readOnly: true,
      description: 'The x-title of each record this one points to (x-relation), by field; null where the caller may not see that record.',
      properties: Object.fromEntries(relations.map((c) => [c.name, { type: ['string', 'null'] }])),
      additionalProperties: false,
    }
  }

  const indexes = (source['x-indexes'] as string[][] | undefined) ?? []
  indexes.forEach((fields, i) =>
    fields.forEach((field, j) => {
      if (!columns.some((c) => c.name === field)) problems.push({ file, pointer: joinPointer('x-indexes', i, j), message: `names field "${field}", which is not in properties. Index fields the entity stores.` })
    }),
  )

  const tally = source['x-tally'] as string[] | undefined
  if (tally && !owner) problems.push({ file, pointer: '/x-tally', message: 'x-tally counts records by their owner, but this entity has no x-owner. Declare x-owner or remove x-tally.' })
  if (tally && owner && columns.find((c) => c.name === owner)?.nullable) problems.push({ file, pointer: '/x-tally', message: `x-tally counts records by their owner, but x-owner field "${owner}" is nullable. Make it an integer that always holds an account.` })
  tally?.forEach((field, i) => {
    const column = columns.find((c) => c.name === field)
    if (!column) problems.push({ file, pointer: joinPointer('x-tally', i), message: `names field "${field}", which is not in properties. Tally fields the entity stores.` })
    else if (column.nullable || column.private) problems.push({ file, pointer: joinPointer('x-tally', i), message: `field "${field}" is ${column.private ? 'private' : 'nullable'}; a tally counts by public fields that always hold a value.` })
  })

  const ownsFiles = source['x-owns-files'] === true
  if (ownsFiles && mediaUrls.length === 0) problems.push({ file, pointer: '/x-owns-files', message: 'x-owns-files removes the files of the record\'s "format": "media-url" fields with it, but this entity has none. Remove x-owns-files or mark the fields that hold its files.' })

  const required = (source.required as string[] | undefined) ?? []
  for (const [i, field] of required.entries()) {
    if (!(field in declared)) {
      problems.push({ file, pointer: joinPointer('required', i), message: `"${field}" is required but not declared in properties.` })
    }
  }

  // The API always sends every public field (a stored NULL becomes the default), so those with a default are required too.
  const alwaysSent = Object.keys(publicProperties).filter((f) => required.includes(f) || STANDARD_FIELD_NAMES.includes(f) || 'default' in (publicProperties[f] ?? {}))
  const schema = withNotBlank(qualifyLocalRefs(
    {
      $id: name,
      title: source.title,
      ...(source.description ? { description: source.description } : {}),
      type: 'object',
      properties: publicProperties,
      required: alwaysSent,
      additionalProperties: false,
      ...(source.$defs ? { $defs: source.$defs } : {}),
    },
    name,
  ) as JsonSchema)

  return {
    name,
    file,
    table: (source['x-table'] as string | undefined) ?? name,
    label: source['x-label'] as EntityDef['label'],
    owner,
    parent,
    ...(title !== undefined ? { title } : {}),
    indexes,
    ...(tally ? { tally } : {}),
    ...(ownsFiles && mediaUrls.length > 0 ? { ownedFiles: mediaUrls } : {}),
    ...(shared !== undefined ? { shared } : {}),
    columns,
    schema,
    source,
  }
}

/**
 * x-messages is a message's templates by key: the field holds `{ key, params }`, so it is an
 * object, and both locales of a template fill the same placeholders, or one language would say
 * less than the other.
 */
function checkMessages(file: string, field: string, property: JsonSchema, problems: SchemaProblem[]): void {
  const messages = messagesOf(property)
  if (!messages) return
  const types = ([] as unknown[]).concat(property.type ?? [])
  if (!types.includes('object')) problems.push({ file, pointer: joinPointer('properties', field, 'x-messages'), message: `renders a message kept as { "key", "params" }, so field "${field}" must be an object ("type": ["object", "null"]).` })
  for (const [key, template] of Object.entries(messages)) {
    const [zh, en] = [placeholdersOf(template['zh-CN']).sort(), placeholdersOf(template['en-US']).sort()]
    if (zh.join() !== en.join()) problems.push({ file, pointer: joinPointer('properties', field, 'x-messages', key), message: `fills {${zh.join('}, {')}} in zh-CN but {${en.join('}, {')}} in en-US; both languages must name the same values.` })
  }
}

/** `#/$defs/x` → `name#/$defs/x`, so a property copied into an endpoint's schema still points home. */
function qualifyLocalRefs(node: unknown, name: string): unknown {
  if (Array.isArray(node)) return node.map((n) => qualifyLocalRefs(n, name))
  if (node === null || typeof node !== 'object') return node
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, key === '$ref' && typeof value === 'string' && value.startsWith('#') ? name + value : qualifyLocalRefs(value, name)]),
  )
}

/** Integers are stored in 32 bits: one without bounds of its own gets that range (a record id starts at 1), so no value reaches the database that it would refuse. */
function withStorageBounds(property: JsonSchema): JsonSchema {
  const types = ([] as unknown[]).concat(property.type ?? [])
  if (!types.includes('integer') || property.format === 'money') return property
  const relation = typeof property['x-relation'] === 'string'
  return { ...property, minimum: property.minimum ?? (relation ? 1 : INT32_MIN), maximum: property.maximum ?? INT32_MAX }
}

const INT32_MIN = -2147483648
const INT32_MAX = 2147483647

function resolvedProperty(property: JsonSchema, lookup: (ref: string) => JsonSchema | undefined): JsonSchema {
  return property.$ref ? { ...lookup(String(property.$ref)), ...withoutRef(property) } : property
}

function withoutRef(property: JsonSchema): JsonSchema {
  const { $ref: _ignored, ...rest } = property
  return rest
}

function storageOf(property: JsonSchema): { type: ColumnType; wire: Column['wire'] } {
  const types = ([] as unknown[]).concat(property.type ?? 'string').filter((t) => t !== 'null')
  const type = types[0]
  if (property.format === 'money') return { type: 'bigint', wire: 'money' }
  switch (type) {
    case 'integer':
      return { type: 'integer', wire: 'integer' }
    case 'number':
      return { type: 'double precision', wire: 'number' }
    case 'boolean':
      return { type: 'integer', wire: 'boolean' }
    case 'array':
    case 'object':
      return { type: 'text', wire: 'json' }
    default:
      return { type: 'text', wire: 'string' }
  }
}

/** Resolve `$ref` strings of the form `entity`, `entity#/pointer` or `#/pointer` (local to `self`). */
export function resolveRef(ref: string, self: JsonSchema, schemas: Record<string, JsonSchema>): unknown {
  const hash = ref.indexOf('#')
  const base = hash === -1 ? ref : ref.slice(0, hash)
  const pointer = hash === -1 ? '' : ref.slice(hash + 1)
  const doc = base === '' ? self : schemas[base]
  if (doc === undefined) return undefined
  return getAtPointer(doc, pointer)
}
