import { createHash } from 'node:crypto'

/** A strong ETag of some bytes; `weak` for answers that are equivalent but not byte for byte the same. */
export function etagOf(bytes: string, options: { weak?: boolean } = {}): string {
  return `${options.weak ? 'W/' : ''}"${createHash('sha256').update(bytes).digest('base64url')}"`
}

/** If-None-Match against an ETag, by the weak comparison RFC 9110 prescribes for it: `*`, or any listed tag with W/ ignored. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag))
}
