import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Cleanup } from './cleanup'
import { fillDomains } from './fill-domains'
import { listSideBySide, type ListFigures } from './list-side-by-side'
import { ownPostgresDatabase } from './own-database'
import type { ServerCommand } from './spawn-server'
import type { Schedule } from './side-by-side'

/**
 * The domain list side by side on PostgreSQL: a database of its own (bench_list_<pid>, made on
 * the server DATABASE_URL names and dropped at the end; no other database is touched) filled
 * with the same rows as the SQLite figures, the built server and the hand-written baseline
 * (tests/bench/baseline-postgres-app.ts) each in its own process, loaded in turns.
 */
export async function benchListPostgres(
  server: ServerCommand,
  opts: { databaseUrl: string; rows: number; connections: number; schedule: Schedule; cleanup: Cleanup },
): Promise<ListFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'console-bench-list-pg-'))
  opts.cleanup.add(() => rmSync(dir, { recursive: true, force: true }))
  const url = await ownPostgresDatabase(opts.databaseUrl, 'bench_list', opts.cleanup)
  // DATA_DIR still holds what is not in the database (uploads, the token key).
  const dataDir = join(dir, 'data')
  const filled = await fillDomains(dataDir, opts.rows, url)
  const env = { NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: url, DATABASE_SCHEMA: '' }
  return listSideBySide(server, { env, filled, dir, label: 'postgres', connections: opts.connections, schedule: opts.schedule, cleanup: opts.cleanup })
}
