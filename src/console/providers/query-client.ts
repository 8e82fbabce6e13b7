import { QueryClient, keepPreviousData } from '@tanstack/react-query'
import { retryUnanswered } from './query-retry'

/**
 * The console's query cache, made before the app so that signing out can empty it
 * (authProvider's forgetAccount): Refine refetches every open query once its logout
 * resolves, and the page still on screen would call the server without a token and be
 * told the login had expired; and the next account to sign in in this tab must not be
 * shown what the last one was.
 *
 * Every call goes out whatever the browser believes about the network. The console talks
 * only to its own server, often on the same machine or intranet, which a browser's
 * "offline" says nothing about; by default a call made then would wait, silently and
 * without end, for an "online" that may never come (sign-out did nothing). A call that
 * really cannot reach the server fails, and says so (spec §8). Only such a call is asked again.
 *
 * ```tsx
 * <Refine options={{ reactQuery: { clientConfig: createQueryClient() } }} ... />
 * ```
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Refine's own defaults for a client it makes itself: a list keeps its rows while the next page loads.
      queries: { refetchOnWindowFocus: false, placeholderData: keepPreviousData, networkMode: 'always', retry: retryUnanswered },
      mutations: { networkMode: 'always' },
    },
  })
}
