/** One subtitle: seconds from the start of the clip, and its text (lines joined by "\n"). */
export interface Cue {
  start: number
  end: number
  text: string
}

const TIMESTAMP = String.raw`(?:(\d+):)?(\d{1,2}):(\d{1,2})[,.](\d{1,3})`
const TIMING = new RegExp(String.raw`^\s*${TIMESTAMP}\s*-->\s*${TIMESTAMP}(?:\s.*)?$`)
const INDEX = /^\s*\d+\s*$/

/**
 * Reads SubRip text as people and tools really write it: with or without a BOM, CRLF or LF,
 * a missing final blank line, a missing index, "." for ",", hours left out. A timing line
 * that cannot be read is an error naming its line, not a cue silently lost.
 */
export function parseSrt(text: string): Cue[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)
  const cues: Cue[] = []
  let i = 0
  while (i < lines.length) {
    if (lines[i]!.trim() === '') {
      i++
      continue
    }
    if (INDEX.test(lines[i]!) && !TIMING.test(lines[i]!)) i++
    const timingLine = lines[i]
    if (timingLine === undefined || !TIMING.test(timingLine)) {
      const n = Math.min(i, lines.length - 1)
      throw new Error(`SRT line ${n + 1}: "${lines[n]!.trim()}" is not a timing line such as 00:00:01,000 --> 00:00:02,500`)
    }
    const m = TIMING.exec(timingLine)!
    const start = seconds(m.slice(1, 5))
    const end = seconds(m.slice(5, 9))
    if (end < start) throw new Error(`SRT line ${i + 1}: the cue ends (${m.slice(5, 9).join(':')}) before it starts`)
    i++
    const body: string[] = []
    while (i < lines.length && lines[i]!.trim() !== '') {
      // A block with no blank line after it: the next one starts where an index and a timing line follow.
      if (TIMING.test(lines[i]!) || (INDEX.test(lines[i]!) && TIMING.test(lines[i + 1] ?? ''))) break
      body.push(lines[i]!.trimEnd())
      i++
    }
    if (body.length) cues.push({ start, end, text: body.join('\n') })
  }
  return cues
}

function seconds([h, m, s, ms]: (string | undefined)[]): number {
  // Milliseconds written with fewer than three digits are a fraction: ",5" is half a second.
  return Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s) + Number((ms ?? '0').padEnd(3, '0')) / 1000
}

export function toSrt(cues: readonly Cue[]): string {
  return cues
    .map((cue, i) => {
      // A blank line inside a cue would end it early.
      const text = cue.text.split(/\r\n|\r|\n/).map((l) => l.trim()).filter(Boolean).join('\n')
      return `${i + 1}\n${timestamp(cue.start)} --> ${timestamp(cue.end)}\n${text}\n`
    })
    .join('\n')
}

export function timestamp(totalSeconds: number): string {
  const ms = Math.max(0, Math.round(totalSeconds * 1000))
  const pad = (n: number, width = 2) => String(n).padStart(width, '0')
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)},${pad(ms % 1000, 3)}`
}

const SENTENCE_END = new Set(['。', '！', '？', '；', '!', '?', ';', '…'])
const CLOSERS = new Set(['”', '’', '」', '』', '）', ')', '"', "'", '》', '】'])
const CLAUSE_END = new Set(['，', '、', '：', ',', ':'])
const CJK = /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef\u3000-\u303f]/

/**
 * About how long a stretch of text takes to say, in the time of one Chinese character: a
 * Chinese character is a syllable, while English runs at roughly three letters a syllable.
 */
export function spokenWeight(text: string): number {
  let weight = 0
  for (const ch of text) {
    if (CJK.test(ch)) weight += SENTENCE_END.has(ch) || CLAUSE_END.has(ch) ? 0 : 1
    else if (/[\p{L}\p{N}]/u.test(ch)) weight += 0.35
  }
  return weight
}

export interface CueSplitOptions {
  /** A sentence heavier than this (in Chinese characters) is cut again at its commas. */
  maxWeight?: number
}

/**
 * A script cut into sentences (Chinese 。！？；, English . ! ? ;, and line breaks), each shown
 * for a share of `totalSeconds` in proportion to how long it takes to say, back to back.
 */
export function cuesForText(text: string, totalSeconds: number, opts: CueSplitOptions = {}): Cue[] {
  const pieces = subtitlePieces(text, opts)
  const weights = pieces.map((p) => Math.max(spokenWeight(p), 0.5))
  const total = weights.reduce((a, b) => a + b, 0)
  if (!(totalSeconds > 0) || pieces.length === 0) return []
  const at = (w: number) => Math.round((totalSeconds * w * 1000) / total) / 1000
  let done = 0
  return pieces.map((piece, i) => {
    const start = at(done)
    done += weights[i]!
    return { start, end: i === pieces.length - 1 ? totalSeconds : at(done), text: piece }
  })
}

/** The pieces a script's subtitles show one at a time: its sentences, one too long for a line cut again at its commas. */
export function subtitlePieces(text: string, opts: CueSplitOptions = {}): string[] {
  const maxWeight = opts.maxWeight ?? 24
  return sentences(text).flatMap((s) => (spokenWeight(s) > maxWeight ? clauses(s, maxWeight) : [s]))
}

function sentences(text: string): string[] {
  const out: string[] = []
  let current = ''
  const chars = [...text.replace(/^\uFEFF/, '')]
  const flush = () => {
    if (current.trim()) out.push(current.trim())
    current = ''
  }
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i]!
    if (ch === '\n' || ch === '\r') {
      flush()
      continue
    }
    current += ch
    const next = chars[i + 1]
    // A full stop ends an English sentence only before a space or the end, so 3.14 and example.com hold together.
    const ends = SENTENCE_END.has(ch) || (ch === '.' && (next === undefined || /\s/.test(next))) || ch === '。'
    if (!ends) continue
    // "……", "?!" and a closing quote stay with the sentence they end.
    while (chars[i + 1] !== undefined && (SENTENCE_END.has(chars[i + 1]!) || CLOSERS.has(chars[i + 1]!) || chars[i + 1] === '.')) current += chars[++i]
    flush()
  }
  flush()
  return out
}

/** A long sentence cut at commas into pieces no heavier than `maxWeight` where the commas allow. */
function clauses(sentence: string, maxWeight: number): string[] {
  const parts: string[] = []
  let current = ''
  for (const ch of sentence) {
    current += ch
    if (CLAUSE_END.has(ch)) {
      parts.push(current)
      current = ''
    }
  }
  if (current) parts.push(current)
  const out: string[] = []
  for (const part of parts) {
    const last = out.at(-1)
    if (last !== undefined && spokenWeight(last + part) <= maxWeight) out[out.length - 1] = last + part
    else out.push(part)
  }
  return out.map((p) => p.trim()).filter(Boolean)
}

export { escapeFilterValue as escapeForSubtitlesFilter } from './filter-escape'
