import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { readConfig } from '../../src/server/config'
import { openServices } from '../../src/server/start'
import { hashPassword } from '../../src/server/auth/password'
import { toStored } from '../../src/server/db/records'
import { tableOf } from '../../src/server/db/table-of'
import { REPO_ROOT } from './paths'
import { asSchemaDb } from '../../src/server/db/connect'

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '高', '林', '罗']
const GIVEN = ['伟', '芳', '娜', '敏', '静', '丽', '强', '磊', '军', '洋', '勇', '艳', '杰', '娟', '涛', '明', '超', '秀英', '霞', '平']

/** Partners under the admin; the first has LARGE_BRANCH merchants directly below it. */
const PARTNERS = 8
const SUB_PARTNERS_EACH = 5
const LARGE_BRANCH = 50_000
/** Rows per insert: ~40 columns x 400 stays below SQLite's and PostgreSQL's bound-parameter limits. */
const BATCH = 400

export interface FilledTree {
  admin: { username: string; password: string }
  /** The partner with LARGE_BRANCH merchants directly below it. */
  largePartner: { id: number; username: string; password: string }
  adminId: number
  /** How many accounts in all, and the last id (for a page deep in the large branch). */
  accounts: number
  lastId: number
  /** Existing mobile numbers, in no order, to search by their first digits. */
  mobiles: string[]
  /** Mobiles of accounts in the large partner's branch. */
  largeBranchMobiles: string[]
  fillMs: number
  shape: string
}

/** Where to fill: the SQLite file in dataDir, or a PostgreSQL schema. */
export interface FillTarget {
  dataDir: string
  databaseUrl?: string
  databaseSchema?: string
}

/**
 * Migrate a fresh database and fill it with `total` accounts shaped like a real promotion
 * hierarchy: an admin, a few partners each with a few sub-partners, one partner with
 * 50,000 merchants directly below it, and the rest merchants (4 in 5) and agents spread over
 * the other partners and sub-partners, about a thousand each. Ids are given, so each path is
 * written with its row; mobiles are unique 11-digit numbers in no relation to the ids.
 */
export async function fillAccounts(target: FillTarget, total: number): Promise<FilledTree> {
  const config = {
    ...readConfig({ NODE_ENV: 'production', DATA_DIR: target.dataDir, SCHEMAS_DIR: `${REPO_ROOT}schemas` }),
    databaseUrl: target.databaseUrl,
    databaseSchema: target.databaseSchema,
  }
  const services = await openServices(config)
  try {
    const entity = services.registry.entities.get('user')!
    const table = tableOf(services, 'user')
    const defaults = Object.fromEntries(entity.columns.filter((c) => !c.private && c.default !== undefined).map((c) => [c.name, toStored(c, c.default)]))
    const password = randomBytes(12).toString('base64url')
    // One hash for every account that signs in here: hashing is deliberately slow.
    const passwordHash = await hashPassword(password)
    const now = new Date(Date.UTC(2025, 0, 1)).toISOString()
    const mobiles: string[] = []
    const largeBranchMobiles: string[] = []

    const rows: Record<string, unknown>[] = []
    const add = (id: number, userType: number, parent: { id: number; path: string } | null, username: string, hash = '') => {
      const mobile = mobileOf(id)
      mobiles.push(mobile)
      rows.push({
        ...defaults,
        id,
        username,
        name: `${SURNAMES[id % SURNAMES.length]}${GIVEN[(id * 7) % GIVEN.length]}的店 ${id}`,
        mobile,
        user_type: userType,
        status: 1,
        parent_id: parent?.id ?? null,
        path: `${parent?.path ?? '/'}${id}/`,
        service_id: userType >= 2 && parent ? parent.id : 0,
        password_hash: hash,
        money: 0,
        created_at: now,
        updated_at: now,
      })
      return { id, path: `${parent?.path ?? '/'}${id}/` }
    }
    let id = 1
    const admin = add(id++, 0, null, 'bench-admin', passwordHash)
    const partners = Array.from({ length: PARTNERS }, (_, i) => add(id++, 1, admin, `partner-${i + 1}`, passwordHash))
    const subPartners = partners.flatMap((p, i) => Array.from({ length: SUB_PARTNERS_EACH }, (_, j) => add(id++, 1, p, `partner-${i + 1}-${j + 1}`)))
    const large = partners[0]!
    for (let i = 0; i < LARGE_BRANCH && id <= total; i++) {
      add(id, 2, large, `m-${id}`)
      largeBranchMobiles.push(mobileOf(id))
      id++
    }
    const others = [...partners.slice(1), ...subPartners]
    for (let i = 0; id <= total; i++) {
      const parent = others[i % others.length]!
      const agent = i % 5 === 4
      add(id, agent ? 3 : 2, parent, `${agent ? 'a' : 'm'}-${id}`)
      id++
    }

    const startedAt = performance.now()
    // One transaction: SQLite then syncs once instead of once per batch.
    await services.db.transaction().execute(async (trx) => {
      for (let first = 0; first < rows.length; first += BATCH) {
        await asSchemaDb(trx).insertInto(table).values(rows.slice(first, first + BATCH)).execute()
        // Lets a Ctrl-C handler run between batches (SQLite answers synchronously).
        await new Promise((resolve) => setImmediate(resolve))
      }
    })
    // Ids were given, so PostgreSQL's sequence must be told where they stopped before the server creates any.
    if (services.dialect === 'postgres') await sql`select setval(pg_get_serial_sequence(${table}, 'id'), ${id - 1})`.execute(services.db)
    // Planner statistics, and on PostgreSQL the visibility map (index-only counts), as a database that has been running has them from autovacuum.
    await sql`${sql.raw(services.dialect === 'postgres' ? 'vacuum analyze' : 'analyze')} ${sql.table(table)}`.execute(services.db)
    const fillMs = performance.now() - startedAt

    const agents = rows.filter((r) => r.user_type === 3).length
    return {
      admin: { username: 'bench-admin', password },
      largePartner: { id: large.id, username: 'partner-1', password },
      adminId: admin.id,
      accounts: rows.length,
      lastId: id - 1,
      mobiles,
      largeBranchMobiles,
      fillMs,
      shape: `1 admin, ${PARTNERS} partners with ${SUB_PARTNERS_EACH} sub-partners each, ${LARGE_BRANCH.toLocaleString('en-US')} merchants directly under partner-1, ${(rows.length - 1 - PARTNERS - subPartners.length - LARGE_BRANCH - agents).toLocaleString('en-US')} merchants and ${agents.toLocaleString('en-US')} agents over the other ${others.length} partners`,
    }
  } finally {
    await services.database.close()
  }
}

/** Unique for ids below 10^9 (104,729 is prime to 10^9), and scattered: 1 3..9 then nine digits. */
function mobileOf(id: number): string {
  return `1${3 + (id % 7)}${String((id * 104_729) % 1_000_000_000).padStart(9, '0')}`
}
