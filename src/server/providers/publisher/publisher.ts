import type { Label } from '../../../schema/types'
import { TaskFailure } from '../../errors/task-failure'
import { callVendor, said, type VendorRequest } from '../vendor-http'
import { AuthorizationLost } from './platform-auth'

/** A post the platform has made. */
export interface PublishedPost {
  /** The platform's id of the post: Douyin's item_id, Kuaishou's photo_id. */
  itemId: string
  /** Its page, once the platform gives one: Douyin's create answers only the item id, its list gives share_url. */
  shareUrl: string | null
}

/** A post's figures as the platform counts them now. */
export interface PostStats {
  itemId: string
  views: number
  likes: number
  comments: number
  /** Null where the platform does not count them (Kuaishou). */
  shares: number | null
}

/** One video to post in an authorized account's name. */
export interface PostInput {
  accessToken: string
  openId: string
  /** A local file, streamed from disk as it is sent. */
  videoPath: string
  /** A local JPEG of the frame at coverAtSeconds: Kuaishou requires a cover image. */
  coverPath: string
  /** Where in the video its cover frame is: Douyin takes the moment (cover_tsp), not an image. */
  coverAtSeconds: number
  /** The video's length as measured when it was made: Douyin refuses one over 15 minutes, so it is not sent. */
  durationSeconds: number
  title: string
  /** Without the '#': each follows the title as a `#topic`, which both platforms read as a topic. */
  topics: string[]
  /** Douyin's id of a place to tag (poi_id); the other platforms take none. */
  poiId?: string
  signal?: AbortSignal
}

/**
 * Posting videos on a short-video platform in the name of an account its owner authorized
 * (PlatformAuth), and reading the posts' figures. A failure is a TaskFailure: retryable when
 * the platform is busy, limiting requests or unreachable; AccessTokenExpired when the token
 * only needs a refresh; AuthorizationLost when the owner must authorize again.
 *
 * ```ts
 * const since = await step('publish-started', async () => Date.now() - 60_000) // the platform's clock is not ours
 * const { uploadId } = await step('upload', () => publisher.upload(post))
 * const made = await step('create', async () => (await publisher.findCreated(post, since)) ?? publisher.create(post, uploadId))
 * ```
 */
export interface Publisher {
  platform: 'douyin' | 'kuaishou'
  /** Sends the file; answers the platform's handle for it (Douyin video_id, Kuaishou upload_token). */
  upload(post: PostInput): Promise<{ uploadId: string }>
  /** Makes the post from an upload. */
  create(post: PostInput, uploadId: string): Promise<PublishedPost>
  /**
   * A post of this account with this title (its closing hashtags aside) created at or after
   * `since` (ms, to the second the platform keeps), found among its recent posts: how a retry
   * after a crash between create and its record avoids posting twice. `since` is ours, the
   * creation time the platform's: the caller leaves room for the two clocks to differ.
   */
  findCreated(post: Pick<PostInput, 'accessToken' | 'openId' | 'title' | 'signal'>, since: number): Promise<PublishedPost | null>
  /**
   * The figures of those of `itemIds` the platform shows: a deleted or private post is left out,
   * and so is one it does not show yet, just after it was made.
   */
  stats(account: { accessToken: string; openId: string }, itemIds: string[]): Promise<PostStats[]>
}

/**
 * The access token has run out: refresh it and try again (not a failure of the post). A
 * retryable TaskFailure, so a caller that lets it through still has the task tried again.
 */
export class AccessTokenExpired extends TaskFailure {
  constructor(reason: Label) {
    super(reason, true)
    this.name = 'AccessTokenExpired'
  }
}

/**
 * How a platform turned a call down, by who acts on it: time (limited, busy: tried again), a
 * refresh (expired: the token renewed and the call made again), the account's owner (lost:
 * authorize again), an administrator (app: the platform refuses this platform's app or what it
 * sent; the account is not at fault and is kept), or no one (refused: the platform's own words).
 */
export type Refusal = 'expired' | 'lost' | 'limited' | 'busy' | 'app' | 'refused'

/**
 * The error for a platform's code read from its table (`request`: the platform calls the request
 * wrong): a wrongly made request is an administrator's to look into on the app's own token
 * calls, and a plain refusal of that one post otherwise.
 */
