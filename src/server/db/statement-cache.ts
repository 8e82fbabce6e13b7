import type Sqlite from 'better-sqlite3'
import type { SqliteDatabase } from 'kysely'

/**
 * better-sqlite3 as Kysely's SQLite driver wants it, with prepared statements kept by
 * SQL text. The driver prepares on every execute, and preparing costs as much as
 * running a small indexed query; the server sends the same few shapes again and again.
 */
export function withStatementCache(db: Sqlite.Database, size = 500, opts: { raw?: boolean } = {}): SqliteDatabase {
  const cache = new Map<string, Sqlite.Statement>()
  return {
    close: () => db.close(),
    prepare(sql: string) {
      const cached = cache.get(sql)
      // A statement still iterating (a streamed select) cannot run twice at once.
      if (cached && !cached.busy) {
        cache.delete(sql)
        cache.set(sql, cached) // most recently used last, so the oldest is evicted first
        return cached
      }
      const statement = db.prepare(sql)
      // Rows as arrays of their values (direct-reads.ts): a statement keeps its mode, so these have a cache of their own.
      if (opts.raw) statement.raw(true)
      if (!cached) {
        if (cache.size >= size) cache.delete(cache.keys().next().value!)
        cache.set(sql, statement)
      }
      return statement
    },
  }
}
