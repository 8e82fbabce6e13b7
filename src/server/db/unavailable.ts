/** SQLSTATE classes and codes that say the database cannot be reached now, not that the query is wrong. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '53400'])
/** What Node says when the connection itself fails. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN'])
/** What pg says of a connection lost or refused, with no code to go by. */
const UNAVAILABLE_MESSAGES = /Connection terminated|not queryable|timeout exceeded when trying to connect|is not currently accepting connections|the database system is (starting up|shutting down|in recovery mode)/i

/**
 * Whether an error means the database is away for now (restarting, failing over, its connections
 * cut, SQLite's file locked past its wait), so that the same request may succeed in a moment.
 * Such a failure is answered 503 with a time to retry after, not as a fault of the server.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false
  const { code, message } = error as { code?: unknown; message?: unknown }
  if (typeof code === 'string') {
    // Class 08 is "connection exception" (08000, 08003, 08006, …).
    if (code.startsWith('08') && code.length === 5) return true
    if (UNAVAILABLE_STATES.has(code) || NETWORK_CODES.has(code)) return true
    if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') return true
  }
  return typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)
}
