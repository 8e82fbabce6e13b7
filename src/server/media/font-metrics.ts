import { open } from 'node:fs/promises'
import { runProcess } from './run-ffmpeg'

/** How wide text is drawn, in pixels, at a font size as libass reads it (ASS FontSize). */
export type MeasureText = (text: string, size: number) => number

/**
 * A font's advance widths, read from its OpenType file: what lines are broken by. libass sizes
 * a font so that its Windows ascent plus descent (OS/2 usWinAscent + usWinDescent) is the ASS
 * FontSize, so a Noto CJK ideograph at FontSize 48 is 48 × 1000 / 1448 ≈ 33 px wide, not 48.
 */
export interface FontMetrics {
  measure: MeasureText
}

const cache = new Map<string, Promise<FontMetrics | null>>()

/** The metrics of a font family fontconfig knows (read once a process); null when it cannot be read. */
export function fontMetrics(family: string): Promise<FontMetrics | null> {
  let known = cache.get(family)
  if (!known) {
    known = load(family).catch(() => null)
    cache.set(family, known)
  }
  return known
}

async function load(family: string): Promise<FontMetrics | null> {
  const { stdout } = await runProcess('fc-match', ['-f', '%{file}\n%{index}', family])
  const [file, index] = stdout.split('\n')
  if (!file) return null
  const handle = await open(file, 'r')
  try {
    const read = async (at: number, length: number) => {
      const buffer = Buffer.alloc(length)
      await handle.read(buffer, 0, length, at)
      return buffer
    }
    // A collection (ttcf) names where each font's table directory starts.
    const head = await read(0, 12)
    const directory = head.toString('latin1', 0, 4) === 'ttcf' ? (await read(12 + 4 * Number(index || 0), 4)).readUInt32BE(0) : 0
    const count = (await read(directory + 4, 2)).readUInt16BE(0)
    const records = await read(directory + 12, count * 16)
    const tables = new Map<string, { offset: number; length: number }>()
    for (let i = 0; i < count; i++) tables.set(records.toString('latin1', i * 16, i * 16 + 4), { offset: records.readUInt32BE(i * 16 + 8), length: records.readUInt32BE(i * 16 + 12) })
    const table = async (tag: string) => {
      const t = tables.get(tag)
      if (!t) throw new Error(`font ${family} has no ${tag} table`)
      return read(t.offset, t.length)
    }
    const [headTable, hhea, os2, hmtx, cmap] = await Promise.all([table('head'), table('hhea'), table('OS/2'), table('hmtx'), table('cmap')])
    const unitsPerEm = headTable.readUInt16BE(18)
    const winHeight = os2.readUInt16BE(74) + os2.readUInt16BE(76)
    const height = winHeight > 0 ? winHeight : hhea.readInt16BE(4) - hhea.readInt16BE(6)
    const metricsCount = hhea.readUInt16BE(34)
    const advance = (glyph: number) => hmtx.readUInt16BE(4 * Math.min(glyph, metricsCount - 1))
    const glyphOf = cmapLookup(cmap)
    const fallback = advance(glyphOf(0x56fd)) || unitsPerEm
    return {
      measure(text, size) {
        let units = 0
        for (const ch of text) {
          const glyph = glyphOf(ch.codePointAt(0)!)
          // A character the font lacks is drawn from another; an ideograph's width stands in for it.
          units += glyph === 0 ? fallback : advance(glyph)
        }
        return (units * size) / height
      },
    }
  } finally {
    await handle.close()
  }
}

/** Code point to glyph id from a cmap table: its format 12 subtable (all of Unicode) when it has one, else format 4. */
function cmapLookup(cmap: Buffer): (codePoint: number) => number {
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
