// PostgreSQL too: posts made exactly once over the queue, one posting rate shared by every worker.
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SCHEMAS_DIR, startTestServer, type TestServer } from './harness'
import { startDouyinContract, type DouyinContract } from '../support/douyin-contract'
import { startKuaishouContract, type KuaishouContract } from '../support/kuaishou-contract'
import { startWorkerProcess } from '../support/worker-process'
import { waitForTask, type Task } from '../support/tasks'
import { taskHandlers } from '../../src/server/task-handlers'
import { makeTestVideo } from '../../src/server/media/test-media'
import { startWorkers } from '../../src/server/tasks/engine'

const LEASE_SECONDS = 2
const HOST = 'console.test'

type Plan = { id: number; status: string; posts_total: number; posts_done: number; posts_failed: number; posts_skipped: number }
type Post = { id: number; plan_id: number; work_id: number; account_id: number; platform: string; title: string; status: string; task_id: number | null; item_id: string; scheduled_at: string; error: string; views: number | null; likes: number | null; shares: number | null }

describe('release plans: works posted to accounts on a schedule, once each, through tasks (issue: matrix distribution)', () => {
  let server: TestServer
  let douyin: DouyinContract
  let kuaishou: KuaishouContract
  let media: string
  let token: Record<string, string>
  let id: Record<string, number>
  const account: Record<string, number> = {}
  const works: number[] = []
  const workers: ChildProcess[] = []
  let ahead = 0

  const call = <T>(method: 'GET' | 'POST', path: string, data?: Record<string, unknown>) =>
    server.call<T>(method, path, { token: token.m1, ...(method === 'GET' ? { query: data } : { body: data }) }).then((r) => r.body)
  const posts = async (query: Record<string, unknown> = {}) => (await call<{ data: Post[] }>('GET', '/release_post/list', { limit: 100, sort: 'id', order: 'asc', ...query })).data.data
  const plan = async (planId: number) => (await call<Plan>('GET', '/release_plan/detail', { id: planId })).data
  // Slots three days back have all passed: every post goes at once.
  const addPlan = (body: Record<string, unknown>) => call<Plan>('POST', '/release_plan/add', { name: 'Spring', start_at: new Date(Date.now() + ahead - 3 * 86_400_000).toISOString(), jitter_minutes: 0, interval_minutes: 10, ...body })
  /** Created on the platform, or published once its figures were read: either way, posted. */
  const posted = (status: string) => (['created', 'published'].includes(status) ? 'posted' : status)
  const postsOn = (contract: DouyinContract | KuaishouContract, openId: string) => (contract.posts as { openId: string }[]).filter((p) => p.openId === openId).length
  const openIdOf = async (accountId: number) => String((await call<{ open_id: string }>('GET', '/platform_account/detail', { id: accountId })).data.open_id)
  /** Until every post of the plan is out of pending and uploading. */
  const settled = async (planId: number, timeoutMs = 20_000) => {
    const until = Date.now() + timeoutMs
    for (;;) {
      const mine = await posts({ plan_id: planId })
      if (mine.every((p) => !['pending', 'uploading'].includes(p.status))) return mine
      if (Date.now() > until) throw new Error(`Posts did not settle: ${JSON.stringify(mine)}`)
      await new Promise((r) => setTimeout(r, 150))
    }
  }

  /** An account through the platform's authorization flow, as its owner would go through it. */
  const authorize = async (platform: 'douyin' | 'kuaishou', nickname: string) => {
    const link = (await call<{ code: string }>('POST', '/authorization_link/add', { name: `For ${nickname}` })).data
    if (platform === 'douyin') douyin.nextUser = { nickname }
    else kuaishou.nextUser = { name: nickname }
    const started = await server.inject({ method: 'POST', url: '/api/v1/platform/authorization_start', headers: { host: HOST, 'content-type': 'application/json' }, payload: JSON.stringify({ code: link.code, platform }) })
    const cookie = String(started.headers['set-cookie']).split(';')[0]!
    const consent = await fetch((started.json() as { data: { url: string } }).data.url, { redirect: 'manual' })
    const back = new URL(consent.headers.get('location')!)
    const done = await server.inject({ method: 'GET', url: `/api/v1/platform/oauth_callback${back.search}`, headers: { host: HOST, cookie } })
    expect(new URL(String(done.headers.location), 'http://x').searchParams.get('result')).toBe('ok')
    const found = (await call<{ data: { id: number; nickname: string }[] }>('GET', '/platform/get_account', { limit: 100 })).data.data.find((a) => a.nickname === nickname)!
    return found.id
  }

  /** A finished video of the merchant's, as a clip task leaves it. */
  const makeWork = async (title: string, duration = 2) => {
    const file = join(media, `${title}.mp4`)
    await makeTestVideo(file, { seconds: 2, width: 160, height: 284 })
    const key = `works/${Date.now()}-${works.length}.mp4`
    const url = await server.services.files.putFile(key, file, 'video/mp4')
    const now = new Date().toISOString()
    const row = await server.services.db
      .insertInto('work')
      .values({ owner_id: id.m1!, title, kind: 'clip', render: '', task_id: null, variant: 1, combination: '', url, cover_url: '', duration, width: 160, height: 284, fps: 25, size: 1000, storage_key: key, created_at: now, updated_at: now } as never)
      .returning('id')
      .executeTakeFirstOrThrow()
    works.push(Number(row.id))
  }

  /** `npm run worker` on the test server's database, as another machine would run it. */
  const startWorker = async (): Promise<ChildProcess> => {
    const child = await startWorkerProcess(server.services.config, SCHEMAS_DIR, { TASK_LEASE_SECONDS: String(LEASE_SECONDS), TASK_EVERY_SECONDS: '3600', WORKER_CONCURRENCY: '1' })
    workers.push(child)
    return child
  }

  beforeAll(async () => {
    media = mkdtempSync(join(tmpdir(), 'release-plans-'))
    douyin = await startDouyinContract()
    kuaishou = await startKuaishouContract()
    server = await startTestServer({ now: () => new Date(Date.now() + ahead), config: { taskLeaseSeconds: LEASE_SECONDS, taskEverySeconds: 1, vendorTiming: { timeoutMs: 5000 } } })
    ;({ id, token } = await server.accounts([
      ['admin', 'admin'],
      ['p1', 'partner', 'admin'],
      ['m1', 'merchant', 'p1'],
      ['m2', 'merchant', 'p1'],
    ]))
    await server.call('POST', '/platform/set_config', {
      token: token.admin,
      body: { group: 'publishing', values: { douyin_client_key: douyin.clientKey, douyin_client_secret: douyin.clientSecret, douyin_api_url: douyin.url, kuaishou_app_id: kuaishou.appId, kuaishou_app_secret: kuaishou.appSecret, kuaishou_api_url: kuaishou.url, stats_minutes: 10 } },
    })
    account.douyin = await authorize('douyin', 'Tea shop 茶铺')
    account.kuaishou = await authorize('kuaishou', '快手茶铺')
    account.notes = (await call<{ id: number }>('POST', '/platform_account/add', { platform: 'xiaohongshu', nickname: 'Tea notes' })).data.id
    for (const title of ['Morning tea', 'Cold brew', 'Oolong', 'Matcha']) await makeWork(title)
  }, 120_000)

  afterAll(async () => {
    for (const child of workers) if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL')
    await server?.close()
    await douyin?.close()
    await kuaishou?.close()
    rmSync(media, { recursive: true, force: true })
  })

  it('a worker killed while its create is on the way to Douyin: the post is found, never made twice', async () => {
    const worker = await startWorker()
    let release = () => {}
    douyin.holdCreate = new Promise<void>((r) => (release = r))
    const created = douyin.nextCreate()
    const made = await addPlan({ name: 'Crash', work_ids: [works[0]], account_ids: [account.douyin], titles: ['Tea at dawn'] })
    expect(made).toMatchObject({ code: 1, data: { posts_total: 1 } })
    await created
    // The post exists on Douyin; its answer never reaches the worker, which dies now.
    process.kill(-worker.pid!, 'SIGKILL')
    release()
    douyin.holdCreate = null
    await startWorkers(server.services, taskHandlers, 2)
    const [post] = await settled(made.data.id)
    expect(posted(post!.status)).toBe('posted')
    expect(post!.title).toBe('Tea at dawn')
    expect(postsOn(douyin, await openIdOf(account.douyin!))).toBe(1)
    expect(douyin.posts[0]!.item_id).toBe(post!.item_id)
    const task = (await server.call<Task>('GET', '/task/detail', { token: token.m1, query: { id: post!.task_id } })).body.data
    expect(task.attempts).toBeGreaterThanOrEqual(2)
    expect(douyin.calls.filter((c) => c.path === '/api/douyin/v1/video/create_video/')).toHaveLength(1)
  })

  it('every work to every account, titles in turn and topics on the post; an assisted account\'s posts wait for a person', async () => {
    const made = await addPlan({ name: 'Spring', work_ids: [works[1], works[2]], account_ids: [account.douyin, account.kuaishou, account.notes], titles: ['Tea time', 'Second cup'], topics: ['tea', '茶'] })
    expect(made).toMatchObject({ code: 1, data: { posts_total: 6, posts_skipped: 0, status: 'active' } })
    const done = await settled(made.data.id)
    expect(done.map((p) => [p.platform, posted(p.status)])).toEqual([['douyin', 'posted'], ['douyin', 'posted'], ['kuaishou', 'posted'], ['kuaishou', 'posted'], ['xiaohongshu', 'assisted'], ['xiaohongshu', 'assisted']])
    expect(done.map((p) => p.title)).toEqual(['Tea time', 'Second cup', 'Tea time', 'Second cup', 'Tea time', 'Second cup'])
    // What a person posting by hand copies: the title and its topics, as the platforms are sent them.
    expect(done.filter((p) => p.platform === 'xiaohongshu').map((p) => (p as Post & { caption: string }).caption)).toEqual(['Tea time #tea #茶', 'Second cup #tea #茶'])
    expect(douyin.posts.slice(-2).map((p) => p.title).sort()).toEqual(['Second cup #tea #茶', 'Tea time #tea #茶'])
    // Douyin is told the moment of the frame Kuaishou gets as its cover image, so both show the same.
    expect(douyin.posts.slice(-2).map((p) => p.extra.cover_tsp)).toEqual([1, 1])
    expect(postsOn(kuaishou, await openIdOf(account.kuaishou!))).toBe(2)
    expect(await plan(made.data.id)).toMatchObject({ status: 'active', posts_done: 4 })
    // The person posts them by hand and says so: the plan is finished.
    for (const post of done.filter((p) => p.status === 'assisted')) {
      expect((await call('POST', '/release_post/confirm', { id: post.id, share_url: 'https://www.xiaohongshu.com/explore/abc' })).code).toBe(1)
    }
    expect(await plan(made.data.id)).toMatchObject({ status: 'finished', posts_done: 6 })
    expect((await call('POST', '/release_post/confirm', { id: done[0]!.id })).msg).toBe(`Post ${done[0]!.id} is not waiting for a person to post it.`)
  })

  it('never posts a work twice to one account, in this plan or another', async () => {
    const again = await addPlan({ name: 'Again', work_ids: [works[1], works[3]], account_ids: [account.douyin] })
    expect(again).toMatchObject({ code: 1, data: { posts_total: 1, posts_skipped: 1 } })
    await settled(again.data.id)
    expect(postsOn(douyin, await openIdOf(account.douyin!))).toBe(4)
    // Nothing new at all: no plan is made, and the form says why.
    const nothing = await addPlan({ name: 'Nothing new', work_ids: [works[1]], account_ids: [account.douyin] })
    expect(nothing).toMatchObject({ code: 0, data: { errors: [expect.objectContaining({ path: '/work_ids', message: expect.stringContaining('nothing new to post') })] } })
    expect((await call<{ data: Plan[] }>('GET', '/release_plan/list', { name: 'Nothing new' })).data.data).toEqual([])
  })

  it('a plan for tomorrow waits; paused, its posts stop; resumed, they are queued again; cancelled, the works are free for another plan', async () => {
    const tomorrow = new Date(Date.now() + ahead + 86_400_000).toISOString()
    const made = await addPlan({ name: 'Tomorrow', start_at: tomorrow, work_ids: [works[0]], account_ids: [account.kuaishou], slots_per_day: 2, interval_minutes: 30 })
    const [waiting] = await posts({ plan_id: made.data.id })
    expect(waiting).toMatchObject({ status: 'pending', scheduled_at: tomorrow })
    expect((await server.call<Task>('GET', '/task/detail', { token: token.m1, query: { id: waiting!.task_id } })).body.data.status).toBe('queued')

    expect((await call<Plan>('POST', '/release_plan/pause', { id: made.data.id })).data.status).toBe('paused')
    const [paused] = await posts({ plan_id: made.data.id })
    expect(paused).toMatchObject({ status: 'paused', task_id: null })
    expect((await server.call<Task>('GET', '/task/detail', { token: token.m1, query: { id: waiting!.task_id } })).body.data.status).toBe('cancelled')
    expect((await call('POST', '/release_plan/pause', { id: made.data.id })).msg).toBe(`Plan ${made.data.id} is not running, so it cannot be paused.`)

    expect((await call<Plan>('POST', '/release_plan/resume', { id: made.data.id })).data.status).toBe('active')
    const [resumed] = await posts({ plan_id: made.data.id })
    expect(resumed!.status).toBe('pending')
    expect(resumed!.task_id).not.toBe(waiting!.task_id)

    expect((await call<Plan>('POST', '/release_plan/cancel', { id: made.data.id })).data.status).toBe('cancelled')
    expect((await posts({ plan_id: made.data.id }))[0]!.status).toBe('cancelled')
    const freed = await addPlan({ name: 'Instead', start_at: tomorrow, work_ids: [works[0]], account_ids: [account.kuaishou] })
    expect(freed.data).toMatchObject({ posts_total: 1, posts_skipped: 0 })
    await call('POST', '/release_plan/cancel', { id: freed.data.id })
  })

  it('refuses what cannot be planned: another\'s work, slots past the day, an account to authorize again', async () => {
    const others = await server.call('POST', '/release_plan/add', { token: token.m2, body: { name: 'Theirs', start_at: new Date().toISOString(), work_ids: [works[0]], account_ids: [account.douyin] } })
    expect(others.body).toMatchObject({ code: 0, data: { errors: [expect.objectContaining({ path: '/work_ids/0' })] } })
    const crowded = await addPlan({ work_ids: [works[0]], account_ids: [account.douyin], slots_per_day: 24, interval_minutes: 120 })
    expect(crowded).toMatchObject({ code: 0, data: { errors: [expect.objectContaining({ path: '/interval_minutes' })] } })
  })

  it('Douyin limiting requests, and an expired access token, cost a retry or a renewal, not a second post', async () => {
    const openId = await openIdOf(account.douyin!)
    douyin.rateLimited = 1
    douyin.expireAccess(openId)
    await makeWork('Pu-erh')
    const made = await addPlan({ name: 'Limited', work_ids: [works.at(-1)], account_ids: [account.douyin] })
    const [post] = await settled(made.data.id)
    expect(posted(post!.status)).toBe('posted')
    expect(douyin.calls.some((c) => c.path === '/oauth/refresh_token/')).toBe(true)
    expect(douyin.posts.filter((p) => p.openId === openId && p.item_id === post!.item_id)).toHaveLength(1)
  })

  it('a post the platform refused fails saying why, and is posted again on request', async () => {
    await makeWork('Genmaicha')
    douyin.mode = 'malformed'
    const made = await addPlan({ name: 'Refused', work_ids: [works.at(-1)], account_ids: [account.douyin] })
    const [failed] = await settled(made.data.id)
    expect(failed).toMatchObject({ status: 'failed', error: expect.stringContaining('Douyin answered something its API does not document') })
    expect(await plan(made.data.id)).toMatchObject({ status: 'finished', posts_failed: 1 })
    douyin.mode = 'ok'
    const before = douyin.posts.length
    expect((await call<Post>('POST', '/release_post/retry', { id: failed!.id })).data.status).toBe('pending')
    const [again] = await settled(made.data.id)
    expect(posted(again!.status)).toBe('posted')
    expect(douyin.posts.length).toBe(before + 1)
    expect(await plan(made.data.id)).toMatchObject({ status: 'finished', posts_failed: 0, posts_done: 1 })
    expect((await call('POST', '/release_post/retry', { id: failed!.id })).msg).toBe(`Post ${failed!.id} has not failed; only a failed post is posted again.`)
  })

  it('all workers share one posting rate per platform; a post past it waits, saying so', async () => {
    await server.call('POST', '/platform/set_config', { token: await server.login('admin'), body: { group: 'publishing', values: { kuaishou_posts_per_minute: 1 } } })
    // A fresh minute, so the posts above do not count against it.
    ahead += 61_000
    token.m1 = await server.login('m1')
    const openId = await openIdOf(account.kuaishou!)
    const before = postsOn(kuaishou, openId)
    await makeWork('Jasmine')
    await makeWork('Rooibos')
    const made = await addPlan({ name: 'Rate', work_ids: works.slice(-2), account_ids: [account.kuaishou] })
    const [, second] = await posts({ plan_id: made.data.id })
    // The one past the rate waits in the queue, its worker free, the try not counted.
    const [first] = await posts({ plan_id: made.data.id })
    const waiting = await Promise.any([first!, second!].map((p) => waitForTask(server, token.m1!, p.task_id!, 'queued', (t) => /posting rate/.test(t.stage['en-US'] ?? ''), 15_000)))
    expect(waiting.stage['en-US']).toBe("Waiting for Kuaishou's posting rate (1 a minute)")
    expect(waiting.attempts).toBe(0)
    expect((await posts({ plan_id: made.data.id })).map((p) => p.status).sort()).toEqual(expect.arrayContaining(['pending']))
    await expect.poll(() => postsOn(kuaishou, openId), { timeout: 15_000 }).toBe(before + 1)
    ahead += 61_000
    await settled(made.data.id)
    expect(postsOn(kuaishou, openId)).toBe(before + 2)
  })

  it('figures are read from the platforms on schedule: posts published, totals per plan, account and work', async () => {
    for (const post of douyin.posts) post.statistics = { ...post.statistics, play_count: 1200, digg_count: 30, comment_count: 4, share_count: 2 }
    for (const post of kuaishou.posts as { view_count: number; like_count: number; comment_count: number }[]) Object.assign(post, { view_count: 800, like_count: 10, comment_count: 1 })
    // Figures older than the settings' ten minutes are read again.
    ahead += 11 * 60_000
    token.m1 = await server.login('m1')
    const until = Date.now() + 20_000
    let mine: Post[] = []
    while (Date.now() < until) {
      mine = (await posts({ limit: 100 })).filter((p) => p.platform !== 'xiaohongshu' && p.status !== 'cancelled')
      if (mine.every((p) => p.status === 'published' && (p.views === 1200 || p.views === 800))) break
      await new Promise((r) => setTimeout(r, 200))
    }
    expect(mine.filter((p) => p.platform === 'douyin').map((p) => [p.views, p.likes, p.shares])).toEqual(mine.filter((p) => p.platform === 'douyin').map(() => [1200, 30, 2]))
    expect(mine.filter((p) => p.platform === 'kuaishou').map((p) => [p.views, p.likes, p.shares])).toEqual(mine.filter((p) => p.platform === 'kuaishou').map(() => [800, 10, null]))
    const byAccount = (await call<{ groups: { id: number; title: string; posts: number; views: number }[] }>('GET', '/release_post/stats', { group_by: 'account_id' })).data.groups
    const douyinPosts = mine.filter((p) => p.platform === 'douyin').length
    expect(byAccount.find((g) => g.id === account.douyin)).toMatchObject({ title: 'Tea shop 茶铺', posts: douyinPosts, views: 1200 * douyinPosts })
    const byWork = (await call<{ groups: { title: string }[] }>('GET', '/release_post/stats', { group_by: 'work_id' })).data.groups
    expect(byWork.map((g) => g.title)).toEqual(expect.arrayContaining(['Cold brew', 'Oolong']))
    // Another merchant's figures are its own.
    expect((await server.call<{ groups: unknown[] }>('GET', '/release_post/stats', { token: token.m2, query: { group_by: 'plan_id' } })).body.data.groups).toEqual([])
  })

  it('a work longer than Douyin takes fails its post saying so, and none of it is sent', async () => {
    // Its length as measured when it was made: the file itself is a short clip.
    await makeWork('Tea ceremony, in full', 901)
    const uploads = () => douyin.calls.filter((c) => c.path.includes('upload')).length
    const before = uploads()
    const made = await addPlan({ name: 'Too long', work_ids: [works.at(-1)], account_ids: [account.douyin] })
    const [failed] = await settled(made.data.id)
    expect(failed).toMatchObject({ status: 'failed', error: expect.stringContaining('Douyin takes videos of up to 15 minutes; this one is 15 min 1 s long and was not sent.') })
    expect(failed!.error).toContain('抖音只接受 15 分钟以内的视频')
    expect(uploads()).toBe(before)
  })
})
