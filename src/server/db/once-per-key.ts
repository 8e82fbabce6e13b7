/**
 * Two requests carrying the same idempotency key can both pass the "seen this key?" check
 * before either commits (PostgreSQL runs them side by side). The key's unique index lets one
 * commit and refuses the other; running the loser once more finds the winner's record and
 * answers it, as a plain retry would be answered.
 */
export async function oncePerKey<T>(key: string | null | undefined, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (!key || !isUniqueViolation(error)) throw error
    return run()
  }
}

/** PostgreSQL's 23505 or SQLite's SQLITE_CONSTRAINT_UNIQUE. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE'
}
