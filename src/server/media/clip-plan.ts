import { dirname, join, resolve } from 'node:path'
import type { MediaInfo } from './probe'
import type { Cue } from './srt'
import { toSrt } from './srt'
import { escapeFilterValue } from './filter-escape'
import { inputPath } from './input-path'
import { wrapSubtitleText } from './line-wrap'
import type { XfadeTransition } from './transitions'
import type { MeasureText } from './font-metrics'

export type ClipShape = '9:16' | '16:9' | '1:1'
/** No transition; one xfade transition at every join; or one for each join, in order. */
export type TransitionKind = 'none' | XfadeTransition | readonly XfadeTransition[]

export interface ClipSegment {
  path: string
  /** Seconds into the source; 0 when left out. */
  start?: number
  /** Seconds into the source; its end when left out (a picture shows for IMAGE_SECONDS). */
  end?: number
  info: MediaInfo
  /** Played again from its start until `end`, which may then lie past the source's length: an avatar's loop under a long narration. */
  loop?: boolean
  /** Seconds its last frame stays after `end`: the moment a voice-over runs past the last piece. */
  hold?: number
}

export interface ClipSubtitles {
  cues: Cue[]
  /** A font family fontconfig knows, or that of the plan's `fontFile`; 'Noto Sans CJK SC' when left out. */
  font?: string
  /** Pixels of the output frame. */
  size: number
  /** #rrggbb */
  color: string
  outlineColor: string
  /** Outline thickness in pixels of the output frame. */
  outline: number
  /** "custom": the bottom of the text `heightPercent` of the way up the frame. */
  position: 'top' | 'middle' | 'bottom' | 'custom'
  heightPercent?: number
  /** Each subtitle on a box of this colour (opacity 0–1) instead of an outline. */
  box?: { color: string; opacity: number }
}

/** A title drawn large at the top over the first seconds. */
export interface ClipTitle {
  text: string
  seconds: number
  size: number
  color: string
  font?: string
}

export interface ClipPlan {
  segments: ClipSegment[]
  transition?: { kind: TransitionKind; seconds: number }
  shape: ClipShape
  fit: 'crop' | 'pad'
  /** The short side of the output in pixels, even: 720 makes 720x1280 for 9:16, 1280x720 for 16:9, 720x720 for 1:1. */
  height: number
  /** 1..30 */
  fps: number
  /** 150..1800 */
  bitrateKbps: number
  subtitles?: ClipSubtitles
  title?: ClipTitle
  /** Music under the whole clip, looped to its length; `duck` lowers it while the voice-over speaks. */
  bgm?: { path: string; volume: number; fadeInSeconds: number; fadeOutSeconds: number; duck?: boolean }
  voiceOver?: { path: string; volume: number }
  /** With fit "pad": a picture filling the frame behind the segments, instead of black bars. */
  background?: { path: string }
  output: string
  /** A JPEG of the frame at `at` seconds, written by the same ffmpeg run as the video: its cover. */
  cover?: { path: string; at: number }
  /**
   * A font file from a library, which the subtitles and title name by its family: its folder,
   * holding it alone, is handed to libass. Installed fonts are found through fontconfig.
   */
  fontFile?: string
}

export const DEFAULT_SUBTITLE_FONT = 'Noto Sans CJK SC'
/** How long a still picture shows when its segment gives no end. */
export const IMAGE_SECONDS = 3
const SAMPLE_RATE = 48_000
const AUDIO_FORMAT = `aresample=${SAMPLE_RATE},aformat=sample_fmts=fltp:channel_layouts=stereo`

/** A bitrate that fits each short side (spec §9 allows 150–1800 kb/s): what a form left empty gets. */
export function bitrateFor(height: number): number {
  return height >= 1080 ? 1800 : height >= 720 ? 1400 : 900
}

/** Seconds printed for ffmpeg: whole milliseconds, no exponent. */
const sec = (n: number) => String(Math.round(n * 1000) / 1000)
const even = (n: number) => Math.max(2, Math.round(n / 2) * 2)

export function outputSize(plan: Pick<ClipPlan, 'shape' | 'height'>): { width: number; height: number } {
  const short = even(plan.height)
  const long = even((short * 16) / 9)
  if (plan.shape === '9:16') return { width: short, height: long }
  if (plan.shape === '16:9') return { width: long, height: short }
  return { width: short, height: short }
}

