import { sql, type Expression, type SqlBool } from 'kysely'
import type { Dialect } from './connect'

/**
 * `column` begins with `prefix`, case-sensitively, written so that an index serves it: on
 * SQLite a plain one (its LIKE ignores ASCII case and so cannot use one, but GLOB can); on
 * PostgreSQL the text_pattern_ops index a field declared with "x-index": "prefix" gets
 * (src/server/db/migrate.ts), as a plain one serves LIKE only under the C collation.
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
