import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NotMediaError } from './media-error'
import { probeMedia } from './probe'
import { runFfmpeg } from './run-ffmpeg'
import { makeTestImage, makeTestTone, makeTestVideo } from './test-media'

const dir = mkdtempSync(join(tmpdir(), 'media-probe-'))
const at = (name: string) => join(dir, name)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

beforeAll(async () => {
  await Promise.all([
    makeTestVideo(at('clip.mp4'), { seconds: 2, width: 320, height: 240, fps: 25 }),
    makeTestVideo(at('faststart.mp4'), { seconds: 2, width: 180, height: 320, fps: 30, faststart: true }),
    makeTestTone(at('tone.mp3'), 1.5),
    makeTestImage(at('still.png'), 200, 150),
    makeTestImage(at('still.jpg'), 200, 150),
  ])
}, 30_000)

/** The refusal probing gives, or a failure if it gives none. */
async function refusal(path: string): Promise<NotMediaError> {
  const error = await probeMedia(path).then(
    () => new Error(`${path} was accepted`),
    (e: unknown) => e,
  )
  if (error instanceof NotMediaError) return error
  throw error
}

/** The first half of a file, as an upload cut off midway leaves it. */
function halfOf(source: string, target: string): string {
  const bytes = readFileSync(at(source))
  writeFileSync(at(target), bytes.subarray(0, Math.floor(bytes.length / 2)))
  return at(target)
}

describe('probing media', () => {
  it('reads a video: size, length, frame rate, codecs', async () => {
    const info = await probeMedia(at('clip.mp4'))
    expect(info).toMatchObject({ kind: 'video', width: 320, height: 240, fps: 25, videoCodec: 'h264', audioCodec: 'aac', rotation: 0, audioChannels: 2 })
    expect(info.duration).toBeCloseTo(2, 1)
    expect(info.format).toContain('mp4')
    expect(info.size).toBeGreaterThan(0)
    expect(info.bitRate).toBeGreaterThan(0)
  })

  it('reads audio as audio and a picture as an image of no length', async () => {
    const tone = await probeMedia(at('tone.mp3'))
    expect(tone).toMatchObject({ kind: 'audio', width: null, height: null, fps: null, videoCodec: null, audioCodec: 'mp3' })
    expect(tone.duration).toBeCloseTo(1.5, 1)
    for (const name of ['still.png', 'still.jpg']) {
      expect(await probeMedia(at(name))).toMatchObject({ kind: 'image', duration: 0, width: 200, height: 150, fps: null, audioCodec: null })
    }
  })

  it('measures a recording that states no length, as a browser writes one while it records, by its packets', async () => {
    // Matroska's live mode writes no duration and no index, as MediaRecorder's WebM has none.
    await runFfmpeg(['-f', 'lavfi', '-i', 'sine=frequency=220:duration=3', '-c:a', 'libopus', '-live', '1', '-f', 'webm', at('recorded.webm')])
    const info = await probeMedia(at('recorded.webm'))
    expect(info).toMatchObject({ kind: 'audio', audioCodec: 'opus' })
    expect(info.duration).toBeCloseTo(3, 1)
  })

  it('gives a rotated phone video the size it is shown at', async () => {
    await runFfmpeg(['-i', at('clip.mp4'), '-c', 'copy', '-metadata:s:v', 'rotate=90', at('rotated.mp4')])
    expect(await probeMedia(at('rotated.mp4'))).toMatchObject({ width: 240, height: 320, rotation: 90 })
  })

  it('refuses a text file named .mp4', async () => {
    writeFileSync(at('notes.mp4'), 'These are my notes, not a video.\n'.repeat(20))
    const error = await refusal(at('notes.mp4'))
    expect(error.reason).toBe('not-media')
    expect(error.messageIn('zh-CN')).toBe('这不是可识别的视频、音频或图片文件。')
    expect(error.messageIn('en-US')).toBe('This is not a video, audio or image file that can be read.')
  })

  it('refuses an empty file', async () => {
    writeFileSync(at('empty.mp4'), '')
    const error = await refusal(at('empty.mp4'))
    expect(error.reason).toBe('empty')
    expect(error.messageIn('en-US')).toMatch(/empty/)
  })

  it('refuses bytes ffprobe cannot read', async () => {
    writeFileSync(at('noise.bin'), Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 251)))
    expect((await refusal(at('noise.bin'))).reason).toBe('not-media')
  })

  it('refuses a video file with no stream that decodes to picture or sound', async () => {
    writeFileSync(at('words.srt'), '1\n00:00:00,000 --> 00:00:01,000\nhello\n')
    await runFfmpeg(['-i', at('words.srt'), '-c:s', 'mov_text', at('subtitles-only.mp4')])
    const error = await refusal(at('subtitles-only.mp4'))
    expect(error.reason).toBe('no-streams')
    expect(error.messageIn('zh-CN')).toBe('文件里没有可解码的视频或音频。')
  })

  it('refuses, before decoding anything, a picture over 40 million pixels and a file of more than 32 tracks', async () => {
    // One MJPEG frame of 8000 × 8000, a few kilobytes of black: cheap to send, 64 million pixels to draw.
    await runFfmpeg(['-f', 'lavfi', '-i', 'color=c=black:s=8000x8000:d=0.04:r=25', '-frames:v', '1', '-c:v', 'mjpeg', at('huge.avi')])
    const huge = await refusal(at('huge.avi'))
    expect([huge.reason, huge.detail]).toEqual(['picture-too-large', '8000 × 8000'])
    expect(huge.messageIn('en-US')).toBe('Its picture is over 40 million pixels (8K video has 33 million), more than the console works with.')
    // 40 copies of one short silent track.
    await runFfmpeg(['-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono', '-t', '0.2', ...Array.from({ length: 40 }, () => ['-map', '0:a']).flat(), '-c:a', 'pcm_s16le', at('tracks.mkv')])
    const tracks = await refusal(at('tracks.mkv'))
    expect([tracks.reason, tracks.detail]).toEqual(['too-many-streams', '40 streams'])
  })

  it('refuses a video cut off halfway whose index was to come at the end', async () => {
    const error = await refusal(halfOf('clip.mp4', 'half.mp4'))
    expect(error.reason).toBe('truncated')
    expect(error.detail).toMatch(/moov atom not found/)
  })

  it('refuses a video cut off halfway even when its index at the front says all is there', async () => {
    const error = await refusal(halfOf('faststart.mp4', 'half-faststart.mp4'))
    expect(error.reason).toBe('truncated')
    expect(error.messageIn('en-US')).toMatch(/incomplete/)
  })

  it('reads a file it wrote itself without decoding its end, which only an upload needs', async () => {
    // The same cut-off file passes when said to be the platform's own: its tail is not decoded.
    const half = halfOf('faststart.mp4', 'half-own.mp4')
    expect((await probeMedia(half, { written: true })).kind).toBe('video')
  })

  it('accepts a video whose picture stops before its sound', async () => {
    await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=160x120:rate=25:duration=0.4', '-f', 'lavfi', '-i', 'sine=duration=2.5', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', at('short-picture.mp4')])
    const info = await probeMedia(at('short-picture.mp4'))
    expect(info.kind).toBe('video')
    expect(info.duration).toBeGreaterThan(2)
  })

  it('accepts the whole file the truncated ones were cut from', async () => {
    expect((await probeMedia(at('faststart.mp4'))).kind).toBe('video')
  })
})
