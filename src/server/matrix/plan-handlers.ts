import type { Label } from '../../schema/types'
import { asSchemaDb, type Db } from '../db/connect'
import { recordToRow } from '../db/records'
import { AppError, fieldError } from '../errors/AppError'
import { namedHandler, requireCaller, type RequestContext } from '../engine/handler-context'
import { findVisible } from '../engine/generic/record-scope'
import { type Services } from '../services'
import { tableOf } from '../db/table-of'
import { insertTask } from '../tasks/insert'
import { postTimes, slotsFitADay, type PlanTimes } from './plan-schedule'
import { recountPlan } from './plan-counts'
import { postText } from '../providers/publisher/publisher'

const PAUSED: Label = { 'zh-CN': '计划已暂停', 'en-US': 'The plan was paused' }
const CANCELLED: Label = { 'zh-CN': '计划已取消', 'en-US': 'The plan was cancelled' }

/** The database's guard against a second post of a work to an account: set while the post stands. */
export const workAccountKey = (workId: number, accountId: number) => `${workId}:${accountId}`

/**
 * A plan and its posts, each platform post queued as a task for its time, in one transaction.
 * Each account's posts fill its own slots; a work already posted to an account is skipped.
 */
const addPlan = namedHandler(['release_plan/add'], {
  async run(ctx) {
    const caller = requireCaller(ctx)
    const { services, body } = ctx
    const times = {
      startAt: new Date(body.start_at),
      slotsPerDay: body.slots_per_day ?? 3,
      intervalMinutes: body.interval_minutes ?? 60,
      jitterMinutes: body.jitter_minutes ?? 10,
      dailyCap: body.daily_cap ?? 3,
    }
    if (!slotsFitADay(times)) throw fieldError('PLAN_SLOTS_TOO_MANY', '/interval_minutes', ctx.locale)
    const works = await ownRows(ctx, 'work', body.work_ids, '/work_ids', ['id', 'title', 'url'])
    const accounts = await ownRows(ctx, 'platform_account', body.account_ids, '/account_ids', ['id', 'nickname', 'platform', 'status'])
    for (const [i, account] of accounts.entries()) {
      if (account.status === 'reauthorize') throw fieldError('PLAN_ACCOUNT_NOT_READY', `/account_ids/${i}`, ctx.locale, { name: String(account.nickname) })
    }
    const planEntity = services.registry.entities.get('release_plan')!
    const planId = await services.db.transaction().execute(async (trx) => {
      const plan = await insertPlan(trx, services, { ownerId: caller.id, name: body.name, times, works, accounts, titles: body.titles ?? [], topics: body.topics ?? [], poiId: body.poi_id ?? '' })
      // Nothing new to post: the plan would do nothing, so it is not made.
      if (plan.made === 0) throw fieldError('PLAN_NOTHING_NEW', '/work_ids', ctx.locale)
      return plan.id
    })
    services.tasks.queue.wake()
    services.tasks.changed()
    return findVisible(ctx, asSchemaDb(services.db), planEntity, planId)
  },
})

/** What a plan is made of: its owner, name and slots, the works and accounts it pairs, and the posts' words. */
export interface NewPlan {
  ownerId: number
  name: string
  times: PlanTimes
  works: readonly Record<string, unknown>[]
  accounts: readonly Record<string, unknown>[]
  titles: readonly string[]
  topics: readonly string[]
  poiId: string
}

/**
 * A plan and its posts, each platform post queued as a task for its time, in the caller's
 * transaction. Each account's posts fill its own slots; a work already posted to an account is
 * skipped. `made` is how many posts it holds: none means it would do nothing.
 */
