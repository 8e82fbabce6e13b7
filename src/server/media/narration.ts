import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Cue } from './srt'
import { subtitlePieces } from './srt'
import { probeMedia } from './probe'
import { runFfmpeg, type RunOptions } from './run-ffmpeg'
import { inputPath } from './input-path'
import { readPcmWav } from './pcm-wav'

/** The pause between two sentences of a narration. */
export const PAUSE_SECONDS = 0.3
/** A video runs on a moment after its narration's last word, as a presenter would pause. */
export const TAIL_SECONDS = 0.6
const SAMPLE_RATE = 48_000
/** Pieces said at once. */
const AT_ONCE = 2

export interface Narration {
  /** One WAV file of the whole script. */
  path: string
  seconds: number
  /** Each piece's subtitle, shown exactly while it is said. */
  cues: Cue[]
}

/**
 * A script said piece by piece (the pieces its subtitles show), joined with a short pause
 * between them, so each subtitle is timed by when its words are really said rather than by
 * guessing from their length. `say` writes one piece to a WAV file.
 */
export async function narrate(script: string, say: (text: string, output: string) => Promise<void>, workDir: string, opts: RunOptions & { onProgress?(fraction: number): void } = {}): Promise<Narration> {
  const pieces = subtitlePieces(script)
  if (pieces.length === 0) throw new RangeError('narration: the script has nothing to say')
  const files = pieces.map((_, i) => join(workDir, `piece-${i}.wav`))
  // Two pieces at a time, as a machine has cores for: each is a process of its own, mostly starting up.
  const durations: number[] = []
  let said = 0
  for (let i = 0; i < pieces.length; i += AT_ONCE) {
    const batch = pieces.slice(i, i + AT_ONCE).map(async (text, j) => {
      await say(text, files[i + j]!)
      durations[i + j] = await secondsOf(files[i + j]!, opts)
      opts.onProgress?.(++said / pieces.length)
    })
    await Promise.all(batch)
  }
  const cues: Cue[] = []
  let at = 0
  for (const [i, text] of pieces.entries()) {
    cues.push({ start: round(at), end: round(at + durations[i]!), text })
    at += durations[i]! + (i < pieces.length - 1 ? PAUSE_SECONDS : 0)
  }
  const path = join(workDir, 'narration.wav')
  await runFfmpeg(narrationArgs(files, path), opts)
  return { path, seconds: round(at), cues }
}

/** A spoken piece's length: read from its WAV header and samples, or, for any other file, by ffprobe. */
async function secondsOf(file: string, opts: RunOptions): Promise<number> {
  const wav = readPcmWav(await readFile(file))
  return wav ? wav.seconds : (await probeMedia(file, { ...opts, written: true })).duration
}

/** One ffmpeg run joining the pieces, each brought to one format and followed by the pause (none after the last). */
export function narrationArgs(files: readonly string[], output: string): string[] {
  const format = `aresample=${SAMPLE_RATE},aformat=sample_fmts=s16:channel_layouts=mono`
  const graph = files.map((_, i) => `[${i}:a]${format}${i < files.length - 1 ? `,apad=pad_dur=${PAUSE_SECONDS}` : ''}[p${i}]`)
  graph.push(`${files.map((_, i) => `[p${i}]`).join('')}concat=n=${files.length}:v=0:a=1[out]`)
  return [...files.flatMap((f) => ['-i', inputPath(f)]), '-filter_complex', graph.join(';'), '-map', '[out]', inputPath(output)]
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000
}

/**
 * How long `narrate` will make a script, from each piece's length as `measure` gives it: the
 * pieces and pauses it will join, so a task is measured and charged by what it will make.
 */
export async function narrationSeconds(script: string, measure: (text: string) => Promise<number>): Promise<number> {
  const pieces = subtitlePieces(script)
  if (pieces.length === 0) return 0
  // A few at a time: a long script is many pieces, each a process.
  let total = 0
  for (let i = 0; i < pieces.length; i += 4) total += (await Promise.all(pieces.slice(i, i + 4).map(measure))).reduce((a, b) => a + b, 0)
  return round(total + (pieces.length - 1) * PAUSE_SECONDS)
}
