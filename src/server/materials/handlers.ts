import { basename, extname, join } from 'node:path'
import { tmpdir } from 'node:os'
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises'
import { fieldError } from '../errors/AppError'
import { namedHandler, requireCaller, type RequestContext } from '../engine/handler-context'
import { findVisible } from '../engine/generic/record-scope'
import { withTitles } from '../engine/generic/relation-titles'
import { withScope } from '../access/scope'
import { installedFonts } from '../media/installed-fonts'
import { asSchemaDb } from '../db/connect'
import { type Services } from '../services'
import { tableOf } from '../db/table-of'
import { workGate } from '../http/work-gate'
import { materialKeyPrefix, newUploadKey } from '../uploads/file-store'
import { storedAs } from './stored-as'
import { fontColumns, mediaColumns } from './material-row'
import { probeMedia, type MediaInfo } from '../media/probe'
import { MediaError, NotMediaError } from '../media/media-error'
import { makePreview, makeThumbnail } from '../media/thumbnail'
import { lacksLength, writeLength } from '../media/write-length'
import { requireMediaTools } from '../creation/media-tools'
import { checkMediaTools, missingToolsMessage } from '../media/tools'
import { withoutPaths } from '../tasks/failure-reason'
import { transitionPreview } from '../media/transition-preview'
import { FontFileError, readFontFile, type FontFile } from '../media/font-file'
import { makeFontSample } from '../media/font-sample'
import { MEDIA_TYPES } from '../uploads/media-types'
import type { Locale } from '../../schema/types'

/** What the person said of a material as they sent it. */
interface MaterialFields {
  name?: string
  folder_id?: string
  tags?: string
}

/** Where an admitted file is kept: the store's key and the address browsers read it at. */
interface Kept {
  key: string
  url: string
}

/** Keeps the file under the extension and type of what it holds, told whether it was rewritten here. */
type Keep = (as: { ext: string; type: string }, rewritten: boolean) => Promise<Kept>

/**
 * A file on this machine becomes a material: probed (a file that is not really media is
 * refused, `drop` forgets it and nothing is kept), given a thumbnail and a preview, kept in
 * the store by `keep` (told whether the file was rewritten here), and written as the caller's.
 */
async function admit(ctx: RequestContext, body: MaterialFields, file: { path: string; filename: string; workDir: string }, keep: Keep, drop: () => Promise<void>) {
  requireCaller(ctx)
  let started = false
  try {
    return await mediaWorkOf(ctx.services).run(() => {
      started = true
      return probeAndKeep(ctx, body, file, keep, drop)
    })
  } catch (error) {
    // Refused before its turn came: nothing of it was read or kept but the file itself.
    if (!started) await drop()
    throw error
  }
}

/**
 * Probing, a thumbnail and a preview (a transcode) run inside the upload's request: a few at a
 * time per process, the next ones waiting their turn, so a burst of uploads cannot take every
 * core from the other requests.
 */
const mediaWork = new WeakMap<Services, ReturnType<typeof workGate>>()

function mediaWorkOf(services: Services): ReturnType<typeof workGate> {
  let gate = mediaWork.get(services)
  if (!gate) mediaWork.set(services, (gate = workGate(() => 2, 32, 'UPLOADS_BUSY')))
  return gate
}

