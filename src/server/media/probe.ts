import { open, stat } from 'node:fs/promises'
import { MediaError, NotMediaError } from './media-error'
import { runProcess } from './run-ffmpeg'
import { mediaCommands } from './tools'
import { inputPath } from './input-path'

export interface MediaInfo {
  kind: 'video' | 'audio' | 'image'
  /** ffprobe's format name, e.g. "mov,mp4,m4a,3gp,3g2,mj2" or "png_pipe". */
  format: string
  /** Seconds; 0 for images. */
  duration: number
  /** As shown: a phone video stored 1920x1080 with a 90° rotation reads 1080x1920. */
  width: number | null
  height: number | null
  fps: number | null
  videoCodec: string | null
  audioCodec: string | null
  /** Bits a second over the whole file, when ffprobe knows it. */
  bitRate: number | null
  /** Bytes. */
  size: number
  /** Degrees the player turns the stored picture (0, 90, 180, 270). */
  rotation: number
  pixelFormat: string | null
  audioSampleRate: number | null
  audioChannels: number | null
  /** The header states no length: `duration` was read from where the last packet ends. */
  lengthFromPackets?: boolean
}

export interface ProbeOptions {
  signal?: AbortSignal
  /**
   * A file this platform has just written itself (a render, a narration's piece): its end is not
   * decoded to prove it whole, as an upload's is, which costs a process and a second of decoding.
   */
  written?: boolean
}

interface ProbeStream {
  codec_type?: string
  codec_name?: string
  width?: number
  height?: number
  avg_frame_rate?: string
  r_frame_rate?: string
  duration?: string
  nb_frames?: string
  pix_fmt?: string
  sample_rate?: string
  channels?: number
  disposition?: { attached_pic?: number }
  tags?: { rotate?: string }
  side_data_list?: Array<{ rotation?: number }>
}

interface ProbeOutput {
  streams?: ProbeStream[]
  format?: { format_name?: string; duration?: string; bit_rate?: string }
}

export function probeArgs(path: string): string[] {
  return ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', inputPath(path)]
}

/**
 * Decodes the last second (the whole picture for an image): cheap, and it is where an
 * upload cut short shows, even when the index at the front of the file says all is well.
 */
export function tailDecodeArgs(path: string, kind: MediaInfo['kind']): string[] {
  return ['-hide_banner', '-nostdin', '-nostats', '-v', 'error', '-progress', 'pipe:1', ...(kind === 'image' ? [] : ['-sseof', '-1']), '-i', inputPath(path), '-f', 'null', '-']
}

/**
 * The largest picture worked with: over 8K (33 million pixels), a single frame takes more memory
 * to draw a thumbnail from than a server should give one upload.
 */
export const MAX_PIXELS = 40_000_000
/** Tracks of any kind in one file; a file with hundreds costs every later read of it. */
export const MAX_STREAMS = 32

// Formats that hold one still picture; a GIF counts when it has one frame.
const IMAGE_FORMAT = /^(image2|[a-z0-9]+_pipe)$/
const NOT_MEDIA_FORMATS = new Set(['tty'])
// What ffmpeg prints when the file ends before its data does.
const TRUNCATION = /partial file|moov atom not found|truncat|packet corrupt|invalid nal unit size|invalid data found when processing input|end of file/i

export async function probeMedia(path: string, opts: ProbeOptions = {}): Promise<MediaInfo> {
  const { size } = await stat(path)
  if (size === 0) throw new NotMediaError('empty', path)
  const commands = mediaCommands()

  let probed: ProbeOutput
  try {
    probed = JSON.parse((await runProcess(commands.ffprobe, probeArgs(path), { signal: opts.signal })).stdout) as ProbeOutput
  } catch (error) {
    if (!(error instanceof MediaError)) throw error
    // An MP4 whose index (moov) was to come at the end is an upload that stopped early; other unreadable files are not media.
    if (/moov atom not found/i.test(error.details.stderrTail ?? error.reason) && (await startsLikeMp4(path))) throw new NotMediaError('truncated', path, 'moov atom not found')
    throw new NotMediaError('not-media', path, error.reason)
  }

  const format = probed.format?.format_name ?? ''
  if (NOT_MEDIA_FORMATS.has(format)) throw new NotMediaError('not-media', path, `read as ${format}`)
  const decodable = (probed.streams ?? []).filter((s) => s.codec_name && s.codec_name !== 'none')
  // Cover art in a music file is a "video" stream of one picture; the file is still audio.
  const video = decodable.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic && (s.width ?? 0) > 0)
  const audio = decodable.find((s) => s.codec_type === 'audio')
  if (!video && !audio) throw new NotMediaError('no-streams', path, `format ${format || 'unknown'}`)
  // Refused before anything is decoded: the checks below decode.
  const streams = probed.streams?.length ?? 0
  if (streams > MAX_STREAMS) throw new NotMediaError('too-many-streams', path, `${streams} streams`)
  const largest = decodable.find((s) => s.codec_type === 'video' && (s.width ?? 0) * (s.height ?? 0) > MAX_PIXELS)
  if (largest) throw new NotMediaError('picture-too-large', path, `${largest.width} × ${largest.height}`)

  const still = Boolean(video && !audio && (IMAGE_FORMAT.test(format) || (format === 'gif' && Number(video.nb_frames ?? 1) <= 1)))
  const kind: MediaInfo['kind'] = still ? 'image' : video ? 'video' : 'audio'
  const rotation = video ? rotationOf(video) : 0
  const turned = rotation % 180 !== 0
  const stated = still ? 0 : positive(probed.format?.duration) ?? Math.max(0, ...decodable.map((s) => positive(s.duration) ?? 0))
  // A recording written as it was made (a browser's MediaRecorder WebM) states no length: its packets tell it.
  const statesLength = still || stated > 0
  const duration = statesLength ? stated : await packetDuration(path, opts)

  if (!opts.written) await checkTail(path, kind, opts)

  return {
    kind,
    format,
    duration,
    width: video ? ((turned ? video.height : video.width) ?? null) : null,
    height: video ? ((turned ? video.width : video.height) ?? null) : null,
    fps: video && !still ? frameRate(video) : null,
    videoCodec: video?.codec_name ?? null,
    audioCodec: audio?.codec_name ?? null,
    bitRate: positive(probed.format?.bit_rate) ?? null,
    size,
    rotation,
    pixelFormat: video?.pix_fmt ?? null,
    audioSampleRate: positive(audio?.sample_rate) ?? null,
    audioChannels: audio?.channels ?? null,
    ...(statesLength ? {} : { lengthFromPackets: true }),
  }
}

