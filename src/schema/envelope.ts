import type { JsonSchema } from './types'

/** The envelope's `code` on success, the platform's convention. */
export const SUCCESS_CODE = 1

/**
 * Every `code` a failure may carry: 0 for a failure a person can act on, 50008, 50012 and
 * 50014 for a sign-in that is invalid, revoked or expired (spec §8). Listed, rather than
 * "anything but 1", so that `code === 1` tells success from failure in every client's types.
 */
export const FAILURE_CODES = [0, 50008, 50012, 50014] as const
export type FailureCode = (typeof FAILURE_CODES)[number]

export const FIELD_ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'One field a request got wrong: where, and what to do about it.',
  properties: { path: { type: 'string', description: 'JSON pointer into the request.' }, message: { type: 'string' } },
  required: ['path', 'message'],
  additionalProperties: false,
}

/** The envelope of a successful answer, around the schema of its data. */
export function successEnvelopeSchema(data: JsonSchema): JsonSchema {
  return {
    type: 'object',
    description: 'Success: code 1, and the data of the call.',
    properties: { code: { const: SUCCESS_CODE }, msg: { type: 'string' }, time: { type: 'integer', description: 'Unix time in seconds.' }, data },
    required: ['code', 'msg', 'time', 'data'],
    additionalProperties: false,
  }
}

/** The envelope of every failure; `fieldError` is how the schema refers to FIELD_ERROR_SCHEMA where it is used. */
export function errorEnvelopeSchema(fieldError: JsonSchema): JsonSchema {
  return {
    type: 'object',
    description:
      'A failure, never a success: code 0 with a message a person can act on (and field errors for a request that fails its schema, or a reference to quote for an unexpected error), or 50008, 50012 or 50014 for a token that is invalid, revoked or expired.',
    properties: {
      code: { enum: [...FAILURE_CODES] },
      msg: { type: 'string' },
      time: { type: 'integer', description: 'Unix time in seconds.' },
      data: {
        oneOf: [
          { type: 'null' },
          { type: 'object', properties: { errors: { type: 'array', items: fieldError } }, required: ['errors'], additionalProperties: false },
          { type: 'object', properties: { reference: { type: 'string', description: 'Quoted to whoever reads the server log.' } }, required: ['reference'], additionalProperties: false },
        ],
      },
    },
    required: ['code', 'msg', 'time', 'data'],
    additionalProperties: false,
  }
}