export async function insertPlan(trx: Db, services: Services, plan: NewPlan): Promise<{ id: number; made: number }> {
  const planEntity = services.registry.entities.get('release_plan')!
  const postEntity = services.registry.entities.get('release_post')!
  const { times, works, titles, topics } = plan
  const stamp = services.now().toISOString()
  const row = await trx
    .insertInto(tableOf(services, 'release_plan'))
    .values(recordToRow(planEntity, {
      owner_id: plan.ownerId, name: plan.name, status: 'active', start_at: times.startAt.toISOString(),
      slots_per_day: times.slotsPerDay, interval_minutes: times.intervalMinutes, jitter_minutes: times.jitterMinutes, daily_cap: times.dailyCap,
      titles, topics, poi_id: plan.poiId,
      posts_total: 0, posts_done: 0, posts_failed: 0, posts_skipped: 0, created_at: stamp, updated_at: stamp,
    }) as never)
    .returning('id')
    .executeTakeFirstOrThrow()
  const id = row.id
  let skipped = 0
  let made = 0
  for (const account of plan.accounts) {
    const taken = new Set(
      (await trx.selectFrom(tableOf(services, 'release_post')).select('work_account').where('work_account', 'in', works.map((w) => workAccountKey(Number(w.id), Number(account.id)))).execute()).map((r) => String(r.work_account)),
    )
    const fresh = works.filter((work) => !taken.has(workAccountKey(Number(work.id), Number(account.id))))
    skipped += works.length - fresh.length
    const when = postTimes(times, fresh.length)
    const assisted = account.status === 'assisted'
    for (const [i, work] of fresh.entries()) {
      const title = (titles.length > 0 ? titles[made % titles.length]! : String(work.title)).slice(0, 55)
      made += 1
      const post = await trx
        .insertInto(tableOf(services, 'release_post'))
        .values(recordToRow(postEntity, {
          owner_id: plan.ownerId, plan_id: id, work_id: Number(work.id), account_id: Number(account.id), platform: String(account.platform),
          title, caption: postText(title, [...topics]).slice(0, 200), scheduled_at: when[i]!.toISOString(), status: assisted ? 'assisted' : 'pending', task_id: null, item_id: '', share_url: '', error: '',
          published_at: null, work_account: workAccountKey(Number(work.id), Number(account.id)), created_at: stamp, updated_at: stamp,
        }) as never)
        .returning('id')
        .executeTakeFirstOrThrow()
      if (!assisted) await queuePost(trx, services, { postId: post.id, ownerId: plan.ownerId, title, at: when[i]! })
    }
  }
  await trx.updateTable(tableOf(services, 'release_plan')).set({ posts_total: made, posts_skipped: skipped }).where('id', '=', id).execute()
  await recountPlan(trx, services, id)
  return { id, made }
}

/** A post's task, due at its time (at once when that has passed), its id noted on the post. */
export async function queuePost(trx: Db, services: Services, post: { postId: number; ownerId: number; title: string; at: Date }): Promise<void> {
  const kind = services.registry.tasks.get('platform_post')!
  const delaySeconds = Math.max(0, Math.ceil((post.at.getTime() - services.now().getTime()) / 1000))
  const taskId = await insertTask(trx, services, { kind, ownerId: post.ownerId, title: post.title, input: { post_id: post.postId }, delaySeconds })
  await trx.updateTable(tableOf(services, 'release_post')).set({ task_id: taskId, status: 'pending', updated_at: services.now().toISOString() }).where('id', '=', post.postId).execute()
}

const pausePlan = namedHandler(['release_plan/pause'], {
  async run(ctx) {
    return changePlan(ctx, ctx.body.id, 'active', 'PLAN_NOT_ACTIVE', async (trx, plan) => {
      await stopWaitingPosts(trx, ctx.services, plan, 'paused', PAUSED)
      return 'paused'
    })
  },
})

const resumePlan = namedHandler(['release_plan/resume'], {
  async run(ctx) {
    const { services } = ctx
    return changePlan(ctx, ctx.body.id, 'paused', 'PLAN_NOT_PAUSED', async (trx, plan) => {
      const paused = await trx.selectFrom(tableOf(services, 'release_post')).select(['id', 'owner_id', 'title', 'scheduled_at']).where('plan_id', '=', plan).where('status', '=', 'paused').execute()
      for (const post of paused) await queuePost(trx, services, { postId: post.id, ownerId: post.owner_id, title: post.title, at: new Date(post.scheduled_at) })
      return 'active'
    })
  },
})

const cancelPlan = namedHandler(['release_plan/cancel'], {
  async run(ctx) {
    const { services } = ctx
    return changePlan(ctx, ctx.body.id, ['active', 'paused'], 'PLAN_ENDED', async (trx, plan) => {
      await stopWaitingPosts(trx, services, plan, 'cancelled', CANCELLED)
      // Paused and assisted posts end too; a cancelled post no longer holds its work and account.
      await trx
        .updateTable(tableOf(services, 'release_post'))
        .set({ status: 'cancelled', work_account: null, task_id: null, updated_at: services.now().toISOString() })
        .where('plan_id', '=', plan)
        .where('status', 'in', ['paused', 'assisted', 'cancelled'])
        .execute()
      return 'cancelled'
    })
  },
})

/** The plan moved from one status to another with what goes with it, or the refusal naming why not. */
async function changePlan(
  ctx: RequestContext,
  id: number,
  from: string | string[],
  refusal: 'PLAN_NOT_ACTIVE' | 'PLAN_NOT_PAUSED' | 'PLAN_ENDED',
  change: (trx: Db, plan: number) => Promise<string>,
): Promise<Record<string, unknown>> {
  const { services } = ctx
  const entity = services.registry.entities.get('release_plan')!
  await findVisible(ctx, asSchemaDb(services.db), entity, id)
  await services.db.transaction().execute(async (trx) => {
    const now = services.now().toISOString()
    // Taken first, so two clicks, or a pause and a cancel, do not both go through.
    const held = await trx.updateTable(tableOf(services, 'release_plan')).set({ updated_at: now }).where('id', '=', id).where('status', 'in', ([] as string[]).concat(from)).executeTakeFirst()
    if (Number(held.numUpdatedRows) === 0) throw new AppError(refusal, { id: String(id) })
    const status = await change(trx, id)
    await trx.updateTable(tableOf(services, 'release_plan')).set({ status, updated_at: now }).where('id', '=', id).execute()
    await recountPlan(trx, services, id)
  })
  services.tasks.queue.wake()
  services.tasks.changed()
  return findVisible(ctx, asSchemaDb(services.db), entity, id)
}

