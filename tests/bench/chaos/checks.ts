import { existsSync, readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Cluster } from '../../../scripts/cluster/cluster'
import type { Services } from '../../../src/server/services'
import { QUOTAS } from '../../../src/server/recharge-orders/rules'
import type { JsonSchema } from '../../../src/schema/types'
import { asSchemaDb } from '../../../src/server/db/connect'
import type { Submit } from './load'

export interface TaskFigures {
  submitted: number
  /** Submits never taken, however often they were sent. */
  neverTaken: number
  succeededOnce: number
  failed: { title: string; reason: string }[]
  /** Submits that made more than one task. */
  duplicated: number
  /** Tasks still queued or running when the wait for them ended. */
  unfinished: number
}

/** Wait (up to `waitMs`) for every task to end, then count what the submits made. */
export async function taskFigures(services: Services, submits: Submit[], waitMs: number): Promise<TaskFigures> {
  const { db } = services
  const until = performance.now() + waitMs
  const open = async () => Number((await db.selectFrom('task').select(db.fn.countAll<number>().as('n')).where('status', 'in', ['queued', 'running']).executeTakeFirstOrThrow()).n)
  while ((await open()) > 0 && performance.now() < until) await sleep(1000)
  const rows = await db.selectFrom('task').select(['id', 'title', 'status', 'error']).where('title', 'like', 'chaos %').execute()
  const byTitle = new Map<string, typeof rows>()
  for (const row of rows) byTitle.set(row.title!, [...(byTitle.get(row.title!) ?? []), row])
  const taken = submits.filter((s) => s.taskId !== undefined)
  return {
    submitted: submits.length,
    neverTaken: submits.length - taken.length,
    succeededOnce: [...byTitle.values()].filter((tasks) => tasks.length === 1 && tasks[0]!.status === 'succeeded').length,
    failed: rows.filter((row) => row.status === 'failed').map((row) => ({ title: row.title!, reason: (JSON.parse(String(row.error || '{}')) as Record<string, string>)['en-US'] ?? '' })),
    duplicated: [...byTitle.values()].filter((tasks) => tasks.length > 1).length,
    unfinished: await open(),
  }
}

/** Accounts whose balance or a quota differs from the sum of its ledger rows, out of all accounts. */
export async function ledgerFigures(services: Services): Promise<{ accounts: number; unequal: string[] }> {
  const { db } = services
  const accounts = await db.selectFrom('account').select(['id', 'username', 'money', ...QUOTAS]).execute()
  const money = new Map((await db.selectFrom('user_money_log').select('user_id').select((eb) => eb.fn.sum('amount').as('total')).groupBy('user_id').execute()).map((r) => [Number(r.user_id), Number(r.total)]))
  const quotas = await db.selectFrom('user_quota_log').select(['user_id', 'quota']).select((eb) => eb.fn.sum('amount').as('total')).groupBy(['user_id', 'quota']).execute()
  const quota = (userId: number, name: string) => Number(quotas.find((r) => Number(r.user_id) === userId && r.quota === name)?.total ?? 0)
  const unequal: string[] = []
  for (const account of accounts) {
    if (Number(account.money) !== (money.get(account.id) ?? 0)) unequal.push(`${account.username} money ${account.money} ≠ ledger ${money.get(account.id) ?? 0}`)
    for (const q of QUOTAS) if (Number(account[q] ?? 0) !== quota(account.id, q)) unequal.push(`${account.username} ${q} ${account[q]} ≠ ledger ${quota(account.id, q)}`)
  }
  return { accounts: accounts.length, unequal }
}

/**
 * Files in the store that no record names (every media-url field of every entity), and task
 * folders left in the workers' data folders: what a fault left behind.
 */
export async function orphanFigures(services: Services, cluster: Cluster): Promise<{ objects: number; orphans: string[]; leftFolders: string[] }> {
  const named = new Set<string>()
  for (const entity of services.registry.entities.values()) {
    const fields = Object.entries(entity.schema.properties as Record<string, JsonSchema>).filter(([, field]) => field.format === 'media-url').map(([name]) => name)
    if (fields.length === 0) continue
    const rows = await asSchemaDb(services.db).selectFrom(entity.table).select(fields).execute()
    for (const row of rows) for (const field of fields) {
      const key = services.files.keyOf(String(row[field] ?? ''))
      if (key) named.add(key)
    }
  }
  // s3rver keeps an object as KEY._S3rver_object beside its metadata.
  const bucket = join(cluster.dir, 'store', 'files', 'console')
  const objects = existsSync(bucket) ? readdirSync(bucket, { recursive: true }).map(String).filter((f) => f.endsWith('._S3rver_object')).map((f) => f.replace(/\._S3rver_object$/, '')) : []
  const leftFolders = cluster.workers.flatMap((worker) => {
    const root = join(cluster.dir, worker.name, 'task-work')
    return existsSync(root) ? readdirSync(root).map((folder) => relative(cluster.dir, join(root, folder))) : []
  })
  return { objects: objects.length, orphans: objects.filter((key) => !named.has(key)), leftFolders }
}
