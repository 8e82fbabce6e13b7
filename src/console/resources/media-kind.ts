export type MediaKind = 'video' | 'audio' | 'image'

const BY_EXTENSION: Record<string, MediaKind> = {
  mp4: 'video', m4v: 'video', mov: 'video', webm: 'video', mkv: 'video', ogv: 'video',
  mp3: 'audio', m4a: 'audio', aac: 'audio', wav: 'audio', ogg: 'audio', oga: 'audio', flac: 'audio', opus: 'audio',
  jpg: 'image', jpeg: 'image', png: 'image', gif: 'image', webp: 'image', avif: 'image', bmp: 'image',
}

/**
 * How a stored file is played: by the kind its record gives (a material's video, audio or
 * image), else by its address's extension (a work's .mp4); undefined when neither tells.
 */
export function mediaKindOf(url: string, kind?: unknown): MediaKind | undefined {
  if (kind === 'video' || kind === 'audio' || kind === 'image') return kind
  const path = url.split(/[?#]/)[0] ?? ''
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase()
  return extension ? BY_EXTENSION[extension] : undefined
}
