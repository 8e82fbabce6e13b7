import { open, type FileHandle } from 'node:fs/promises'

/** What an uploaded font is kept as: TrueType, OpenType (CFF outlines) or a collection of either. */
export type FontFormat = 'ttf' | 'otf' | 'ttc'

/** A font file as the platform takes one into a library. */
export interface FontFile {
  format: FontFormat
  /** The family libass finds it by (its Windows name record 1, English first), as a subtitle style names it. */
  family: string
  /** Whether it draws Chinese itself; else libass borrows Chinese glyphs from an installed font. */
  coversChinese: boolean
  size: number
}

/** A file whose first bytes say it is a font, but that cannot be read as one; `message` says why, in English. */
export class FontFileError extends Error {
  override name = 'FontFileError'
}

/** Larger than any font a subtitle needs (Noto CJK's collections are about 20 MB), and each table is read whole. */
export const MAX_FONT_BYTES = 64 * 1024 * 1024

const SIGNATURES: Record<string, FontFormat> = { '\u0000\u0001\u0000\u0000': 'ttf', true: 'ttf', OTTO: 'otf', ttcf: 'ttc' }

/** The tables of one font in a file, read on demand; every offset is checked against the file's end. */
export interface FontTables {
  table(tag: string): Promise<Buffer>
}

/**
 * Reads a font file's header: null when its first bytes are not those of a TrueType or
 * OpenType font (it is some other file); a FontFileError when they are but the rest is not
 * a font libass could draw with.
 */
export async function readFontFile(path: string): Promise<FontFile | null> {
  const handle = await open(path, 'r')
  try {
    const { size } = await handle.stat()
    const format = SIGNATURES[(await readAt(handle, size, 0, Math.min(4, size))).toString('latin1')]
    if (!format) return null
    if (size > MAX_FONT_BYTES) throw new FontFileError(`it is larger than ${MAX_FONT_BYTES / 1024 / 1024} MB`)
    const font = await tablesOf(handle, size, 0)
    const family = familyName(await font.table('name'))
    if (!family) throw new FontFileError('it names no font family')
    // Subtitles name it inside ASS markup and ffmpeg's force_style, where these would end the name.
    if (family.length > 100 || /[{}\\,\p{Cc}]/u.test(family)) throw new FontFileError(`its family name "${family.slice(0, 100)}" holds a character a subtitle style cannot name`)
    const glyphOf = cmapLookup(await font.table('cmap'))
    return { format, family, coversChinese: [...'永字国'].every((ch) => glyphOf(ch.codePointAt(0)!) !== 0), size }
  } catch (error) {
    if (error instanceof FontFileError) throw error
    // A table that points outside the file, or a record cut short.
    if (error instanceof RangeError) throw new FontFileError('its tables are damaged')
    throw error
  } finally {
    await handle.close()
  }
}

/** Runs `use` with the tables of font `index` of a file (0 unless it is a collection). */
export async function withFontTables<T>(path: string, index: number, use: (font: FontTables) => Promise<T>): Promise<T> {
  const handle = await open(path, 'r')
  try {
    const { size } = await handle.stat()
    return await use(await tablesOf(handle, size, index))
  } finally {
    await handle.close()
  }
}

async function readAt(handle: FileHandle, size: number, at: number, length: number): Promise<Buffer> {
  if (at < 0 || length < 0 || at + length > size) throw new RangeError('outside the file')
  const buffer = Buffer.alloc(length)
  await handle.read(buffer, 0, length, at)
  return buffer
}

async function tablesOf(handle: FileHandle, size: number, index: number): Promise<FontTables> {
  const read = (at: number, length: number) => readAt(handle, size, at, length)
  // A collection (ttcf) names where each font's table directory starts.
  const head = await read(0, 12)
  const directory = head.toString('latin1', 0, 4) === 'ttcf' ? (await read(12 + 4 * index, 4)).readUInt32BE(0) : 0
  const count = (await read(directory + 4, 2)).readUInt16BE(0)
  const records = await read(directory + 12, count * 16)
  const tables = new Map<string, { offset: number; length: number }>()
  for (let i = 0; i < count; i++) tables.set(records.toString('latin1', i * 16, i * 16 + 4), { offset: records.readUInt32BE(i * 16 + 8), length: records.readUInt32BE(i * 16 + 12) })
  return {
    table(tag) {
      const t = tables.get(tag)
      if (!t) throw new FontFileError(`it has no ${tag} table`)
      return read(t.offset, t.length)
    },
  }
}

