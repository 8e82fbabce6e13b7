import { randomBytes } from 'node:crypto'
import type { Config } from '../../src/server/config'
import { openServices } from '../../src/server/start'
import { upsertAccount } from '../../src/server/accounts/queries'
import { tableOf } from '../../src/server/db/table-of'
import { indexesOf, migrate } from '../../src/server/db/migrate'
import { generateCardPassword, maskCardPassword } from '../../src/server/recharge-cards/card-password'
import { asSchemaDb } from '../../src/server/db/connect'

/** Cards per batch, as an admin issues them; 1,000,000 cards are 1,000 batches. */
export const BATCH_SIZE = 1000
/** Rows per insert: 15 columns x 1,000 stays below both databases' bound-parameter limits. */
const INSERT_ROWS = 1000
const KINDS = ['money', 'digital_man_count', 'digital_man_advanced_count', 'digital_voice_count'] as const
const MERCHANTS = 10

export interface Login {
  id: number
  username: string
  password: string
}

export interface FilledCards {
  admin: Login
  /** Holds a tenth of the batches; its sub-partner another tenth, which the partner also sees. */
  partner: Login
  merchants: Login[]
  rows: number
  /** Inserting the rows, then building the indexes the schema files declare. */
  insertMs: number
  fillMs: number
  /** A batch in the middle, for a filter that keeps 1,000 rows. */
  sampleBatch: string
  /** The day the middle batch was issued, for a date-range filter (a million cards: 2 or 3 batches a day). */
  sampleDay: string
}

/**
 * Migrate a fresh database (DATA_DIR, or DATABASE_URL with DATABASE_SCHEMA), create the
 * accounts the bench signs in as (before any server starts, so none seeds demo data), and
 * insert `rows` cards in batches of 1,000 issued over a year: 80% of the batches held by the
 * admin, 10% by a partner, 10% by that partner's sub-partner; in each batch the first tenth
 * redeemed by a merchant. Passwords are drawn as add draws them.
 */
export async function fillCards(config: Config, rows: number): Promise<FilledCards> {
  const services = await openServices(config)
  try {
    const login = async (username: string, role: 'admin' | 'partner' | 'merchant', parentUsername?: string): Promise<Login> => {
      const password = randomBytes(12).toString('base64url')
      const { id } = await upsertAccount(services, { username, password, role, parentUsername })
      return { id, username, password }
    }
    const admin = await login('bench-admin', 'admin')
    const partner = await login('bench-partner', 'partner', admin.username)
    const sub = await login('bench-sub', 'partner', partner.username)
    const merchants: Login[] = []
    for (let m = 0; m < MERCHANTS; m++) merchants.push(await login(`bench-m${m}`, 'merchant', partner.username))

    const table = tableOf(services, 'recharge_card')
    const year = 365 * 24 * 3600_000
    const batches = Math.ceil(rows / BATCH_SIZE)
    const issuedAt = (batch: number) => new Date(Date.UTC(2025, 0, 1) + Math.floor((batch * year) / batches))
    const batchNo = (batch: number) => `${issuedAt(batch).toISOString().replace(/[-:T]/g, '').slice(0, 14)}-B${String(batch).padStart(5, '0')}`
    const startedAt = performance.now()
    // Bulk-load as a restore would: without the table's indexes, which are then built once over all rows.
    const indexes = indexesOf(services.registry.entities.get('recharge_card')!, new Set(services.registry.entities.get('recharge_card')!.columns.map((c) => c.name)))
    for (const index of indexes) await services.db.schema.dropIndex(index.name).ifExists().execute()
    await services.db.transaction().execute(async (trx) => {
      for (let first = 0; first < rows; first += INSERT_ROWS) {
        const values = []
        for (let i = first; i < Math.min(first + INSERT_ROWS, rows); i++) values.push(cardRow(i))
        await asSchemaDb(trx).insertInto(table).values(values).execute()
        // SQLite answers at once, so without this the loop never lets a Ctrl-C handler run.
        await new Promise((resolve) => setImmediate(resolve))
      }
    })
    const insertMs = performance.now() - startedAt
    await migrate(services.db, services.dialect, services.registry, services.migrations)
    const fillMs = performance.now() - startedAt

    function cardRow(i: number): Record<string, unknown> {
      const batch = Math.floor(i / BATCH_SIZE)
      const inBatch = i % BATCH_SIZE
      const kind = KINDS[batch % KINDS.length]!
      const holder = batch % 10 === 8 ? partner.id : batch % 10 === 9 ? sub.id : admin.id
      const used = inBatch < BATCH_SIZE / 10
      const created = issuedAt(batch).toISOString()
      const password = generateCardPassword()
      return {
        card_password: password,
        card_mask: maskCardPassword(password),
        name: `Batch ${batch}`,
        batch_no: batchNo(batch),
        kind,
        money: kind === 'money' ? 1000 : 0,
        count: kind === 'money' ? 0 : 5,
        status: used ? 1 : 0,
        holder_id: holder,
        issuer_id: admin.id,
        used_by: used ? merchants[inBatch % MERCHANTS]!.id : null,
        used_at: used ? new Date(Date.parse(created) + 86_400_000).toISOString() : null,
        remark: '',
        created_at: created,
        updated_at: created,
      }
    }
    return { admin, partner, merchants, rows, insertMs, fillMs, sampleBatch: batchNo(Math.floor(batches / 2)), sampleDay: issuedAt(Math.floor(batches / 2)).toISOString().slice(0, 10) }
  } finally {
    await services.database.close()
  }
}
