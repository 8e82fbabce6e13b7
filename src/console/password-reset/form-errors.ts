import type { FormInstance } from 'antd'
import type { ApiError } from '../providers/ApiError'

/**
 * Put the server's field errors on the form's fields; answers what is left to show above
 * the form (a rate limit, a send failure, no answer at all), or undefined.
 */
export function showApiError(form: FormInstance, error: ApiError, fields: readonly string[]): string | undefined {
  const onFields = (error.fieldErrors ?? []).filter((e) => fields.includes(e.path.slice(1)))
  form.setFields(onFields.map((e) => ({ name: e.path.slice(1), errors: [e.message] })))
  return onFields.length > 0 && onFields.length === error.fieldErrors.length ? undefined : error.message
}
