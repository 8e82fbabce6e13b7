import { MEDIA_TYPES } from '../uploads/media-types'
import type { MediaInfo } from '../media/probe'

/** What each container ffprobe names may be called, the usual name first. */
const NAMES_OF_FORMAT: Record<string, string[]> = {
  'mov,mp4,m4a,3gp,3g2,mj2': ['mp4', 'm4a', 'mov'],
  'matroska,webm': ['webm', 'mkv'],
  ogg: ['ogg'],
  avi: ['avi'],
  flv: ['flv'],
  mpegts: ['ts'],
  flac: ['flac'],
  mp3: ['mp3'],
  wav: ['wav'],
  aac: ['aac'],
  gif: ['gif'],
  png_pipe: ['png'],
  jpeg_pipe: ['jpg', 'jpeg'],
  image2: ['jpg', 'jpeg', 'png'],
  webp_pipe: ['webp'],
}

/** For a container ffprobe does not name above: the kind's usual file, as before. */
const USUAL: Record<MediaInfo['kind'], { ext: string; type: string }> = {
  video: { ext: 'mp4', type: 'video/mp4' },
  audio: { ext: 'm4a', type: 'audio/mp4' },
  image: { ext: 'jpg', type: 'image/jpeg' },
}

/**
 * The extension and type a material is kept and served under: those of what it holds, not of
 * its name alone. A browser's voice recording is WebM with only sound (audio/webm, not an .m4a);
 * a .mov keeps its name; a video named .mp3 is kept as the MP4 it is.
 */
export function storedAs(info: Pick<MediaInfo, 'kind' | 'format'>, givenExtension: string): { ext: string; type: string } {
  const names = NAMES_OF_FORMAT[info.format]
  if (!names) return USUAL[info.kind]
  const given = givenExtension.replace('.', '').toLowerCase()
  const ext = names.includes(given) ? given : info.kind === 'audio' && names.includes('m4a') ? 'm4a' : names[0]!
  // One container holds sound alone or picture and sound: the type says which this one holds.
  const subtype = MEDIA_TYPES[ext]!.split('/')[1]!
  return { ext, type: info.kind === 'image' ? MEDIA_TYPES[ext]! : `${info.kind}/${subtype}` }
}