/** Where a segment starts and ends in its source, after defaults and clamping to the source's length; `read` of it is read, `seconds` shown with its hold. */
export function segmentRange(segment: ClipSegment): { start: number; end: number; seconds: number; read: number } {
  const start = Math.max(0, segment.start ?? 0)
  const still = segment.info.kind === 'image'
  const natural = still ? start + IMAGE_SECONDS : segment.info.duration
  const end = Math.min(segment.end ?? natural, still || segment.loop ? Infinity : segment.info.duration)
  const read = Math.max(0, end - start)
  return { start, end, read, seconds: read + Math.max(0, segment.hold ?? 0) }
}

/**
 * The crossfade length actually used. Each transition overlaps two neighbours, so one no
 * longer than half the shortest segment always fits; a longer one asked for is shortened.
 */
export function transitionSeconds(plan: Pick<ClipPlan, 'segments' | 'transition'>): number {
  const t = plan.transition
  if (!t || t.kind === 'none' || (typeof t.kind !== 'string' && t.kind.length === 0) || !(t.seconds > 0) || plan.segments.length < 2) return 0
  const shortest = Math.min(...plan.segments.map((s) => segmentRange(s).seconds))
  return Math.round(Math.min(t.seconds, shortest / 2) * 1000) / 1000
}

/** The finished clip's length in seconds: the segments back to back, less the overlap of each transition. */
export function clipDuration(plan: Pick<ClipPlan, 'segments' | 'transition'>): number {
  const total = plan.segments.reduce((sum, s) => sum + segmentRange(s).seconds, 0)
  return Math.round((total - (plan.segments.length - 1) * transitionSeconds(plan)) * 1000) / 1000
}

/** A piece added to cover a voice-over is never shorter than this, so no cut is a flash; less than it left over is held. */
export const SHORTEST_REPEAT_SECONDS = 1

/**
 * The segments made to last at least `seconds` (a voice-over and its tail): they play again
 * from the first, in order, the last piece cut to what is left; less than a second left over
 * holds the last frame instead. A clip long enough already is left as it is.
 */
export function segmentsCovering(plan: Pick<ClipPlan, 'segments' | 'transition'>, seconds: number): ClipSegment[] {
  const segments = [...plan.segments]
  const T = transitionSeconds(plan)
  const left = () => seconds - clipDuration({ segments, transition: plan.transition })
  for (let i = 0; left() > 0.0005; i = (i + 1) % plan.segments.length) {
    if (left() < SHORTEST_REPEAT_SECONDS) {
      const last = segments.at(-1)!
      segments[segments.length - 1] = { ...last, hold: Math.round(((last.hold ?? 0) + left()) * 1000) / 1000 }
      break
    }
    const source = plan.segments[i]!
    const { start, read } = segmentRange(source)
    // Never shorter than two transitions, so the transition every join uses stays what it was.
    const length = Math.min(read, Math.max(left() + T, T * 2))
    segments.push({ ...source, hold: undefined, end: Math.round((start + length) * 1000) / 1000 })
  }
  return segments
}

