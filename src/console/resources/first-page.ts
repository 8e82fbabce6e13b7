import type { DataProvider, GetListResponse } from '@refinedev/core'
import type { QueryState } from '@tanstack/react-query'
import type { Registry, Role } from '../../schema/types'
import { endpointAllows, resourceAllows } from '../providers/accessControlProvider'

interface FirstPage {
  resource: string
  url: string
  response?: GetListResponse
  receivedAt?: number
}

/** A prefetched page older than this is not used: the list loads its own. */
const FRESH_MS = 10_000

/**
 * When a full page load lands on a list, its first page is requested as soon as the schema
 * files and the profile are in, instead of after the layout and the page have rendered; the
 * list then shows its rows in its first render. The console makes one cache at start and
 * hands it to the list pages through its context.
 *
 * ```ts
 * const firstPage = createFirstPageCache()
 * firstPage.prefetch(registry, dataProvider, window.location, role)
 * useTable({ resource, queryOptions: firstPage.queryOptions(resource) })
 * ```
 */
export interface FirstPageCache {
  /**
   * Only for the list's default view (no page, sort or filter in the address), which is
   * exactly what the list asks for first, and only where the role may open the list: an
   * address it may not open leads elsewhere, and the server would refuse the call, with a
   * notice about a page the person never sees.
   */
  prefetch(registry: Pick<Registry, 'resources' | 'endpoints' | 'navigation'>, dataProvider: DataProvider, location: Pick<Location, 'pathname' | 'search'>, role: Role): void
  /** The prefetched first page of this resource, once, if it has arrived, is fresh, and the address is still the one it was fetched for. */
  take(resource: string, location?: Pick<Location, 'pathname' | 'search'>): { response: GetListResponse; receivedAt: number } | undefined
  /**
   * Query options for a list that may start from the prefetched page. react-query asks for
   * initial data once per new query, so only the list's first query (its default view) can
   * take it; later pages, sorts and filters load as usual.
   */
  queryOptions(resource: string): FirstPageQueryOptions
}

export interface FirstPageQueryOptions {
  initialData: () => GetListResponse | undefined
  initialDataUpdatedAt: () => number
  staleTime: (query: { state: Pick<QueryState, 'dataUpdateCount'> }) => number
}

export function createFirstPageCache(): FirstPageCache {
  let prefetched: FirstPage | undefined
  const cache: FirstPageCache = {
    prefetch(registry, dataProvider, location, role) {
      if (location.search) return
      const path = location.pathname.replace(/\/+$/, '')
      const def = [...registry.resources.values()].find((r) => r.route === path && r.endpoints.list)
      const config = def && registry.endpoints.get(def.endpoints.list!)?.list
      if (!def || !config) return
      if (!resourceAllows(registry, def.name, 'list', role) || !endpointAllows(registry, def.endpoints.list, role)) return
      const entry: FirstPage = { resource: def.name, url: location.pathname }
      prefetched = entry
      dataProvider
        .getList({ resource: def.name, pagination: { currentPage: 1, pageSize: config.pageSize, mode: 'server' }, sorters: [config.defaultSort], filters: [] })
        .then(
          (response) => {
            entry.response = response
            entry.receivedAt = Date.now()
          },
          () => undefined, // the list asks again and shows the error itself
        )
    },
    take(resource, location = window.location) {
      const entry = prefetched
      if (!entry || entry.resource !== resource) return undefined
      prefetched = undefined
      if (!entry.response || location.search || location.pathname !== entry.url || Date.now() - entry.receivedAt! > FRESH_MS) return undefined
      return { response: entry.response, receivedAt: entry.receivedAt! }
    },
    queryOptions(resource) {
      let receivedAt = 0
      return {
        initialData: () => {
          const page = cache.take(resource)
          receivedAt = page?.receivedAt ?? 0
          return page?.response
        },
        initialDataUpdatedAt: () => receivedAt,
        // A page handed over a moment ago is as fresh as a fetch would be: not fetched again on mount or focus
        // for a few seconds. Once the list has fetched for itself, react-query's usual rules apply.
        staleTime: (query) => (query.state.dataUpdateCount === 0 ? FRESH_MS : 0),
      }
    },
  }
  return cache
}

/**
 * Whether a list shows its spinner. Refine's useTable spins until the query has fetched once,
 * but a first page handed over by the prefetch (initial data) never needs to fetch, and would
 * spin until the page is left. Spin while a fetch is under way for a view not fetched yet:
 * the first load, or another page or filter whose rows are still the previous ones.
 */
export function listSpinning(query: { isFetching: boolean; isFetched: boolean }): boolean {
  return query.isFetching && !query.isFetched
}