/** Copy every packet to nowhere, decoding none: where the last one ends is the length, even with no header to say it. */
export function packetDurationArgs(path: string): string[] {
  return ['-hide_banner', '-nostdin', '-nostats', '-v', 'error', '-progress', 'pipe:1', '-i', inputPath(path), '-map', '0:v?', '-map', '0:a?', '-c', 'copy', '-f', 'null', '-']
}

async function packetDuration(path: string, opts: ProbeOptions): Promise<number> {
  try {
    const { stdout } = await runProcess(mediaCommands().ffmpeg, packetDurationArgs(path), { signal: opts.signal })
    return lastValue(stdout, 'out_time_us') / 1e6
  } catch (error) {
    if (!(error instanceof MediaError)) throw error
    throw new NotMediaError('truncated', path, error.reason)
  }
}

async function checkTail(path: string, kind: MediaInfo['kind'], opts: ProbeOptions): Promise<void> {
  let stdout: string
  let stderr: string
  try {
    ;({ stdout, stderr } = await runProcess(mediaCommands().ffmpeg, tailDecodeArgs(path, kind), { signal: opts.signal }))
  } catch (error) {
    if (!(error instanceof MediaError)) throw error
    if (/decoder .*not found|unsupported codec/i.test(error.reason)) throw new NotMediaError('no-streams', path, error.reason)
    throw new NotMediaError('truncated', path, error.reason)
  }
  const found = TRUNCATION.exec(stderr)
  if (found) throw new NotMediaError('truncated', path, stderr.split('\n').find((l) => TRUNCATION.test(l))?.trim() ?? found[0])
  // Nothing decoded at all: the index promised data the file does not have.
  const frames = lastValue(stdout, 'frame')
  const outUs = lastValue(stdout, 'out_time_us')
  // A video whose picture stops before its sound still decodes sound at the end, which counts.
  const decoded = kind === 'image' ? frames > 0 : frames > 0 || outUs > 0
  if (!decoded) throw new NotMediaError('truncated', path, 'nothing could be decoded at the end of the file')
}

async function startsLikeMp4(path: string): Promise<boolean> {
  const handle = await open(path, 'r')
  try {
    const head = Buffer.alloc(8)
    const { bytesRead } = await handle.read(head, 0, 8, 0)
    return bytesRead === 8 && ['ftyp', 'mdat', 'free', 'wide', 'skip'].includes(head.toString('latin1', 4, 8))
  } finally {
    await handle.close()
  }
}

function lastValue(progress: string, key: string): number {
  const matches = [...progress.matchAll(new RegExp(`^${key}=(\\d+)`, 'gm'))]
  return Number(matches.at(-1)?.[1] ?? 0)
}

function positive(value: string | number | undefined): number | undefined {
  const n = Number(value)
  return Number.isFinite(n) && n > 0 ? n : undefined
}

function frameRate(stream: ProbeStream): number | null {
  for (const rate of [stream.avg_frame_rate, stream.r_frame_rate]) {
    const [num, den] = (rate ?? '').split('/').map(Number)
    if (num && den) return Math.round((num / den) * 1000) / 1000
  }
  return null
}

function rotationOf(stream: ProbeStream): number {
  const degrees = Number(stream.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? stream.tags?.rotate ?? 0)
  return Number.isFinite(degrees) ? (((Math.round(degrees / 90) * 90) % 360) + 360) % 360 : 0
}
