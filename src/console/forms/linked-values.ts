import type { JsonSchema } from '../../schema/types'

/**
 * Form values a link carries for a create page (`/matrix-distribution/release-plan/create?work_ids=12`,
 * "send to a release plan" from a work): each query parameter naming a field of the form, read
 * as the field's type says, a list as values separated by commas. What does not read as the field's
 * type is left out; the form's own checks see everything else.
 */
export function linkedValues(schema: JsonSchema, search: string): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
  const values: Record<string, unknown> = {}
  for (const [name, text] of new URLSearchParams(search)) {
    const field = properties[name]
    if (!field || text === '') continue
    const value = read(field, text)
    if (value !== undefined) values[name] = value
  }
  return values
}

function read(field: JsonSchema, text: string): unknown {
  const type = ([] as unknown[]).concat(field.type ?? []).find((t) => t !== 'null')
  if (type === 'array') {
    const items = text.split(',').map((part) => read((field.items ?? {}) as JsonSchema, part.trim()))
    return items.every((item) => item !== undefined) ? items : undefined
  }
  if (type === 'integer') return /^-?\d+$/.test(text) ? Number(text) : undefined
  if (type === 'number') return Number.isFinite(Number(text)) ? Number(text) : undefined
  if (type === 'boolean') return text === 'true' ? true : text === 'false' ? false : undefined
  return type === 'string' ? text : undefined
}
