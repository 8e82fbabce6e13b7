import type { TaskKindDef } from '../../schema/types'
import { fieldError } from '../errors/AppError'
import { readGroup } from '../settings/settings-store'
import { type Services } from '../services'
import { tableOf } from '../db/table-of'
import { taskHandler } from '../tasks/task-handler'
import { TaskFailure } from '../errors/task-failure'
import { said } from '../providers/vendor-http'
import { KEY_MISSING, matrixKeys } from './token-key'
import { openedTokens, queueForAccounts, renewNow } from './accounts'
import { PLATFORM_NAMES, platformPublisher, type OAuthPlatform } from './platforms'
import { AccessTokenExpired } from '../providers/publisher/publisher'

/** Accounts looked at per round; the rest wait for the next, minutes later. */
const DUE_BATCH = 100
/** Posts whose figures are read: the platform's post ids, in calls of its own size. */
const COUNTED = ['created', 'published']

/**
 * Reads the figures of an account's posts from its platform and writes them on the posts. A
 * post the platform counts has been published.
 */
export const statsTask = taskHandler(['platform_stats'], {
  async prepare(ctx) {
    const account = await ctx.trx.selectFrom(tableOf(ctx.services, 'platform_account')).select(['nickname', 'status']).where('id', '=', ctx.input.account_id).executeTakeFirst()
    if (!account || account.status !== 'authorized') throw fieldError('RECORD_NOT_FOUND', '/account_id', ctx.locale, { entity: ctx.locale === 'zh-CN' ? '已授权的平台账号' : 'Authorized platform account', id: ctx.input.account_id })
    return { title: account.nickname }
  },
  async run(ctx) {
    const { services } = ctx
    const accounts = tableOf(services, 'platform_account')
    const posts = tableOf(services, 'release_post')
    const account = await services.db.selectFrom(accounts).selectAll().where('id', '=', ctx.input.account_id).executeTakeFirst()
    if (!account) throw new TaskFailure(said('该平台账号已被删除。', 'The platform account has been deleted.'))
    const keys = matrixKeys(services.config)
    if (!keys) throw new TaskFailure(KEY_MISSING)
    const platform = account.platform as OAuthPlatform
    const publisher = await platformPublisher(services, platform)
    if ('notConfigured' in publisher) throw new TaskFailure(publisher.notConfigured)
    const counted = await services.db.selectFrom(posts).select(['id', 'item_id']).where('account_id', '=', account.id).where('status', 'in', COUNTED).where('item_id', '!=', '').execute()
    const name = PLATFORM_NAMES[platform]
    ctx.progress(30, { 'zh-CN': `从${name['zh-CN']}读取 ${counted.length} 条作品的数据`, 'en-US': `Reading ${counted.length} posts' figures from ${name['en-US']}` })
    const read = async () => publisher.stats({ accessToken: openedTokens(keys, (await services.db.selectFrom(accounts).selectAll().where('id', '=', account.id).executeTakeFirstOrThrow())).accessToken, openId: account.open_id }, counted.map((p) => p.item_id))
    // The figures are as old as the moment they were asked for, not as the moment they were stored.
    const readAt = services.now().toISOString()
    const figures = counted.length === 0 ? [] : await read().catch(async (error: unknown) => {
      if (!(error instanceof AccessTokenExpired)) throw error
      await renewNow(services, keys, account.id)
      return read()
    })
    const byItem = new Map(figures.map((f) => [f.itemId, f]))
    return {
      result: { posts: counted.length, counted: figures.length },
      async commit(trx) {
        const now = services.now().toISOString()
        for (const post of counted) {
          const f = byItem.get(post.item_id)
          if (!f) continue
          await trx
            .updateTable(posts)
            .set({ views: cap(f.views), likes: cap(f.likes), comments: cap(f.comments), shares: f.shares === null ? null : cap(f.shares), stats_at: readAt, status: 'published', updated_at: now })
            .where('id', '=', post.id)
            .execute()
        }
        await trx.updateTable(accounts).set({ stats_task_id: null }).where('id', '=', account.id).where('stats_task_id', '=', ctx.task.id).execute()
      },
    }
  },
  async ended(trx, ctx) {
    await trx.updateTable(tableOf(ctx.services, 'platform_account')).set({ stats_task_id: null }).where('id', '=', ctx.input.account_id).where('stats_task_id', '=', ctx.task.id).execute()
  },
  due: queueDueStats,
})

/** Figures are stored in 32 bits; a post past two billion views reads as that many. */
function cap(value: number): number {
  return Math.min(2_147_483_647, Math.max(0, Math.round(value)))
}

/** One reading per authorized account with posts whose figures are older than the settings' minutes. */
async function queueDueStats(services: Services, kind: TaskKindDef): Promise<number> {
  const settings = await readGroup(services, services.registry.configGroups.get('publishing')!)
  const before = new Date(services.now().getTime() - Number(settings.stats_minutes ?? 60) * 60_000).toISOString()
  const accounts = tableOf(services, 'platform_account')
  const posts = tableOf(services, 'release_post')
  const stale = await services.db
    .selectFrom(posts)
    .select('account_id')
    .distinct()
    .where('status', 'in', COUNTED)
    .where((eb) => eb.or([eb('stats_at', 'is', null), eb('stats_at', '<', before)]))
    .limit(DUE_BATCH)
    .execute()
  if (stale.length === 0) return 0
  const due = await services.db
    .selectFrom(accounts)
    .select(['id', 'owner_id', 'nickname'])
    .where('id', 'in', stale.map((row) => row.account_id))
    .where('status', '=', 'authorized')
    .where('stats_task_id', 'is', null)
    .execute()
  return queueForAccounts(services, kind, due, 'stats_task_id')
}

