import type { ReactNode } from 'react'
import { PageHeading } from '../layout/PageHeading'
import '../layout/list-page.css'

/**
 * A list page's title and its buttons on the right (PageHeading, plain elements where Refine's
 * List would draw pro-layout's PageHeader on the page every session opens first), and the
 * page below. The form pages keep Refine's header, with PageTitle in it.
 */
export function ListHeading({ title, extra, children }: { title: string; extra: ReactNode; children: ReactNode }) {
  return (
    <div className="list-page">
      <PageHeading title={title} extra={extra} />
      <div className="list-page-content">{children}</div>
    </div>
  )
}
