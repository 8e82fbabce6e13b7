/** The console sends location.host or an origin; either way, sites are matched on the bare lower-case host name. */
export function normalizeHost(value: string): string {
  return value.trim().toLowerCase().replace(/^[a-z]+:\/\//, '').replace(/[/?#].*$/, '').replace(/:\d+$/, '')
}
