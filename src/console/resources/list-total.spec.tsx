import { cleanup, render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { Pagination } from 'antd'
import type { GetListResponse } from '@refinedev/core'
import { enUS } from '../i18n/en-US'
import { zhCN } from '../i18n/zh-CN'
import { listTotal } from './list-total'

afterEach(cleanup)

const MESSAGES: Record<string, Record<string, string>> = { 'en-US': enUS, 'zh-CN': zhCN }

/** A locale's messages with their {{names}} filled in, as the console's translate does. */
function translateIn(locale: string) {
  return (key: string, options?: unknown) => MESSAGES[locale]![key]!.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String((options as Record<string, unknown>)[name]))
}

/** The pagination of a list at `current`, 20 rows a page, as the list page renders it (the answer's total, then listTotal's): its total's text, and its last page. */
function paged(answer: GetListResponse, current: number, locale = 'en-US') {
  const { container } = render(<Pagination current={current} pageSize={20} total={answer.total} {...listTotal(answer, translateIn(locale), locale)} />)
  const pages = [...container.querySelectorAll('.ant-pagination-item')].map((item) => Number(item.getAttribute('title')))
  return { total: container.querySelector('.ant-pagination-total-text')?.textContent, lastPage: Math.max(...pages) }
}

// As the data provider gives a list answer whose count stopped at 2,000 (total_is_at_least).
const stopped = (lastPage: number): GetListResponse => ({ data: [], total: 2_000, totalIsAtLeast: true, lastPage, perPage: 20 })

describe('the total of a list', () => {
  it('says how many there are in all when the count is exact', () => {
    expect(paged({ data: [], total: 10_000 }, 1)).toEqual({ total: '10000 in all', lastPage: 500 })
  })

  it('says "more than" where the count stopped, in either locale, its thousands grouped', () => {
    expect(paged(stopped(101), 1).total).toBe('More than 2,000')
    expect(paged(stopped(101), 1, 'zh-CN').total).toBe('超过 2,000 条')
  })

  it('offers the pages the server says there are, so a person can page on past the count', () => {
    expect(paged(stopped(101), 1).lastPage).toBe(101)
    // On page 101, full: the server offers the next.
    expect(paged(stopped(102), 101).lastPage).toBe(102)
  })
})
