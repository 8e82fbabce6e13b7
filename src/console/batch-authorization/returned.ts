/** Why an authorization added no account, as the server's callback names it (src/server/matrix/oauth.ts). */
export const REFUSALS = ['state', 'browser', 'used', 'state_expired', 'denied', 'link_expired', 'link_revoked', 'platform', 'server'] as const

export type Returned = { result: 'ok'; platform: string; account: string } | { result: (typeof REFUSALS)[number] }

/** What the platform's round trip brought back in the address, or null on a first visit (or an address no callback made). */
export function returnedFrom(search: string): Returned | null {
  const query = new URLSearchParams(search)
  const result = query.get('result')
  if (result === 'ok') return { result, platform: query.get('platform') ?? '', account: query.get('account') ?? '' }
  return REFUSALS.find((refusal) => refusal === result) ? { result: result as Returned['result'] & string } as Returned : null
}
