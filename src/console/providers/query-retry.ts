import { ApiError } from './ApiError'

/** Tries after the first for a call that got no answer (a dropped connection may come back). */
const UNANSWERED_RETRIES = 2

/**
 * Whether react-query asks again after a failed call. A call the server answered, a refusal
 * (`code: 0`, a 4xx) or a failure it reported, would get the same answer: asking again only
 * keeps a list spinning for seconds before it says why, and repeats the notice. A call that got
 * no answer at all may go through on a second try.
 *
 * ```ts
 * new QueryClient({ defaultOptions: { queries: { retry: retryUnanswered } } })
 * ```
 */
export function retryUnanswered(failures: number, error: unknown): boolean {
  return error instanceof ApiError && error.failure === 'network' && failures < UNANSWERED_RETRIES
}
