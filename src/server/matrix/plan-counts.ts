import type { Db } from '../db/connect'
import { type Services } from '../services'
import { tableOf } from '../db/table-of'

/** Posts still to go out, by a task or a person: while any is left, a running plan is not finished. */
const OPEN = ['pending', 'uploading', 'paused', 'assisted']

/**
 * A plan's counts from its posts, in the transaction that changed one: posted (created on the
 * platform or published), failed; and a running plan with nothing left to post is finished.
 */
export async function recountPlan(trx: Db, services: Services, planId: number): Promise<void> {
  await lockPlan(trx, services, planId)
  const posts = tableOf(services, 'release_post')
  const rows = await trx.selectFrom(posts).select(['status', (eb) => eb.fn.countAll<number>().as('n')]).where('plan_id', '=', planId).groupBy('status').execute()
  const count = (statuses: string[]) => rows.filter((r) => statuses.includes(r.status)).reduce((sum, r) => sum + r.n, 0)
  await trx
    .updateTable(tableOf(services, 'release_plan'))
    .set({ posts_done: count(['created', 'published']), posts_failed: count(['failed']), updated_at: services.now().toISOString() })
    .where('id', '=', planId)
    .execute()
  if (count(OPEN) === 0) await trx.updateTable(tableOf(services, 'release_plan')).set({ status: 'finished' }).where('id', '=', planId).where('status', '=', 'active').execute()
}

/**
 * The plan's row held to the end of the transaction. Two workers posting at once each count in
 * their own transaction; unless the second waits for the first, it writes a count that misses
 * the first one's post. Whoever changes a post of a plan takes this before touching the post, so
 * a worker and a pause never hold one each and wait on the other. (SQLite runs one write
 * transaction at a time.)
 */
export async function lockPlan(trx: Db, services: Services, planId: number): Promise<void> {
  if (services.dialect === 'postgres') await trx.selectFrom(tableOf(services, 'release_plan')).select('id').where('id', '=', planId).forUpdate().execute()
}
