import { openAsBlob } from 'node:fs'
import { basename } from 'node:path'
import { malformed, said } from '../vendor-http'
import type { KuaishouConfig } from './kuaishou'
import { kuaishouAnswer } from './kuaishou-answer'
import { bareTitle, callPlatform, epochMs, partsOf, postText, uploadTimeoutMs, type PostStats, type Publisher, type PublishedPost } from './publisher'

const VENDOR = said('快手', 'Kuaishou')

/**
 * photo/info's "视频不存在" (120001): the post is gone; and what it answers for a post just
 * made, until it is seen there (100120001 VIDEO_NOT_EXIST, as a client of it found): not
 * there yet. Either has no figures to read now, and neither fails the others.
 */
const NOT_SHOWN = [120001, 100120001]
/** Posts asked for per photo/list page (it allows 200), and pages read before giving up on finding a post. */
const PAGE = 50
const MAX_PAGES = 4
/** Kuaishou advises its fragment upload above 10 MB; it names no fragment size, and 5 MB keeps each request short. */
const WHOLE_UPLOAD_MAX = 10 * 1024 * 1024
const FRAGMENT_BYTES = 5 * 1024 * 1024

/** A post as photo/publish, photo/list and photo/info describe it. */
interface Photo {
  photo_id?: unknown
  caption?: unknown
  play_url?: unknown
  create_time?: unknown
  like_count?: unknown
  comment_count?: unknown
  view_count?: unknown
}

/**
 * Kuaishou's open API for posting in an authorized account's name (open.kuaishou.com, scopes
 * user_video_publish and user_video_info), its app_id and the account's access_token in the
 * query of every call. A post takes three calls: photo/start_upload answers an upload_token and
 * the host of an upload gateway; a file of up to 10 MB goes to that gateway whole, as the
 * documented Multipart form (`http://{endpoint}/api/upload/multipart`, part `file`), a larger
 * one in fragments, as Kuaishou advises above 10 MB (`/api/upload/fragment`, the bytes as the
 * body, fragment_id from 0; then `/api/upload/complete` with the fragment_count);
 * photo/publish makes the post from the upload_token with a `caption` and a required `cover`
 * image.
 */
