/**
 * The media layer doing a mixed cut's work: 3 slots of 4 clips (5 s of 720p testsrc2 with a
 * tone, H.264/AAC), 10 distinct variants drawn with pickVariants, each rendered with
 * renderClip to 9:16 (so the filter graph runs and re-encodes). The same argument arrays
 * are also run as bare ffmpeg processes, alternating with the pipeline's runs, so the
 * pipeline's own overhead (temp folders, progress parsing, stderr kept) shows as a ratio.
 * Then the stream-copy path: the same clips whole and in their own 16:9 shape, joined by
 * the concat demuxer, as output seconds per wall second.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { canStreamCopy, clipArgs, clipDuration, outputSize, type ClipPlan } from '../../src/server/media/clip-plan'
import { pickVariants, type Slot, type Variant } from '../../src/server/media/mixed-cut'
import { probeMedia, type MediaInfo } from '../../src/server/media/probe'
import { renderClip } from '../../src/server/media/render-clip'
import { makeTestVideo } from '../../src/server/media/test-media'
import { mediaCommands } from '../../src/server/media/tools'
import type { Cleanup } from './cleanup'

const SLOTS = 3
const CLIPS_PER_SLOT = 4
const CLIP_SECONDS = 5
const VARIANTS = 10
const SOURCE = { width: 1280, height: 720, fps: 25 }
const ENCODE = { shape: '9:16', fit: 'crop', height: 720, fps: 25, bitrateKbps: 1200 } as const
const COPY = { shape: '16:9', fit: 'crop', height: 720, fps: 25, bitrateKbps: 1200 } as const

export interface MediaFigures {
  clips: number
  generateMs: number
  /** ffprobe plus the decode of the last second, per clip. */
  probeMs: number[]
  variants: number
  encode: {
    size: string
    outputSeconds: number
    /** renderClip, per variant. */
    pipelineMs: number[]
    /** The same arguments spawned as plain ffmpeg, per variant. */
    bareMs: number[]
  }
  copy: { outputSeconds: number; ms: number[] }
  /** pickVariants drawing 1,000 variants from 10 slots x 20 clips (20^10 combinations). */
  pickLargeMs: number
}

/** A seeded generator (mulberry32), so every run draws the same: the variants cut here, the moments the task queue part submits at. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export async function benchMedia(opts: { cleanup?: Cleanup } = {}): Promise<MediaFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'media-bench-'))
  const remove = () => rmSync(dir, { recursive: true, force: true })
  opts.cleanup?.add(remove)
  try {
    return await measure(dir)
  } finally {
    remove()
  }
}

async function measure(dir: string): Promise<MediaFigures> {
  let started = performance.now()
  const sources: { id: number; path: string }[] = []
  for (let s = 0; s < SLOTS; s++) {
    for (let c = 0; c < CLIPS_PER_SLOT; c++) {
      const id = s * 100 + c
      const path = join(dir, `clip-${id}.mp4`)
      // veryfast like the renders, so the sources are ordinary H.264 rather than ultrafast's heavy, simple streams.
      await makeTestVideo(path, { seconds: CLIP_SECONDS, ...SOURCE, frequency: 220 + id, preset: 'veryfast' })
      sources.push({ id, path })
    }
  }
  const generateMs = performance.now() - started

  const infos = new Map<number, { path: string; info: MediaInfo }>()
  const probeMs: number[] = []
  for (const source of sources) {
    started = performance.now()
    infos.set(source.id, { path: source.path, info: await probeMedia(source.path) })
    probeMs.push(performance.now() - started)
  }

  const slots: Slot[] = Array.from({ length: SLOTS }, (_, s) => ({
    clips: sources.filter((c) => Math.floor(c.id / 100) === s).map((c) => ({ id: c.id, duration: infos.get(c.id)!.info.duration })),
    minSeconds: 2,
    maxSeconds: 4,
  }))
  const variants = pickVariants(slots, VARIANTS, { random: seeded(2024) })
  const planFor = (v: Variant, i: number, whole: boolean, base: typeof ENCODE | typeof COPY, name: string): ClipPlan => ({
    ...base,
    segments: v.picks.map((p) => ({ path: infos.get(p.clipId)!.path, info: infos.get(p.clipId)!.info, ...(whole ? {} : { start: p.start, end: p.end }) })),
    output: join(dir, `${name}-${i}.mp4`),
  })

  const pipelineMs: number[] = []
  const bareMs: number[] = []
  let encodedSeconds = 0
  for (const [i, variant] of variants.entries()) {
    const plan = planFor(variant, i, false, ENCODE, 'pipeline')
    const bare = { ...plan, output: join(dir, `bare-${i}.mp4`) }
    if (canStreamCopy(plan)) throw new Error('bench: the 9:16 plan was meant to be re-encoded')
    encodedSeconds += clipDuration(plan)
    // Alternating which goes first, so neither always meets a warmer cache or a busier machine.
    const runs = [() => timed(() => renderClip(plan)).then((ms) => pipelineMs.push(ms)), () => timed(() => bareFfmpeg(clipArgs(bare))).then((ms) => bareMs.push(ms))]
    for (const run of i % 2 === 0 ? runs : runs.reverse()) await run()
    rmSync(plan.output, { force: true })
    rmSync(bare.output, { force: true })
  }

  const copyMs: number[] = []
  let copiedSeconds = 0
  for (const [i, variant] of variants.entries()) {
    const plan = planFor(variant, i, true, COPY, 'copy')
    if (!canStreamCopy(plan)) throw new Error('bench: the 16:9 plan of whole clips was meant to be stream-copied')
    copiedSeconds += clipDuration(plan)
    copyMs.push(await timed(() => renderClip(plan)))
    rmSync(plan.output, { force: true })
  }

  const large = Array.from({ length: 10 }, (_, s) => ({ clips: Array.from({ length: 20 }, (_, c) => ({ id: s * 100 + c, duration: 5 })) }))
  started = performance.now()
  pickVariants(large, 1000, { random: seeded(7) })
  const pickLargeMs = performance.now() - started

  const size = outputSize(ENCODE)
  return {
    clips: sources.length,
    generateMs,
    probeMs,
    variants: variants.length,
    encode: { size: `${size.width}x${size.height}`, outputSeconds: encodedSeconds, pipelineMs, bareMs },
    copy: { outputSeconds: copiedSeconds, ms: copyMs },
    pickLargeMs,
  }
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now()
  await work()
  return performance.now() - started
}

/** ffmpeg as one would type it: the same arguments, no progress pipe, its output thrown away. */
export function bareFfmpeg(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(mediaCommands().ffmpeg, ['-hide_banner', '-nostdin', '-y', '-nostats', ...args], { stdio: 'ignore' })
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`bare ffmpeg exited with code ${code}`))))
  })
}
