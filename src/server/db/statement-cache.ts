import type Sqlite from 'better-sqlite3'
import type { SqliteDatabase } from 'kysely'

/**
 * better-sqlite3 as Kysely's SQLite driver wants it, with prepared statements kept by
 * SQL text. The driver prepares on every execute, and preparing costs as much as
 * running a small indexed query; the server sends the same few shapes again and again.
 */
export function withStatementCache(db: Sqlite.Database, size = 500): SqliteDatabase {
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
      if (!cached) {
        if (cache.size >= size) cache.delete(cache.keys().next().value!)
        cache.set(sql, statement)
      }
      return statement
    },
  }
}
