// Characters that may not begin a line in Chinese typesetting: they stay with the line before.
const NO_LINE_START = new Set([...'，。！？、；：”’）》」』】…,.!?;:)'])
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/
const TOKENS = /\s+|[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[^\s\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]+/g

/** Width in ems when no font's own widths are at hand: a Chinese character fills its em square, Latin text about half of one. */
export function textWidth(text: string): number {
  let width = 0
  for (const ch of text) width += WIDE.test(ch) ? 1 : ch === ' ' ? 0.3 : 0.55
  return width
}

/**
 * Breaks subtitle text into lines at most `maxWidth` wide, as `measure` finds widths (ems by
 * default; a font's pixels from font-metrics.ts). The subtitle renderer only breaks at
 * spaces, so Chinese, which has none, would run off the side of a portrait video. English
 * breaks between words; Chinese between any two characters, except before closing
 * punctuation. The lines are balanced: as few as fit, as nearly equal as the breaks allow,
 * so no character is left alone on a last line.
 */
export function wrapSubtitleText(text: string, maxWidth: number, measure: (text: string) => number = textWidth): string {
  return text
    .split('\n')
    .flatMap((line) => wrapLine(line, maxWidth, measure))
    .join('\n')
}

/** Pieces a line may break between: a word or a character, closing punctuation kept with what it closes, and spaces. */
function unitsOf(line: string): string[] {
  const units: string[] = []
  for (const token of line.match(TOKENS) ?? []) {
    const last = units.at(-1)
    if (last !== undefined && !/^\s+$/.test(last) && NO_LINE_START.has([...token][0]!)) units[units.length - 1] = last + token
    else units.push(/^\s+$/.test(token) ? ' ' : token)
  }
  return units
}

/** Lines filled in order up to `limit` wide, each break at a space or between units. */
function greedy(units: readonly string[], limit: number, measure: (text: string) => number): string[] {
  const lines: string[] = []
  let current = ''
  for (const unit of units) {
    if (unit === ' ') {
      if (current !== '') current += ' '
      continue
    }
    if (current.trim() !== '' && measure(current + unit) > limit) {
      lines.push(current.trimEnd())
      current = unit
    } else current += unit
  }
  if (current.trim()) lines.push(current.trimEnd())
  return lines
}

function wrapLine(line: string, maxWidth: number, measure: (text: string) => number): string[] {
  const units = unitsOf(line)
  const widest = greedy(units, maxWidth, measure)
  if (widest.length <= 1) return widest
  // The narrowest width that still needs no more lines than the widest allows: lines as even as they can be.
  let [lo, hi] = [measure(line.trim()) / widest.length, maxWidth]
  for (let i = 0; i < 24 && hi - lo > 0.5; i++) {
    const mid = (lo + hi) / 2
    if (greedy(units, mid, measure).length <= widest.length) hi = mid
    else lo = mid
  }
  return greedy(units, hi, measure)
}
