import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ClipPlan } from './clip-plan'
import { MediaError } from './media-error'
import { probeMedia, type MediaInfo } from './probe'
import { renderClip } from './render-clip'
import { cuesForText } from './srt'
import { makeTestTone, makeTestVideo } from './test-media'
import { runFfmpeg, runProcess } from './run-ffmpeg'
import { mediaCommands } from './tools'

const dir = mkdtempSync(join(tmpdir(), 'media-render-'))
const at = (name: string) => join(dir, name)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

let a: MediaInfo
let b: MediaInfo
beforeAll(async () => {
  await Promise.all([
    makeTestVideo(at('a.mp4'), { seconds: 2, width: 320, height: 180, fps: 25 }),
    // No sound, so the graph has to make silence for it.
    makeTestVideo(at('b.mp4'), { seconds: 2, width: 320, height: 180, fps: 25, audio: false, frequency: 660 }),
    makeTestVideo(at('c.mp4'), { seconds: 2, width: 320, height: 180, fps: 25, frequency: 880 }),
    makeTestTone(at('music.mp3'), 1),
  ])
  ;[a, b] = await Promise.all([probeMedia(at('a.mp4')), probeMedia(at('b.mp4'))])
}, 30_000)

/** Folders a render left beside its output. */
const leftovers = (folder: string) => readdirSync(folder).filter((name) => name.startsWith('.media-clip-'))

