/**
 * A request's query string, exactly as qs.stringify(query, { skipNulls: true }) writes it: nested
 * objects and arrays as bracketed keys (`a[b]=1&c[0]=2`, the brackets percent-encoded), nulls
 * and undefined left out, dates as ISO strings, everything else as its string, encoded as RFC
 * 3986 says (a lone surrogate as U+FFFD). qs brings some 50 KB of code with it, which the login
 * page would load before it shows; query-string.spec.ts holds this to qs's output.
 */
export function toQueryString(query: object): string {
  const parts: string[] = []
  const add = (value: unknown, key: string) => {
    if (value instanceof Date) value = value.toISOString()
    if (value === null || value === undefined) return
    if (typeof value === 'object' || typeof value === 'function') {
      for (const [inner, item] of Object.entries(value)) add(item, `${key}[${inner}]`)
      return
    }
    parts.push(`${encode(key)}=${encode(String(value))}`)
  }
  for (const [key, value] of Object.entries(query)) add(value, key)
  return parts.join('&')
}

const UNRESERVED = new Set('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~'.split('').map((c) => c.charCodeAt(0)))

/** Percent-encodes every UTF-8 byte but the unreserved characters'. */
function encode(text: string): string {
  let out = ''
  for (const byte of new TextEncoder().encode(text)) out += UNRESERVED.has(byte) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
  return out
}