async function probeAndKeep(ctx: RequestContext, body: MaterialFields, file: { path: string; filename: string; workDir: string }, keep: Keep, drop: () => Promise<void>) {
  const { services, locale } = ctx
  const db = asSchemaDb(services.db)
  const folderId = body.folder_id ? Number(body.folder_id) : null
  if (folderId !== null) await findVisible(ctx, db, services.registry.entities.get('material_folder')!, folderId, '/folder_id')
  const font = await readFontFile(file.path).catch(async (error: unknown) => {
    if (!(error instanceof FontFileError)) throw error
    await drop()
    throw fieldError('MEDIA_NOT_READABLE', ctx.endpoint.files ? '/file' : '/key', locale, { name: materialName(body.name, file.filename), reason: fontRefusal(error, locale) })
  })
  if (font) return keepFont(ctx, { body, folderId, file, font }, keep, drop)
  let info: MediaInfo
  try {
    info = await probeMedia(file.path)
  } catch (error) {
    await drop()
    if (error instanceof NotMediaError) throw fieldError('MEDIA_NOT_READABLE', ctx.endpoint.files ? '/file' : '/key', locale, { name: materialName(body.name, file.filename), reason: error.messageIn(locale) })
    throw error
  }
  const dir = file.workDir
  await mkdir(dir, { recursive: true })
  // A browser's recording states no length; kept so, a player learns it only by playing to the end.
  // Should the copy fail, the recording is kept as it came: it plays all the same.
  const rewritten = lacksLength(info) && (await writeLength(info, file.path, join(dir, 'with-length')).then(() => true, keepAsItCame))
  if (rewritten) info = { ...info, size: (await stat(file.path)).size, lengthFromPackets: false }
  const now = services.now()
  const thumb = join(dir, 'thumb.jpg')
  const preview = join(dir, 'preview.mp4')
  // What is stored from here on is removed again should the record not be written.
  const stored: string[] = []
  const put = async (key: string, path: string, type: string) => {
    const url = await services.files.putFile(key, path, type, { move: true })
    stored.push(key)
    return url
  }
  try {
    const thumbUrl = (await makeThumbnail(file.path, info, thumb).catch(notReadable(ctx, body, file))) ? await put(newUploadKey('jpg', now), thumb, 'image/jpeg') : ''
    const previewUrl = info.kind === 'video' && (await makePreview(file.path, info, preview).catch(notReadable(ctx, body, file))) ? await put(newUploadKey('mp4', now), preview, 'video/mp4') : ''
    const kept = await keep(storedAs(info, extname(file.filename)), rewritten)
    stored.push(kept.key)
    const columns = mediaColumns(info, { url: kept.url, key: kept.key, thumbUrl, previewUrl })
    const id = await insertMaterial(ctx, { body, folderId, columns, name: materialName(body.name, file.filename), stamp: now.toISOString() })
    return findVisible(ctx, db, services.registry.entities.get('material')!, id)
  } catch (error) {
    await Promise.all(stored.map((key) => services.files.remove(key).catch(() => undefined)))
    await drop()
    throw error
  }
}

/**
 * A font for subtitles (TrueType, OpenType or a collection): kept with a thumbnail of a few
 * characters drawn in it, named after its family unless the person named it.
 */
async function keepFont(ctx: RequestContext, m: { body: MaterialFields; folderId: number | null; file: { path: string; filename: string; workDir: string }; font: FontFile }, keep: Keep, drop: () => Promise<void>) {
  const { services } = ctx
  const { body, file, font } = m
  const now = services.now()
  await mkdir(file.workDir, { recursive: true })
  const thumb = join(file.workDir, 'sample.jpg')
  const stored: string[] = []
  try {
    await makeFontSample(file.path, font, thumb)
    const thumbKey = newUploadKey('jpg', now)
    const thumbUrl = await services.files.putFile(thumbKey, thumb, 'image/jpeg', { move: true })
    stored.push(thumbKey)
    const kept = await keep({ ext: font.format, type: MEDIA_TYPES[font.format]! }, false)
    stored.push(kept.key)
    const columns = fontColumns(font, { url: kept.url, key: kept.key, thumbUrl })
    const id = await insertMaterial(ctx, { body, folderId: m.folderId, columns, name: materialName(body.name, font.family), stamp: now.toISOString() })
    return findVisible(ctx, asSchemaDb(services.db), services.registry.entities.get('material')!, id)
  } catch (error) {
    await Promise.all(stored.map((key) => services.files.remove(key).catch(() => undefined)))
    await drop()
    throw error
  }
}

function fontRefusal(error: FontFileError, locale: Locale): string {
  return locale === 'zh-CN' ? `这不是可用的字体文件（${error.message}）。` : `This is not a font that can be used (${error.message}).`
}

/** A file ffmpeg can probe but not draw a frame of: refused with ffmpeg's reason, as a file that is not media is. */
function notReadable(ctx: RequestContext, body: MaterialFields, file: { filename: string }) {
  return (error: unknown): never => {
    if (error instanceof MediaError) throw fieldError('MEDIA_NOT_READABLE', ctx.endpoint.files ? '/file' : '/key', ctx.locale, { name: materialName(body.name, file.filename), reason: withoutPaths(error.reason) })
    throw error
  }
}

