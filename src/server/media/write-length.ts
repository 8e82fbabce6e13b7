import { rename } from 'node:fs/promises'
import { inputPath } from './input-path'
import { runFfmpeg } from './run-ffmpeg'
import type { MediaInfo } from './probe'

/** The codecs a WebM may hold; anything else in a Matroska file keeps it Matroska. */
const WEBM_CODECS = new Set(['vp8', 'vp9', 'av1', 'opus', 'vorbis'])

/** Whether a file is a Matroska recording whose header states no length (what a browser's MediaRecorder writes). */
export function lacksLength(info: Pick<MediaInfo, 'format' | 'lengthFromPackets'>): boolean {
  return Boolean(info.lengthFromPackets) && info.format === 'matroska,webm'
}

/** Copy every stream as it is into a new file: a muxer writing to a file it can seek in adds the length and an index. */
export function writeLengthArgs(info: Pick<MediaInfo, 'videoCodec' | 'audioCodec'>, from: string, to: string): string[] {
  const codecs = [info.videoCodec, info.audioCodec].filter((c): c is string => Boolean(c))
  const muxer = codecs.every((codec) => WEBM_CODECS.has(codec)) ? 'webm' : 'matroska'
  return ['-i', inputPath(from), '-map', '0', '-c', 'copy', '-f', muxer, to]
}

/**
 * Rewrite a recording that states no length so that it does: a player then shows how long it
 * is and can seek in it at once, instead of learning both only by playing to the end. Nothing
 * is decoded.
 */
export async function writeLength(info: Pick<MediaInfo, 'videoCodec' | 'audioCodec'>, path: string, scratch: string, opts: { signal?: AbortSignal } = {}): Promise<void> {
  await runFfmpeg(writeLengthArgs(info, path, scratch), { signal: opts.signal })
  await rename(scratch, path)
}
