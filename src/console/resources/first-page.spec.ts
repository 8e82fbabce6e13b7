import { resolve } from 'node:path'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DataProvider, GetListParams, GetListResponse } from '@refinedev/core'
import { readSchemaFiles } from '../../schema/load-files'
import { createRegistry } from '../../schema/registry'
import type { Registry } from '../../schema/types'
import { createFirstPageCache, listSpinning, type FirstPageCache } from './first-page'
import { createDataProvider } from '../providers/dataProvider'
import type { HttpClient } from '../providers/http-client'

const SCHEMAS_DIR = resolve(__dirname, '../../../schemas')
const PAGE: GetListResponse = { data: [{ id: 3, host: 'c.example.com' }], total: 3 }
const LIST = { pathname: '/domain/domainList', search: '' }

let registry: Registry
let cache: FirstPageCache
beforeAll(() => {
  registry = createRegistry(readSchemaFiles(SCHEMAS_DIR))
})
// A cache of its own for each test, as each console start makes one.
beforeEach(() => {
  cache = createFirstPageCache()
})
afterEach(() => {
  vi.useRealTimers()
})

const prefetchFirstPage = (...args: Parameters<FirstPageCache['prefetch']>) => cache.prefetch(...args)
const takeFirstPage = (...args: Parameters<FirstPageCache['take']>) => cache.take(...args)
const firstPageQueryOptions = (resource: string) => cache.queryOptions(resource)

/** A data provider whose getList answers when `answer` is called; the calls are recorded. */
function fakeProvider() {
  const calls: GetListParams[] = []
  let answer: (page: GetListResponse) => void = () => undefined
  const provider = {
    getList: (params: GetListParams) => {
      calls.push(params)
      return new Promise<GetListResponse>((resolve) => (answer = resolve))
    },
  } as unknown as DataProvider
  return { provider, calls, answer: async (page = PAGE) => (answer(page), await Promise.resolve()) }
}

describe('prefetching the first page', () => {
  it('asks for exactly what the list asks for first: page 1, its page size and default sort, no filters', () => {
    const { provider, calls } = fakeProvider()
    prefetchFirstPage(registry, provider, LIST, 'admin')
    expect(calls).toEqual([{ resource: 'domain', pagination: { currentPage: 1, pageSize: 20, mode: 'server' }, sorters: [{ field: 'id', order: 'desc' }], filters: [] }])
  })

  it('leaves a list opened with its own page, sort or filter, and any other page, to load as usual', () => {
    const { provider, calls } = fakeProvider()
    prefetchFirstPage(registry, provider, { pathname: '/domain/domainList', search: '?currentPage=2' }, 'admin')
    prefetchFirstPage(registry, provider, { pathname: '/domain/domainList/create', search: '' }, 'admin')
    prefetchFirstPage(registry, provider, { pathname: '/login', search: '' }, 'admin')
    expect(calls).toEqual([])
  })

  it('leaves alone a list the role may not open: the address leads elsewhere, and the server would refuse the call', () => {
    const { provider, calls } = fakeProvider()
    prefetchFirstPage(registry, provider, LIST, 'merchant')
    prefetchFirstPage(registry, provider, { pathname: '/promotion/card-password', search: '' }, 'merchant')
    expect(calls).toEqual([])
    prefetchFirstPage(registry, provider, { pathname: '/promotion/card-password', search: '' }, 'partner')
    expect(calls.map((c) => c.resource)).toEqual(['recharge_card'])
  })

  it('matches the list route with a trailing slash', () => {
    const { provider, calls } = fakeProvider()
    prefetchFirstPage(registry, provider, { pathname: '/domain/domainList/', search: '' }, 'admin')
    expect(calls).toHaveLength(1)
  })
})

describe('taking the first page', () => {
  it('hands the page over once', async () => {
    const { provider, answer } = fakeProvider()
    prefetchFirstPage(registry, provider, LIST, 'admin')
    await answer()
    expect(takeFirstPage('domain', LIST)?.response).toEqual(PAGE)
    expect(takeFirstPage('domain', LIST)).toBeUndefined()
  })

  it('gives nothing before the answer has arrived, and nothing later either (the list fetched its own)', async () => {
    const { provider, answer } = fakeProvider()
    prefetchFirstPage(registry, provider, LIST, 'admin')
    expect(takeFirstPage('domain', LIST)).toBeUndefined()
    await answer()
    expect(takeFirstPage('domain', LIST)).toBeUndefined()
  })

  it('asks once for a second click on the same entry while the first answer is on its way', () => {
    const { provider, calls } = fakeProvider()
    prefetchFirstPage(registry, provider, LIST, 'admin')
    prefetchFirstPage(registry, provider, LIST, 'admin')
    expect(calls).toHaveLength(1)
  })

  it('keeps the page for its own resource when another list asks', async () => {
    const { provider, answer } = fakeProvider()
    prefetchFirstPage(registry, provider, LIST, 'admin')
    await answer()
    expect(takeFirstPage('note', LIST)).toBeUndefined()
    expect(takeFirstPage('domain', LIST)?.response).toEqual(PAGE)
  })

  it('gives nothing once the address has moved on or the page has aged', async () => {
    vi.useFakeTimers()
    const { provider, answer } = fakeProvider()
    prefetchFirstPage(registry, provider, LIST, 'admin')
    await answer()
    expect(takeFirstPage('domain', { ...LIST, search: '?currentPage=2' })).toBeUndefined()

    prefetchFirstPage(registry, provider, LIST, 'admin')
    await answer()
    vi.advanceTimersByTime(11_000)
    expect(takeFirstPage('domain', LIST)).toBeUndefined()
  })
})

