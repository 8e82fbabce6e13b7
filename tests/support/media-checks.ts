import { runProcess } from '../../src/server/media/run-ffmpeg'
import { mediaCommands } from '../../src/server/media/tools'

/**
 * What a rendered file really shows and says, read by ffmpeg: for tests that check subtitles
 * and speech against the timings a task reported, not against the task's own word.
 */

/** The brightest luma (0–255) in the bottom `share` of the frame at `seconds`: white subtitle text on a dark clip reads above 200. */
export async function brightestAtBottom(file: string, seconds: number, share = 0.3): Promise<number> {
  const { stderr } = await runProcess(mediaCommands().ffmpeg, [
    '-hide_banner', '-nostdin', '-ss', String(seconds), '-i', file, '-frames:v', '1',
    '-vf', `crop=iw:ih*${share}:0:ih*${1 - share},signalstats,metadata=print:key=lavfi.signalstats.YMAX`, '-f', 'null', '-',
  ])
  const match = /lavfi\.signalstats\.YMAX=(\d+)/.exec(stderr)
  if (!match) throw new Error(`no frame at ${seconds} s of ${file}`)
  return Number(match[1])
}

/**
 * The stretches of a file's sound louder than -40 dB, split where it falls silent for over `gap`
 * seconds, by ffmpeg's silencedetect. Silence running to the end may be reported as ending there.
 */
export async function soundSpans(file: string, duration: number, gap = 0.25): Promise<{ start: number; end: number }[]> {
  const { stderr } = await runProcess(mediaCommands().ffmpeg, ['-hide_banner', '-nostdin', '-i', file, '-map', '0:a:0', '-af', `silencedetect=noise=-40dB:d=${gap}`, '-f', 'null', '-'])
  const spans: { start: number; end: number }[] = []
  let soundFrom: number | null = 0
  for (const m of stderr.matchAll(/silence_(start|end): (-?[\d.]+)/g)) {
    const t = Math.max(0, Number(m[2]))
    if (m[1] === 'start') {
      if (soundFrom !== null && t > soundFrom) spans.push({ start: soundFrom, end: t })
      soundFrom = null
    } else soundFrom = t
  }
  if (soundFrom !== null && soundFrom < duration - 0.05) spans.push({ start: soundFrom, end: duration })
  return spans
}
