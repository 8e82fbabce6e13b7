/**
 * The words of rich text, for places that have room for one line (list cells, titles):
 * tags gone, blocks kept apart by a space, entities decoded, at most `max` characters.
 *
 * ```ts
 * htmlToPlainText('<h2>Terms</h2><p>Read <strong>this</strong>.</p>') // 'Terms Read this.'
 * ```
 */
export function htmlToPlainText(html: string, max = 200): string {
  const spaced = html.replace(/<\/(p|h[1-6]|li|blockquote|pre)>|<br\s*\/?>/gi, '$& ')
  // A document DOMParser makes is inert: its scripts never run and its images never load.
  const text = new DOMParser().parseFromString(spaced, 'text/html').body.textContent ?? ''
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max)}…` : flat
}
