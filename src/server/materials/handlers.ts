import { extname, join } from 'node:path'
import { mkdir } from 'node:fs/promises'
import { fieldError } from '../errors/AppError'
import { namedHandler, requireCaller } from '../engine/handler-context'
import { findVisible } from '../engine/generic/record-scope'
import { asSchemaDb } from '../db/connect'
import { tableOf } from '../services'
import { newUploadKey } from '../uploads/file-store'
import { probeMedia } from '../media/probe'
import { NotMediaError } from '../media/media-error'
import { makePreview, makeThumbnail } from '../media/thumbnail'
import { requireMediaTools } from '../creation/media-tools'
import { checkMediaTools, missingToolsMessage } from '../media/tools'

/** What each container ffprobe names is stored as: the extension and type browsers play it by. */
const STORED_AS: Record<string, { ext: string; type: string }> = {
  video: { ext: 'mp4', type: 'video/mp4' },
  audio: { ext: 'm4a', type: 'audio/mp4' },
  image: { ext: 'jpg', type: 'image/jpeg' },
}

const KNOWN_TYPES: Record<string, string> = { mp4: 'video/mp4', mov: 'video/quicktime', webm: 'video/webm', mkv: 'video/x-matroska', mp3: 'audio/mpeg', wav: 'audio/wav', m4a: 'audio/mp4', aac: 'audio/aac', ogg: 'audio/ogg', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' }

/**
 * A material arrives: streamed to a temporary file, probed (a file that is not really media
 * is refused and nothing is kept), given a thumbnail and a preview, then kept in the store.
 */
const upload = namedHandler(['material/upload'], {
  async run(ctx) {
    const caller = requireCaller(ctx)
    const { services, locale } = ctx
    await requireMediaTools(locale)
    const file = ctx.files.file!
    const db = asSchemaDb(services.db)
    const folderId = ctx.body.folder_id ? Number(ctx.body.folder_id) : null
    if (folderId !== null) await findVisible(ctx, db, services.registry.entities.get('material_folder')!, folderId, '/folder_id')
    let info
    try {
      info = await probeMedia(file.path!)
    } catch (error) {
      if (error instanceof NotMediaError) throw fieldError('MEDIA_NOT_READABLE', '/file', locale, { name: file.filename, reason: error.messageIn(locale) })
      throw error
    }
    const dir = join(file.path!, '..', 'derived')
    await mkdir(dir, { recursive: true })
    const now = services.now()
    const thumb = join(dir, 'thumb.jpg')
    const preview = join(dir, 'preview.mp4')
    const thumbUrl = (await makeThumbnail(file.path!, info, thumb)) ? await services.files.putFile(newUploadKey('jpg', now), thumb, 'image/jpeg', { move: true }) : ''
    const previewUrl = info.kind === 'video' && (await makePreview(file.path!, info, preview)) ? await services.files.putFile(newUploadKey('mp4', now), preview, 'video/mp4', { move: true }) : ''
    const kept = keptAs(info.kind, extname(file.filename))
    const key = newUploadKey(kept.ext, now)
    const url = await services.files.putFile(key, file.path!, kept.type, { move: true })
    const stamp = now.toISOString()
    const row = await services.db
      .insertInto(tableOf(services, 'material'))
      .values({
        name: (ctx.body.name?.trim() || file.filename || 'material').slice(0, 120),
        folder_id: folderId,
        tags: ctx.body.tags ?? '',
        kind: info.kind,
        url,
        thumb_url: thumbUrl,
        preview_url: previewUrl,
        format: info.format.slice(0, 40),
        duration: info.duration,
        width: info.width,
        height: info.height,
        fps: info.fps,
        video_codec: info.videoCodec ?? '',
        audio_codec: info.audioCodec ?? '',
        size: info.size,
        storage_key: key,
        owner_id: caller.id,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return findVisible(ctx, db, services.registry.entities.get('material')!, Number(row.id))
  },
})

/** Served by the extension it came with when that is a known one of its kind (a .mov stays a .mov), else the kind's usual one. */
function keptAs(kind: string, given: string): { ext: string; type: string } {
  const ext = given.replace('.', '').toLowerCase()
  const type = KNOWN_TYPES[ext]
  return type?.startsWith(`${kind}/`) ? { ext, type } : STORED_AS[kind]!
}

/** What the creation screens show when the machine lacks a media tool. */
const tools = namedHandler(['material/tools'], {
  async run(ctx) {
    const found = await checkMediaTools()
    return { ready: Boolean(found.ffmpeg && found.ffprobe), ...found, message: missingToolsMessage(found, ctx.locale) }
  },
})

export const materialHandlers = {
  'materials.upload': upload,
  'materials.tools': tools,
}
