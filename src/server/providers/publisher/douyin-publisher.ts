import { openAsBlob } from 'node:fs'
import { basename } from 'node:path'
import { TaskFailure } from '../../errors/task-failure'
import { malformed, said } from '../vendor-http'
import type { DouyinConfig } from './douyin'
import { douyinData } from './douyin-answer'
import { bareTitle, callPlatform, epochMs, partsOf, postText, uploadTimeoutMs, type PostStats, type Publisher, type PublishedPost } from './publisher'

const VENDOR = said('抖音', 'Douyin')

/** Posts asked for per video_list page, and pages read before giving up on finding a post. */
const PAGE = 20
const MAX_PAGES = 5
/** Item ids per video_data call; Douyin documents no limit, so a page's worth. */
const DATA_BATCH = 20
/** Douyin advises its part upload above 50 MB (and requires it above 128 MB), parts of 20 MB (5 MB at least). */
const WHOLE_UPLOAD_MAX = 50 * 1024 * 1024
const PART_BYTES = 20 * 1024 * 1024
/** "视频文件大小不超过128M,时长在15分钟以内" (its video upload page): a longer video would be refused, so it is not sent. */
const MAX_SECONDS = 15 * 60

/** A post as video_list and video_data describe it. */
interface Item {
  item_id?: unknown
  title?: unknown
  create_time?: unknown
  share_url?: unknown
  is_top?: unknown
  statistics?: { play_count?: unknown; digg_count?: unknown; comment_count?: unknown; share_count?: unknown } | null
}

/**
 * Douyin's open API for posting in an authorized account's name (open.douyin.com, scope
 * video.create.bind), in its current form under /api/douyin/v1/video/: the access token in an
 * `access-token` header and the account's open_id in the query, not the older
 * `/video/upload/?open_id&access_token`. A video over 15 minutes is refused before any of it
 * is sent. A file of up to 50 MB goes up whole (upload_video, multipart `video`); a larger one
 * in parts, as Douyin advises above 50 MB and requires above 128 MB: init_video_part_upload
 * answers an upload_id, upload_video_part takes each part (part_number from 1, multipart
 * `video`), complete_video_part_upload answers the video_id; init and complete take a JSON
 * `{}`, as Douyin's SDKs send them.
 * create_video makes the post from the video_id with `text`, the title and its #topics, and
 * `cover_tsp`, the second whose frame is its cover;
 * video_list pages the account's posts and video_data reads their statistics.
 */
