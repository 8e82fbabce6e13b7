import { customizeValidator } from '@rjsf/validator-ajv8'
import type { RJSFValidationError } from '@rjsf/utils'
import type Ajv from 'ajv'
import type { ErrorObject } from 'ajv'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { addSchemaVocabulary } from '../../schema/ajv'
import type { JsonSchema, Locale } from '../../schema/types'
import { toFieldErrors } from '../../schema/validation-messages'
import { getAtPointer } from '../../schema/pointer'

/**
 * The form's validator: the same JSON Schema dialect, formats and keywords as the
 * server's (src/schema/ajv.ts), so a value the form accepts is one the server accepts.
 */
export const formValidator = customizeValidator({
  AjvClass: Ajv2020 as unknown as typeof Ajv,
  extenderFn: addSchemaVocabulary,
})

/**
 * rjsf's errors reworded by the same messages the server sends, with the field's label
 * in the console's locale, so a field reads the same whichever side caught it.
 */
export function localizeErrors(schema: JsonSchema, locale: Locale) {
  return (errors: RJSFValidationError[]): RJSFValidationError[] =>
    errors.map((error) => {
      const pointer = toPointer(error.property ?? '')
      const isRequired = error.name === 'required'
      const instancePath = isRequired ? pointer.replace(/\/[^/]*$/, '') : pointer
      const parentPath = isRequired ? instancePath : pointer
      const ajvError = {
        keyword: error.name ?? '',
        instancePath,
        params: error.params ?? {},
        schemaPath: error.schemaPath ?? '',
        parentSchema: schemaAt(schema, parentPath),
      } as ErrorObject
      const message = toFieldErrors([ajvError], locale)[0]?.message
      return message ? { ...error, message, stack: message } : error
    })
}

/** ".host" or "['first-name'].x" → "/host" or "/first-name/x". */
function toPointer(property: string): string {
  const tokens = property.match(/[^.[\]'"]+/g) ?? []
  return tokens.map((t) => `/${t}`).join('')
}

function schemaAt(schema: JsonSchema, pointer: string): JsonSchema {
  if (pointer === '') return schema
  const path = pointer.split('/').slice(1).flatMap((token) => ['properties', token])
  return (getAtPointer(schema, '/' + path.join('/')) as JsonSchema | undefined) ?? {}
}
