import type { FailureCode, SUCCESS_CODE } from '../schema/envelope'

/** The envelope's code: 1 is success, every other value one of the failure codes (src/schema/envelope.ts). */
export type EnvelopeCode = typeof SUCCESS_CODE | FailureCode

/** The platform's response envelope: code 1 is success; people read msg. */
export interface Envelope<T = unknown> {
  code: EnvelopeCode
  msg: string
  time: number
  data: T
}

export function envelope<T>(code: EnvelopeCode, msg: string, data: T, now: Date): Envelope<T> {
  return { code, msg, time: Math.floor(now.getTime() / 1000), data }
}
