import { Ajv2020, type Options } from 'ajv/dist/2020.js'
import type AjvCore from 'ajv/dist/core.js'
import addFormats from 'ajv-formats'
import { isMediaUrl, MEDIA_URL_FORMAT } from './media-url'
import { isBlank, NOT_BLANK_KEYWORD } from './not-blank'

/** Keywords our schema files add to JSON Schema. They annotate; they never change what validates. */
export const ANNOTATION_KEYWORDS = [
  'x-label',
  'x-table',
  'x-owner',
  'x-parent',
  'x-title',
  'x-relation',
  'x-pick-from',
  'x-enum-labels',
  'x-enum-colors',
  'x-unique',
  'x-index',
  'x-private',
  'x-widget',
  'x-pattern-hint',
] as const

/** Money on the wire: yuan as a decimal string with two places, e.g. "12.50". */
export const MONEY_PATTERN = /^-?(0|[1-9]\d{0,12})\.\d{2}$/

/**
 * The one ajv set-up used by the registry, the server and the console, so a value
 * valid in a form is valid on the server. Strict mode stays on: a misspelt keyword
 * in a schema file is an error, not a silently ignored rule.
 */
export function createAjv(options: Options = {}): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true, ...options })
  addFormats(ajv)
  addSchemaVocabulary(ajv)
  return ajv
}

/**
 * Our formats and keywords on an ajv instance that has the standard formats already: the
 * server's (createAjv) and the console forms' (rjsf builds its own instance).
 */
export function addSchemaVocabulary<A extends AjvCore>(ajv: A): A {
  ajv.addFormat('money', MONEY_PATTERN)
  ajv.addFormat(MEDIA_URL_FORMAT, { type: 'string', validate: isMediaUrl })
  ajv.addVocabulary([...ANNOTATION_KEYWORDS])
  // The empty string is minLength's to refuse ("cannot be empty"), not this keyword's as well.
  ajv.addKeyword({ keyword: NOT_BLANK_KEYWORD, type: 'string', schemaType: 'boolean', errors: false, validate: (on: boolean, value: string) => !on || value === '' || !isBlank(value) })
  return ajv
}
