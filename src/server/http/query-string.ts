import querystring from 'node:querystring'
import qs from 'qs'

/**
 * A request's query as every route reads it: qs for nested and array parameters (a[b]=1,
 * ids[]=1), the faster built-in parser for plain ones.
 */
export function parseQueryString(text: string): Record<string, unknown> {
  return text.includes('[') || text.includes('%5B') ? qs.parse(text, { depth: 2, arrayLimit: 100, parameterLimit: 200 }) : querystring.parse(text)
}
