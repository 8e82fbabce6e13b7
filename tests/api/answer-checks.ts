import { isDeepStrictEqual } from 'node:util'
import { expect } from 'vitest'
import type { Envelope } from '../../src/server/envelope'

/**
 * An answer as a client reads it: over HTTP (inject or a real connection, with its headers) or
 * as the server would have sent it for a refusal judged in-process (no headers: each
 * endpoint's probe over HTTP checks those).
 */
export interface Answer {
  statusCode: number
  body: string
  headers?: Record<string, unknown>
}

/** The matchers the sweep uses, as `expect.soft` has them. */
export interface CaseAssertion {
  toBe(expected: unknown): void
  toEqual(expected: unknown): void
  toMatch(expected: RegExp): void
  toContain(expected: unknown): void
  toBeInstanceOf(expected: abstract new (...args: never[]) => unknown): void
  toBeGreaterThan(expected: number): void
  not: { toBe(expected: unknown): void; toMatch(expected: RegExp): void; toHaveProperty(key: string): void }
}

export type CaseCheck = (actual: unknown, message?: string) => CaseAssertion

/**
 * A soft `expect` that names the case: one test covers an endpoint's hundreds of cases, and
 * its failure lists every case that broke a rule, not just the first. A sweep makes some
 * hundred thousand checks, and `expect` spends tens of microseconds on each, so each matcher
 * first tries a plain test that can only pass when the matcher would; anything else, every
 * failure included, goes to the matcher itself, which decides and describes it.
 */
export function caseCheck(label: string): CaseCheck {
  return (actual, message) => {
    const soft = () => expect.soft(actual, message ? `${label}: ${message}` : label)
    return {
      toBe: (expected) => void (Object.is(actual, expected) || soft().toBe(expected)),
      toEqual: (expected) => void (isDeepStrictEqual(actual, expected) || soft().toEqual(expected)),
      toMatch: (expected) => void ((typeof actual === 'string' && isStateless(expected) && expected.test(actual)) || soft().toMatch(expected)),
      toContain: (expected) => void ((Array.isArray(actual) ? actual.indexOf(expected) !== -1 : typeof actual === 'string' && typeof expected === 'string' && actual.includes(expected)) || soft().toContain(expected)),
      toBeInstanceOf: (expected) => void (actual instanceof expected || soft().toBeInstanceOf(expected)),
      toBeGreaterThan: (expected) => void ((typeof actual === 'number' && actual > expected) || soft().toBeGreaterThan(expected)),
      not: {
        toBe: (expected) => void (!Object.is(actual, expected) || soft().not.toBe(expected)),
        toMatch: (expected) => void ((typeof actual === 'string' && isStateless(expected) && !expected.test(actual)) || soft().not.toMatch(expected)),
        toHaveProperty: (key) => void ((actual !== null && typeof actual === 'object' && !(key in actual)) || soft().not.toHaveProperty(key)),
      },
    }
  }
}

/** A global or sticky pattern's test() starts where the last one ended. */
function isStateless(pattern: RegExp): boolean {
  return !pattern.global && !pattern.sticky
}

const STATUSES = [200, 400, 401, 403, 404, 413, 415, 429]
/**
 * Stack frames, source locations, database error text. Frames are matched by shape: a bare "at " is in "at most 64
 * characters", and a frame's name is made of identifier characters, never the quotes of JSON text ("at 1080p."}).
 */
const LEAKS = [/\n\s+at /, /\bat (async |new )?[\w$.<>[\]]+ \(/, /\.[cm]?[jt]s:/, /node_modules/, /SQLITE/, /SqliteError/, /syntax error/i, /relation "/, /\bERROR:/]
const POINTER = /^(\/([^~/]|~[01])*)*$/

/** Every answer: an allowed status, the JSON envelope, no internals; a refusal says why in words. */
export function expectEnvelope(check: CaseCheck, answer: Answer): Envelope | undefined {
  check(STATUSES, `HTTP ${answer.statusCode}: ${answer.body.slice(0, 300)}`).toContain(answer.statusCode)
  if (answer.headers) check(answer.headers['content-type'], 'content type').toMatch(/^application\/json/)
  for (const leak of LEAKS) check(answer.body, 'no internals in the answer').not.toMatch(leak)
  let body: Envelope
  try {
    body = JSON.parse(answer.body) as Envelope
  } catch {
    check(answer.body.slice(0, 300), 'the answer is JSON').toBe('a JSON envelope')
    return undefined
  }
  check(Object.keys(body).sort(), 'envelope keys').toEqual(['code', 'data', 'msg', 'time'])
  check(Number.isInteger(body.code) && Number.isInteger(body.time), 'integer code and time').toBe(true)
  if (body.code !== 1) expectSentence(check, body.msg, 'msg')
  return body
}

export function expectSentence(check: CaseCheck, text: unknown, what: string): void {
  check(typeof text, `${what} is text`).toBe('string')
  if (typeof text !== 'string') return
  check(text, `${what} is a sentence`).toMatch(/^\S.{7,}/su)
  check(text, `${what} has words`).toMatch(/\p{L}{2,}/u)
  check(text, `${what} has no placeholder left`).not.toMatch(/undefined|\[object|NaN/)
}

/** A schema failure: 200, code 0, and data.errors as [{ path, message }] with a JSON pointer at what was wrong. */
export function expectFieldErrors(check: CaseCheck, answer: Answer, body: Envelope, pointer: string | undefined): void {
  check([answer.statusCode, body.code], `a validation failure: ${body.msg}`).toEqual([200, 0])
  const errors = (body.data as { errors?: { path: string; message: string }[] } | null)?.errors
  check(errors, 'a validation failure carries data.errors').toBeInstanceOf(Array)
  if (!Array.isArray(errors)) return
  check(errors.length, 'data.errors is not empty').toBeGreaterThan(0)
  for (const error of errors) {
    check(Object.keys(error).sort(), 'a field error is { path, message }').toEqual(['message', 'path'])
    check(error.path, 'a field error path is a JSON pointer').toMatch(POINTER)
    expectSentence(check, error.message, `the message at ${error.path}`)
  }
  if (pointer !== undefined) {
    const paths = errors.map((e) => e.path)
    check(paths.some((p) => p === pointer || p.startsWith(pointer + '/')), `errors at ${JSON.stringify(paths)}, expected one at ${pointer}`).toBe(true)
  }
}