describe('claiming the first page for the list\'s own request', () => {
  const DEFAULT_VIEW = { pagination: { currentPage: 1, pageSize: 20, mode: 'server' as const }, sorters: [{ field: 'id', order: 'desc' as const }], filters: [] }

  it('hands the answer still on its way to the list\'s request for its default view, once', async () => {
    const { provider, answer } = fakeProvider()
    prefetchFirstPage(registry, provider, LIST, 'admin')
    expect(takeFirstPage('domain', LIST)).toBeUndefined() // the first render: nothing to show yet
    const claimed = cache.claim('domain', DEFAULT_VIEW)
    expect(claimed).toBeDefined()
    expect(cache.claim('domain', DEFAULT_VIEW)).toBeUndefined()
    await answer()
    await expect(claimed).resolves.toEqual(PAGE)
  })

  it('hands an arrived answer over too, while it is fresh', async () => {
    vi.useFakeTimers()
    const { provider, answer } = fakeProvider()
    prefetchFirstPage(registry, provider, LIST, 'admin')
    await answer()
    await expect(cache.claim('domain', DEFAULT_VIEW)).resolves.toEqual(PAGE)

    prefetchFirstPage(registry, provider, LIST, 'admin')
    await answer()
    vi.advanceTimersByTime(11_000)
    expect(cache.claim('domain', DEFAULT_VIEW)).toBeUndefined()
  })

  it('leaves any other view, and another resource, to ask for itself; filters the bar sent empty are no filter', () => {
    const { provider } = fakeProvider()
    prefetchFirstPage(registry, provider, LIST, 'admin')
    expect(cache.claim('domain', { ...DEFAULT_VIEW, pagination: { ...DEFAULT_VIEW.pagination, currentPage: 2 } })).toBeUndefined()
    expect(cache.claim('domain', { ...DEFAULT_VIEW, pagination: { ...DEFAULT_VIEW.pagination, pageSize: 50 } })).toBeUndefined()
    expect(cache.claim('domain', { ...DEFAULT_VIEW, sorters: [{ field: 'host', order: 'asc' }] })).toBeUndefined()
    expect(cache.claim('domain', { ...DEFAULT_VIEW, filters: [{ field: 'host', operator: 'contains', value: 'a' }] })).toBeUndefined()
    expect(cache.claim('note', DEFAULT_VIEW)).toBeUndefined()
    expect(cache.claim('domain', { ...DEFAULT_VIEW, filters: [{ field: 'host', operator: 'contains', value: '' }, { field: 'created_at', operator: 'between', value: [undefined, undefined] }] })).toBeDefined()
  })

  it('is what the data provider\'s getList answers with, instead of a request of its own', async () => {
    const { provider, answer } = fakeProvider()
    const request = vi.fn(async () => ({ total: 0, per_page: 20, current_page: 1, last_page: 1, data: [] }))
    const data = createDataProvider(registry, { request } as unknown as HttpClient, { firstPage: cache })
    prefetchFirstPage(registry, provider, LIST, 'admin')
    const first = data.getList({ resource: 'domain', ...DEFAULT_VIEW })
    await answer()
    expect(await first).toEqual(PAGE)
    expect(request).not.toHaveBeenCalled()
    await data.getList({ resource: 'domain', ...DEFAULT_VIEW })
    expect(request).toHaveBeenCalledTimes(1)
  })
})

describe('the first page as query options', () => {
  it('gives the prefetched page as the initial data of the first query only, stamped with when it arrived', async () => {
    vi.useFakeTimers({ now: new Date('2026-05-01T10:00:00Z') })
    vi.stubGlobal('location', LIST)
    const { provider, answer } = fakeProvider()
    prefetchFirstPage(registry, provider, LIST, 'admin')
    await answer()

    const options = firstPageQueryOptions('domain')
    expect(options.initialData()).toEqual(PAGE)
    expect(options.initialDataUpdatedAt()).toBe(Date.parse('2026-05-01T10:00:00Z'))
    expect(options.initialData()).toBeUndefined() // page 2, another sort or a filter: a query of its own
    expect(options.initialDataUpdatedAt()).toBe(0)
    vi.unstubAllGlobals()
  })

  it('keeps a page handed over fresh for a few seconds, and only a page handed over', () => {
    const { staleTime } = firstPageQueryOptions('domain')
    expect(staleTime({ state: { dataUpdateCount: 0 } })).toBe(10_000)
    expect(staleTime({ state: { dataUpdateCount: 1 } })).toBe(0)
  })

  it('spins while a view not fetched yet loads, and not over a page handed over, which never fetches', () => {
    expect(listSpinning({ isFetching: true, isFetched: false })).toBe(true) // first load, or another page on its way
    expect(listSpinning({ isFetching: false, isFetched: false })).toBe(false) // the prefetched page (initial data)
    expect(listSpinning({ isFetching: true, isFetched: true })).toBe(false) // a background refresh of rows already shown
    expect(listSpinning({ isFetching: false, isFetched: true })).toBe(false)
  })
})