describe('rendering clips', () => {
  it('joins two segments with a fade, padded to 9:16, with Chinese subtitles and looped music', async () => {
    const plan: ClipPlan = {
      segments: [{ path: at('a.mp4'), info: a }, { path: at('b.mp4'), start: 0.25, end: 1.75, info: b }],
      transition: { kind: 'fade', seconds: 0.5 },
      shape: '9:16', fit: 'pad', height: 180, fps: 20, bitrateKbps: 300,
      subtitles: { cues: cuesForText('你好，世界。这是一段测试字幕！', 3), size: 18, color: '#ffffff', outlineColor: '#000000', outline: 2, position: 'bottom' },
      bgm: { path: at('music.mp3'), volume: 0.5, fadeInSeconds: 0.2, fadeOutSeconds: 0.5 },
      output: at('faded.mp4'),
    }
    const seen: number[] = []
    const result = await renderClip(plan, { onProgress: (f) => seen.push(f) })
    expect(result).toEqual({ mode: 'encode', durationSeconds: 3 })
    const out = await probeMedia(at('faded.mp4'))
    expect(out).toMatchObject({ kind: 'video', width: 180, height: 320, fps: 20, videoCodec: 'h264', audioCodec: 'aac' })
    expect(Math.abs(out.duration - 3)).toBeLessThanOrEqual(0.2)
    expect(seen.at(-1)).toBe(1)
    expect(leftovers(dir)).toEqual([])
  }, 60_000)

  it('shows a background picture around a segment of the frame\'s own shape, the segment at the bottom, centred', async () => {
    await runFfmpeg(['-f', 'lavfi', '-i', 'color=c=red:s=90x160', '-frames:v', '1', at('red.png')])
    await makeTestVideo(at('tall.mp4'), { seconds: 1, width: 90, height: 160, fps: 25 })
    const tall = await probeMedia(at('tall.mp4'))
    const plan: ClipPlan = {
      segments: [{ path: at('tall.mp4'), info: tall }],
      shape: '9:16', fit: 'pad', height: 180, fps: 25, bitrateKbps: 300,
      background: { path: at('red.png') },
      output: at('over-red.mp4'),
    }
    await renderClip(plan)
    // One frame as RGB: the top rows and both sides are the picture's red, the bottom middle is the video.
    const { width: W, height: H } = { width: 180, height: 320 }
    await runFfmpeg(['-ss', '0.5', '-i', at('over-red.mp4'), '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', at('frame.rgb')])
    const frame = readFileSync(at('frame.rgb'))
    expect(frame.length).toBe(W * H * 3)
    const pixel = (x: number, y: number) => [...frame.subarray((y * W + x) * 3, (y * W + x) * 3 + 3)]
    const red = ([r, g, b]: number[]) => r! > 180 && g! < 70 && b! < 70
    for (const [x, y] of [[W / 2, 4], [3, H / 2], [W - 4, H / 2]] as const) expect(red(pixel(x, y)), `${x},${y}`).toBe(true)
    expect(red(pixel(W / 2, H - 20))).toBe(false)
  }, 60_000)

  it('writes its cover in the same run: the finished frame at the time asked, as the file shows it there', async () => {
    const plan: ClipPlan = {
      segments: [{ path: at('a.mp4'), info: a }, { path: at('c.mp4'), info: a }],
      shape: '9:16', fit: 'crop', height: 180, fps: 25, bitrateKbps: 300,
      output: at('covered.mp4'), cover: { path: at('covered.jpg'), at: 2.5 },
    }
    await renderClip(plan)
    // The same moment read back from the file matches the cover closely; another moment does not.
    await runFfmpeg(['-ss', '2.5', '-i', at('covered.mp4'), '-frames:v', '1', '-q:v', '2', '-update', '1', at('read-at.jpg')])
    await runFfmpeg(['-ss', '1.5', '-i', at('covered.mp4'), '-frames:v', '1', '-q:v', '2', '-update', '1', at('read-early.jpg')])
    const psnr = async (other: string) => {
      const { stderr } = await runProcess(mediaCommands().ffmpeg, ['-hide_banner', '-i', at('covered.jpg'), '-i', at(other), '-lavfi', 'psnr', '-f', 'null', '-'])
      return Number(/average:([\d.]+|inf)/.exec(stderr)![1]!.replace('inf', '99'))
    }
    expect(await psnr('read-at.jpg')).toBeGreaterThan(30)
    expect(await psnr('read-early.jpg')).toBeLessThan(25)
  }, 60_000)

  it('copies streams when the sources already fit, packet for packet, and lasts their summed length', async () => {
    const c = await probeMedia(at('c.mp4'))
    const base = { shape: '16:9' as const, fit: 'crop' as const, height: 180, fps: 25, bitrateKbps: 400 }
    const segments = [{ path: at('a.mp4'), info: a }, { path: at('c.mp4'), info: c }, { path: at('a.mp4'), info: a }]
    expect(await renderClip({ ...base, segments, output: at('copied.mp4') })).toEqual({ mode: 'copy', durationSeconds: 6 })
    // The same sources into a square frame: the graph has to run.
    expect((await renderClip({ ...base, shape: '1:1', segments, output: at('encoded.mp4') })).mode).toBe('encode')
    const copied = await probeMedia(at('copied.mp4'))
    expect(copied).toMatchObject({ width: 320, height: 180, fps: 25, videoCodec: 'h264', audioCodec: 'aac' })
    expect(Math.abs(copied.duration - 6)).toBeLessThanOrEqual(0.2)
    // Copied, not encoded again: the first source's video packets come out as they went in, but for the first, which
    // the join gives the stream's parameter sets (how much faster a copy is is the benchmarks' business).
    const packets = async (file: string) => (await runProcess(mediaCommands().ffprobe, ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=size', '-of', 'csv=p=0', '-read_intervals', '%+#10', at(file)])).stdout.trim().split('\n').slice(1).join(' ')
    expect(await packets('copied.mp4')).toBe(await packets('a.mp4'))
    expect(await packets('encoded.mp4')).not.toBe(await packets('a.mp4'))
  }, 60_000)

  it('mixes music and a voice-over under a single segment, cut to the segment\'s length', async () => {
    const voice = at('voice.wav')
    await makeTestTone(voice, 3, 500)
    const plan: ClipPlan = {
      segments: [{ path: at('a.mp4'), start: 0.5, end: 1.5, info: a }],
      shape: '16:9', fit: 'crop', height: 120, fps: 15, bitrateKbps: 200,
      bgm: { path: at('music.mp3'), volume: 0.3, fadeInSeconds: 0, fadeOutSeconds: 0.5 },
      voiceOver: { path: voice, volume: 1.2 },
      output: at('voiced.mp4'),
    }
    await renderClip(plan)
    const out = await probeMedia(plan.output)
    expect(out).toMatchObject({ width: 214, height: 120, fps: 15, audioCodec: 'aac', audioChannels: 2 })
    expect(Math.abs(out.duration - 1)).toBeLessThanOrEqual(0.2)
  }, 30_000)

  it('reads its subtitle file from a folder whose name has quotes, colons, brackets and commas', async () => {
    const odd = join(dir, "it's [a]: clip, ok; 字")
    mkdirSync(odd)
    const plan: ClipPlan = {
      segments: [{ path: at('a.mp4'), end: 1, info: a }],
      shape: '1:1', fit: 'crop', height: 120, fps: 10, bitrateKbps: 200,
      subtitles: { cues: [{ start: 0, end: 1, text: '字幕' }], size: 16, color: '#ffff00', outlineColor: '#000000', outline: 1, position: 'top' },
      output: join(odd, 'out.mp4'),
    }
    await renderClip(plan)
    expect(await probeMedia(plan.output)).toMatchObject({ width: 120, height: 120 })
    expect(leftovers(odd)).toEqual([])
  }, 30_000)

  it('removes its half-written output and work files when cancelled', async () => {
    const controller = new AbortController()
    const plan: ClipPlan = {
      segments: [{ path: at('a.mp4'), info: a }],
      shape: '9:16', fit: 'pad', height: 180, fps: 20, bitrateKbps: 300,
      bgm: { path: at('music.mp3'), volume: 1, fadeInSeconds: 0, fadeOutSeconds: 0 },
      output: at('cancelled.mp4'),
    }
    const run = renderClip(plan, { signal: controller.signal })
    controller.abort()
    await expect(run).rejects.toMatchObject({ name: 'AbortError' })
    expect(existsSync(plan.output)).toBe(false)
    expect(leftovers(dir)).toEqual([])
  }, 30_000)

  it('fails with ffmpeg\'s reason when a source is missing', async () => {
    const plan: ClipPlan = {
      segments: [{ path: at('gone.mp4'), info: a }],
      shape: '1:1', fit: 'crop', height: 120, fps: 10, bitrateKbps: 200, output: at('never.mp4'),
    }
    const error = await renderClip(plan).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(MediaError)
    expect((error as MediaError).reason).toMatch(/gone\.mp4: No such file or directory/)
    expect(existsSync(plan.output)).toBe(false)
  }, 30_000)

  it('stops writing at the length it is capped to, however long the plan is', async () => {
    const plan: ClipPlan = { segments: [{ path: at('a.mp4'), info: a }], shape: '1:1', fit: 'crop', height: 120, fps: 10, bitrateKbps: 200, output: at('capped.mp4') }
    await renderClip(plan, { maxSeconds: 1 })
    expect((await probeMedia(plan.output)).duration).toBeLessThanOrEqual(1.1)
  }, 30_000)

  it('refuses a plan outside its limits before running anything', async () => {
    const plan: ClipPlan = { segments: [{ path: at('a.mp4'), info: a }], shape: '1:1', fit: 'crop', height: 120, fps: 60, bitrateKbps: 200, output: at('x.mp4') }
    await expect(renderClip(plan)).rejects.toThrow(/fps 60 is outside 1\.\.30/)
  })
})

describe('music under a voice-over', () => {
  /** The loudness (dB RMS) of the music's own 330 Hz in [from, to) seconds of a rendered file, the voice's 1 kHz filtered out. */
  async function musicLevel(file: string, from: number, to: number): Promise<number> {
    const { stderr } = await runProcess(mediaCommands().ffmpeg, ['-hide_banner', '-nostdin', '-ss', String(from), '-t', String(to - from), '-i', file, '-af', 'bandpass=f=330:width_type=q:w=8,bandpass=f=330:width_type=q:w=8,volumedetect', '-f', 'null', '-'])
    return Number(/mean_volume: (-?[\d.]+) dB/.exec(stderr)![1])
  }

  it('ducks the music while the voice speaks and lets it back up after, when asked', async () => {
    // A "voice" of a 1 kHz tone from 1 s to 2.5 s, silence around it.
    await runFfmpeg(['-f', 'lavfi', '-i', 'sine=frequency=1000:sample_rate=48000:duration=1.5', '-af', 'adelay=1000:all=1,apad=whole_dur=4', at('voice.wav')])
    await makeTestTone(at('bed.m4a'), 4, 330)
    const plan = (duck: boolean): ClipPlan => ({
      segments: [{ path: at('a.mp4'), info: a, loop: true, end: 4 }],
      shape: '16:9', fit: 'crop', height: 180, fps: 10, bitrateKbps: 200,
      bgm: { path: at('bed.m4a'), volume: 1, fadeInSeconds: 0, fadeOutSeconds: 0, duck },
      voiceOver: { path: at('voice.wav'), volume: 1 },
      output: at(duck ? 'ducked.mp4' : 'level.mp4'),
    })
    await renderClip(plan(true))
    await renderClip(plan(false))
    const ducked = { speaking: await musicLevel(at('ducked.mp4'), 1.3, 2.3), after: await musicLevel(at('ducked.mp4'), 3.2, 3.9) }
    const level = { speaking: await musicLevel(at('level.mp4'), 1.3, 2.3), after: await musicLevel(at('level.mp4'), 3.2, 3.9) }
    // Lower by several dB under the voice; as loud as without ducking once it stops.
    expect(ducked.speaking).toBeLessThan(level.speaking - 6)
    expect(Math.abs(ducked.after - level.after)).toBeLessThan(1.5)
  }, 30_000)
})

describe('subtitle styles as drawn', () => {
  /** The highest red-difference chroma (V, 0–255) in the bottom third of the frame at `seconds`: 128 for greys, near 240 for pure red. */
  async function reddest(file: string, seconds: number): Promise<number> {
    const { stderr } = await runProcess(mediaCommands().ffmpeg, ['-hide_banner', '-nostdin', '-ss', String(seconds), '-i', file, '-frames:v', '1', '-vf', 'crop=iw:ih/3:0:ih*2/3,signalstats,metadata=print:key=lavfi.signalstats.VMAX', '-f', 'null', '-'])
    return Number(/VMAX=(\d+)/.exec(stderr)![1])
  }

  it('draws a red box behind the subtitle only when asked, in the serif font', async () => {
    await runFfmpeg(['-f', 'lavfi', '-i', 'color=c=black:s=320x180:r=10:d=1', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', at('dark.mp4')])
    const dark = await probeMedia(at('dark.mp4'))
    const plan = (box: boolean): ClipPlan => ({
      segments: [{ path: at('dark.mp4'), info: dark }],
      shape: '16:9', fit: 'crop', height: 180, fps: 10, bitrateKbps: 200,
      subtitles: { cues: [{ start: 0, end: 1, text: '新品上市' }], font: 'Noto Serif CJK SC', size: 24, color: '#ffffff', outlineColor: '#000000', outline: 1, position: 'bottom', ...(box ? { box: { color: '#ff0000', opacity: 1 } } : {}) },
      output: at(box ? 'boxed.mp4' : 'unboxed.mp4'),
    })
    await renderClip(plan(true))
    await renderClip(plan(false))
    expect(await reddest(at('boxed.mp4'), 0.5)).toBeGreaterThan(200)
    expect(await reddest(at('unboxed.mp4'), 0.5)).toBeLessThan(150)
  }, 30_000)
})
