import { mkdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { Db } from '../db/connect'
import { tableOf } from '../db/table-of'
import { newUploadKey } from '../uploads/file-store'
import type { TaskRunContext } from '../tasks/task-handler'
import { renderClip } from '../media/render-clip'
import { coverFrame } from '../media/thumbnail'
import { probeMedia } from '../media/probe'
import type { ClipPlan } from '../media/clip-plan'
import type { MaterialRow } from './materials'
import type { Work } from '../../generated/types'

/** A finished video in the store: what a work records and the task's result shows. */
export interface StoredVideo {
  url: string
  cover_url: string
  storage_key: string
  duration: number
  width: number
  height: number
  fps: number
  size: number
}

/** Paths ffmpeg reads the materials at: the stored files themselves on local disk, copies in the task's folder from S3. */
export async function fetchMaterials(ctx: TaskRunContext<unknown>, materials: readonly MaterialRow[]): Promise<Map<number, string>> {
  const dir = join(ctx.workDir, 'materials')
  await mkdir(dir, { recursive: true })
  const paths = new Map<number, string>()
  for (const material of materials) paths.set(material.id, await ctx.services.files.localCopy(material.storage_key, dir))
  return paths
}

/** Render the plan, take its cover, and keep both in the store; the temporary files go with the task's folder. */
export async function renderAndStore(ctx: TaskRunContext<unknown>, plan: ClipPlan, opts: { coverAt: number; onProgress(fraction: number): void }): Promise<StoredVideo> {
  // Never longer than it was measured and charged for when submitted.
  const cover = `${plan.output}.jpg`
  await renderClip({ ...plan, cover: { path: cover, at: opts.coverAt } }, { signal: ctx.signal, onProgress: opts.onProgress, ...(ctx.size ? { maxSeconds: ctx.size.output_seconds + 0.5 } : {}) })
  const info = await probeMedia(plan.output, { signal: ctx.signal, written: true })
  // A render whose cover came out empty (a video shorter than a frame) takes one from the file.
  if (!(await stat(cover).then((s) => s.size > 0, () => false))) await coverFrame(plan.output, Math.min(opts.coverAt, Math.max(0, info.duration - 0.1)), cover, { signal: ctx.signal })
  const now = ctx.services.now()
  const key = newUploadKey('mp4', now)
  const url = await ctx.services.files.putFile(key, plan.output, 'video/mp4', { move: true })
  const coverUrl = await ctx.services.files.putFile(newUploadKey('jpg', now), cover, 'image/jpeg', { move: true })
  return { url, cover_url: coverUrl, storage_key: key, duration: info.duration, width: info.width ?? 0, height: info.height ?? 0, fps: info.fps ?? 0, size: info.size }
}

/** The works a task made, written in the transaction that marks it succeeded; their ids and titles, in order. */
export async function insertWorks(
  trx: Db,
  ctx: TaskRunContext<unknown>,
  kind: Work['kind'],
  outputs: readonly { video: StoredVideo; variant: number; combination: string }[],
  extra: { render?: 'lip_sync' | 'no_lip_sync' } = {},
): Promise<{ id: number; title: string }[]> {
  const now = ctx.services.now().toISOString()
  const base = ctx.task.title || kind
  const works: { id: number; title: string }[] = []
  for (const { video, variant, combination } of outputs) {
    const title = outputs.length > 1 ? `${base} #${variant + 1}`.slice(0, 80) : base
    const row = await trx
      .insertInto(tableOf(ctx.services, 'work'))
      .values({
        title,
        kind,
        task_id: ctx.task.id,
        variant,
        combination,
        url: video.url,
        cover_url: video.cover_url,
        duration: video.duration,
        width: video.width,
        height: video.height,
        fps: video.fps,
        size: video.size,
        storage_key: video.storage_key,
        owner_id: ctx.task.ownerId,
        ...extra,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    works.push({ id: row.id, title })
  }
  return works
}
