import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { readConfig } from '../../src/server/config'
import { openServices } from '../../src/server/start'
import { upsertAccount } from '../../src/server/accounts/queries'
import { tableOf } from '../../src/server/db/table-of'
import { REPO_ROOT } from './paths'
import { asSchemaDb } from '../../src/server/db/connect'

/** Host prefixes in rotation: each one is in exactly a tenth of the hosts, so `host=<word>` keeps 10%. */
export const HOST_WORDS = ['shop', 'video', 'studio', 'media', 'live', 'clip', 'cloud', 'brand', 'promo', 'star'] as const
const TLDS = ['example.com', 'example.cn', 'test.net']
const NAMES = ['Sunrise', 'Harbour', 'Lotus', 'Summit', 'Jade', 'Maple', 'Orbit', 'Willow']

/** Rows per insert: 13 columns x 500 stays far below SQLite's and PostgreSQL's bound-parameter limits. */
const BATCH = 500

export interface FilledDatabase {
  username: string
  password: string
  rows: number
  fillMs: number
}

/**
 * Migrate a fresh DATA_DIR (or, given `databaseUrl`, the empty PostgreSQL database it names),
 * create the admin the load signs in as (before the server starts, so it seeds no demo data),
 * and insert `rows` domains owned by that admin.
 */
export async function fillDomains(dataDir: string, rows: number, databaseUrl?: string): Promise<FilledDatabase> {
  const config = { ...readConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, SCHEMAS_DIR: `${REPO_ROOT}schemas` }), databaseUrl }
  const services = await openServices(config)
  try {
    const username = 'bench-admin'
    const password = randomBytes(12).toString('base64url')
    const { id: ownerId } = await upsertAccount(services, { username, password, role: 'admin' })
    const table = tableOf(services, 'domain')
    const startedAt = performance.now()
    // One transaction: the database then syncs once instead of once per batch.
    await services.db.transaction().execute(async (trx) => {
      for (let first = 0; first < rows; first += BATCH) {
        const batch = []
        for (let i = first; i < Math.min(first + BATCH, rows); i++) batch.push(domainRow(i, ownerId))
        await asSchemaDb(trx).insertInto(table).values(batch).execute()
        // SQLite answers at once, so without this the loop never lets a Ctrl-C handler run, and tsx kills the bench before it cleans up.
        await new Promise((resolve) => setImmediate(resolve))
      }
    })
    // What autovacuum does soon after a bulk load (planner statistics, the visibility map for index-only counts), done now so the figures do not depend on when it runs.
    if (services.dialect === 'postgres') await sql`vacuum analyze ${sql.table(table)}`.execute(services.db)
    return { username, password, rows, fillMs: performance.now() - startedAt }
  } finally {
    await services.database.close()
  }
}

function domainRow(i: number, ownerId: number): Record<string, unknown> {
  const word = HOST_WORDS[i % HOST_WORDS.length]!
  const name = `${NAMES[i % NAMES.length]} ${word} ${i}`
  // One row every 5 minutes from 2024-01-01: a year, rising with id as real inserts do, so a week is ~2,000 rows.
  const created = new Date(Date.UTC(2024, 0, 1) + i * 300_000).toISOString()
  return {
    host: `${word}${i}.${TLDS[i % TLDS.length]}`,
    name,
    logo: i % 4 === 0 ? '' : `https://cdn.example.com/logo/${i}.png`,
    copyright: `© 2024 ${name}`,
    icp_record_number: i % 3 === 0 ? '' : `ICP ${String(10_000_000 + i)}`,
    police_record: '',
    police_record_number: '',
    money_name: i % 5 === 0 ? 'Coins' : '',
    // As a create stores it: the schema's default fills a field the form leaves out.
    allow_register: -1,
    is_default: 0,
    owner_id: ownerId,
    created_at: created,
    updated_at: created,
  }
}
