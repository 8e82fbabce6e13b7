import { Children, type ReactNode } from 'react'
import { Form, type FormProps, type TableProps } from 'antd'
import { useScreenAtLeast } from '../layout/useScreen'
import type { SorterResult } from 'antd/es/table/interface'
import { getDefaultSortOrder as coreSortOrder, useLink, useLiveMode, useTable, type BaseRecord, type CrudFilter, type CrudSort, type HttpError, type useTableProps } from '@refinedev/core'

/**
 * refine's table state bound to an antd Table and a filter form, as @refinedev/antd's useTable
 * binds them. That package is one module holding its page frames too, and with them
 * @ant-design/pro-layout and pro-provider: imported here, every list page would load them.
 */
export function useListTable<T extends BaseRecord>(props: useTableProps<T, HttpError, T> & { onSearch: (values: Record<string, unknown>) => CrudFilter[] }) {
  const { onSearch, ...tableProps } = props
  const core = useTable<T, HttpError, T>(tableProps)
  const { tableQuery, currentPage, setCurrentPage, pageSize, setPageSize, sorters, setSorters, filters, setFilters, createLinkForSyncWithLocation } = core
  const wide = useScreenAtLeast('sm')
  const [form] = Form.useForm()
  const liveMode = useLiveMode(props.liveMode)
  const { data, isFetched, isLoading } = tableQuery

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter) => {
    if (sorter && Object.keys(sorter).length > 0) setSorters(crudSorters(sorter))
    setCurrentPage(pagination.current || 1)
    setPageSize(pagination.pageSize || 10)
  }
  const onFinish = (values: Record<string, unknown>) => {
    setFilters(onSearch(values))
    setCurrentPage(1)
  }
  // Each page number is a link to that page's address, as with syncWithLocation the page is.
  const linkTo = (page: number) => createLinkForSyncWithLocation({ pagination: { pageSize, currentPage: page }, sorters, filters })
  const itemRender = (page: number, type: string, element: ReactNode) => {
    if (type === 'page') return <PaginationLink to={linkTo(page)}>{page}</PaginationLink>
    if (type === 'next' || type === 'prev') return <PaginationLink to={linkTo(page)}>{element}</PaginationLink>
    if (type === 'jump-next' || type === 'jump-prev') {
      const children = (element as { props?: { children?: ReactNode } } | null)?.props?.children
      return <PaginationLink to={linkTo(page)}>{Children.count(children) > 1 ? <>{children}</> : children}</PaginationLink>
    }
    return element
  }

  return {
    ...core,
    searchFormProps: { form, onFinish } satisfies FormProps,
    tableProps: {
      dataSource: data?.data,
      loading: liveMode === 'auto' ? isLoading : !isFetched,
      onChange,
      pagination: {
        itemRender,
        pageSize,
        current: currentPage,
        simple: !wide,
        position: !wide ? (['bottomCenter'] as const) : (['bottomRight'] as const),
        total: data?.total,
      },
      scroll: { x: true },
    } satisfies TableProps<T>,
  }
}

/** antd's sort order of a column ("ascend", "descend") from refine's sorters. */
export function defaultSortOrder(field: string, sorters: CrudSort[]): 'ascend' | 'descend' | undefined {
  const order = coreSortOrder(field, sorters)
  return order ? `${order}end` : undefined
}

function crudSorters<T>(sorter: SorterResult<T> | SorterResult<T>[]): CrudSort[] {
  const sorted: CrudSort[] = []
  for (const item of Array.isArray(sorter) ? sorter : [sorter]) {
    if (!item.field || !item.order) continue
    const field = Array.isArray(item.field) ? item.field.join('.') : `${item.field}`
    sorted.push({ field: `${item.columnKey ?? field}`, order: item.order === 'ascend' ? 'asc' : 'desc' })
  }
  return sorted
}

/** A page number that is a link to its page (copied, opened in a tab), which a click turns to in place. */
function PaginationLink({ to, children }: { to: string; children: ReactNode }) {
  const Link = useLink()
  return (
    <Link to={to} replace={false} onClick={(e: { preventDefault(): void }) => e.preventDefault()}>
      {children}
    </Link>
  )
}
