import { join } from 'node:path'
import { fieldError } from '../errors/AppError'
import { hitBucket } from '../rate-limit/database-store'
import { readGroup } from '../settings/settings-store'
import { type Services } from '../services'
import { tableOf } from '../db/table-of'
import { taskHandler } from '../tasks/task-handler'
import { TaskDeferred, TaskFailure } from '../errors/task-failure'
import { coverFrame } from '../media/thumbnail'
import { said } from '../providers/vendor-http'
import { AccessTokenExpired, type PostInput, type PublishedPost } from '../providers/publisher/publisher'
import { KEY_MISSING, matrixKeys, type MatrixKeys } from './token-key'
import { inBothLanguages, openedTokens, renewNow } from './accounts'
import { PLATFORM_NAMES, platformPublisher, type OAuthPlatform } from './platforms'
import { lockPlan, recountPlan } from './plan-counts'

/** A post's status while its task may still work on it: a retry of a failed one included. */
const WORKABLE = ['pending', 'uploading', 'failed']
const RATE_WINDOW_MS = 60_000
/** A post waiting for the rate is looked at again this soon: an admin raising the rate, or the next minute, lets it go. */
const RATE_RECHECK_SECONDS = 5
/** Where in the video the cover is: Kuaishou's required image is this frame, Douyin is told this moment. */
const COVER_AT_SECONDS = 1

/**
 * Posts one work to one account. Upload and create are recorded steps: a retry reuses the
 * upload, and a create begun by an earlier try that did not live to record its answer is
 * looked for among the account's posts before a new one is made, so a work is posted once.
 */
export const publishTask = taskHandler(['platform_post'], {
  async prepare(ctx) {
    const post = await ctx.trx.selectFrom(tableOf(ctx.services, 'release_post')).select(['title', 'status']).where('id', '=', ctx.input.post_id).executeTakeFirst()
    if (!post || !WORKABLE.includes(post.status)) {
      throw fieldError('RECORD_NOT_FOUND', '/post_id', ctx.locale, { entity: ctx.locale === 'zh-CN' ? '待发布的记录' : 'Post waiting to go out', id: ctx.input.post_id })
    }
    return { title: post.title }
  },
  async run(ctx) {
    const { services, task } = ctx
    const posts = tableOf(services, 'release_post')
    const post = await services.db.selectFrom(posts).selectAll().where('id', '=', ctx.input.post_id).executeTakeFirst()
    if (!post) throw new TaskFailure(said('该发布记录已被删除。', 'The post has been deleted.'))
    // Paused or cancelled after this task was taken: nothing to do.
    if (!WORKABLE.includes(post.status)) return { result: { posted: false, status: post.status } }
    const account = await services.db.selectFrom(tableOf(services, 'platform_account')).selectAll().where('id', '=', post.account_id).executeTakeFirst()
    if (!account) throw new TaskFailure(said('该平台账号已被删除。', 'The platform account has been deleted.'))
    if (account.status !== 'authorized') throw new TaskFailure(said(`账号“${account.nickname}”需要重新授权后才能发布。`, `The account "${account.nickname}" must be authorized again before it can post.`))
    const work = await services.db.selectFrom(tableOf(services, 'work')).select(['storage_key', 'title', 'duration']).where('id', '=', post.work_id).executeTakeFirst()
    if (!work?.storage_key) throw new TaskFailure(said('作品的视频文件已不存在。', "The work's video file no longer exists."))
    const plan = await services.db.selectFrom(tableOf(services, 'release_plan')).select(['topics', 'poi_id']).where('id', '=', post.plan_id).executeTakeFirst()
    const keys = matrixKeys(services.config)
    if (!keys) throw new TaskFailure(KEY_MISSING)
    const platform = account.platform as OAuthPlatform
    const publisher = await platformPublisher(services, platform)
    if ('notConfigured' in publisher) throw new TaskFailure(publisher.notConfigured)
    const name = PLATFORM_NAMES[platform]
    const accountId = account.id

    // Past the rate the post waits in the queue, still pending.
    await takeRate(services, platform)
    await services.db.updateTable(posts).set({ status: 'uploading', error: '', updated_at: services.now().toISOString() }).where('id', '=', post.id).execute()
    services.tasks.changed()
    ctx.progress(10, { 'zh-CN': '准备视频', 'en-US': 'Preparing the video' })
    const videoPath = await services.files.localCopy(work.storage_key, ctx.workDir)
    const coverPath = join(ctx.workDir, 'cover.jpg')
    await coverFrame(videoPath, COVER_AT_SECONDS, coverPath, { signal: ctx.signal })
    const topics = parseList(plan?.topics)
    const input = (accessToken: string): PostInput => ({ accessToken, openId: account.open_id, videoPath, coverPath, coverAtSeconds: COVER_AT_SECONDS, durationSeconds: (work.duration ?? 0), title: post.title, topics, poiId: (plan?.poi_id ?? ''), signal: ctx.signal })
    const withToken = <T>(call: (accessToken: string) => Promise<T>) => withFreshToken(services, keys, accountId, call)

    ctx.progress(20, { 'zh-CN': `上传到${name['zh-CN']}`, 'en-US': `Uploading to ${name['en-US']}` })
    const { uploadId } = await ctx.step('upload', () => withToken((token) => publisher.upload(input(token))))
    // Recorded before the create is sent: a later try that finds it, with no answer recorded, knows a create may have gone through.
    const begun = await ctx.step('create-begun', async () => ({ at: services.now().getTime(), attempt: task.attempt }))
    ctx.progress(70, { 'zh-CN': `在${name['zh-CN']}创建作品`, 'en-US': `Creating the post on ${name['en-US']}` })
    const made = await ctx.step<PublishedPost>('create', async () => {
      if (begun.attempt < task.attempt) {
        const found = await withToken((token) => publisher.findCreated(input(token), begun.at - RATE_WINDOW_MS))
        if (found) return found
      }
      return withToken((token) => publisher.create(input(token), uploadId))
    })
    return {
      result: { item_id: made.itemId, share_url: made.shareUrl },
      async commit(trx) {
        await lockPlan(trx, services, post.plan_id)
        const now = services.now().toISOString()
        await trx
          .updateTable(posts)
          .set({ status: 'created', item_id: made.itemId.slice(0, 128), share_url: safeLink(made.shareUrl), published_at: now, error: '', updated_at: now })
          .where('id', '=', post.id)
          .execute()
        await recountPlan(trx, services, post.plan_id)
      },
    }
  },
  async ended(trx, ctx) {
    const posts = tableOf(ctx.services, 'release_post')
    const post = await trx.selectFrom(posts).select(['plan_id', 'status']).where('id', '=', ctx.input.post_id).executeTakeFirst()
    if (!post || !WORKABLE.includes(post.status)) return
    await lockPlan(trx, ctx.services, post.plan_id)
    const now = ctx.services.now().toISOString()
    await trx.updateTable(posts).set({ status: 'failed', error: inBothLanguages(ctx.error).slice(0, 500), updated_at: now }).where('id', '=', ctx.input.post_id).execute()
    await recountPlan(trx, ctx.services, post.plan_id)
  },
})

