import { cmapLookup, withFontTables } from './font-file'
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
  return cached(family, () => load(family))
}

/** The metrics of a font file (an uploaded font in a task's folder, so not kept); null when it cannot be read. */
export function fontFileMetrics(path: string): Promise<FontMetrics | null> {
  return metricsOf(path, 0).catch(() => null)
}

function cached(key: string, read: () => Promise<FontMetrics | null>): Promise<FontMetrics | null> {
  let known = cache.get(key)
  if (!known) {
    known = read().catch(() => null)
    cache.set(key, known)
  }
  return known
}

async function load(family: string): Promise<FontMetrics | null> {
  const { stdout } = await runProcess('fc-match', ['-f', '%{file}\n%{index}', family])
  const [file, index] = stdout.split('\n')
  return file ? metricsOf(file, Number(index || 0)) : null
}

function metricsOf(file: string, index: number): Promise<FontMetrics> {
  return withFontTables(file, index, async (font) => {
    const [headTable, hhea, os2, hmtx, cmap] = await Promise.all([font.table('head'), font.table('hhea'), font.table('OS/2'), font.table('hmtx'), font.table('cmap')])
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
  })
}
