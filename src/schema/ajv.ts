import { Ajv2020, type Options } from 'ajv/dist/2020.js'
import { _ } from 'ajv/dist/compile/codegen/index.js'
import { usePattern } from 'ajv/dist/vocabularies/code.js'
import addFormats from 'ajv-formats'
import { SCHEMA_FORMATS } from './formats'
import { BLANK_PATTERN, NOT_BLANK_KEYWORD } from './not-blank'

/** Keywords our schema files add to JSON Schema. They annotate; they never change what validates. */
export const ANNOTATION_KEYWORDS = [
  'x-label',
  'x-table',
  'x-owner',
  'x-parent',
  'x-title',
  'x-relation',
  'x-pick-from',
  'x-relation-where',
  'x-enum-labels',
  'x-enum-colors',
  'x-enum-from',
  'x-unique',
  'x-index',
  'x-renamed-from',
  'x-private',
  'x-widget',
  'x-recording-words',
  'x-pattern-hint',
  'x-help',
  'x-shown-when',
  'x-accept',
  'x-messages',
] as const

/**
 * The one ajv set-up used by the registry and the server, and compiled by the server for the
 * console's forms (src/server/forms), so a value valid in a form is valid on the server.
 * Strict mode stays on: a misspelt keyword in a schema file is an error, not a silently
 * ignored rule.
 */
export function createAjv(options: Options = {}): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true, ...options })
  addFormats(ajv)
  addSchemaVocabulary(ajv)
  return ajv
}

/** Our formats and keywords, beside ajv-formats' own. */
function addSchemaVocabulary(ajv: Ajv2020): void {
  for (const [name, format] of Object.entries(SCHEMA_FORMATS)) ajv.addFormat(name, format)
  ajv.addVocabulary([...ANNOTATION_KEYWORDS])
  ajv.addKeyword({
    keyword: NOT_BLANK_KEYWORD,
    type: 'string',
    schemaType: 'boolean',
    // Written as code, not a function, so that the validators the server compiles for the console carry it.
    // The empty string is minLength's to refuse ("cannot be empty"), not this keyword's as well.
    code(cxt) {
      if (cxt.schema !== true) return
      const blank = usePattern(cxt, BLANK_PATTERN)
      cxt.fail(_`${cxt.data} !== "" && ${blank}.test(${cxt.data})`)
    },
  })
}
