/** The baseline route in a process of its own, on the database the real server uses: the SQLite file in DATA_DIR, or DATABASE_URL's. */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import SQLite from 'better-sqlite3'
import pg from 'pg'
import type { FastifyInstance } from 'fastify'
import { buildBaselineApp } from './baseline-app'
import { buildBaselinePostgresApp } from './baseline-postgres-app'
import { readConfig } from '../../src/server/config'

const dataDir = process.env.DATA_DIR
const databaseUrl = process.env.DATABASE_URL
const port = Number(process.env.PORT)
if (!(dataDir || databaseUrl) || !port) throw new Error('baseline-server needs DATA_DIR or DATABASE_URL, and PORT.')

// Where a host search stops counting, read from the environment as the server reads it.
const { searchCountLimit } = readConfig(process.env)
let app: FastifyInstance
let close: () => Promise<void>
if (databaseUrl) {
  // As many connections as the server's pool (src/server/db/connect.ts) opens.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 })
  app = buildBaselinePostgresApp(pool, { searchCountLimit })
  close = () => pool.end()
} else {
  // The file name src/server/db/connect.ts gives the embedded database.
  const file = join(dataDir!, 'console.sqlite')
  if (!existsSync(file)) throw new Error(`No database at ${file}; fill it first (tests/bench/fill-domains.ts).`)
  // Opened as src/server/db/connect.ts opens it, so both servers read the file alike.
  const db = new SQLite(file)
  db.pragma('journal_mode = WAL')
  db.pragma('synchronous = NORMAL')
  db.pragma('busy_timeout = 5000')
  app = buildBaselineApp(db, { searchCountLimit })
  close = async () => void db.close()
}
await app.listen({ port, host: process.env.HOST || '127.0.0.1' })
// Worded as main.ts words it, so the bench reads both alike.
console.log(`baseline ready ${Math.round(performance.now())} ms after the process started`)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void app.close().then(close).then(() => process.exit(0)))
}
