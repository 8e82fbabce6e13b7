// Characters that may not begin a line in Chinese typesetting: they stay with the line before.
const NO_LINE_START = new Set([...'，。！？、；：”’）》」』】…,.!?;:)'])
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/

/** Width in ems: a Chinese character fills its em square, Latin text about half of one. */
export function textWidth(text: string): number {
  let width = 0
  for (const ch of text) width += WIDE.test(ch) ? 1 : ch === ' ' ? 0.3 : 0.55
  return width
}

/**
 * Breaks subtitle text into lines at most `maxEms` wide. The subtitle renderer only breaks
 * at spaces, so Chinese, which has none, would run off the side of a portrait video.
 * English breaks between words; Chinese between any two characters, except before
 * closing punctuation.
 */
export function wrapSubtitleText(text: string, maxEms: number): string {
  return text
    .split('\n')
    .flatMap((line) => wrapLine(line, maxEms))
    .join('\n')
}

function wrapLine(line: string, maxEms: number): string[] {
  const tokens = line.match(/\s+|[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[^\s\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]+/g) ?? []
  const lines: string[] = []
  let current = ''
  for (const token of tokens) {
    const isSpace = /^\s+$/.test(token)
    if (current === '' && isSpace) continue
    if (!isSpace && current.trim() !== '' && textWidth(current + token) > maxEms && !NO_LINE_START.has([...token][0]!)) {
      lines.push(current.trimEnd())
      current = token
    } else current += isSpace ? ' ' : token
  }
  if (current.trim()) lines.push(current.trimEnd())
  return lines
}
