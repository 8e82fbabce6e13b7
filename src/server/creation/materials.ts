import type { Locale } from '../../schema/types'
import type { Caller } from '../access/caller'
import { asSchemaDb, type Db } from '../db/connect'
import { withScope } from '../access/scope'
import { fieldError } from '../errors/AppError'
import { type Services } from '../services'
import { tableOf } from '../db/table-of'
import type { MediaInfo } from '../media/probe'
import type { Material } from '../../generated/types'

/** A material as the workers read it: its public fields that describe the file, and where the store keeps it. */
export type MaterialRow = Required<Pick<Material, 'id' | 'name' | 'kind' | 'format' | 'duration' | 'width' | 'height' | 'fps' | 'video_codec' | 'audio_codec' | 'size'>> & { storage_key: string }

const KIND_ZH = { video: '视频', audio: '音频', image: '图片', font: '字体' } as const

/** A material wanted by a form field (its JSON pointer), and the kinds that field takes. */
export interface MaterialUse {
  id: number
  path: string
  kinds: readonly MaterialRow['kind'][]
}

/**
 * The materials the submission names that the caller may use (its own, and those shared with it
 * from above), each of a kind its field takes; anything else is a field error on the field that
 * named it (another's material looks like a missing one).
 */
export async function usableMaterials(trx: Db, services: Services, caller: Caller, uses: readonly MaterialUse[], locale: Locale): Promise<Map<number, MaterialRow>> {
  const ids = [...new Set(uses.map((u) => u.id))]
  const material = services.registry.entities.get('material')!
  const rows = ids.length === 0 ? [] : await withScope(asSchemaDb(trx).selectFrom(material.table).selectAll(), services.registry, material, caller, 'usable').where('id', 'in', ids).execute()
  const found = new Map(rows.map((row) => [Number(row.id), toMaterial(row)]))
  const label = services.registry.entities.get('material')!.label?.[locale] ?? 'Material'
  for (const use of uses) {
    const material = found.get(use.id)
    if (!material) throw fieldError('RELATION_NOT_FOUND', use.path, locale, { field: label, entity: label, id: use.id })
    if (!use.kinds.includes(material.kind)) throw fieldError('MATERIAL_KIND', use.path, locale, { name: material.name, kinds_en: use.kinds.join(', '), kinds_zh: use.kinds.map((k) => KIND_ZH[k]).join('、') })
  }
  return found
}

/** The same materials again, inside a worker: read by id, without a caller. */
export async function materialsById(services: Services, ids: readonly number[]): Promise<Map<number, MaterialRow>> {
  const rows = ids.length === 0 ? [] : await services.db.selectFrom(tableOf(services, 'material')).selectAll().where('id', 'in', [...new Set(ids)]).execute()
  return new Map(rows.map((row) => [row.id, toMaterial(row)]))
}

/** What ffprobe said of a material when it arrived, as the media layer takes it. */
export function mediaInfoOf(material: MaterialRow): MediaInfo {
  // A field that takes media never takes a font (usableMaterials checked its kind).
  if (material.kind === 'font') throw new Error(`material ${material.id} is a font, not media`)
  return {
    kind: material.kind,
    format: material.format,
    duration: material.duration,
    width: material.width,
    height: material.height,
    fps: material.fps,
    videoCodec: material.video_codec || null,
    audioCodec: material.audio_codec || null,
    bitRate: null,
    size: material.size,
    // Width and height were stored as shown, and ffmpeg turns the picture as it decodes.
    rotation: 0,
    pixelFormat: null,
    audioSampleRate: null,
    audioChannels: null,
  }
}

function toMaterial(row: Record<string, unknown>): MaterialRow {
  const num = (value: unknown) => (value === null || value === undefined ? null : Number(value))
  return {
    id: Number(row.id),
    name: String(row.name),
    kind: row.kind as MaterialRow['kind'],
    storage_key: String(row.storage_key ?? ''),
    format: String(row.format ?? ''),
    duration: Number(row.duration ?? 0),
    width: num(row.width),
    height: num(row.height),
    fps: num(row.fps),
    video_codec: String(row.video_codec ?? ''),
    audio_codec: String(row.audio_codec ?? ''),
    size: Number(row.size ?? 0),
  }
}
