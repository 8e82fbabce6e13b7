import type { CrudFilter, CrudSort, DataProvider, GetListResponse, Pagination } from '@refinedev/core'
import type { QueryState } from '@tanstack/react-query'
import type { Registry, Role } from '../../schema/types'
import { endpointAllows, resourceAllows } from '../providers/accessControlProvider'

interface FirstPage {
  resource: string
  url: string
  pageSize: number
  sort: CrudSort
  answer: Promise<GetListResponse>
  response?: GetListResponse
  receivedAt?: number
  /** The list's first render has asked for it as initial data (see take). */
  offered?: boolean
}

/** What a list's getList asks for (Refine's params): the prefetch answers only its default view. */
export interface ListParams {
  pagination?: Pagination
  sorters?: CrudSort[]
  filters?: CrudFilter[]
}

/** A prefetched page older than this is not used: the list loads its own. */
const FRESH_MS = 10_000

/**
 * When a full page load lands on a list, its first page is requested as soon as the schema
 * files and the profile are in, instead of after the layout and the page have rendered; the
 * list then shows its rows in its first render. A menu entry leading to a list does the same
 * as it is clicked, so the rows are on their way while the page renders. The console makes
 * one cache at start and hands it to the list pages through its context, and to the data
 * provider, whose getList for that view takes the answer still on its way instead of asking again.
 *
 * ```ts
 * const firstPage = createFirstPageCache()
 * firstPage.prefetch(registry, dataProvider, window.location, role)
 * useTable({ resource, queryOptions: firstPage.queryOptions(resource) })
 * createDataProvider(registry, http, { firstPage }) // getList → firstPage.claim(…) ?? a request
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
  /**
   * The prefetched first page of this resource, once, if it has arrived, is fresh, and the
   * address is still the one it was fetched for. One still on its way is left for `claim`.
   */
  take(resource: string, location?: Pick<Location, 'pathname' | 'search'>): { response: GetListResponse; receivedAt: number } | undefined
  /**
   * The prefetched answer, arrived (and fresh) or still on its way, for a getList of this
   * resource's default view (page 1 at its page size, its default sort, no filter); once.
   */
  claim(resource: string, params: ListParams): Promise<GetListResponse> | undefined
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
  const fresh = (entry: FirstPage) => entry.receivedAt === undefined || Date.now() - entry.receivedAt <= FRESH_MS
  const cache: FirstPageCache = {
    prefetch(registry, dataProvider, location, role) {
      if (location.search) return
      const path = location.pathname.replace(/\/+$/, '')
      const def = [...registry.resources.values()].find((r) => r.route === path && r.endpoints.list)
      const config = def && registry.endpoints.get(def.endpoints.list!)?.list
      if (!def || !config) return
      if (!resourceAllows(registry, def.name, 'list', role) || !endpointAllows(registry, def.endpoints.list, role)) return
      // Asked for again (a second click on the same entry) while one is on its way or fresh: that one serves.
      if (prefetched && prefetched.resource === def.name && prefetched.url === location.pathname && fresh(prefetched) && !prefetched.offered) return
      const answer = dataProvider.getList({ resource: def.name, pagination: { currentPage: 1, pageSize: config.pageSize, mode: 'server' }, sorters: [config.defaultSort], filters: [] })
      const entry: FirstPage = { resource: def.name, url: location.pathname, pageSize: config.pageSize, sort: config.defaultSort, answer }
      prefetched = entry
      answer.then(
        (response) => {
          entry.response = response
          entry.receivedAt = Date.now()
        },
        () => {
          // The list asks again and shows the error itself.
          if (prefetched === entry) prefetched = undefined
        },
      )
    },
    take(resource, location = window.location) {
      const entry = prefetched
      if (!entry || entry.resource !== resource || entry.offered) return undefined
      entry.offered = true
      if (!entry.response) return undefined
      prefetched = undefined
      if (location.search || location.pathname !== entry.url || !fresh(entry)) return undefined
      return { response: entry.response, receivedAt: entry.receivedAt! }
    },
    claim(resource, params) {
      const entry = prefetched
      if (!entry || entry.resource !== resource || !fresh(entry) || !isDefaultView(entry, params)) return undefined
      prefetched = undefined
      return entry.answer
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

/** Page 1 at the list's page size, its default sort, and no filter with a value. */
function isDefaultView(entry: Pick<FirstPage, 'pageSize' | 'sort'>, { pagination, sorters = [], filters = [] }: ListParams): boolean {
  const unset = (value: unknown) => value === undefined || value === '' || (Array.isArray(value) && value.every((v) => v === undefined || v === null))
  return (
    (pagination?.currentPage ?? 1) === 1 &&
    pagination?.pageSize === entry.pageSize &&
    sorters.length === 1 &&
    sorters[0]!.field === entry.sort.field &&
    sorters[0]!.order === entry.sort.order &&
    filters.every((filter) => 'field' in filter && unset(filter.value))
  )
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
