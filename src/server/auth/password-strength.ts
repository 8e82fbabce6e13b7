/** Why a password is too easily guessed; each is an error code of the catalogue. */
export type PasswordWeakness = 'PASSWORD_ONE_KIND' | 'PASSWORD_REPETITIVE' | 'PASSWORD_HAS_USERNAME' | 'PASSWORD_COMMON'

const LEAST_DISTINCT = 5
/** A username this short turns up inside passwords by chance. */
const LEAST_NAME_IN_PASSWORD = 3

/**
 * Passwords of two kinds of characters and at least eight of them (the schema's minimum) that
 * still head every guessing list. The rules below catch the rest of such lists.
 */
const COMMON = new Set([
  'password1', 'password123', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'qwerty123', 'qwertyuiop1', 'abc12345', 'abc123456', 'abcd1234',
  'a1234567', 'a12345678', 'a123456789', '1qaz2wsx', '1q2w3e4r', '1q2w3e4r5t', 'qwer1234', 'asdf1234', 'zxcv1234', 'iloveyou1',
  'admin123', 'admin888', 'woaini520', 'woaini1314', '5201314a', 'aa123456', 'qq123456', 'test1234', 'welcome1', 'letmein1',
])

/**
 * What makes `password` easy to guess for an account named `username`, or undefined when
 * nothing does: a single kind of characters (only letters, only digits), fewer than five
 * different characters, the username inside it, or a place on the common lists.
 *
 * ```ts
 * passwordWeakness('12345678', 'shop') // 'PASSWORD_ONE_KIND'
 * passwordWeakness('correct horse battery', 'shop') // undefined
 * ```
 */
export function passwordWeakness(password: string, username: string): PasswordWeakness | undefined {
  const kinds = [/\p{L}/u, /\p{N}/u, /[^\p{L}\p{N}]/u].filter((kind) => kind.test(password)).length
  if (kinds < 2) return 'PASSWORD_ONE_KIND'
  if (new Set(password.toLowerCase()).size < LEAST_DISTINCT) return 'PASSWORD_REPETITIVE'
  const name = username.trim().toLowerCase()
  if (name.length >= LEAST_NAME_IN_PASSWORD && password.toLowerCase().includes(name)) return 'PASSWORD_HAS_USERNAME'
  if (COMMON.has(password.toLowerCase())) return 'PASSWORD_COMMON'
  return undefined
}