export function douyinPublisher(config: DouyinConfig): Publisher {
  async function call<T>(
    path: string,
    account: { accessToken: string; openId: string },
    init: RequestInit & { query?: Record<string, string> },
    signal?: AbortSignal,
    timeoutMs = config.timeoutMs,
  ): Promise<T> {
    const { query, ...request } = init
    const url = `${new URL(path, config.apiUrl)}?${new URLSearchParams({ open_id: account.openId, ...query })}`
    const response = await callPlatform({ vendor: VENDOR, url, timeoutMs, signal, init: { ...request, headers: { 'access-token': account.accessToken, ...request.headers } } })
    return douyinData(path, await response.json().catch(() => null), 'post') as T
  }
  const json = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const postOf = (path: string, item: Item): PublishedPost & { title: string; createdMs: number; pinned: boolean } => {
    if (typeof item.item_id !== 'string' || typeof item.create_time !== 'number' || typeof item.title !== 'string') throw malformed(VENDOR, `${path} listed ${JSON.stringify(item).slice(0, 120)}`)
    return { itemId: item.item_id, shareUrl: typeof item.share_url === 'string' && item.share_url ? item.share_url : null, title: item.title, createdMs: epochMs(item.create_time), pinned: item.is_top === true }
  }
  const statsOf = (item: Item): PostStats => {
    const s = item.statistics
    if (typeof item.item_id !== 'string' || typeof s?.play_count !== 'number' || typeof s.digg_count !== 'number' || typeof s.comment_count !== 'number') {
      throw malformed(VENDOR, `/api/douyin/v1/video/video_data/ listed ${JSON.stringify(item).slice(0, 120)}`)
    }
    return { itemId: item.item_id, views: s.play_count, likes: s.digg_count, comments: s.comment_count, shares: typeof s.share_count === 'number' ? s.share_count : null }
  }

  return {
    platform: 'douyin',
    async upload(post) {
      if (post.durationSeconds > MAX_SECONDS) throw tooLong(post.durationSeconds)
      const video = await openAsBlob(post.videoPath, { type: 'video/mp4' })
      const name = basename(post.videoPath)
      const sent = (part: Blob): RequestInit => {
        const form = new FormData()
        form.append('video', part, name)
        return { method: 'POST', body: form }
      }
      let path = '/api/douyin/v1/video/upload_video/'
      let data: { video?: { video_id?: unknown } | null }
      if (video.size <= WHOLE_UPLOAD_MAX) {
        data = await call(path, post, sent(video), post.signal, uploadTimeoutMs(config.timeoutMs, video.size))
      } else {
        const init = '/api/douyin/v1/video/init_video_part_upload/'
        // An empty JSON object, as the clients that use it send: the call has nothing else to say.
        const { upload_id: uploadId } = await call<{ upload_id?: unknown }>(init, post, json({}), post.signal)
        if (typeof uploadId !== 'string' || !uploadId) throw malformed(VENDOR, `${init} answered no upload_id`)
        const parts = partsOf(video, PART_BYTES)
        for (const [i, part] of parts.entries()) {
          const query = { upload_id: uploadId, part_number: String(i + 1) }
          await call('/api/douyin/v1/video/upload_video_part/', post, { ...sent(part), query }, post.signal, uploadTimeoutMs(config.timeoutMs, part.size))
        }
        path = '/api/douyin/v1/video/complete_video_part_upload/'
        data = await call(path, post, { ...json({}), query: { upload_id: uploadId } }, post.signal)
      }
      const videoId = data.video?.video_id
      if (typeof videoId !== 'string' || !videoId) throw malformed(VENDOR, `${path} answered no video_id`)
      return { uploadId: videoId }
    },
    async create(post, uploadId) {
      const path = '/api/douyin/v1/video/create_video/'
      const data = await call<{ item_id?: unknown }>(path, post, json({ video_id: uploadId, text: postText(post.title, post.topics), cover_tsp: post.coverAtSeconds, ...(post.poiId ? { poi_id: post.poiId } : {}) }), post.signal)
      if (typeof data.item_id !== 'string' || !data.item_id) throw malformed(VENDOR, `${path} answered no item_id`)
      return { itemId: data.item_id, shareUrl: null }
    },
    async findCreated(post, since) {
      const path = '/api/douyin/v1/video/video_list/'
      const title = bareTitle(post.title)
      const from = Math.floor(since / 1000) * 1000
      let cursor = 0
      for (let page = 0; page < MAX_PAGES; page++) {
        const data = await call<{ list?: unknown; cursor?: unknown; has_more?: unknown }>(path, post, { method: 'GET', query: { cursor: String(cursor), count: String(PAGE) } }, post.signal)
        if (!Array.isArray(data.list)) throw malformed(VENDOR, `${path} answered no list`)
        let pastSince = false
        for (const item of data.list as Item[]) {
          const found = postOf(path, item)
          // Newest first, but for pinned posts, which stay on top however old.
          if (found.createdMs < from) pastSince ||= !found.pinned
          else if (bareTitle(found.title) === title) return { itemId: found.itemId, shareUrl: found.shareUrl }
        }
        if (pastSince || data.has_more !== true || typeof data.cursor !== 'number') return null
        cursor = data.cursor
      }
      return null
    },
    async stats(account, itemIds) {
      const found: PostStats[] = []
      for (let at = 0; at < itemIds.length; at += DATA_BATCH) {
        const path = '/api/douyin/v1/video/video_data/'
        const data = await call<{ list?: unknown }>(path, account, json({ item_ids: itemIds.slice(at, at + DATA_BATCH) }))
        if (!Array.isArray(data.list)) throw malformed(VENDOR, `${path} answered no list`)
        found.push(...(data.list as Item[]).map(statsOf))
      }
      return found
    },
  }
}

/** A video longer than Douyin takes, said with its length, before any of it is sent. */
function tooLong(seconds: number): TaskFailure {
  const whole = Math.ceil(seconds)
  const [minutes, rest] = [Math.floor(whole / 60), whole % 60]
  return new TaskFailure(said(
    `抖音只接受 15 分钟以内的视频，这个视频长 ${minutes} 分 ${rest} 秒，没有上传。请剪到 15 分钟以内再发布到抖音。`,
    `Douyin takes videos of up to 15 minutes; this one is ${minutes} min ${rest} s long and was not sent. Cut it to 15 minutes or less to post it on Douyin.`,
  ))
}
