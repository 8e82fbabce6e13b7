/** The media files (and subtitle fonts) the platform keeps, by extension, with the type browsers read each as. */
export const MEDIA_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  avi: 'video/x-msvideo',
  flv: 'video/x-flv',
  ts: 'video/mp2t',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  ttf: 'font/ttf',
  otf: 'font/otf',
  ttc: 'font/collection',
}

/** The usual extension of each type: the first listed for it (jpg, not jpeg). */
export const EXTENSION_OF: Record<string, string> = Object.fromEntries(
  Object.entries(MEDIA_TYPES)
    .reverse()
    .map(([ext, type]) => [type, ext]),
)
