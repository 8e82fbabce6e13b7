import type { MediaInfo } from '../media/probe'
import type { FontFile } from '../media/font-file'

/** What a material's row holds besides its name, tags and owner: the file as ffprobe read it, and where it and its pictures are kept. */
export function mediaColumns(info: MediaInfo, stored: { url: string; key: string; thumbUrl: string; previewUrl: string }) {
  return {
    kind: info.kind as MediaInfo['kind'] | 'font',
    url: stored.url,
    thumb_url: stored.thumbUrl,
    preview_url: stored.previewUrl,
    format: info.format.slice(0, 40),
    duration: info.duration,
    width: info.width,
    height: info.height,
    fps: info.fps,
    video_codec: info.videoCodec ?? '',
    audio_codec: info.audioCodec ?? '',
    size: info.size,
    storage_key: stored.key,
  }
}

/** The same for a font: its format and size; no length, picture or codecs. Its family is read from the file when it is used. */
export function fontColumns(font: FontFile, stored: { url: string; key: string; thumbUrl: string }): ReturnType<typeof mediaColumns> {
  return {
    kind: 'font',
    url: stored.url,
    thumb_url: stored.thumbUrl,
    preview_url: '',
    format: font.format,
    duration: 0,
    width: null,
    height: null,
    fps: null,
    video_codec: '',
    audio_codec: '',
    size: font.size,
    storage_key: stored.key,
  }
}