export function kuaishouPublisher(config: KuaishouConfig): Publisher {
  const api = (path: string, query: Record<string, string>) => `${new URL(path, config.apiUrl)}?${new URLSearchParams({ app_id: config.appId, ...query })}`
  /** One call, its answer when `result` is 1; another result is said, or null when it is one of `absent`. */
  async function call<T extends object>(url: string, init: RequestInit, options: { signal?: AbortSignal; timeoutMs?: number; absent?: readonly number[] } = {}): Promise<T | null> {
    const response = await callPlatform({ vendor: VENDOR, url, init, timeoutMs: options.timeoutMs ?? config.timeoutMs, signal: options.signal })
    return kuaishouAnswer<T>(new URL(url).pathname, await response.json().catch(() => null), 'post', options.absent)
  }
  const required = async <T extends object>(url: string, init: RequestInit, options: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<T> => (await call<T>(url, init, options))!
  const postOf = (path: string, photo: Photo | null | undefined): PublishedPost & { caption: string; createdMs: number } => {
    if (typeof photo?.photo_id !== 'string' || !photo.photo_id || typeof photo.caption !== 'string' || typeof photo.create_time !== 'number') {
      throw malformed(VENDOR, `${path} described a post as ${JSON.stringify(photo).slice(0, 120)}`)
    }
    // Its create_time is documented in ms; epochMs reads seconds too, so a post is never missed for its unit.
    return { itemId: photo.photo_id, shareUrl: typeof photo.play_url === 'string' && photo.play_url ? photo.play_url : null, caption: photo.caption, createdMs: epochMs(photo.create_time) }
  }

  return {
    platform: 'kuaishou',
    async upload(post) {
      const started = await required<{ upload_token?: unknown; endpoint?: unknown }>(api('/openapi/photo/start_upload', { access_token: post.accessToken }), { method: 'POST' }, { signal: post.signal })
      const { upload_token: token, endpoint } = started
      // The gateway's host:port only; anything else is not where a file should go.
      if (typeof token !== 'string' || !token || typeof endpoint !== 'string' || !/^[a-z0-9.-]+(:\d+)?$/i.test(endpoint)) {
        throw malformed(VENDOR, `/openapi/photo/start_upload answered ${JSON.stringify({ upload_token: token, endpoint }).slice(0, 120)}`)
      }
      const video = await openAsBlob(post.videoPath, { type: 'video/mp4' })
      // The gateway is plain http, as documented ("上传接口均为 http://{host}/...").
      const gateway = (path: string, query: Record<string, string>) => `http://${endpoint}${path}?${new URLSearchParams({ upload_token: token, ...query })}`
      if (video.size <= WHOLE_UPLOAD_MAX) {
        const form = new FormData()
        form.append('file', video, basename(post.videoPath))
        await required(gateway('/api/upload/multipart', {}), { method: 'POST', body: form }, { signal: post.signal, timeoutMs: uploadTimeoutMs(config.timeoutMs, video.size) })
        return { uploadId: token }
      }
      const fragments = partsOf(video, FRAGMENT_BYTES)
      for (const [i, fragment] of fragments.entries()) {
        const init = { method: 'POST', headers: { 'content-type': 'video/mp4' }, body: fragment }
        await required(gateway('/api/upload/fragment', { fragment_id: String(i) }), init, { signal: post.signal, timeoutMs: uploadTimeoutMs(config.timeoutMs, fragment.size) })
      }
      await required(gateway('/api/upload/complete', { fragment_count: String(fragments.length) }), { method: 'POST' }, { signal: post.signal })
      return { uploadId: token }
    },
    async create(post, uploadId) {
      const path = '/openapi/photo/publish'
      const form = new FormData()
      form.append('caption', postText(post.title, post.topics))
      form.append('cover', await openAsBlob(post.coverPath, { type: 'image/jpeg' }), basename(post.coverPath))
      const answer = await required<{ video_info?: Photo | null }>(api(path, { access_token: post.accessToken, upload_token: uploadId }), { method: 'POST', body: form }, { signal: post.signal })
      const { itemId, shareUrl } = postOf(path, answer.video_info)
      return { itemId, shareUrl }
    },
    async findCreated(post, since) {
      const path = '/openapi/photo/list'
      const title = bareTitle(post.title)
      const from = Math.floor(since / 1000) * 1000
      let cursor: string | undefined
      for (let page = 0; page < MAX_PAGES; page++) {
        const query = { access_token: post.accessToken, count: String(PAGE), ...(cursor ? { cursor } : {}) }
        const answer = await required<{ video_list?: unknown }>(api(path, query), { method: 'GET' }, { signal: post.signal })
        if (!Array.isArray(answer.video_list)) throw malformed(VENDOR, `${path} answered no video_list`)
        const photos = (answer.video_list as Photo[]).map((p) => postOf(path, p))
        for (const photo of photos) {
          if (photo.createdMs < from) return null
          if (bareTitle(photo.caption) === title) return { itemId: photo.itemId, shareUrl: photo.shareUrl }
        }
        // The next page starts after the oldest post of this one (its documented cursor).
        if (photos.length < PAGE) return null
        cursor = photos.at(-1)!.itemId
      }
      return null
    },
    async stats(account, itemIds) {
      const path = '/openapi/photo/info'
      const found: PostStats[] = []
      for (const photoId of itemIds) {
        const answer = await call<{ video_info?: Photo | null }>(api(path, { access_token: account.accessToken, photo_id: photoId }), { method: 'GET' }, { absent: NOT_SHOWN })
        if (!answer) continue
        const info = answer.video_info
        if (typeof info?.photo_id !== 'string' || typeof info.view_count !== 'number' || typeof info.like_count !== 'number' || typeof info.comment_count !== 'number') {
          throw malformed(VENDOR, `${path} answered ${JSON.stringify(info).slice(0, 120)}`)
        }
        found.push({ itemId: info.photo_id, views: info.view_count, likes: info.like_count, comments: info.comment_count, shares: null })
      }
      return found
    },
  }
}