async function insertMaterial(
  ctx: RequestContext,
  m: { body: MaterialFields; folderId: number | null; columns: ReturnType<typeof mediaColumns>; name: string; stamp: string },
): Promise<number> {
  const { services } = ctx
  const { body, stamp } = m
  const row = await services.db
    .insertInto(tableOf(services, 'material'))
    .values({
      name: m.name,
      folder_id: m.folderId,
      tags: (body.tags ?? '').replace(HIDDEN, ''),
      ...m.columns,
      owner_id: requireCaller(ctx).id,
      created_at: stamp,
      updated_at: stamp,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/**
 * A material's name from what was typed, else its file's name: control characters (a NUL, an
 * ESC sequence), direction overrides that make a name read backwards, and invisible spaces are
 * taken out; the joiners that emoji and some scripts need stay.
 */
export function materialName(typed: string | undefined, filename: string): string {
  const clean = (text: string | undefined) => (text ?? '').replace(HIDDEN, '').trim()
  return (clean(typed) || clean(filename) || 'material').slice(0, 120)
}

const HIDDEN = /[\p{Cc}\u061C\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/gu

/** A material sent through the API: streamed to a temporary file, then admitted. */
const upload = namedHandler(['material/upload'], {
  async run(ctx) {
    await requireMediaTools(ctx.locale)
    const file = ctx.files.file!
    const keep: Keep = async (as) => {
      const key = newUploadKey(as.ext, ctx.services.now())
      return { key, url: await ctx.services.files.putFile(key, file.path!, as.type, { move: true }) }
    }
    // The temporary file goes with the request.
    return admit(ctx, ctx.body, { path: file.path!, filename: file.filename, workDir: join(file.path!, '..', 'derived') }, keep, async () => {})
  },
})

/**
 * A material the browser sent straight to the store (generate_sts_token with purpose
 * material): read back under the key it was given, admitted where it lies, or removed from
 * the store when it is not really media.
 */
const register = namedHandler(['material/register'], {
  async run(ctx) {
    const caller = requireCaller(ctx)
    const { services, locale } = ctx
    await requireMediaTools(locale)
    const key = ctx.body.key
    const lost = () => fieldError('UPLOAD_NOT_FOUND', '/key', locale, {})
    // Keys are handed out under the caller's own folder; another's key, or one kept already, is no upload of this caller's.
    if (!key.startsWith(materialKeyPrefix(caller.id))) throw lost()
    const taken = await services.db.selectFrom(tableOf(services, 'material')).select('id').where('storage_key', '=', key).executeTakeFirst()
    if (taken) throw lost()
    const dir = await mkdtemp(join(tmpdir(), 'material-'))
    try {
      const path = await services.files.localCopy(key, dir).catch((error: unknown) => {
        throw isMissing(error) ? lost() : error
      })
      const keep: Keep = async (as, rewritten) => ({ key, url: rewritten ? await services.files.putFile(key, path, as.type) : services.files.urlOf(key) })
      return await admit(ctx, ctx.body, { path, filename: basename(key), workDir: join(dir, 'derived') }, keep, () => services.files.remove(key)).catch((error: unknown) => {
        // The same key registered twice at once: the second finds it kept by the first.
        const code = (error as { code?: string }).code
        throw code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' ? lost() : error
      })
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  },
})

function keepAsItCame(error: unknown): false {
  if (error instanceof MediaError) return false
  throw error
}


function isMissing(error: unknown): boolean {
  const e = error as { name?: string; code?: string; $metadata?: { httpStatusCode?: number } }
  return e.code === 'ENOENT' || e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404
}

/** What the creation screens show when the machine lacks a media tool. */
const tools = namedHandler(['material/tools'], {
  async run(ctx) {
    const found = await checkMediaTools()
    return { ready: Boolean(found.ffmpeg && found.ffprobe), ...found, message: missingToolsMessage(found, ctx.locale) }
  },
})

/** A transition's preview, for the forms that offer transitions; "none" and "random" show nothing. */
const transitionPreviewOf = namedHandler(['material/transition_preview'], {
  async run(ctx) {
    const name = ctx.query.name
    if (name === 'none' || name === 'random') throw fieldError('VALIDATION_FAILED', '/name', ctx.locale, { first: ctx.locale === 'zh-CN' ? '“无”与“随机”没有预览' : '"None" and "random" have no preview' })
    ctx.reply.header('content-type', 'video/mp4').header('cache-control', 'public, max-age=86400')
    return transitionPreview(name)
  },
})

/** The fonts a font field offers: those installed here, then the caller's and those shared with it, newest first. */
const fonts = namedHandler(['material/fonts'], {
  async run(ctx) {
    const caller = requireCaller(ctx)
    const { services, locale } = ctx
    const db = asSchemaDb(services.db)
    const material = services.registry.entities.get('material')!
    const rows = await withScope(db.selectFrom(material.table).select(['id', 'name', 'thumb_url', 'owner_id']), services.registry, material, caller, 'usable')
      .where('kind', '=', 'font')
      .orderBy('id', 'desc')
      .limit(200)
      .execute()
    const titled = await withTitles(ctx, db, material, rows)
    return {
      installed: (await installedFonts()).map((font) => ({ id: font.family, label: font.label[locale] })),
      library: titled.map((row) => ({
        id: `material:${Number(row.id)}`,
        material_id: Number(row.id),
        label: String(row.name),
        thumb_url: String(row.thumb_url ?? ''),
        shared_by: Number(row.owner_id) === caller.id ? null : ((row._titles as Record<string, string | null>).owner_id ?? null),
      })),
    }
  },
})

export const materialHandlers = {
  'materials.fonts': fonts,
  'materials.upload': upload,
  'materials.register': register,
  'materials.tools': tools,
  'materials.transitionPreview': transitionPreviewOf,
}
