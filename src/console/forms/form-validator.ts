import type { ErrorObject } from 'ajv'
import { toErrorSchema, type RJSFValidationError, type ValidatorType } from '@rjsf/utils'
import type { JsonSchema, Locale } from '../../schema/types'
import { toFieldErrors } from '../../schema/validation-messages'
import { getAtPointer, escapePointerToken } from '../../schema/pointer'
import { fieldValidatorName, type FormSource } from '../../schema/form-fields'
import type { FieldValidators } from './field-validators'

/**
 * The forms' validator. Each field a form shows is checked by the server's own validator of
 * that field (field-validators.ts), so a value the form accepts is one the server accepts;
 * the form's schema names its source in `$id` (form-schema.ts). Until the validators have
 * loaded, a form checks only that its required fields are there, and the server the rest.
 */
export function formValidator(fields: FieldValidators | undefined): ValidatorType {
  return {
    validateFormData(formData, schema, customValidate, transformErrors, uiSchema) {
      if (customValidate) throw new Error('The console\'s forms validate by their schema alone; customValidate is not supported.')
      const raw = toRjsfErrors(formErrors(schema as JsonSchema, formData, fields))
      const errors = transformErrors ? transformErrors(raw, uiSchema) : raw
      return { errors, errorSchema: toErrorSchema(errors) }
    },
    isValid: (schema, formData) => formErrors(schema as JsonSchema, formData, fields).length === 0,
    rawValidation: (schema, formData) => ({ errors: formErrors(schema as JsonSchema, formData, fields) as never[] }),
  }
}

/**
 * The errors of a form's data, as ajv words them: a required field that is missing, and
 * whatever each field's own validator says of its value.
 */
export function formErrors(schema: JsonSchema, data: unknown, fields: FieldValidators | undefined): ErrorObject[] {
  const values = (data ?? {}) as Record<string, unknown>
  const source = schema.$id as FormSource | undefined
  const errors: ErrorObject[] = []
  for (const field of (schema.required ?? []) as string[]) {
    if (values[field] === undefined) {
      errors.push({ keyword: 'required', instancePath: '', schemaPath: '#/required', params: { missingProperty: field }, message: `must have required property '${field}'`, parentSchema: schema })
    }
  }
  for (const field of Object.keys((schema.properties ?? {}) as object)) {
    const validate = source && fields?.[fieldValidatorName(source, field)]
    if (!validate || values[field] === undefined || validate(values[field])) continue
    const at = `/${escapePointerToken(field)}`
    for (const error of validate.errors ?? []) errors.push({ ...error, instancePath: at + error.instancePath, schemaPath: `#/properties${at}${error.schemaPath.slice(1)}` })
  }
  return errors
}

/** ajv's errors in rjsf's shape, as @rjsf/validator-ajv8 makes them. */
function toRjsfErrors(errors: ErrorObject[]): RJSFValidationError[] {
  return errors.map(({ keyword, instancePath, params, schemaPath, message = '' }) => {
    const at = instancePath.replace(/\//g, '.')
    const missing = (params as { missingProperty?: string }).missingProperty
    const property = missing === undefined ? at : at ? `${at}.${missing}` : missing
    return { name: keyword, property, message, params, stack: `${property} ${message}`.trim(), schemaPath }
  })
}

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

/** The schema of the value at `pointer`: an object's property, or an array's item (/segments/0/start). */
function schemaAt(schema: JsonSchema, pointer: string): JsonSchema {
  let node: JsonSchema | undefined = schema
  for (const token of pointer.split('/').slice(1)) {
    if (!node) break
    const items: unknown = node.items
    node = /^\d+$/.test(token) && items && typeof items === 'object' ? (items as JsonSchema) : (getAtPointer(node, `/properties/${escapePointerToken(token)}`) as JsonSchema | undefined)
  }
  return node ?? {}
}
