import { isAbsolute } from 'node:path'

/**
 * A file path as ffmpeg should read or write it. ffmpeg takes "name:rest" as a protocol (concat:,
 * http:, …) and "-name" as an option, so a relative path gets "./" in front; an absolute
 * path already starts with "/", which neither can.
 */
export function inputPath(path: string): string {
  return isAbsolute(path) ? path : `./${path}`
}
