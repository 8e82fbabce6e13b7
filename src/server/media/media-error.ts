import type { Locale } from '../../schema/types'

/** ffmpeg or another media tool ended badly; `reason` is the line of its output that says why. */
export class MediaError extends Error {
  constructor(
    /** Short and person-readable: the last meaningful error line the tool printed. */
    readonly reason: string,
    readonly details: { command?: string; exitCode?: number | null; signal?: string | null; stderrTail?: string } = {},
  ) {
    super(details.command ? `${details.command}: ${reason}` : reason)
    this.name = 'MediaError'
  }
}

/** Why an upload is not something the console can use as media. */
export type NotMediaReason = 'empty' | 'not-media' | 'no-streams' | 'truncated' | 'picture-too-large' | 'too-many-streams'

const NOT_MEDIA_TEXT: Record<NotMediaReason, Record<Locale, string>> = {
  empty: { 'zh-CN': '文件是空的（0 字节）。', 'en-US': 'The file is empty (0 bytes).' },
  'not-media': { 'zh-CN': '这不是可识别的视频、音频或图片文件。', 'en-US': 'This is not a video, audio or image file that can be read.' },
  'no-streams': { 'zh-CN': '文件里没有可解码的视频或音频。', 'en-US': 'The file holds no video or audio that can be decoded.' },
  truncated: { 'zh-CN': '文件不完整（可能没有上传完），请重新上传。', 'en-US': 'The file is incomplete (perhaps the upload did not finish); please upload it again.' },
  'picture-too-large': { 'zh-CN': '画面超过 4000 万像素（8K 视频约 3300 万），超出了可处理的大小。', 'en-US': 'Its picture is over 40 million pixels (8K video has 33 million), more than the console works with.' },
  'too-many-streams': { 'zh-CN': '文件里的音视频和字幕轨道超过 32 条，超出了可处理的数量。', 'en-US': 'It holds more than 32 video, audio and subtitle tracks, more than the console works with.' },
}

/**
 * A file that probing refused. The text goes to the person who uploaded it, so it says
 * what is wrong with the file in their language; `detail` keeps the tool's own words.
 */
export class NotMediaError extends Error {
  constructor(
    readonly reason: NotMediaReason,
    readonly path: string,
    /** What ffprobe or ffmpeg said, when they said something. */
    readonly detail = '',
  ) {
    super(NOT_MEDIA_TEXT[reason]['en-US'] + (detail ? ` (${detail})` : ''))
    this.name = 'NotMediaError'
  }

  /** `message` is Error's own string, so the worded form in a locale has this name (as AppError's has). */
  messageIn(locale: Locale): string {
    return NOT_MEDIA_TEXT[this.reason][locale]
  }
}

/** What a cancelled run rejects with; `name` is 'AbortError' as fetch's and timers' are. */
export class AbortError extends Error {
  constructor(message = 'The media work was cancelled.') {
    super(message)
    this.name = 'AbortError'
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError'
}
