import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startDouyinContract, type DouyinContract } from '../../../../tests/support/douyin-contract'
import { startKuaishouContract, type KuaishouContract } from '../../../../tests/support/kuaishou-contract'
import { makeTestImage, makeTestVideo } from '../../media/test-media'
import { TaskFailure } from '../../errors/task-failure'
import { douyinPublisher } from './douyin-publisher'
import { kuaishouPublisher } from './kuaishou-publisher'
import { AuthorizationLost } from './platform-auth'
import { AccessTokenExpired, bareTitle, postText, type PostInput, type Publisher } from './publisher'

/**
 * A clip of about 190 KB, several socket reads long, so that an upload can break halfway;
 * 52 MB of noise, above what either platform takes whole, whose bytes show a misplaced part;
 * and a clip a second longer than Douyin's fifteen minutes.
 */
let dir: string
const LARGE = 52 * 1024 * 1024
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'publisher-'))
  writeFileSync(join(dir, 'large.mp4'), randomBytes(LARGE))
  await Promise.all([
    makeTestVideo(join(dir, 'video.mp4'), { seconds: 2, width: 320, height: 240 }),
    // Fifteen minutes and a second, one tiny frame a second: a few hundred KB.
    makeTestVideo(join(dir, 'long.mp4'), { seconds: 901, width: 32, height: 32, fps: 1, audio: false }),
    makeTestImage(join(dir, 'cover.jpg'), 64, 64),
  ])
}, 30_000)
const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex')
afterAll(() => rmSync(dir, { recursive: true, force: true }))

async function failure(work: () => Promise<unknown>): Promise<TaskFailure> {
  const error = await work().catch((e: unknown) => e)
  expect(error).toBeInstanceOf(TaskFailure)
  return error as TaskFailure
}

/** A platform as these tests drive it: its publisher against its contract server, and the posts the server holds. */
interface Platform {
  name: 'Douyin' | 'Kuaishou'
  start(): Promise<void>
  close(): Promise<void>
  /** Its contract server, for the switches both have under the same names (mode, rateLimited, brokenUploads, holdCreate...). */
  switches(): DouyinContract | KuaishouContract
  publisher(timeoutMs?: number): Publisher
  authorized(): { openId: string; accessToken: string }
  /** The account's posts as the platform keeps them: id and the text it was created with. */
  posts(openId: string): { itemId: string; text: string }[]
  setFigures(itemId: string, figures: { views: number; likes: number; comments: number; shares: number }): void
  /** Shares as the platform answers them for `shares`: Kuaishou counts none. */
  shares(shares: number): number | null
  /** The file of the latest upload as the platform put it together, and the parts it came in (1 when whole). */
  received(): { bytes: number; sha256: string; parts: number } | null
}

function douyin(): Platform & { contract(): DouyinContract } {
  let contract: DouyinContract
  return {
    name: 'Douyin',
    contract: () => contract,
    start: async () => void (contract = await startDouyinContract()),
    close: () => contract.close(),
    switches: () => contract,
    publisher: (timeoutMs = 2000) => douyinPublisher({ clientKey: contract.clientKey, clientSecret: contract.clientSecret, apiUrl: contract.url, timeoutMs }),
    authorized: () => contract.authorized(),
    posts: (openId) => contract.posts.filter((p) => p.openId === openId).map((p) => ({ itemId: p.item_id, text: p.title })),
    setFigures: (itemId, f) => Object.assign(contract.posts.find((p) => p.item_id === itemId)!.statistics, { play_count: f.views, digg_count: f.likes, comment_count: f.comments, share_count: f.shares }),
    shares: (shares) => shares,
    received: () => {
      const upload = contract.uploads.at(-1)
      return upload ? { bytes: upload.bytes, sha256: upload.sha256, parts: upload.parts } : null
    },
  }
}