/**
 * Posts still waiting for their time stop: their queued tasks are cancelled (a worker that has
 * already taken one finishes it). A task taken in the meantime keeps its post as it is.
 */
async function stopWaitingPosts(trx: Db, services: Services, plan: number, status: 'paused' | 'cancelled', why: Label): Promise<void> {
  const now = services.now().toISOString()
  const waiting = await trx.selectFrom(tableOf(services, 'release_post')).select(['id', 'task_id']).where('plan_id', '=', plan).where('status', '=', 'pending').execute()
  for (const post of waiting) {
    if (post.task_id !== null) {
      const stopped = await trx
        .updateTable(tableOf(services, 'task'))
        .set({ status: 'cancelled', stage: '{}', error: JSON.stringify(why), finished_at: now, lease_until: null, updated_at: now })
        .where('id', '=', post.task_id)
        .where('status', '=', 'queued')
        .executeTakeFirst()
      if (Number(stopped.numUpdatedRows) === 0) continue
    }
    await trx
      .updateTable(tableOf(services, 'release_post'))
      .set({ status, task_id: null, updated_at: now, ...(status === 'cancelled' ? { work_account: null } : {}) })
      .where('id', '=', post.id)
      .execute()
  }
}

/** A person posted an assisted account's video by hand and says so. */
const confirmPost = namedHandler(['release_post/confirm'], {
  async run(ctx) {
    const { services, body } = ctx
    const entity = services.registry.entities.get('release_post')!
    const post = await findVisible(ctx, asSchemaDb(services.db), entity, body.id)
    await services.db.transaction().execute(async (trx) => {
      const now = services.now().toISOString()
      const done = await trx
        .updateTable(tableOf(services, 'release_post'))
        .set({ status: 'published', published_at: now, share_url: body.share_url ?? '', updated_at: now })
        .where('id', '=', body.id)
        .where('status', '=', 'assisted')
        .executeTakeFirst()
      if (Number(done.numUpdatedRows) === 0) throw new AppError('POST_NOT_ASSISTED', { id: String(post.id) })
      await recountPlan(trx, services, Number(post.plan_id))
    })
    services.tasks.changed()
    return findVisible(ctx, asSchemaDb(services.db), entity, body.id)
  },
})

/** A failed post queued again at once, by a new task: a plan that had finished runs again until it ends. */
const retryPost = namedHandler(['release_post/retry'], {
  async run(ctx) {
    const { services, body } = ctx
    const entity = services.registry.entities.get('release_post')!
    const post = await findVisible(ctx, asSchemaDb(services.db), entity, body.id)
    await services.db.transaction().execute(async (trx) => {
      const again = await trx.updateTable(tableOf(services, 'release_post')).set({ status: 'pending', error: '', updated_at: services.now().toISOString() }).where('id', '=', body.id).where('status', '=', 'failed').executeTakeFirst()
      if (Number(again.numUpdatedRows) === 0) throw new AppError('POST_NOT_FAILED', { id: String(post.id) })
      await queuePost(trx, services, { postId: body.id, ownerId: Number(post.owner_id), title: String(post.title), at: services.now() })
      await trx.updateTable(tableOf(services, 'release_plan')).set({ status: 'active' }).where('id', '=', Number(post.plan_id)).where('status', '=', 'finished').execute()
      await recountPlan(trx, services, Number(post.plan_id))
    })
    services.tasks.queue.wake()
    services.tasks.changed()
    return findVisible(ctx, asSchemaDb(services.db), entity, body.id)
  },
})

/** The caller's own records of an entity, in the order asked, or a field error at the first that is not. */
async function ownRows(ctx: RequestContext, entityName: 'work' | 'platform_account', ids: number[], path: string, columns: string[]): Promise<Record<string, unknown>[]> {
  const caller = requireCaller(ctx)
  const { services } = ctx
  const entity = services.registry.entities.get(entityName)!
  const rows = await asSchemaDb(services.db).selectFrom(entity.table).select(columns).where('owner_id', '=', caller.id).where('id', 'in', ids).execute()
  return ids.map((id, i) => {
    const row = rows.find((r) => Number(r.id) === id)
    if (!row || (entityName === 'work' && !row.url)) throw fieldError('RECORD_NOT_FOUND', `${path}/${i}`, ctx.locale, { entity: entity.label?.[ctx.locale] ?? entity.name, id })
    return row
  })
}

export const planHandlers = {
  'matrix.addPlan': addPlan,
  'matrix.pausePlan': pausePlan,
  'matrix.resumePlan': resumePlan,
  'matrix.cancelPlan': cancelPlan,
  'matrix.confirmPost': confirmPost,
  'matrix.retryPost': retryPost,
}