/** A call with the account's access token; once it has expired, renewed and the call made again. */
async function withFreshToken<T>(services: Services, keys: MatrixKeys, accountId: number, call: (accessToken: string) => Promise<T>): Promise<T> {
  const token = async () => openedTokens(keys, await services.db.selectFrom(tableOf(services, 'platform_account')).select(['id', 'access_token', 'refresh_token']).where('id', '=', accountId).executeTakeFirstOrThrow()).accessToken
  try {
    return await call(await token())
  } catch (error) {
    if (!(error instanceof AccessTokenExpired)) throw error
    await renewNow(services, keys, accountId)
    return call(await token())
  }
}

/**
 * One more post to the platform in this minute, counted in the database for every worker on it.
 * Past the settings' rate, the task goes back to the queue until the next minute, saying so,
 * and its worker is free for other work meanwhile.
 */
async function takeRate(services: Services, platform: OAuthPlatform): Promise<void> {
  const settings = await readGroup(services, services.registry.configGroups.get('publishing')!)
  const perMinute = Number(settings[`${platform}_posts_per_minute`] ?? 10)
  const bucket = await hitBucket(services, `publish:${platform}`, RATE_WINDOW_MS)
  if (bucket.current <= perMinute) return
  const name = PLATFORM_NAMES[platform]
  throw new TaskDeferred(Math.min(RATE_RECHECK_SECONDS, Math.max(1, bucket.ttl / 1000)), { 'zh-CN': `等待${name['zh-CN']}的发布频率限制（每分钟 ${perMinute} 条）`, 'en-US': `Waiting for ${name['en-US']}'s posting rate (${perMinute} a minute)` })
}

function parseList(value: unknown): string[] {
  const list = typeof value === 'string' ? (JSON.parse(value) as unknown) : value
  return Array.isArray(list) ? list.map(String) : []
}

/** The platform's link to the post, kept only when it is an http(s) address the console may show. */
function safeLink(url: string | null): string {
  return url && /^https?:\/\/[^\s\\]+$/.test(url) ? url.slice(0, 1024) : ''
}