/**
 * The family of a name table, as libass reads a font it is handed: the Windows records of
 * name 1 (UTF-16), US English first; a font with none is known by its Unicode or Macintosh one.
 */
function familyName(name: Buffer): string | undefined {
  const count = name.readUInt16BE(2)
  const strings = name.readUInt16BE(4)
  const found: Array<{ rank: number; text: string }> = []
  for (let i = 0; i < count; i++) {
    const at = 6 + i * 12
    const [platform, encoding, language, id, length, offset] = [0, 2, 4, 6, 8, 10].map((o) => name.readUInt16BE(at + o)) as [number, number, number, number, number, number]
    if (id !== 1) continue
    const bytes = name.subarray(strings + offset, strings + offset + length)
    if (bytes.length !== length) throw new RangeError('name outside its table')
    const rank = platform === 3 ? (language === 0x409 ? 0 : 1) : platform === 0 ? 2 : platform === 1 && encoding === 0 ? 3 : -1
    if (rank < 0) continue
    const text = rank === 3 ? bytes.toString('latin1') : utf16be(bytes)
    if (text.trim()) found.push({ rank, text: text.trim() })
  }
  return found.sort((a, b) => a.rank - b.rank)[0]?.text
}

function utf16be(bytes: Buffer): string {
  const swapped = Buffer.from(bytes.subarray(0, bytes.length - (bytes.length % 2)))
  return swapped.swap16().toString('utf16le')
}

/** Code point to glyph id from a cmap table: its format 12 subtable (all of Unicode) when it has one, else format 4. */
export function cmapLookup(cmap: Buffer): (codePoint: number) => number {
  const count = cmap.readUInt16BE(2)
  let format4: number | undefined
  for (let i = 0; i < count; i++) {
    const platform = cmap.readUInt16BE(4 + i * 8)
    const encoding = cmap.readUInt16BE(6 + i * 8)
    const offset = cmap.readUInt32BE(8 + i * 8)
    const format = cmap.readUInt16BE(offset)
    if (format === 12 && (platform === 3 || platform === 0)) {
      const groups = cmap.readUInt32BE(offset + 12)
      return (cp) => {
        let [lo, hi] = [0, groups - 1]
        while (lo <= hi) {
          const mid = (lo + hi) >> 1
          const at = offset + 16 + mid * 12
          const start = cmap.readUInt32BE(at)
          const end = cmap.readUInt32BE(at + 4)
          if (cp < start) hi = mid - 1
          else if (cp > end) lo = mid + 1
          else return cmap.readUInt32BE(at + 8) + (cp - start)
        }
        return 0
      }
    }
    if (format === 4 && platform === 3 && encoding === 1) format4 = offset
  }
  if (format4 === undefined) return () => 0
  const at = format4
  const segments = cmap.readUInt16BE(at + 6) / 2
  const ends = at + 14
  const starts = ends + segments * 2 + 2
  const deltas = starts + segments * 2
  const ranges = deltas + segments * 2
  return (cp) => {
    if (cp > 0xffff) return 0
    for (let s = 0; s < segments; s++) {
      if (cp > cmap.readUInt16BE(ends + s * 2)) continue
      const start = cmap.readUInt16BE(starts + s * 2)
      if (cp < start) return 0
      const delta = cmap.readInt16BE(deltas + s * 2)
      const range = cmap.readUInt16BE(ranges + s * 2)
      if (range === 0) return (cp + delta) & 0xffff
      const glyph = cmap.readUInt16BE(ranges + s * 2 + range + (cp - start) * 2)
      return glyph === 0 ? 0 : (glyph + delta) & 0xffff
    }
    return 0
  }
}
