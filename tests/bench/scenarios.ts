import { HOST_WORDS } from './fill-domains'

/** One list request shape, loaded on both servers; pages 1..pages are requested in turn. */
export interface Scenario {
  name: string
  path: string
  pages: number
  /** Why this one is in the bench: what its figures can and cannot show. */
  note: string
}

export const SCENARIOS: readonly Scenario[] = [
  {
    name: `host contains "${HOST_WORDS[0]}"`,
    path: `/api/v1/domain/list?host=${HOST_WORDS[0]}&limit=20`,
    pages: 50,
    note: "the issue's case; a tenth of the rows match, more than the search index is read for (1,000), so each request probes the index, then counts in id order only to 2,001 matches (the total says at least 2,000) and reads its page",
  },
  {
    name: 'created_at one day',
    path: '/api/v1/domain/list?created_at_from=2024-03-01&created_at_to=2024-03-01&limit=20',
    pages: 14,
    note: 'an indexed range filter: its SQL takes under a millisecond, so what each server adds per request shows',
  },
]
