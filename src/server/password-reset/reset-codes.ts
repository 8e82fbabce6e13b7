import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { sql } from 'kysely'
import type { Services } from '../services'
import { tableOf } from '../db/table-of'
import { AppError } from '../errors/AppError'
import { LIMIT_WINDOW_MS, resetCodeRefusal } from './reset-code-limits'

/** Any fixed number: it names the lock that makes PostgreSQL instances take turns at issuing codes. */
const ISSUE_LOCK = 7_311_042

/**
 * Store a new 6-digit code for `accountKey` (see accountKeyOf) and answer it, or throw
 * the 429 of the limit it would break. Counting and inserting happen under one lock, so
 * two instances cannot both slip under a limit. `userId` null stores a code that never fits.
 */
export async function issueResetCode(services: Services, input: { accountKey: string; userId: number | null; ip: string }): Promise<{ id: number; code: string }> {
  const { codeTtlSeconds } = services.config.passwordReset
  const table = tableOf(services, 'reset_code')
  const now = services.now()
  const since = new Date(now.getTime() - LIMIT_WINDOW_MS).toISOString()
  const code = String(randomInt(1_000_000)).padStart(6, '0')
  return services.db.transaction().execute(async (trx) => {
    if (services.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${ISSUE_LOCK})`.execute(trx)
    const times = async (column: 'account_key' | 'ip', value: string) =>
      (await trx.selectFrom(table).select('created_at').where(column, '=', value).where('created_at', '>', since).execute()).map((r) => new Date(r.created_at))
    const refusal = resetCodeRefusal({ account: await times('account_key', input.accountKey), address: await times('ip', input.ip) }, now, services.config.passwordReset)
    if (refusal) throw new AppError(refusal.code, refusal.params)
    // Rows older than the limit window and the code lifetime count for nothing any more.
    const stale = new Date(now.getTime() - Math.max(LIMIT_WINDOW_MS, codeTtlSeconds * 1000)).toISOString()
    await trx.deleteFrom(table).where('created_at', '<', stale).execute()
    const row = await trx
      .insertInto(table)
      .values({
        account_key: input.accountKey,
        user_id: input.userId,
        code_hash: input.userId === null ? null : hashCode(code),
        ip: input.ip.slice(0, 64),
        expires_at: new Date(now.getTime() + codeTtlSeconds * 1000).toISOString(),
        used_at: null,
        attempts: 0,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return { id: row.id, code }
  })
}

/** Forget a code that could not be delivered, so it neither counts against the limits nor fits. */
export async function withdrawResetCode(services: Services, id: number): Promise<void> {
  await services.db.deleteFrom(tableOf(services, 'reset_code')).where('id', '=', id).execute()
}

export type Redemption =
  | { ok: true; userId: number }
  | { ok: false; error: 'RESET_CODE_MISSING' | 'RESET_CODE_USED' | 'RESET_CODE_EXPIRED' | 'RESET_CODE_LOCKED' }
  | { ok: false; error: 'RESET_CODE_WRONG'; left: number }

/**
 * Spend the latest code of `accountKey` if `code` is it. Only the latest code counts.
 * Each try is taken in one conditional UPDATE before the code is compared, so parallel
 * guesses cannot get past maxAttempts, and a right code is spent by exactly one request.
 */
export async function redeemResetCode(services: Services, accountKey: string, code: string): Promise<Redemption> {
  const { maxAttempts } = services.config.passwordReset
  const table = tableOf(services, 'reset_code')
  const now = services.now().toISOString()
  const row = await services.db.selectFrom(table).selectAll().where('account_key', '=', accountKey).orderBy('id', 'desc').limit(1).executeTakeFirst()
  if (!row) return { ok: false, error: 'RESET_CODE_MISSING' }
  if (row.used_at) return { ok: false, error: 'RESET_CODE_USED' }
  if (row.expires_at <= now) return { ok: false, error: 'RESET_CODE_EXPIRED' }
  const attempts = row.attempts
  if (attempts >= maxAttempts) return { ok: false, error: 'RESET_CODE_LOCKED' }
  const tried = await services.db
    .updateTable(table)
    .set({ attempts: sql`attempts + 1`, updated_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .where('attempts', '<', maxAttempts)
    .executeTakeFirst()
  if (Number(tried.numUpdatedRows) === 0) return { ok: false, error: 'RESET_CODE_LOCKED' }
  if (row.user_id === null || !codeMatches(row.code_hash as string | null, code)) {
    const left = maxAttempts - attempts - 1
    return left > 0 ? { ok: false, error: 'RESET_CODE_WRONG', left } : { ok: false, error: 'RESET_CODE_LOCKED' }
  }
  const spent = await services.db.updateTable(table).set({ used_at: now, updated_at: now }).where('id', '=', row.id).where('used_at', 'is', null).executeTakeFirst()
  if (Number(spent.numUpdatedRows) === 0) return { ok: false, error: 'RESET_CODE_USED' }
  return { ok: true, userId: row.user_id }
}

// Six digits are quickly guessed from a hash, so the hash is not what protects the code (the
// expiry and the try limit are); it keeps codes out of backups, query logs and table views.
function hashCode(code: string): string {
  const salt = randomBytes(16).toString('hex')
  return `${salt}$${createHash('sha256').update(`${salt}:${code}`).digest('hex')}`
}

function codeMatches(stored: string | null, code: string): boolean {
  const [salt, hash] = (stored ?? '').split('$')
  if (!salt || !hash) return false
  const actual = Buffer.from(createHash('sha256').update(`${salt}:${code}`).digest('hex'))
  const expected = Buffer.from(hash)
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}
