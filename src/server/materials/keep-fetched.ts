import { createWriteStream } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { type Services } from '../services'
import { tableOf } from '../db/table-of'
import { newUploadKey } from '../uploads/file-store'
import { callVendor } from '../providers/vendor-http'
import { probeMedia } from '../media/probe'
import { makePreview, makeThumbnail } from '../media/thumbnail'
import { storedAs } from './stored-as'
import { mediaColumns } from './material-row'
import { TaskFailure } from '../errors/task-failure'

/** The most one fetched file may be: a stock clip at 720p is a few tens of MB. */
const MAX_BYTES = 300 * 2 ** 20

/** A file a task fetched for its owner (stock footage), and what the library records of it. */
export interface FetchedFile {
  ownerId: number
  url: string
  vendor: string
  name: string
  tags: readonly string[]
  sourceUrl: string
  licence: string
  workDir: string
  timeoutMs: number
  signal?: AbortSignal
}

/**
 * Downloads a file a vendor named and keeps it as its owner's material, as an upload is kept:
 * probed (what is not media is refused), a thumbnail and a preview made, stored, recorded with
 * where it came from and its licence. One already kept from that source is used again. The
 * download goes through callVendor, so a vendor's link to a private address is never followed.
 */
export async function keepFetchedMaterial(services: Services, file: FetchedFile): Promise<number> {
  const table = tableOf(services, 'material')
  const known = await services.db.selectFrom(table).select('id').where('owner_id', '=', file.ownerId).where('source_url', '=', file.sourceUrl).executeTakeFirst()
  if (known) return known.id
  const dir = join(file.workDir, `fetched-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`)
  await mkdir(dir, { recursive: true })
  const stored: string[] = []
  try {
    const path = join(dir, 'source')
    const response = await callVendor({ vendor: file.vendor, url: file.url, init: { method: 'GET' }, timeoutMs: file.timeoutMs, signal: file.signal })
    if (!response.body) throw new TaskFailure({ 'zh-CN': `${file.vendor} 没有返回文件内容`, 'en-US': `${file.vendor} answered no file` }, true)
    let bytes = 0
    const capped = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length
        done(bytes > MAX_BYTES ? new TaskFailure({ 'zh-CN': `${file.vendor} 的文件超过 ${MAX_BYTES / 2 ** 20} MB`, 'en-US': `${file.vendor}'s file is over ${MAX_BYTES / 2 ** 20} MB` }) : null, chunk)
      },
    })
    await pipeline(Readable.fromWeb(response.body as WebReadableStream), capped, createWriteStream(path))
    return await keepFileAsMaterial(services, path, { ownerId: file.ownerId, name: file.name, tags: file.tags, sourceUrl: file.sourceUrl, licence: file.licence, workDir: dir, signal: file.signal }, stored)
  } catch (error) {
    await Promise.all(stored.map((key) => services.files.remove(key).catch(() => undefined)))
    throw error
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/** What the library records of a file kept as a material besides what ffprobe reads. */
export interface KeptFile {
  ownerId: number
  name: string
  tags: readonly string[]
  sourceUrl?: string
  licence?: string
  /** Offered read-only to the accounts below the owner (x-shared). */
  shared?: boolean
  workDir: string
  signal?: AbortSignal
}

/**
 * A file on this machine kept as its owner's material, as an upload is: probed (what is not
 * media is refused), a thumbnail and a preview made, all stored, and the row written. The keys
 * stored go into `stored`, so a caller can remove them when something later fails. The file is
 * moved into the store.
 */
export async function keepFileAsMaterial(services: Services, path: string, file: KeptFile, stored: string[] = []): Promise<number> {
  const info = await probeMedia(path, { signal: file.signal })
  const now = services.now()
  const put = async (key: string, from: string, type: string) => {
    const url = await services.files.putFile(key, from, type, { move: true })
    stored.push(key)
    return url
  }
  const stamp = `${now.getTime()}-${Math.random().toString(36).slice(2, 8)}`
  const thumb = join(file.workDir, `thumb-${stamp}.jpg`)
  const preview = join(file.workDir, `preview-${stamp}.mp4`)
  const thumbUrl = (await makeThumbnail(path, info, thumb, { signal: file.signal })) ? await put(newUploadKey('jpg', now), thumb, 'image/jpeg') : ''
  const previewUrl = info.kind === 'video' && (await makePreview(path, info, preview, { signal: file.signal })) ? await put(newUploadKey('mp4', now), preview, 'video/mp4') : ''
  const kept = storedAs(info, '.mp4')
  const key = newUploadKey(kept.ext, now)
  const url = await put(key, path, kept.type)
  const at = now.toISOString()
  const row = await services.db
    .insertInto(tableOf(services, 'material'))
    .values({
      name: file.name.slice(0, 120),
      folder_id: null,
      tags: file.tags.join(',').slice(0, 200),
      ...mediaColumns(info, { url, key, thumbUrl, previewUrl }),
      source_url: (file.sourceUrl ?? '').slice(0, 500),
      licence: (file.licence ?? '').slice(0, 100),
      shared: file.shared ? 1 : 0,
      owner_id: file.ownerId,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}