/** A plan the other functions can trust; throws naming the first thing wrong with it. */
export function checkClipPlan(plan: ClipPlan): void {
  const fail = (what: string) => {
    throw new RangeError(`clip plan: ${what}`)
  }
  if (plan.segments.length === 0) fail('it has no segments')
  plan.segments.forEach((s, i) => {
    if (s.info.kind === 'audio') fail(`segment ${i + 1} is audio only; a clip is made of video and pictures`)
    const r = segmentRange(s)
    if (!(r.seconds > 0)) fail(`segment ${i + 1} is empty (from ${sec(r.start)} s to ${sec(r.end)} s)`)
  })
  if (!(plan.fps >= 1 && plan.fps <= 30)) fail(`fps ${plan.fps} is outside 1..30`)
  if (!(plan.bitrateKbps >= 150 && plan.bitrateKbps <= 1800)) fail(`bitrate ${plan.bitrateKbps} kbps is outside 150..1800`)
  if (!(plan.height >= 16 && plan.height <= 2160)) fail(`height ${plan.height} is outside 16..2160`)
  if (plan.bgm && !(plan.bgm.volume >= 0 && plan.bgm.volume <= 2)) fail(`music volume ${plan.bgm.volume} is outside 0..2`)
  if (plan.voiceOver && !(plan.voiceOver.volume >= 0 && plan.voiceOver.volume <= 2)) fail(`voice-over volume ${plan.voiceOver.volume} is outside 0..2`)
  for (const color of plan.subtitles ? [plan.subtitles.color, plan.subtitles.outlineColor] : []) {
    if (!/^#[0-9a-f]{6}$/i.test(color)) fail(`subtitle colour "${color}" is not #rrggbb`)
  }
}

/**
 * True when the clip is its sources joined end to end as they are: same codecs, size, frame
 * rate and audio layout throughout, already the requested shape and rate, whole files, and
 * nothing drawn or mixed over them. Then the packets are copied, not re-encoded.
 */
export function canStreamCopy(plan: ClipPlan): boolean {
  if (transitionSeconds(plan) > 0 || drawsText(plan) || plan.bgm || plan.voiceOver || plan.segments.some((s) => s.loop || s.hold)) return false
  const { width, height } = outputSize(plan)
  const first = plan.segments[0]?.info
  if (!first) return false
  const sameFps = (a: number | null, b: number | null) => a !== null && b !== null && Math.abs(a - b) < 0.01
  return plan.segments.every((s) => {
    const i = s.info
    const whole = (s.start ?? 0) <= 0 && (s.end === undefined || s.end >= i.duration)
    return (
      whole &&
      i.kind === 'video' &&
      (i.videoCodec === 'h264' || i.videoCodec === 'hevc') &&
      (i.audioCodec === null || i.audioCodec === 'aac') &&
      i.videoCodec === first.videoCodec &&
      i.audioCodec === first.audioCodec &&
      i.pixelFormat === first.pixelFormat &&
      i.audioSampleRate === first.audioSampleRate &&
      i.audioChannels === first.audioChannels &&
      i.rotation === 0 &&
      i.width === width &&
      i.height === height &&
      sameFps(i.fps, first.fps) &&
      sameFps(i.fps, plan.fps)
    )
  })
}

/** The files a render writes beside its work: the subtitles and the concat list. */
export function clipWorkFiles(workDir: string): { subtitles: string; concatList: string } {
  return { subtitles: join(workDir, 'subtitles.srt'), concatList: join(workDir, 'concat.txt') }
}

const ALIGNMENT = { top: 8, middle: 5, bottom: 2, custom: 2 } as const

/** Subtitles drawn when a plan has a title and no subtitles of its own. */
const PLAIN_SUBTITLES: ClipSubtitles = { cues: [], size: 48, color: '#ffffff', outlineColor: '#000000', outline: 2, position: 'bottom' }

/** "#1e90ff" as ASS writes colours: blue, green, red; with an opacity, its alpha first (00 opaque, FF clear). */
export function assColor(hex: string, opacity?: number): string {
  const [r, g, b] = [hex.slice(1, 3), hex.slice(3, 5), hex.slice(5, 7)]
  const alpha = opacity === undefined ? '' : Math.round((1 - Math.min(1, Math.max(0, opacity))) * 255).toString(16).padStart(2, '0')
  return `&H${alpha}${b}${g}${r}&`.toUpperCase()
}

function subtitleMargins(plan: ClipPlan): { side: number; vertical: number } {
  const { width, height } = outputSize(plan)
  const s = plan.subtitles
  const vertical = s?.position === 'custom' ? Math.round((height * Math.min(100, Math.max(0, s.heightPercent ?? 10))) / 100) : Math.round(height * 0.06)
  return { side: Math.round(width * 0.05), vertical }
}

/**
 * The style for libass. PlayResX/Y set to the output size make FontSize, Outline and the
 * margins count in output pixels, not in the 384x288 canvas SubRip is otherwise drawn on.
 * A box is ASS's BorderStyle 3, drawn in the outline colour (and the back colour, which
 * some libass versions use) with its alpha.
 */
export function subtitleStyle(plan: ClipPlan): string {
  const s = plan.subtitles ?? PLAIN_SUBTITLES
  const { width, height } = outputSize(plan)
  const margin = subtitleMargins(plan)
  const border = s.box
    ? [`OutlineColour=${assColor(s.box.color, s.box.opacity)}`, `BackColour=${assColor(s.box.color, s.box.opacity)}`, 'BorderStyle=3', `Outline=${Math.max(2, Math.round(s.size * 0.2))}`]
    : [`OutlineColour=${assColor(s.outlineColor)}`, 'BorderStyle=1', `Outline=${s.outline}`]
  return [
    `FontName=${s.font ?? DEFAULT_SUBTITLE_FONT}`,
    `FontSize=${Math.round(s.size)}`,
    `PrimaryColour=${assColor(s.color)}`,
    ...border,
    'Shadow=0',
    `PlayResX=${width}`,
    `PlayResY=${height}`,
    `MarginL=${margin.side}`,
    `MarginR=${margin.side}`,
    `MarginV=${margin.vertical}`,
  ].join(',')
}

/** Whether the plan burns any text in: subtitles, or a title. */
export function drawsText(plan: ClipPlan): boolean {
  return (plan.subtitles?.cues.length ?? 0) > 0 || Boolean(plan.title?.text.trim())
}

/**
 * The subtitle file's text: each cue broken into lines that fit the frame, and placed with
 * an {\an} tag. The tag, not Alignment in force_style: libass reads a forced Alignment in the
 * old SSA numbering (8 would be middle-left), while {\an8} is top-centre on every version.
 * A title is one more cue, over its first seconds, placed at the top with its own size,
 * colour and font. `measure` gives the font's real widths (font-metrics.ts), which the lines
 * are broken and balanced by.
 */
export function subtitleFileText(plan: ClipPlan, measure?: MeasureText): string {
  const s = plan.subtitles ?? PLAIN_SUBTITLES
  const { width, height } = outputSize(plan)
  const room = width - 2 * subtitleMargins(plan).side
  // In the font's own pixels when its widths are known; else in ems of the font size.
  const wrap = (text: string, size: number) => (measure ? wrapSubtitleText(text, room, (t) => measure(t, size)) : wrapSubtitleText(text, Math.max(1, room / Math.max(1, size))))
  const tag = `{\\an${ALIGNMENT[s.position]}}`
  const cues = s.cues.map((cue) => ({ ...cue, text: tag + shownAsTyped(wrap(cue.text, s.size)) }))
  const title = plan.title
  if (title?.text.trim()) {
    const place = `{\\an8\\pos(${Math.round(width / 2)},${Math.round(height * 0.08)})\\fs${Math.round(title.size)}\\c${assColor(title.color)}${title.font ? `\\fn${title.font}` : ''}}`
    cues.unshift({ start: 0, end: title.seconds, text: place + shownAsTyped(wrap(title.text.trim(), title.size)) })
  }
  return toSrt(cues)
}

/** A zero-width space: between two characters it changes no glyph, and it breaks up markup. */
const ZWSP = '\u200b'

/**
 * A person's subtitle text, drawn as typed. ffmpeg's SRT reader turns <font size=…>, <b> and the
 * like into ASS tags and drops {\…} blocks; libass then reads {…} as tags and \N, \h as breaks
 * and spaces. A subtitle of <font size=90000> would ask for a glyph of gigabytes. Braces become
 * libass's escaped \{ \}, and a backslash or "<" is followed by a zero-width space, so no tag starts.
 */
export function shownAsTyped(text: string): string {
  return text.replace(/\\/g, `\\${ZWSP}`).replace(/[{}]/g, (brace) => `\\${brace}`).replace(/</g, `<${ZWSP}`)
}

/** The concat demuxer's list for the stream-copy path; paths absolute so the list's own folder does not matter. */
export function concatListText(plan: ClipPlan): string {
  return 'ffconcat version 1.0\n' + plan.segments.map((s) => `file '${resolve(s.path).replace(/'/g, `'\\''`)}'\n`).join('')
}

export function streamCopyArgs(plan: ClipPlan, listFile: string): string[] {
  return ['-f', 'concat', '-safe', '0', '-i', inputPath(listFile), '-map', '0:v:0', '-map', '0:a:0?', '-c', 'copy', '-movflags', '+faststart', inputPath(plan.output)]
}

/** The share of the frame's width and height segments take over a background picture, which shows around them. */
export const FOREGROUND_SHARE = 0.85

/**
 * The ffmpeg arguments of a re-encoded clip, one filter graph for everything: each segment
 * cut, scaled to the frame (cropped or padded), brought to one frame rate and pixel format,
 * given silence when it has no sound; then joined (concat, or a chain of xfade/acrossfade
 * for a transition), subtitles burnt in, music and voice mixed under. `workDir` holds the
 * subtitle file (clipWorkFiles); nothing is written here.
 */
export function clipArgs(plan: ClipPlan, workDir: string = dirname(resolve(plan.output))): string[] {
  const { width: W, height: H } = outputSize(plan)
  const fps = plan.fps
  const total = clipDuration(plan)
  const T = transitionSeconds(plan)
  const inputs: string[] = []
  const graph: string[] = []
  const n = plan.segments.length

  // A background picture behind padded segments comes after them, one copy of it for each.
  const background = plan.background && plan.fit === 'pad' ? n : undefined
  plan.segments.forEach((segment, i) => {
    const { start, seconds, read } = segmentRange(segment)
    const D = sec(seconds)
    if (segment.info.kind === 'image') inputs.push('-loop', '1', '-framerate', String(fps), '-t', D, '-i', inputPath(segment.path))
    else inputs.push(...(segment.loop ? ['-stream_loop', '-1'] : []), ...(start > 0 ? ['-ss', sec(start)] : []), '-t', sec(read), '-i', inputPath(segment.path))
    const fit = plan.fit === 'crop' ? `scale=${W}:${H}:force_original_aspect_ratio=increase,crop=${W}:${H}` : `scale=${W}:${H}:force_original_aspect_ratio=decrease,pad=${W}:${H}:(ow-iw)/2:(oh-ih)/2:color=black`
    // The last frame held (tpad) then cut (trim) to exactly D: a source whose picture ends early must not pull the transitions after it out of line, and a hold is that frame kept.
    const tail = `setsar=1,format=yuv420p,tpad=stop=-1:stop_mode=clone,trim=duration=${D}[v${i}]`
    if (background !== undefined) {
      // Scaled to fit a frame a little smaller than the output's, so the picture shows around it even
      // when it has the output's own shape (a 9:16 avatar in a 9:16 video once covered it whole).
      const [fw, fh] = [even(W * FOREGROUND_SHARE), even(H * FOREGROUND_SHARE)]
      graph.push(`[${i}:v]trim=duration=${D},setpts=PTS-STARTPTS,fps=${fps},scale=${fw}:${fh}:force_original_aspect_ratio=decrease,setsar=1[fg${i}]`)
      graph.push(`[bg${i}][fg${i}]overlay=x=(W-w)/2:y=H-h:shortest=1,${tail}`)
    } else {
      graph.push(`[${i}:v]trim=duration=${D},setpts=PTS-STARTPTS,fps=${fps},${fit},${tail}`)
    }
    graph.push(
      segment.info.audioCodec
        ? `[${i}:a]atrim=duration=${D},asetpts=PTS-STARTPTS,${AUDIO_FORMAT},apad,atrim=duration=${D}[a${i}]`
        : `anullsrc=r=${SAMPLE_RATE}:cl=stereo,atrim=duration=${D},${AUDIO_FORMAT}[a${i}]`,
    )
  })

  let video = 'v0'
  let audio = 'a0'
  if (n > 1 && T > 0) {
    const kind = plan.transition!.kind
    let offset = 0
    for (let i = 1; i < n; i++) {
      offset += segmentRange(plan.segments[i - 1]!).seconds - T
      const [v, a] = i === n - 1 ? ['vjoin', 'ajoin'] : [`vx${i}`, `ax${i}`]
      // A list names each join's transition in turn.
      const at = typeof kind === 'string' ? kind : kind[(i - 1) % kind.length]!
      graph.push(`[${video}][v${i}]xfade=transition=${at}:duration=${sec(T)}:offset=${sec(offset)}[${v}]`)
      graph.push(`[${audio}][a${i}]acrossfade=d=${sec(T)}[${a}]`)
      ;[video, audio] = [v, a]
    }
  } else if (n > 1) {
    graph.push(`${plan.segments.map((_, i) => `[v${i}][a${i}]`).join('')}concat=n=${n}:v=1:a=1[vjoin][ajoin]`)
    ;[video, audio] = ['vjoin', 'ajoin']
  }

  if (drawsText(plan)) {
    const file = clipWorkFiles(workDir).subtitles
    // Without a folder libass reads no font files itself: handed /usr/share/fonts, it read every one, 0.16 s a render.
    const fontsDir = plan.fontFile ? `:fontsdir=${escapeFilterValue(dirname(plan.fontFile))}` : ''
    graph.push(`[${video}]subtitles=filename=${escapeFilterValue(file)}${fontsDir}:force_style=${escapeFilterValue(subtitleStyle(plan))}[vsub]`)
    video = 'vsub'
  }

  const mixed: string[] = [audio]
  let next = n
  if (background !== undefined) {
    inputs.push('-loop', '1', '-framerate', String(fps), '-t', sec(total), '-i', inputPath(plan.background!.path))
    graph.push(`[${background}:v]fps=${fps},scale=${W}:${H}:force_original_aspect_ratio=increase,crop=${W}:${H},setsar=1,format=yuv420p,split=${n}${plan.segments.map((_, i) => `[bg${i}]`).join('')}`)
    next++
  }
  if (plan.bgm) {
    const { volume, fadeInSeconds, fadeOutSeconds } = plan.bgm
    // Looped without end and cut to the clip, so short music covers a long clip.
    inputs.push('-stream_loop', '-1', '-t', sec(total), '-i', inputPath(plan.bgm.path))
    const fadeIn = Math.min(Math.max(0, fadeInSeconds), total)
    const fadeOut = Math.min(Math.max(0, fadeOutSeconds), total)
    const fades = [fadeIn > 0 ? `afade=t=in:st=0:d=${sec(fadeIn)}` : '', fadeOut > 0 ? `afade=t=out:st=${sec(total - fadeOut)}:d=${sec(fadeOut)}` : ''].filter(Boolean)
    graph.push(`[${next}:a]atrim=duration=${sec(total)},asetpts=PTS-STARTPTS,${AUDIO_FORMAT},volume=${volume}${fades.map((f) => `,${f}`).join('')}[bgm]`)
    mixed.push('bgm')
    next++
  }
  if (plan.voiceOver) {
    inputs.push('-i', inputPath(plan.voiceOver.path))
    graph.push(`[${next}:a]asetpts=PTS-STARTPTS,${AUDIO_FORMAT},volume=${plan.voiceOver.volume}[voice]`)
    mixed.push('voice')
    next++
  }
  if (plan.bgm?.duck && mixed.includes('bgm') && mixed.includes('voice')) {
    // The voice, split off as the key, pulls the music down while it speaks and lets it back up in the pauses.
    graph.push('[voice]asplit=2[voiceout][voicekey]', '[bgm][voicekey]sidechaincompress=threshold=0.02:ratio=8:attack=20:release=400[bgmducked]')
    mixed[mixed.indexOf('bgm')] = 'bgmducked'
    mixed[mixed.indexOf('voice')] = 'voiceout'
  }
  if (mixed.length > 1) {
    // normalize=0: amix would otherwise divide every input's level by the number of inputs.
    graph.push(`${mixed.map((m) => `[${m}]`).join('')}amix=inputs=${mixed.length}:duration=first:dropout_transition=0:normalize=0[amix]`)
    audio = 'amix'
  }

  // The cover is the finished picture at its time, taken from the frames as they are made rather than by decoding the file again.
  let cover: string[] = []
  if (plan.cover) {
    const at = Math.min(Math.max(0, plan.cover.at), Math.max(0, total - 1 / fps))
    // Bounded to one frame: a branch left open would carry every later frame to a finished output, a tenth more work.
    graph.push(`[${video}]split=2[vmain][vcover0]`, `[vcover0]trim=start=${sec(at)}:duration=${sec(1 / fps)},setpts=PTS-STARTPTS[vcover]`)
    video = 'vmain'
    cover = ['-map', '[vcover]', '-frames:v', '1', '-q:v', '2', '-update', '1', inputPath(plan.cover.path)]
  }

  const kbps = Math.round(plan.bitrateKbps)
  return [
    ...inputs,
    '-filter_complex', graph.join(';'),
    '-map', `[${video}]`, '-map', `[${audio}]`,
    '-c:v', 'libx264', '-preset', 'veryfast', '-b:v', `${kbps}k`, '-maxrate', `${kbps}k`, '-bufsize', `${kbps * 2}k`,
    '-pix_fmt', 'yuv420p', '-g', String(Math.round(fps * 2)),
    '-c:a', 'aac', '-b:a', '128k', '-ar', String(SAMPLE_RATE), '-ac', '2',
    '-movflags', '+faststart',
    '-t', sec(total),
    inputPath(plan.output),
    ...cover,
  ]
}
