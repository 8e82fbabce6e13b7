import { createHash, randomInt, timingSafeEqual } from 'node:crypto'
import svgCaptcha from 'svg-captcha'
import type { Services } from '../services'
import { tableOf } from '../db/table-of'
import { newToken } from '../auth/token'

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
const LENGTH = 4

// The package's own text picker uses Math.random; the answer is picked here with crypto and only drawn by the package.
const draw = svgCaptcha as unknown as (text: string, options: Parameters<typeof svgCaptcha.create>[0]) => string

export interface CaptchaPicture {
  captchaId: string
  /** A data: URL of the SVG picture. */
  image: string
  expiresIn: number
}

/** A new captcha: the picture is answered; only a hash of its characters is stored. */
export async function createCaptcha(services: Services): Promise<CaptchaPicture> {
  const { captchaTtlSeconds } = services.config.passwordReset
  const answer = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')
  // Dark grey on a transparent ground reads best of the package's styles; the console puts it on white.
  const svg = draw(answer, { width: 120, height: 40, fontSize: 44, noise: 3, color: false })
  const captchaId = newToken()
  const now = services.now()
  const table = tableOf(services, 'captcha_challenge')
  // Expired challenges are of no use to anyone; clearing them here keeps the table small without a timer.
  await services.db.deleteFrom(table).where('expires_at', '<', now.toISOString()).execute()
  await services.db
    .insertInto(table)
    .values({
      challenge: captchaId,
      answer_hash: hashCaptchaAnswer(captchaId, answer),
      expires_at: new Date(now.getTime() + captchaTtlSeconds * 1000).toISOString(),
      used_at: null,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .execute()
  return { captchaId, image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, expiresIn: captchaTtlSeconds }
}

/**
 * Whether `answer` solves the captcha. The first try uses the captcha up, right or
 * wrong, in one UPDATE, so two instances (or two parallel tries) cannot both spend it.
 */
export async function solveCaptcha(services: Services, captchaId: string, answer: string): Promise<boolean> {
  const now = services.now().toISOString()
  const row = await services.db
    .updateTable(tableOf(services, 'captcha_challenge'))
    .set({ used_at: now, updated_at: now })
    .where('challenge', '=', captchaId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['answer_hash'])
    .executeTakeFirst()
  if (!row) return false
  const expected = Buffer.from(row.answer_hash)
  const actual = Buffer.from(hashCaptchaAnswer(captchaId, answer))
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}

/** Case-insensitive; salted with the captcha id, so equal answers never share a hash. */
export function hashCaptchaAnswer(captchaId: string, answer: string): string {
  return createHash('sha256').update(`${captchaId}:${answer.trim().toUpperCase()}`).digest('hex')
}
