/** Where the server serves local uploads, under the console's own origin. */
export const LOCAL_UPLOADS_PREFIX = '/uploads/'

/** The JSON Schema format of a stored logo, avatar, link or media file: `"format": "media-url"`. */
export const MEDIA_URL_FORMAT = 'media-url'

/**
 * What a browser could read differently from what a check saw: whitespace and control
 * characters (browsers strip or skip them, so "java\tscript:" runs), invisible format
 * characters, and backslashes (read as "/" in http(s) addresses).
 */
const FOLDED_CHARACTERS = /[\s\p{Cc}\p{Cf}\\]/u

/** A key the file store wrote (2026-11/3f2a….png), one plain segment after another. */
const LOCAL_UPLOAD = /^\/uploads\/(?:[A-Za-z0-9_~-][A-Za-z0-9._~-]*\/)*[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/

/**
 * Whether a stored address is one the console may put in an `img src` or a link: empty (no
 * file), an http(s) address with a host and no credentials (a CDN, the S3 bucket's public
 * address), or a file this server stores (`/uploads/…`). `javascript:`, `data:`, `vbscript:`,
 * protocol-relative `//host` and everything else are refused, and so is any value with a
 * character a browser would skip, so that what was checked is what a browser reads.
 *
 * ```ts
 * isMediaUrl('https://cdn.example.com/logo.png') // true
 * isMediaUrl(' javascript:alert(1)') // false
 * ```
 */
export function isMediaUrl(value: string): boolean {
  if (value === '') return true
  if (FOLDED_CHARACTERS.test(value)) return false
  if (value.startsWith(LOCAL_UPLOADS_PREFIX)) return LOCAL_UPLOAD.test(value)
  // The scheme's two slashes are required: WHATWG URL parsing would read "https:evil.com" as https://evil.com/.
  if (!/^https?:\/\/[^/?#]/i.test(value)) return false
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  // "https://trusted.example@evil.example" names evil.example; an address with credentials is never a media file.
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' && url.username === '' && url.password === ''
}
