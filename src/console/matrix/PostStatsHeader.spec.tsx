import { resolve } from 'node:path'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter } from 'react-router'
import { beforeAll, afterEach, describe, expect, it } from 'vitest'
import type { Endpoints } from '../../generated/types'
import type { Locale } from '../../schema/types'
import { readSchemaFiles } from '../../schema/load-files'
import { createRegistry } from '../../schema/registry'
import { ConsoleContext, type ConsoleContextValue } from '../ConsoleContext'
import { TranslateContext } from '../i18n/translate'
import { createI18nProvider, LOCALE_KEY } from '../providers/i18nProvider'
import type { ApiRequest, HttpClient } from '../providers/http-client'
import { PostStatsHeader, cut } from './PostStatsHeader'
import { loadLocale } from '../i18n/locale-packs'

// The words of both locales, which the console loads as each is first wanted.
beforeAll(() => Promise.all([loadLocale('zh-CN'), loadLocale('en-US')]))

afterEach(cleanup)

const registry = createRegistry(readSchemaFiles(resolve(__dirname, '../../../schemas')))

type Groups = Endpoints['release_post/stats']['response']['groups']

const SPRING: Groups = [
  { id: 3, title: 'Spring sale across every account we have', posts: 12, views: 1234567, likes: 8910, comments: 345, shares: 67 },
  { id: 4, title: 'Launch', posts: 2, views: 900, likes: 12, comments: 0, shares: 0 },
]

/** The header over the Video data list at `url`, with an HTTP client that answers the stats call alone. */
function mount(url: string, answer: (query: Record<string, unknown>) => Groups, locale: Locale = 'en-US') {
  const asked: Record<string, unknown>[] = []
  const http = {
    request: async <T,>(req: ApiRequest) => {
      if (req.method !== 'GET' || req.path !== '/release_post/stats') throw new Error(`unexpected call ${req.method} ${req.path}`)
      const query = req.query as Record<string, unknown>
      asked.push(query)
      return { groups: answer(query) } as T
    },
  } as unknown as HttpClient
  const storage = new Storage()
  storage.setItem(LOCALE_KEY, locale)
  const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <MemoryRouter initialEntries={[url]}>
      <QueryClientProvider client={queries}>
        <ConsoleContext.Provider value={{ registry, http, locale } as unknown as ConsoleContextValue}>
          <TranslateContext.Provider value={{ provider: createI18nProvider(storage), locale }}>
            <PostStatsHeader resource="release_post" />
          </TranslateContext.Provider>
        </ConsoleContext.Provider>
      </QueryClientProvider>
    </MemoryRouter>,
  )
  return { asked }
}

/** The numbers as a screen reader reads them: the hidden table's rows. */
const tableRows = () => [...document.querySelectorAll('table tbody tr')].map((tr) => [...tr.children].map((cell) => cell.textContent))

describe('the figures above the Video data list', () => {
  it('asks by plan, narrowed as the list is, and shows each plan with its figures grouped by thousands', async () => {
    const listFilters = 'filters[0][field]=plan_id&filters[0][operator]=eq&filters[0][value]=3&filters[1][field]=status&filters[1][operator]=eq&filters[1][value]=published'
    const { asked } = mount(`/matrix-distribution/video-data?${encodeURI(listFilters)}`, () => SPRING)
    expect(await screen.findByRole('region', { name: 'Views, likes, comments and shares by plan' })).toBeTruthy()
    expect(asked).toEqual([{ group_by: 'plan_id', plan_id: 3 }])
    expect(screen.getByRole('radiogroup', { name: 'Group the figures' })).toBeTruthy()
    expect([...document.querySelectorAll('table thead th')].map((th) => th.textContent)).toEqual(['Plan', 'Posts', 'Views', 'Likes', 'Comments', 'Shares'])
    expect(tableRows()).toEqual([
      ['Spring sale across every account we have', '12', '1,234,567', '8,910', '345', '67'],
      ['Launch', '2', '900', '12', '0', '0'],
    ])
  })

  it('asks again by account or by work when the control says so, keeping the filters', async () => {
    const { asked } = mount('/matrix-distribution/video-data?plan_id=3', (query) =>
      query.group_by === 'account_id' ? [{ id: 8, title: 'Noodle shop', posts: 5, views: 4000, likes: 30, comments: 2, shares: 1 }] : SPRING,
    )
    await screen.findByRole('region')
    await act(async () => fireEvent.click(screen.getByRole('radio', { name: 'By account' })))
    await screen.findByRole('region', { name: 'Views, likes, comments and shares by account' })
    expect(asked).toEqual([{ group_by: 'plan_id', plan_id: 3 }, { group_by: 'account_id', plan_id: 3 }])
    expect(await screen.findByRole('rowheader', { name: 'Noodle shop' })).toBeTruthy()
    expect(tableRows()).toEqual([['Noodle shop', '5', '4,000', '30', '2', '1']])
  })

  it('follows a link to one account or work, and a filter cleared in the list over the link', async () => {
    const { asked } = mount('/matrix-distribution/video-data?account_id=8&work_id=21', () => SPRING)
    await screen.findByRole('region')
    expect(asked).toEqual([{ group_by: 'plan_id', account_id: 8, work_id: 21 }])
    cleanup()
    const cleared = mount(`/matrix-distribution/video-data?plan_id=3&${encodeURI('filters[0][field]=plan_id&filters[0][operator]=eq')}`, () => SPRING)
    await screen.findByRole('region')
    expect(cleared.asked).toEqual([{ group_by: 'plan_id' }])
  })

  it('says why there is nothing to chart while no post has figures yet, in either language', async () => {
    mount('/matrix-distribution/video-data', () => [])
    expect(await screen.findByText('No figures yet: they are read from the platforms about an hour after posting')).toBeTruthy()
    expect(screen.queryByRole('region')).toBeNull()
    cleanup()
    mount('/matrix-distribution/video-data', () => [{ id: 4, title: 'Launch', posts: 2, views: 0, likes: 0, comments: 0, shares: 0 }], 'zh-CN')
    expect(await screen.findByText('暂无数据：发布约一小时后从平台读取')).toBeTruthy()
    expect(within(screen.getByRole('radiogroup', { name: '数据分组方式' })).getByRole('radio', { name: '按作品' })).toBeTruthy()
  })
})

describe('a title on the chart’s axis', () => {
  it('is cut to the pixels its group has, a Chinese character counted as wide as two Latin letters', () => {
    expect(cut('Spring launch', 100)).toBe('Spring launch')
    expect(cut('国庆新品推广计划', 100)).toBe('国庆新品推广计划')
    expect(cut('Spring sale across every account', 84)).toBe('Spring sale…')
    expect(cut('国庆新品推广计划与双十一', 84)).toBe('国庆新品推广…')
  })
})
