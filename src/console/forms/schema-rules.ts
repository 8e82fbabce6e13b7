import type { Rule } from 'antd/es/form'
import type { JsonSchema, Locale } from '../../schema/types'
import { toFieldErrors } from '../../schema/validation-messages'
import { formErrors } from './form-validator'
import type { FormSource } from '../../schema/form-fields'
import type { FieldValidatorsLoader } from './field-validators'

/**
 * antd Form rules for the fields of an endpoint's body schema (from endpointForm), for
 * hand-laid-out forms such as the sign-in page's: the server's own check and wording,
 * so a field reads the same whichever side caught it.
 *
 * ```tsx
 * const rules = schemaRules(endpointForm(registry, 'platform/reset_pwd', locale).schema, locale, fieldValidators)
 * <Form.Item name="code" rules={rules('code')}>
 * ```
 */
export function schemaRules(schema: JsonSchema, locale: Locale, fieldValidators: FieldValidatorsLoader): (field: string) => Rule[] {
  const source = schema.$id as FormSource | undefined
  return (field) => [
    {
      validator: async (_rule, value: unknown) => {
        // The other fields are left out, so only this field's own errors count. An emptied input
        // is a field not filled in: "cannot be empty" reads better there than a length rule.
        const errors = formErrors(schema, value === undefined || value === '' ? {} : { [field]: value }, source ? await fieldValidators(source).catch(() => undefined) : undefined)
        const own = toFieldErrors(errors, locale).find((e) => e.path === `/${field}`)
        if (own) throw new Error(own.message)
      },
    },
  ]
}
