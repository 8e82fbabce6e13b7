import type { MediaInfo } from '../media/probe'

/** What a material's row holds besides its name, tags and owner: the file as ffprobe read it, and where it and its pictures are kept. */
export function mediaColumns(info: MediaInfo, stored: { url: string; key: string; thumbUrl: string; previewUrl: string }) {
  return {
    kind: info.kind,
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
