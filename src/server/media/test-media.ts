import { readFile, rm, writeFile } from 'node:fs/promises'
import { runFfmpeg, runProcess } from './run-ffmpeg'
import { mediaCommands } from './tools'

/**
 * Media made on the spot from ffmpeg's test sources, for tests and the bench: no binary
 * files in the repository, and every clip as small as the check it serves allows.
 */
export interface TestVideo {
  seconds: number
  width?: number
  height?: number
  fps?: number
  /** A sine tone beside the picture; false for a silent clip with no audio stream at all. */
  audio?: boolean
  /** The index (moov) at the front, as web uploads often have it. */
  faststart?: boolean
  /** 440 by default; different tones tell clips apart by ear. */
  frequency?: number
  preset?: string
}

export function testVideoArgs(output: string, v: TestVideo): string[] {
  const size = `${v.width ?? 160}x${v.height ?? 120}`
  const fps = v.fps ?? 25
  return [
    '-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=${fps}:duration=${v.seconds}`,
    ...(v.audio === false ? [] : ['-f', 'lavfi', '-i', `sine=frequency=${v.frequency ?? 440}:sample_rate=48000:duration=${v.seconds}`]),
    '-c:v', 'libx264', '-preset', v.preset ?? 'ultrafast', '-pix_fmt', 'yuv420p', '-g', String(fps),
    ...(v.audio === false ? [] : ['-c:a', 'aac', '-b:a', '96k', '-ac', '2']),
    ...(v.faststart ? ['-movflags', '+faststart'] : []),
    output,
  ]
}

export function makeTestVideo(output: string, v: TestVideo): Promise<void> {
  return runFfmpeg(testVideoArgs(output, v))
}

export function makeTestTone(output: string, seconds: number, frequency = 330): Promise<void> {
  return runFfmpeg(['-f', 'lavfi', '-i', `sine=frequency=${frequency}:sample_rate=44100:duration=${seconds}`, '-ac', '2', output])
}

export function makeTestImage(output: string, width = 200, height = 150): Promise<void> {
  return runFfmpeg(['-f', 'lavfi', '-i', `testsrc=size=${width}x${height}`, '-frames:v', '1', output])
}

/** A recording of espeak-ng reading `text` with `voice` (en+m3, cmn+f3), as the m4a a browser might send. */
export async function makeTestSpeech(output: string, text: string, voice: string): Promise<void> {
  const wav = `${output}.wav`
  await runProcess(mediaCommands().espeak, ['-v', voice, '-w', wav, '--stdin'], { input: text })
  try {
    await runFfmpeg(['-i', wav, '-c:a', 'aac', output])
  } finally {
    await rm(wav, { force: true })
  }
}

/** Two shots joined by a cut (a moving test pattern, then colour bars), silent: what an avatar's training video must not be. */
export function makeTestCutVideo(output: string, secondsEach: number, width = 640, height = 360): Promise<void> {
  const size = `${width}x${height}`
  return runFfmpeg([
    '-f', 'lavfi', '-i', `testsrc2=size=${size}:rate=25:duration=${secondsEach}`,
    '-f', 'lavfi', '-i', `smptebars=size=${size}:rate=25:duration=${secondsEach}`,
    '-filter_complex', '[0:v][1:v]concat=n=2:v=1[v]', '-map', '[v]',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', output,
  ])
}

/**
 * A font no machine has installed: an installed TrueType font (DejaVu Serif, which Debian's
 * fontconfig brings, or another single-font .ttf) with the family in its name table renamed
 * to one of the same length. What it draws is the original's, so a render can be checked
 * against the installed one; it is never fontconfig's fallback, which a missing family gets.
 */
export async function makeTestFont(output: string): Promise<{ family: string; original: string }> {
  const fallback = (await runProcess('fc-match', ['-f', '%{family}', 'No Such Family'])).stdout.split(',')[0]
  const { stdout } = await runProcess('fc-list', [':fontformat=TrueType', 'file', 'family'])
  const fonts = stdout
    .split('\n')
    .map((line) => /^(.+\.ttf): ([^,\n]+)/.exec(line))
    .filter((found): found is RegExpExecArray => Boolean(found) && found![2] !== fallback)
    .sort((a, b) => Number(/DejaVuSerif\.ttf$/.test(b[1]!)) - Number(/DejaVuSerif\.ttf$/.test(a[1]!)))
  const [, file, original] = fonts[0] ?? []
  if (!file || !original) throw new Error('no installed TrueType font to make a test font from')
  const bytes = await readFile(file)
  const family = `Uploaded ${'x'.repeat(80)}`.slice(0, original.length)
  // Only inside the name table: its UTF-16 (Windows, Unicode) and single-byte (Macintosh) records.
  const count = bytes.readUInt16BE(4)
  for (let i = 0; i < count; i++) {
    if (bytes.toString('latin1', 12 + i * 16, 16 + i * 16) !== 'name') continue
    const at = bytes.readUInt32BE(20 + i * 16)
    const table = bytes.subarray(at, at + bytes.readUInt32BE(24 + i * 16))
    for (const encoding of ['utf16be', 'latin1'] as const) {
      const [from, to] = [original, family].map((text) => (encoding === 'latin1' ? Buffer.from(text, 'latin1') : Buffer.from(text, 'utf16le').swap16()))
      for (let found = table.indexOf(from!); found >= 0; found = table.indexOf(from!, found + 1)) to!.copy(table, found)
    }
  }
  await writeFile(output, bytes)
  return { family, original }
}
