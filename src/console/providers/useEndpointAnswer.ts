import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { useConsole } from '../ConsoleContext'

/**
 * The answer of a GET endpoint that takes no query (a widget's list of choices, a status), by
 * its id, in the person's locale and kept for `staleTime`; never asked when the endpoint is not
 * one the account may call (the registry the console gets holds only those).
 */
export function useEndpointAnswer<T>(endpointId: string, staleTime = 30_000): UseQueryResult<T> & { available: boolean } {
  const { registry, http, locale } = useConsole()
  const endpoint = registry.endpoints.get(endpointId)
  const answer = useQuery({
    queryKey: ['endpoint-answer', endpointId, locale],
    queryFn: () => http.request<T>({ method: 'GET', path: endpoint!.path, quiet: true }),
    enabled: Boolean(endpoint),
    staleTime,
  })
  return Object.assign(answer, { available: Boolean(endpoint) })
}
