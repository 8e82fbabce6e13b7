import type { HttpError, ValidationErrors } from '@refinedev/core'

/** Envelope codes of spec §8 that mean the session is gone: invalid, revoked, expired. */
export const SESSION_CODES = [50008, 50012, 50014] as const

/**
 * A failed call in Refine's HttpError shape, so notifications and form field errors
 * work unchanged. `code` is the envelope's code (0 for a business failure), absent
 * when the server never answered with an envelope.
 */
export class ApiError extends Error implements HttpError {
  readonly errors?: ValidationErrors
  constructor(
    message: string,
    readonly statusCode: number,
    readonly code?: number,
    /** data.errors as sent: JSON pointers into the request. */
    readonly fieldErrors: { path: string; message: string }[] = [],
    /** Why no answer came, when none did. */
    readonly failure?: 'network' | 'aborted' | 'timeout',
  ) {
    super(message)
    this.name = 'ApiError'
    if (fieldErrors.length > 0) this.errors = toValidationErrors(fieldErrors)
  }

  get isSessionError(): boolean {
    return this.statusCode === 401 || (SESSION_CODES as readonly number[]).includes(this.code ?? -1)
  }
}

/** `/host` → `host`, `/a/b` → `a.b`: the field names Refine's forms use. */
function toValidationErrors(fieldErrors: { path: string; message: string }[]): ValidationErrors {
  const out: Record<string, string[]> = {}
  for (const { path, message } of fieldErrors) {
    const field = path.replace(/^\//, '').split('/').join('.') || '_form'
    ;(out[field] ??= []).push(message)
  }
  return out
}
