import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { Cleanup } from './cleanup'
import { fillDomains } from './fill-domains'
import { listSideBySide, type ListFigures } from './list-side-by-side'
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
  const name = `bench_list_${process.pid}`
  const url = withDatabase(opts.databaseUrl, name)
  await adminQuery(opts.databaseUrl, `create database "${name}"`)
  opts.cleanup.add(() => adminQuery(opts.databaseUrl, `drop database if exists "${name}" with (force)`))
  // DATA_DIR still holds what is not in the database (uploads, the token key).
  const dataDir = join(dir, 'data')
  const filled = await fillDomains(dataDir, opts.rows, url)
  const env = { NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: url, DATABASE_SCHEMA: '' }
  return listSideBySide(server, { env, filled, dir, label: 'postgres', connections: opts.connections, schedule: opts.schedule, cleanup: opts.cleanup })
}

/** The same server and credentials, another database. */
function withDatabase(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** One statement on the database DATABASE_URL names: creating or dropping the bench's own. */
async function adminQuery(databaseUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    await client.query(text)
  } finally {
    await client.end()
  }
}
