/**
 * 10,000 random transfers fired at once among 1,000 accounts (an admin, 30 partners, 969
 * merchants), through the real /platform/transfer handler, on SQLite and on PostgreSQL. Some
 * ask for more than the sender holds, and one in twenty is a retry of an earlier request with
 * the same idempotency key. Afterwards every balance and quota must equal the sum of its
 * ledger, the totals must be what they were, and nothing may be negative.
 */
import { sql } from 'kysely'
import { startTestServer, type TestServer } from '../api/harness'
import { changeMoney, changeQuota } from '../../src/server/ledger/ledger'
import { asSchemaDb } from '../../src/server/db/connect'

const PARTNERS = 30
const ACCOUNTS = 1000
const TRANSFERS = 10_000
const RETRY_EVERY = 20
const QUOTA = 'digital_voice_count'

export interface TransferFigures {
  database: string
  ms: number
  perSecond: number
  applied: number
  refused: number
  retries: number
  /** Each a count of accounts that break the rule; all must be 0. */
  balanceNotLedger: number
  quotaNotLedger: number
  negative: number
  moneyConserved: boolean
  quotaConserved: boolean
  /** One transfer record per key answered as applied: none lost, none applied twice. */
  recordsMatch: boolean
}

export async function benchTransfers(database: 'sqlite' | 'postgres'): Promise<TransferFigures> {
  const previous = process.env.TEST_DATABASE
  process.env.TEST_DATABASE = database
  // Thirty-one sign-ins from one address in a second are the bench's own, not an attack.
  const server = await startTestServer({ config: { validateResponses: false, loginRateLimit: { perUsername: 1000, perAddress: 1000, windowMs: 60_000 } } })
  process.env.TEST_DATABASE = previous
  try {
    const tree = await buildTree(server)
    const money = await totals(server)
    const started = performance.now()
    const sent: Promise<{ code: number; retry: boolean; key: string }>[] = []
    const sentBefore: string[] = []
    for (let i = 0; i < TRANSFERS; i++) {
      const retry = i % RETRY_EVERY === RETRY_EVERY - 1
      const { from, to, kind, amount, key } = retry ? repeatOf(sentBefore) : randomTransfer(tree, i)
      if (!retry) sentBefore.push(JSON.stringify({ from, to, kind, amount, key }))
      sent.push(
        server
          .call('POST', '/platform/transfer', { token: tree.tokens.get(from)!, body: { to_user_id: to, kind, amount, idempotency_key: key } })
          .then((res) => ({ code: res.body.code, retry, key })),
      )
    }
    const answers = await Promise.all(sent)
    const ms = performance.now() - started
    const after = await totals(server)
    const check = await ledgerCheck(server)
    const records = Number((await server.services.db.selectFrom('transfer_record').select(server.services.db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n)
    // A retry racing its original: whichever commits first applies, and both are answered with it.
    const applied = new Set(answers.filter((a) => a.code === 1).map((a) => a.key)).size
    const distinct = new Set(answers.map((a) => a.key)).size
    return {
      database,
      ms,
      perSecond: (TRANSFERS / ms) * 1000,
      applied,
      refused: distinct - applied,
      retries: answers.filter((a) => a.retry).length,
      ...check,
      moneyConserved: after.money === money.money,
      quotaConserved: after.quota === money.quota,
      recordsMatch: records === applied,
    }
  } finally {
    await server.close()
  }
}

interface Tree {
  /** Sender id → its children's ids. */
  children: Map<number, number[]>
  senders: number[]
  tokens: Map<number, string>
}

/**
 * The admin and the partners sign in for real; the merchants are copies of one real merchant
 * row (same password hash), as hashing 969 passwords would time the hash, not the transfers.
 */
async function buildTree(server: TestServer): Promise<Tree> {
  const db = server.services.db
  const admin = await server.account('bench-admin', 'admin')
  const tokens = new Map<number, string>([[admin.id, admin.token]])
  const children = new Map<number, number[]>([[admin.id, []]])
  const partners: number[] = []
  for (let p = 0; p < PARTNERS; p++) {
    const partner = await server.account(`bench-p${p}`, 'partner', 'bench-admin')
    tokens.set(partner.id, partner.token)
    children.get(admin.id)!.push(partner.id)
    children.set(partner.id, [])
    partners.push(partner.id)
  }
  const template = await server.account('bench-m0', 'merchant', 'bench-p0')
  children.get(partners[0]!)!.push(template.id)
  const { id: _, username: __, path: ___, parent_id: ____, ...row } = (await db.selectFrom('account').selectAll().where('id', '=', template.id).executeTakeFirstOrThrow()) as Record<string, unknown>
  for (let m = 1; m < ACCOUNTS - PARTNERS - 1; m++) {
    const parent = partners[m % PARTNERS]!
    const inserted = await asSchemaDb(db).insertInto('account').values({ ...row, username: `bench-m${m}`, parent_id: parent, path: '/' }).returning('id').executeTakeFirstOrThrow()
    children.get(parent)!.push(Number(inserted.id))
  }
  await sql`update account set path = (select p.path from account p where p.id = account.parent_id) || account.id || '/' where username like 'bench-m%'`.execute(db)
  // The whole platform's money and quota start at the top, through the ledger like any other change.
  await db.transaction().execute(async (trx) => {
    await changeMoney(trx, server.services, { userId: admin.id, type: 'adjust', amount: 100_000_000, operatorId: null, remark: 'bench' })
    await changeQuota(trx, server.services, QUOTA, { userId: admin.id, type: 'adjust', amount: 1_000_000, operatorId: null, remark: 'bench' })
  })
  return { children, senders: [admin.id, ...partners], tokens }
}

/** Deterministic pseudo-random choices, so two runs send the same transfers. */
function randomTransfer(tree: Tree, i: number) {
  const pick = <T>(list: T[], salt: number): T => list[Math.abs(Math.imul(i + 1, 2654435761) ^ salt) % list.length]!
  const from = pick(tree.senders, 7)
  const to = pick(tree.children.get(from)!, 13)
  const kind = i % 3 === 0 ? QUOTA : 'money'
  // Up to 5,000 yuan from the admin, up to 50 from a partner: partners run dry now and then and are refused.
  const cap = from === tree.senders[0] ? 5000 : 50
  const amount = kind === 'money' ? `${(Math.abs(Math.imul(i + 3, 40503)) % (cap * 100)) / 100 + 0.01}`.replace(/(\.\d\d)\d+$/, '$1') : String((i % 7) + 1)
  return { from, to, kind, amount, key: `bench-${i}` }
}

function repeatOf(keys: string[]) {
  return JSON.parse(keys[keys.length - 1]!) as { from: number; to: number; kind: string; amount: string; key: string }
}

async function totals(server: TestServer): Promise<{ money: number; quota: number }> {
  const db = server.services.db
  const row = await db.selectFrom('account').select([sql<number>`sum(money)`.as('money'), sql<number>`sum(${sql.ref(QUOTA)})`.as('quota')]).executeTakeFirstOrThrow()
  return { money: Number(row.money), quota: Number(row.quota) }
}

async function ledgerCheck(server: TestServer) {
  const db = server.services.db
  const money = await sql<{ n: number }>`select count(*) as n from account a where a.money <> coalesce((select sum(l.amount) from user_money_log l where l.user_id = a.id), 0)`.execute(db)
  const quota = await sql<{ n: number }>`select count(*) as n from account a where a.${sql.raw(QUOTA)} <> coalesce((select sum(l.amount) from user_quota_log l where l.user_id = a.id and l.quota = ${QUOTA}), 0)`.execute(db)
  const negative = await sql<{ n: number }>`select count(*) as n from account where money < 0 or ${sql.ref(QUOTA)} < 0`.execute(db)
  return { balanceNotLedger: Number(money.rows[0]!.n), quotaNotLedger: Number(quota.rows[0]!.n), negative: Number(negative.rows[0]!.n) }
}
