import { stat } from 'node:fs/promises'
import type { MediaInfo } from './probe'
import { MediaError } from './media-error'
import { runFfmpeg, type FfmpegRunOptions } from './run-ffmpeg'
import { inputPath } from './input-path'

export const THUMBNAIL_WIDTH = 320
export const PREVIEW_HEIGHT = 240
export const PREVIEW_SECONDS = 3

// Never wider than the source: a small picture stays small rather than turning to mush.
const FIT_WIDTH = `scale=w='min(${THUMBNAIL_WIDTH},iw)':h=-2`

/** Where in a video its thumbnail frame is taken: a tenth in, past fade-ins and black openings. */
export function thumbnailTime(info: MediaInfo): number {
  return Math.round(info.duration * 0.1 * 1000) / 1000
}

export function thumbnailArgs(input: string, info: MediaInfo, outJpg: string): string[] {
  const seek = info.kind === 'video' ? ['-ss', String(thumbnailTime(info))] : []
  return [...seek, '-i', inputPath(input), '-frames:v', '1', '-vf', FIT_WIDTH, '-q:v', '4', '-update', '1', inputPath(outJpg)]
}

/**
 * A JPEG at most 320 px wide of a video or picture; false (and no file) for audio. A video whose
 * frames end before its stated length (one frame in a longer container) is drawn from its first.
 */
export async function makeThumbnail(input: string, info: MediaInfo, outJpg: string, opts: FfmpegRunOptions = {}): Promise<boolean> {
  if (info.kind === 'audio') return false
  await runFfmpeg(thumbnailArgs(input, info, outJpg), opts)
  if (info.kind === 'video' && !(await hasFrame(outJpg))) await runFfmpeg(thumbnailArgs(input, { ...info, duration: 0 }, outJpg), opts)
  await mustExist(outJpg)
  return true
}

const hasFrame = (path: string) => stat(path).then((s) => s.size > 0, () => false)

export function previewArgs(input: string, info: MediaInfo, outMp4: string): string[] {
  return [
    '-t', String(PREVIEW_SECONDS), '-i', inputPath(input),
    '-map', '0:v:0', ...(info.audioCodec ? ['-map', '0:a:0'] : []),
    '-vf', `scale=w=-2:h='min(${PREVIEW_HEIGHT},ih)',format=yuv420p`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '250k', '-maxrate', '300k', '-bufsize', '600k',
    ...(info.audioCodec ? ['-c:a', 'aac', '-b:a', '64k', '-ac', '2'] : []),
    '-movflags', '+faststart',
    inputPath(outMp4),
  ]
}

/** The first few seconds of a video, small and light, to play in a list; false for anything that is not video. */
export async function makePreview(input: string, info: MediaInfo, outMp4: string, opts: FfmpegRunOptions = {}): Promise<boolean> {
  if (info.kind !== 'video') return false
  await runFfmpeg(previewArgs(input, info, outMp4), { ...opts, durationSeconds: Math.min(PREVIEW_SECONDS, info.duration) })
  return true
}

export function coverFrameArgs(input: string, atSeconds: number, outJpg: string): string[] {
  return ['-ss', String(Math.max(0, atSeconds)), '-i', inputPath(input), '-frames:v', '1', '-q:v', '2', '-update', '1', inputPath(outJpg)]
}

/** One full-size frame of a rendered clip, for its cover. */
export async function coverFrame(input: string, atSeconds: number, outJpg: string, opts: FfmpegRunOptions = {}): Promise<void> {
  await runFfmpeg(coverFrameArgs(input, atSeconds, outJpg), opts)
  await mustExist(outJpg)
}

/** A seek past the last frame is not an error to ffmpeg: it succeeds and writes nothing. */
async function mustExist(path: string): Promise<void> {
  const size = await stat(path).then((s) => s.size, () => 0)
  if (size === 0) throw new MediaError('no frame at that time: it is past the end of the video')
}
