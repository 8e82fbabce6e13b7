import type { SchemaProblem } from './SchemaError'
import { joinPointer } from './pointer'
import type { JsonSchema } from './types'

// Mistakes JSON Schema itself takes without a word, which then break every create: a default,
// an example or a const its own field refuses ("default": "no" on a boolean, an enum's default
// outside it), and a range no value can be in (a minLength above its maxLength).

/** Checks one value against one field; undefined when the field cannot be compiled (reported elsewhere). */
export type FieldValidator = (schema: JsonSchema) => ((value: unknown) => string | undefined) | undefined

/** Where the schemas of each kind of file sit, as JSON pointers into it. */
export const SCHEMA_ROOTS: Readonly<Record<string, readonly string[]>> = {
  entity: [''],
  config: [''],
  shared: [''],
  task: ['/input'],
  endpoint: ['/request/query', '/request/body', '/response'],
}

/** Pairs of bounds where the first above the second (or equal, for exclusive ones) leaves no value. */
const RANGES: readonly { low: string; high: string; strict: boolean }[] = [
  { low: 'minLength', high: 'maxLength', strict: false },
  { low: 'minimum', high: 'maximum', strict: false },
  { low: 'exclusiveMinimum', high: 'exclusiveMaximum', strict: true },
  { low: 'minimum', high: 'exclusiveMaximum', strict: true },
  { low: 'exclusiveMinimum', high: 'maximum', strict: true },
  { low: 'minItems', high: 'maxItems', strict: false },
  { low: 'minProperties', high: 'maxProperties', strict: false },
  { low: 'minContains', high: 'maxContains', strict: false },
]

const SUBSCHEMA = ['items', 'additionalProperties', 'contains', 'not', 'if', 'then', 'else', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties']
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'dependentSchemas']
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems']

/** Every value-level mistake of a file's schemas, each at its own pointer. */
export function valueProblems(file: string, kind: string, json: JsonSchema, validator: FieldValidator): SchemaProblem[] {
  const problems: SchemaProblem[] = []
  for (const root of SCHEMA_ROOTS[kind] ?? []) {
    const keys = root.split('/').slice(1)
    let node: unknown = json
    for (const key of keys) node = isObject(node) ? node[key] : undefined
    if (isObject(node)) walk(node, keys, file, validator, problems)
  }
  return problems
}

function walk(schema: Record<string, unknown>, at: string[], file: string, validator: FieldValidator, problems: SchemaProblem[]): void {
  for (const { low, high, strict } of RANGES) {
    const [a, b] = [schema[low], schema[high]]
    if (typeof a === 'number' && typeof b === 'number' && (strict ? a >= b : a > b)) {
      problems.push({ file, pointer: joinPointer(...at, low), message: `${low} ${a} is ${strict && a === b ? 'equal to' : 'above'} ${high} ${b}: no value can be both. Lower ${low} or raise ${high}.` })
    }
  }
  const values: [string[], unknown, string][] = []
  if ('default' in schema) values.push([['default'], schema.default, 'Every call that leaves the field out would be refused.'])
  if ('const' in schema) values.push([['const'], schema.const, 'No value could pass.'])
  if (Array.isArray(schema.examples)) schema.examples.forEach((example, i) => values.push([['examples', String(i)], example, 'The API documentation would show a value the API refuses.']))
  if (values.length > 0) {
    const check = validator(schema as JsonSchema)
    for (const [keys, value, consequence] of values) {
      const refusal = check?.(value)
      if (refusal) problems.push({ file, pointer: joinPointer(...at, ...keys), message: `${JSON.stringify(value)} is not a value this field accepts: it ${refusal}. ${consequence}` })
    }
  }
  for (const key of SUBSCHEMA) if (isObject(schema[key])) walk(schema[key], [...at, key], file, validator, problems)
  for (const key of SUBSCHEMA_MAPS) {
    const map = schema[key]
    if (isObject(map)) for (const [name, sub] of Object.entries(map)) if (isObject(sub)) walk(sub, [...at, key, name], file, validator, problems)
  }
  for (const key of SUBSCHEMA_LISTS) {
    const list = schema[key]
    if (Array.isArray(list)) list.forEach((sub, i) => isObject(sub) && walk(sub, [...at, key, String(i)], file, validator, problems))
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
}
