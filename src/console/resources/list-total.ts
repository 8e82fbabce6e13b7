import type { PaginationProps } from 'antd'
import type { GetListResponse } from '@refinedev/core'
import type { Translate } from '../i18n/translate'

/**
 * What a list's pagination says of its total, from the data provider's answer. A search whose
 * count stopped (totalIsAtLeast) reads "more than 2,000", and offers the pages the server says
 * there are (lastPage, one past a full page), so that a person can page on past the count.
 */
export function listTotal(answer: GetListResponse | undefined, t: Translate, locale: string): Pick<PaginationProps, 'total' | 'showTotal'> {
  if (!answer?.totalIsAtLeast) return { showTotal: (total) => t('list.total', { total }) }
  const text = t('list.totalAtLeast', { total: new Intl.NumberFormat(locale).format(answer.total) })
  return { total: (answer.lastPage as number) * (answer.perPage as number), showTotal: () => text }
}