export function refusalFor(kind: Refusal | 'request' | undefined, call: 'token' | 'post', platform: Label, reason: string): TaskFailure {
  return refusal(kind === 'request' ? (call === 'token' ? 'app' : 'refused') : (kind ?? 'refused'), platform, reason)
}

/** The error for a refusal, said the same way for both platforms; `reason` is the platform's own words and code. */
export function refusal(kind: Refusal, platform: Label, reason: string): TaskFailure {
  const [zh, en] = [platform['zh-CN'], platform['en-US']]
  switch (kind) {
    case 'expired':
      return new AccessTokenExpired(said(`${zh}的访问令牌已过期：${reason}。刷新后重试。`, `${en}'s access token has expired: ${reason}. It is refreshed and tried again.`))
    case 'lost':
      return new AuthorizationLost(said(`${zh}不再接受这个账号的授权：${reason}。请账号本人重新授权。`, `${en} no longer accepts this account's authorization: ${reason}. Its owner must authorize again.`))
    case 'limited':
      return new TaskFailure(said(`${zh}正在限制请求频率：${reason}，稍后会重试。`, `${en} is limiting requests: ${reason}; it will be tried again.`), true)
    case 'busy':
      return new TaskFailure(said(`${zh}暂时繁忙：${reason}，稍后会重试。`, `${en} is busy: ${reason}; it will be tried again.`), true)
    case 'app':
      return new TaskFailure(said(
        `${zh}不接受本平台的应用或它发出的请求：${reason}。账号本身没有问题，保持不变；请管理员在“初始化配置”的短视频平台中核对${zh}应用的信息，并在${zh}开放平台核对该应用的权限。`,
        `${en} does not accept this platform's app or what it sent: ${reason}. The account is not at fault and is kept; an administrator checks the ${en} app under Short-video platforms in Initial configuration, and its permissions on ${en}'s open platform.`,
      ))
    case 'refused':
      return new TaskFailure(said(`${zh}拒绝了请求：${reason}`, `${en} refused the request: ${reason}`))
  }
}

/**
 * callVendor for a platform's API. callVendor says an HTTP 429 as "busy or failing"; from a
 * platform it is its rate limit, and is said so, so that people know to wait rather than look
 * for an outage.
 */
export async function callPlatform(request: VendorRequest & { vendor: Label }): Promise<Response> {
  try {
    return await callVendor(request)
  } catch (error) {
    const said429 = error instanceof TaskFailure && error.retry ? /\((HTTP 429\b[^)]*)\)/.exec(error.reason['en-US']) : null
    if (said429) throw refusal('limited', request.vendor, said429[1]!)
    throw error
  }
}

/** The text a post goes up with: its title, then its topics as hashtags. */
export function postText(title: string, topics: readonly string[]): string {
  const tags = topics.map((t) => t.trim().replace(/^#+/, '').replace(/\s+/g, '')).filter(Boolean)
  return [title.trim(), ...tags.map((t) => `#${t}`)].join(' ')
}

/** A post's text without the hashtags closing it, which a platform may keep, drop or turn into topic links. */
export function bareTitle(text: string): string {
  return text.replace(/(?:\s*#[^\s#]+)+\s*$/u, '').trim()
}

/**
 * How long sending a file may take: the configured timeout, and a second more for every
 * 256 KB, so a 100 MB video on a slow uplink is not cut off while a silent server still is.
 */
export function uploadTimeoutMs(timeoutMs: number, bytes: number): number {
  return timeoutMs + Math.floor(bytes / (256 * 1024)) * 1000
}

/**
 * A file cut into parts for a platform's part upload: as few as keep each within `partBytes`,
 * of even size, so the last is never a sliver below a platform's smallest part. Each is read
 * from disk only as it is sent.
 */
export function partsOf(file: Blob, partBytes: number): Blob[] {
  const count = Math.max(1, Math.ceil(file.size / partBytes))
  const size = Math.ceil(file.size / count)
  return Array.from({ length: count }, (_, i) => file.slice(i * size, Math.min(file.size, (i + 1) * size), file.type))
}

/** A creation time in ms from a platform's seconds or ms: a count below 10^12 is seconds (before 2001 in ms). */
export function epochMs(value: number): number {
  return value < 1e12 ? value * 1000 : value
}
