import { ERRORS, type ErrorCode } from './catalogue'
import type { FieldError } from '../../schema/validation-messages'
import type { Locale } from '../../schema/types'
import type { FailureCode } from '../../schema/envelope'

/**
 * The one error type handlers throw. Its code picks the HTTP status, the envelope
 * code and the wording (in the caller's locale) from the catalogue.
 *
 * ```ts
 * throw new AppError('RECORD_NOT_FOUND', { entity: 'Domain', id: 7 })
 * ```
 */
export class AppError extends Error {
  readonly status: number
  readonly envelopeCode: FailureCode
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, string | number> = {},
    /** Field errors for forms, sent as data.errors. */
    readonly fieldErrors?: FieldError[],
  ) {
    super(ERRORS[code].text['en-US'](params))
    this.name = 'AppError'
    this.status = ERRORS[code].status
    this.envelopeCode = ERRORS[code].code
  }

  messageIn(locale: Locale): string {
    return ERRORS[this.code].text[locale](this.params)
  }
}

/** A request that fails its schema: 200, code 0, every field error at once. */
export function validationError(errors: FieldError[]): AppError {
  return new AppError('VALIDATION_FAILED', { first: errors[0]?.message ?? 'The request is not valid.' }, errors)
}

/**
 * A business failure that belongs to one field of the form, worded in the caller's locale:
 *
 * ```ts
 * throw fieldError('AUTH_PASSWORD_WRONG', '/old_password', ctx.locale)
 * ```
 */
export function fieldError(code: ErrorCode, path: string, locale: Locale, params: Record<string, string | number> = {}): AppError {
  const message = new AppError(code, params).messageIn(locale)
  return new AppError(code, params, [{ path, message }])
}