function kuaishou(): Platform & { contract(): KuaishouContract } {
  let contract: KuaishouContract
  return {
    name: 'Kuaishou',
    contract: () => contract,
    start: async () => void (contract = await startKuaishouContract()),
    close: () => contract.close(),
    switches: () => contract,
    publisher: (timeoutMs = 2000) => kuaishouPublisher({ appId: contract.appId, appSecret: contract.appSecret, apiUrl: contract.url, timeoutMs }),
    authorized: () => contract.authorized(),
    posts: (openId) => contract.posts.filter((p) => p.openId === openId).map((p) => ({ itemId: p.photo_id, text: p.caption })),
    setFigures: (itemId, f) => Object.assign(contract.posts.find((p) => p.photo_id === itemId)!, { view_count: f.views, like_count: f.likes, comment_count: f.comments }),
    shares: () => null,
    received: () => {
      const file = contract.uploads.at(-1)?.file
      return file ? { bytes: file.bytes, sha256: file.sha256, parts: file.fragments || 1 } : null
    },
  }
}

describe.each([douyin(), kuaishou()])('$name publishing, against a contract server of its open API', (platform) => {
  const post = (account: { openId: string; accessToken: string }, title = '春日新茶上市 New tea is in'): PostInput => ({
    ...account, videoPath: join(dir, 'video.mp4'), coverPath: join(dir, 'cover.jpg'), coverAtSeconds: 1, durationSeconds: 2, title, topics: ['新茶', 'tea time'],
  })
  const publish = async (p: Publisher, input: PostInput) => p.create(input, (await p.upload(input)).uploadId)

  beforeAll(() => platform.start())
  afterAll(() => platform.close())
  afterEach(() => {
    Object.assign(platform.switches(), { mode: 'ok', rateLimited: 0, rateLimitAs: 'code', brokenUploads: 0, brokenUploadAs: '502', holdCreate: null })
  })

  it('uploads the file and makes one post with the title and its topics as hashtags', async () => {
    const account = platform.authorized()
    const made = await publish(platform.publisher(), post(account))
    expect(platform.posts(account.openId)).toEqual([{ itemId: made.itemId, text: '春日新茶上市 New tea is in #新茶 #teatime' }])
  })

  it('finds a post made since a moment by its title, and nothing for another title, a later moment or another account', async () => {
    const account = platform.authorized()
    const since = Date.now()
    const publisher = platform.publisher()
    const made = await publish(publisher, post(account, 'Oolong for the weekend'))
    await publish(publisher, post(account, 'Something else'))
    const found = await publisher.findCreated(post(account, 'Oolong for the weekend'), since)
    expect(found?.itemId).toBe(made.itemId)
    expect(found?.shareUrl).toMatch(/^https:\/\//)
    expect(await publisher.findCreated(post(account, 'Oolong for the week'), since)).toBeNull()
    expect(await publisher.findCreated(post(account, 'Oolong for the weekend'), Date.now() + 2000)).toBeNull()
    expect(await publisher.findCreated(post(platform.authorized(), 'Oolong for the weekend'), since)).toBeNull()
  })

  it("reads back the figures the platform counts, leaving out a post it does not show", async () => {
    const account = platform.authorized()
    const publisher = platform.publisher()
    const first = await publish(publisher, post(account, 'First'))
    const second = await publish(publisher, post(account, 'Second'))
    platform.setFigures(first.itemId, { views: 1200, likes: 88, comments: 7, shares: 3 })
    platform.setFigures(second.itemId, { views: 5, likes: 0, comments: 1, shares: 0 })
    const others = await publish(publisher, post(platform.authorized(), 'Not this account'))
    expect(await publisher.stats(account, [first.itemId, second.itemId, others.itemId])).toEqual([
      { itemId: first.itemId, views: 1200, likes: 88, comments: 7, shares: platform.shares(3) },
      { itemId: second.itemId, views: 5, likes: 0, comments: 1, shares: platform.shares(0) },
    ])
    expect(await publisher.stats(account, [])).toEqual([])
  })

  it('says an expired access token is one, to be refreshed, and makes nothing', async () => {
    const account = platform.authorized()
    platform.switches().expireAccess(account.openId)
    const expired = await failure(() => platform.publisher().upload(post(account)))
    expect(expired).toBeInstanceOf(AccessTokenExpired)
    expect(expired.retry).toBe(true)
    expect(expired.reason['en-US']).toContain(`${platform.name}'s access token has expired`)
    expect(platform.posts(account.openId)).toEqual([])
  })

  it('says an authorization the owner revoked is lost', async () => {
    const account = platform.authorized()
    platform.switches().revoke(account.openId)
    const lost = await failure(() => platform.publisher().findCreated(post(account), 0))
    expect(lost).toBeInstanceOf(AuthorizationLost)
    expect(lost.reason['en-US']).toContain(`${platform.name} no longer accepts this account's authorization`)
  })

  it("says the platform is limiting requests, by its code or by HTTP 429, and tries again", async () => {
    const account = platform.authorized()
    for (const as of ['code', 'http'] as const) {
      Object.assign(platform.switches(), { rateLimited: 1, rateLimitAs: as })
      const limited = await failure(() => platform.publisher().upload(post(account)))
      expect(limited.retry).toBe(true)
      expect(limited.reason['en-US']).toMatch(new RegExp(`^${platform.name} is limiting requests: .*; it will be tried again\\.$`))
      expect(limited.reason['zh-CN']).toContain('正在限制请求频率')
    }
    expect((await platform.publisher().upload(post(account))).uploadId).toBeTruthy()
  })

  it('says the platform busy or limiting every call, by its own code, and tries again; the account is not lost', async () => {
    const account = platform.authorized()
    for (const [mode, said] of [['busy', `${platform.name} is busy: `], ['limited', `${platform.name} is limiting requests: `]] as const) {
      platform.switches().mode = mode
      const error = await failure(() => platform.publisher().upload(post(account)))
      expect(error).not.toBeInstanceOf(AuthorizationLost)
      expect([error.retry, error.reason['en-US']]).toEqual([true, expect.stringMatching(new RegExp(`^${said}.*; it will be tried again\\.$`))])
    }
    platform.switches().mode = 'ok'
    expect(platform.posts(account.openId)).toEqual([])
  })

  it('tries again an upload the platform failed halfway, which made no post, and then posts once', async () => {
    const account = platform.authorized()
    const publisher = platform.publisher()
    for (const [as, said] of [['502', `${platform.name} is busy or failing (HTTP 502)`], ['reset', `${platform.name} could not be reached`]] as const) {
      Object.assign(platform.switches(), { brokenUploads: 1, brokenUploadAs: as })
      const broken = await failure(() => publish(publisher, post(account)))
      expect(broken.retry).toBe(true)
      expect(broken.reason['en-US']).toContain(said)
      expect(platform.posts(account.openId)).toEqual([])
    }
    await publish(publisher, post(account))
    expect(platform.posts(account.openId)).toHaveLength(1)
  })

  it('sends a file above what it takes whole in parts, put back together byte for byte; a part broken halfway has the upload tried again', async () => {
    const account = platform.authorized()
    const publisher = platform.publisher()
    const large = { ...post(account, 'The long one'), videoPath: join(dir, 'large.mp4') }
    platform.switches().brokenUploads = 1
    const broken = await failure(() => publish(publisher, large))
    expect([broken.retry, broken.reason['en-US']]).toEqual([true, expect.stringContaining(`${platform.name} is busy or failing (HTTP 502)`)])
    expect(platform.posts(account.openId)).toEqual([])
    await publish(publisher, large)
    expect(platform.posts(account.openId)).toHaveLength(1)
    expect(platform.received()).toEqual({ bytes: LARGE, sha256: sha256(large.videoPath), parts: platform.name === 'Douyin' ? 3 : 11 })
  })

  it('when the answer to a create never comes, tries again, and the post it made is found instead of made twice', async () => {
    const account = platform.authorized()
    const publisher = platform.publisher()
    const { uploadId } = await publisher.upload(post(account))
    let release!: () => void
    platform.switches().holdCreate = new Promise<void>((resolve) => (release = resolve))
    const since = Date.now()
    const arrived = platform.switches().nextCreate()
    // Only the create, which the platform holds, has a short deadline: one on every call would lapse on a busy machine.
    const lostAnswer = await failure(() => platform.publisher(1000).create(post(account), uploadId))
    expect(lostAnswer.reason['en-US']).toBe(`${platform.name} did not answer within 1 s; it will be tried again.`)
    expect(lostAnswer.retry).toBe(true)
    await arrived
    release()
    const found = await publisher.findCreated(post(account), since)
    expect(found?.itemId).toBe(platform.posts(account.openId)[0]!.itemId)
    expect(platform.posts(account.openId)).toHaveLength(1)
  })

  it('says a platform down or silent, trying again, and an answer outside its documentation, for good', async () => {
    const account = platform.authorized()
    platform.switches().mode = 'failing'
    expect((await failure(() => platform.publisher().upload(post(account)))).retry).toBe(true)
    platform.switches().mode = 'hangs'
    const silent = await failure(() => platform.publisher(250).findCreated(post(account), 0))
    expect([silent.retry, silent.reason['en-US']]).toEqual([true, `${platform.name} did not answer within 0.25 s; it will be tried again.`])
    platform.switches().mode = 'malformed'
    const malformed = await failure(() => platform.publisher().stats(account, ['x']))
    expect(malformed.retry).toBe(false)
    expect(malformed.reason['en-US']).toContain(`${platform.name} answered something its API does not document`)
  })
})

describe("Douyin's calls, as its documentation shows them", () => {
  const platform = douyin()
  beforeAll(() => platform.start())
  afterAll(() => platform.close())
  afterEach(() => void Object.assign(platform.contract(), { mode: 'ok', shape: 'current', postsPerDay: 75 }))
  const input = (account: { openId: string; accessToken: string }, video = 'video.mp4', durationSeconds = 2): PostInput => ({ ...account, videoPath: join(dir, video), coverPath: join(dir, 'cover.jpg'), coverAtSeconds: 1, durationSeconds, title: 'Jasmine', topics: [] })

  it('sends the token in an access-token header, the open_id in the query, the file as the part `video`, and the video_id, text and cover moment to create', async () => {
    const contract = platform.contract()
    const account = contract.authorized()
    const publisher = platform.publisher()
    const input: PostInput = { ...account, videoPath: join(dir, 'video.mp4'), coverPath: join(dir, 'cover.jpg'), coverAtSeconds: 1, durationSeconds: 2, title: 'Jasmine', topics: [] }
    const { uploadId } = await publisher.upload(input)
    expect(contract.uploads.at(-1)).toEqual({ videoId: uploadId, openId: account.openId, fileName: 'video.mp4', bytes: statSync(join(dir, 'video.mp4')).size, sha256: sha256(join(dir, 'video.mp4')), parts: 1, used: false })
    await publisher.create(input, uploadId)
    expect(contract.posts.at(-1)).toMatchObject({ videoId: uploadId, title: 'Jasmine', extra: { cover_tsp: 1 } })
    expect(contract.calls.slice(-2).map((c) => [c.path, c.query])).toEqual([
      ['/api/douyin/v1/video/upload_video/', { open_id: account.openId }],
      ['/api/douyin/v1/video/create_video/', { open_id: account.openId }],
    ])
    // A video_id makes one post: a second create from it is Douyin's to refuse.
    const again = await failure(() => publisher.create(input, uploadId))
    expect([again.retry, again.reason['en-US']]).toEqual([false, 'Douyin refused the request: 无效的视频文件 ID (error_code 2190007)'])
  })

  it('sends a file above 50 MB in parts of at most 20 MB under one upload_id, numbered from 1, then completes it', async () => {
    const contract = platform.contract()
    const account = contract.authorized()
    const calls = contract.calls.length
    const { uploadId } = await platform.publisher().upload({ ...account, videoPath: join(dir, 'large.mp4'), coverPath: join(dir, 'cover.jpg'), coverAtSeconds: 1, durationSeconds: 2, title: 'Long', topics: [] })
    const made = contract.calls.slice(calls)
    const partUploadId = made[1]!.query!.upload_id!
    expect(partUploadId).toMatch(/[+/=]/)
    expect(made.map((c) => [c.path, c.query])).toEqual([
      ['/api/douyin/v1/video/init_video_part_upload/', { open_id: account.openId }],
      ...[1, 2, 3].map((n) => ['/api/douyin/v1/video/upload_video_part/', { open_id: account.openId, upload_id: partUploadId, part_number: String(n) }]),
      ['/api/douyin/v1/video/complete_video_part_upload/', { open_id: account.openId, upload_id: partUploadId }],
    ])
    // init and complete carry a JSON `{}`, as Douyin's clients send them.
    expect([made[0]!.contentType, made.at(-1)!.contentType]).toEqual(['application/json', 'application/json'])
    expect(contract.uploads.at(-1)).toMatchObject({ videoId: uploadId, fileName: 'large.mp4', parts: 3 })
  })

  it('reads its older answers: error_code "0" as a string, create_video\'s code in extra alone, and errors in extra alone', async () => {
    const contract = platform.contract()
    contract.shape = 'legacy'
    const account = contract.authorized()
    const publisher = platform.publisher()
    const { uploadId } = await publisher.upload(input(account))
    const made = await publisher.create(input(account), uploadId)
    expect((await publisher.findCreated(input(account), 0))?.itemId).toBe(made.itemId)
    expect(await publisher.stats(account, [made.itemId])).toEqual([{ itemId: made.itemId, views: 0, likes: 0, comments: 0, shares: 0 }])
    const again = await failure(() => publisher.create(input(account), uploadId))
    expect([again.retry, again.reason['en-US']]).toEqual([false, 'Douyin refused the request: 无效的视频文件 ID (error_code 2190007)'])
    contract.expireAccess(account.openId)
    const expired = await failure(() => publisher.upload(input(account)))
    expect([expired instanceof AccessTokenExpired, expired.reason['en-US']]).toEqual([true, expect.stringContaining('(error_code 2190008)')])
    contract.revoke(account.openId)
    expect(await failure(() => publisher.stats(account, [made.itemId]))).toBeInstanceOf(AuthorizationLost)
  })

  it('sends no video over fifteen minutes, saying so in both languages; fifteen minutes exactly goes', async () => {
    const contract = platform.contract()
    const account = contract.authorized()
    const calls = contract.calls.length
    const tooLong = await failure(() => platform.publisher().upload(input(account, 'video.mp4', 905.2)))
    expect(tooLong.retry).toBe(false)
    expect(tooLong.reason).toEqual({
      'zh-CN': '抖音只接受 15 分钟以内的视频，这个视频长 15 分 6 秒，没有上传。请剪到 15 分钟以内再发布到抖音。',
      'en-US': 'Douyin takes videos of up to 15 minutes; this one is 15 min 6 s long and was not sent. Cut it to 15 minutes or less to post it on Douyin.',
    })
    expect(contract.calls.length).toBe(calls)
    expect((await platform.publisher().upload(input(account, 'video.mp4', 900))).uploadId).toBeTruthy()
    // A length measured wrong is Douyin's to refuse, from the file itself.
    const refused = await failure(() => platform.publisher().upload(input(account, 'long.mp4', 60)))
    expect([refused.retry, refused.reason['en-US']]).toEqual([false, 'Douyin refused the request: 视频时长超过15分钟 (error_code 2114006)'])
  })

  it('says Douyin busy, erring, out of quota or past the day\'s posts, by its current and its older codes, and tries again', async () => {
    const contract = platform.contract()
    const account = contract.authorized()
    const trouble = async (mode: DouyinContract['mode'], shape: DouyinContract['shape'] = 'current') => {
      Object.assign(contract, { mode, shape })
      const error = await failure(() => platform.publisher().stats(account, ['x']))
      Object.assign(contract, { mode: 'ok', shape: 'current' })
      expect(error.retry).toBe(true)
      return error.reason['en-US']
    }
    expect(await trouble('busy')).toBe('Douyin is busy: 系统繁忙，此时请开发者稍候再试 (error_code 28001005); it will be tried again.')
    expect(await trouble('busy', 'legacy')).toBe('Douyin is busy: 系统繁忙，此时请开发者稍候再试 (error_code 2100004); it will be tried again.')
    expect(await trouble('erring')).toBe('Douyin is busy: 网络调用错误,请重试 (error_code 28001006); it will be tried again.')
    expect(await trouble('quota')).toBe('Douyin is limiting requests: quota 已用完 (error_code 28003017); it will be tried again.')
    expect(await trouble('quota', 'legacy')).toBe('Douyin is limiting requests: quota 已用完 (error_code 2190001); it will be tried again.')
    contract.postsPerDay = 0
    const publisher = platform.publisher()
    const dayDone = await failure(async () => publisher.create(input(account), (await publisher.upload(input(account))).uploadId))
    expect([dayDone.retry, dayDone.reason['en-US']]).toEqual([true, 'Douyin is limiting requests: 已达到抖音接口当日发布上限 (error_code 2114007); it will be tried again.'])
  })

  it("says a token of another account than the open_id's lost, and an expired one to refresh by its current code", async () => {
    const contract = platform.contract()
    const [one, other] = [contract.authorized(), contract.authorized()]
    const mixed = await failure(() => platform.publisher().stats({ openId: one.openId, accessToken: other.accessToken }, ['x']))
    expect([mixed instanceof AuthorizationLost, mixed.reason['en-US']]).toEqual([true, expect.stringContaining('(error_code 28001015)')])
    contract.expireAccess(one.openId)
    const expired = await failure(() => platform.publisher().stats(one, ['x']))
    expect([expired instanceof AccessTokenExpired, expired.reason['en-US']]).toEqual([true, expect.stringContaining('(error_code 28001008)')])
  })
})

describe("Kuaishou's calls, as its documentation shows them", () => {
  const platform = kuaishou()
  beforeAll(() => platform.start())
  afterAll(() => platform.close())

  it('sends the file to the gateway start_upload names, then publishes its upload_token with the caption and the cover', async () => {
    const contract = platform.contract()
    const account = contract.authorized()
    const input: PostInput = { ...account, videoPath: join(dir, 'video.mp4'), coverPath: join(dir, 'cover.jpg'), coverAtSeconds: 1, durationSeconds: 2, title: 'Jasmine', topics: ['花茶'] }
    const made = await platform.publisher().create(input, (await platform.publisher().upload(input)).uploadId)
    const upload = contract.uploads.at(-1)!
    expect(upload).toEqual({
      uploadToken: upload.uploadToken, openId: account.openId, fragments: new Map(), used: true,
      file: { name: 'video.mp4', bytes: statSync(join(dir, 'video.mp4')).size, sha256: sha256(join(dir, 'video.mp4')), fragments: 0 },
    })
    expect(contract.posts.at(-1)).toMatchObject({ photo_id: made.itemId, caption: 'Jasmine #花茶', coverBytes: statSync(join(dir, 'cover.jpg')).size })
    expect(made.shareUrl).toBe(contract.posts.at(-1)!.play_url)
    expect(contract.calls.slice(-3).map((c) => [c.path, Object.keys(c.query).sort()])).toEqual([
      ['/openapi/photo/start_upload', ['access_token', 'app_id']],
      ['/api/upload/multipart', ['upload_token']],
      ['/openapi/photo/publish', ['access_token', 'app_id', 'upload_token']],
    ])
  })

  it('sends a file above 10 MB to the gateway in fragments of at most 5 MB, numbered from 0, then completes it with their count', async () => {
    const contract = platform.contract()
    const account = contract.authorized()
    const calls = contract.calls.length
    const { uploadId } = await platform.publisher().upload({ ...account, videoPath: join(dir, 'large.mp4'), coverPath: join(dir, 'cover.jpg'), coverAtSeconds: 1, durationSeconds: 2, title: 'Long', topics: [] })
    expect(contract.calls.slice(calls).map((c) => [c.path, c.query.fragment_id ?? c.query.fragment_count ?? ''])).toEqual([
      ['/openapi/photo/start_upload', ''],
      ...Array.from({ length: 11 }, (_, i) => ['/api/upload/fragment', String(i)]),
      ['/api/upload/complete', '11'],
    ])
    expect(contract.calls.slice(calls + 1).every((c) => c.query.upload_token === uploadId)).toBe(true)
    expect(contract.uploads.at(-1)!.file).toMatchObject({ name: null, bytes: LARGE, fragments: 11 })
  })

  it('leaves out a post just published that photo/info does not show yet, reading the others', async () => {
    const contract = platform.contract()
    const account = contract.authorized()
    const publisher = platform.publisher()
    const input = (title: string): PostInput => ({ ...account, videoPath: join(dir, 'video.mp4'), coverPath: join(dir, 'cover.jpg'), coverAtSeconds: 1, durationSeconds: 2, title, topics: [] })
    const shown = await publisher.create(input('Shown'), (await publisher.upload(input('Shown'))).uploadId)
    contract.newPostsShown = false
    try {
      const fresh = await publisher.create(input('Fresh'), (await publisher.upload(input('Fresh'))).uploadId)
      expect(await publisher.stats(account, [fresh.itemId, shown.itemId])).toEqual([{ itemId: shown.itemId, views: 0, likes: 0, comments: 0, shares: null }])
      contract.posts.find((p) => p.photo_id === fresh.itemId)!.shown = true
      expect((await publisher.stats(account, [fresh.itemId])).map((s) => s.itemId)).toEqual([fresh.itemId])
    } finally {
      contract.newPostsShown = true
    }
  })

  it("refuses to publish an upload_token whose file never came, and says a wrong App ID is this platform's setting", async () => {
    const contract = platform.contract()
    const account = contract.authorized()
    const input: PostInput = { ...account, videoPath: join(dir, 'video.mp4'), coverPath: join(dir, 'cover.jpg'), coverAtSeconds: 1, durationSeconds: 2, title: 'Jasmine', topics: [] }
    const notSent = await failure(() => platform.publisher().create(input, 'never-uploaded'))
    expect([notSent.retry, notSent.reason['en-US']]).toEqual([false, 'Kuaishou refused the request: 视频未上传成功 (result 120002)'])
    const wrongApp = kuaishouPublisher({ appId: 'ks-other', appSecret: contract.appSecret, apiUrl: contract.url, timeoutMs: 2000 })
    const refused = await failure(() => wrongApp.upload(input))
    expect(refused).not.toBeInstanceOf(AuthorizationLost)
    expect(refused.reason['en-US']).toContain("Kuaishou does not accept this platform's app or what it sent: 无效的client,无效的 app 或 developer (result 100200101)")
  })
})

describe('the text of a post', () => {
  it.each([
    ['Title', [], 'Title'],
    [' Title ', ['#tea', ' green tea ', '', '##x'], 'Title #tea #greentea #x'],
    ['标题', ['话题'], '标题 #话题'],
  ])('%j with topics %j goes up as %j', (title, topics, text) => {
    expect(postText(title, topics)).toBe(text)
  })

  it.each([
    ['Title #tea #greentea', 'Title'],
    ['Title #tea  #x ', 'Title'],
    ['C# in a day', 'C# in a day'],
    ['#only #tags', ''],
  ])('%j is found by the title %j', (text, title) => {
    expect(bareTitle(text)).toBe(title)
  })
})
