import { sql, type Expression, type SqlBool } from 'kysely'
import type { Dialect } from './connect'

/**
 * `column` begins with `prefix`, case-sensitively, written so that an ordinary index on the
 * column serves it. SQLite's LIKE ignores ASCII case and so cannot use a plain index, but
 * GLOB can; PostgreSQL's LIKE with a fixed prefix can (on a database with the C collation,
 * or an index with text_pattern_ops; elsewhere it is still right, only scanned).
 *
 * ```ts
 * db.selectFrom('account').where(startsWith('sqlite', 'account.mobile', '138')) // mobile GLOB '138*'
 * ```
 */
export function startsWith(dialect: Dialect, column: string, prefix: string): Expression<SqlBool> {
  if (dialect === 'sqlite') return sql<SqlBool>`${sql.ref(column)} glob ${escapeGlob(prefix) + '*'}`
  return sql<SqlBool>`${sql.ref(column)} like ${escapeLike(prefix) + '%'}`
}

/** In a GLOB pattern a bracket holds its character literally: [*] is a star. */
function escapeGlob(value: string): string {
  return value.replace(/[*?[\]]/g, (c) => `[${c}]`)
}

/** PostgreSQL's LIKE escapes with a backslash unless told otherwise. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => '\\' + c)
}
