/**
 * Idempotency keys for the calls a form sends (a task's submission). A visit to the form has a
 * random part of its own, and each content its own hash: the same form sent again (after a
 * network failure, or a second click) carries the same key and makes one task; a changed form
 * carries another. After a submission is taken, the page starts a new visit.
 */
export function newVisit(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8))
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
}

export function submissionKey(visit: string, body: unknown): string {
  const text = JSON.stringify(body)
  return `${visit}-${fnv1a(text, 0x811c9dc5)}${fnv1a(text, 0x01000193)}`
}

/** FNV-1a over the UTF-16 units: no secure context needed (crypto.subtle is missing on plain http). */
function fnv1a(text: string, seed: number): string {
  let hash = seed >>> 0
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash.toString(16).padStart(8, '0')
}
