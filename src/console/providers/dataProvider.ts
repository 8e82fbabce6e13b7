import type { BaseRecord, CrudFilter, DataProvider, GetListResponse } from '@refinedev/core'
import type { GenericHandler, Registry } from '../../schema/types'
import { API_BASE, type HttpClient } from './http-client'
import type { FirstPageCache } from '../resources/first-page'

interface Paginator<T> {
  total: number
  total_is_at_least?: true
  per_page: number
  current_page: number
  last_page: number
  data: T[]
}

/**
 * Refine's data provider over the endpoints each resource file names: getList → its
 * list endpoint (1-based page, limit, sort, order, declared filters), getOne → get,
 * create, update, deleteOne/deleteMany → delete (by ids), custom → any path.
 *
 * A list's default view takes the first page prefetched for it (`firstPage`), arrived or still on
 * its way, rather than asking again.
 *
 * ```tsx
 * <Refine dataProvider={createDataProvider(registry, http, { firstPage })} ... />
 * ```
 */
export function createDataProvider(registry: Pick<Registry, 'resources' | 'endpoints'>, http: HttpClient, options: { firstPage?: Pick<FirstPageCache, 'claim'> } = {}): DataProvider {
  const endpointOf = (resource: string, slot: GenericHandler) => {
    const def = registry.resources.get(resource)
    const id = def?.endpoints[slot]
    const endpoint = id ? registry.endpoints.get(id) : undefined
    if (!endpoint) {
      throw new Error(`Resource "${resource}" names no ${slot} endpoint. Add "endpoints": { "${slot}": "GROUP/NAME" } to schemas/resources/${resource}.json.`)
    }
    return endpoint
  }
  const call = <T>(resource: string, slot: GenericHandler, input: object) => {
    const endpoint = endpointOf(resource, slot)
    return http.request<T>(
      endpoint.method === 'GET' ? { method: 'GET', path: endpoint.path, query: input } : { method: 'POST', path: endpoint.path, body: input },
    )
  }

  return {
    getApiUrl: () => API_BASE,

    async getList<TData extends BaseRecord>({ resource, pagination, sorters, filters }: Parameters<DataProvider['getList']>[0]) {
      const prefetched = options.firstPage?.claim(resource, { pagination, sorters, filters })
      if (prefetched) return (await prefetched) as GetListResponse<TData>
      const query: Record<string, unknown> = { ...filterParams(filters ?? []) }
      if (pagination?.mode !== 'off') {
        query.page = pagination?.currentPage ?? 1
        query.limit = pagination?.pageSize ?? 20
      }
      const sort = sorters?.[0]
      if (sort) {
        query.sort = sort.field
        query.order = sort.order
      }
      const page = await call<Paginator<TData>>(resource, 'list', query)
      // A search matching very many rows whose count stopped: the pagination says "more than" and offers the pages the server does.
      if (page.total_is_at_least) return { data: page.data, total: page.total, totalIsAtLeast: true, lastPage: page.last_page, perPage: page.per_page }
      return { data: page.data, total: page.total }
    },

    async getOne<TData extends BaseRecord>({ resource, id }: Parameters<DataProvider['getOne']>[0]) {
      return { data: await call<TData>(resource, 'get', { id: Number(id) }) }
    },

    async create<TData extends BaseRecord>({ resource, variables }: Parameters<DataProvider['create']>[0]) {
      return { data: await call<TData>(resource, 'create', variables as object) }
    },

    async update<TData extends BaseRecord>({ resource, id, variables }: Parameters<DataProvider['update']>[0]) {
      return { data: await call<TData>(resource, 'update', { ...(variables as object), id: Number(id) }) }
    },

    async deleteOne<TData extends BaseRecord>({ resource, id }: Parameters<DataProvider['deleteOne']>[0]) {
      await call(resource, 'delete', { ids: [Number(id)] })
      return { data: { id } as unknown as TData }
    },

    async deleteMany<TData extends BaseRecord>({ resource, ids }: Parameters<NonNullable<DataProvider['deleteMany']>>[0]) {
      await call(resource, 'delete', { ids: ids.map(Number) })
      return { data: ids.map((id) => ({ id })) as unknown as TData[] }
    },

    async custom<TData extends BaseRecord>({ url, method, query, payload }: Parameters<NonNullable<DataProvider['custom']>>[0]) {
      const path = url.startsWith(API_BASE) ? url.slice(API_BASE.length) : url
      const data = await http.request<TData>(
        method === 'get' ? { method: 'GET', path, query: query as object } : { method: 'POST', path, query: query as object, body: payload as object },
      )
      return { data }
    },
  }
}

/**
 * Refine filters as the list endpoint's query: equals and contains use the field's
 * name; range bounds (gte, lte, between) use FIELD_from and FIELD_to; in (several values) FIELD_in, comma-separated.
 */
export function filterParams(filters: CrudFilter[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const filter of filters) {
    if (!('field' in filter) || isEmpty(filter.value)) continue
    switch (filter.operator) {
      case 'gte':
        out[`${filter.field}_from`] = filter.value
        break
      case 'lte':
        out[`${filter.field}_to`] = filter.value
        break
      case 'in':
        out[`${filter.field}_in`] = (filter.value as unknown[]).join(',')
        break
      case 'between': {
        const [from, to] = filter.value as [unknown, unknown]
        if (!isEmpty(from)) out[`${filter.field}_from`] = from
        if (!isEmpty(to)) out[`${filter.field}_to`] = to
        break
      }
      default:
        out[filter.field] = filter.value
    }
  }
  return out
}

/** A cleared filter input; 0 and false are values. */
function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === ''
}
