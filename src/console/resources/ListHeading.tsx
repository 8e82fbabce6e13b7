import type { ReactNode } from 'react'

/**
 * A list page's title, its buttons on the right, and the page below: the layout Refine's
 * List draws through pro-layout's PageHeader, drawn here in plain elements, as that header
 * renders its own theme providers and breadcrumb hooks for a line of text on the page every
 * session opens first. The form pages keep Refine's, with its back button.
 */
export function ListHeading({ title, extra, children }: { title: string; extra: ReactNode; children: ReactNode }) {
  return (
    <div>
      <div className="list-heading">
        <h4 className="list-heading-title">{title}</h4>
        <div className="list-heading-extra">{extra}</div>
      </div>
      <div className="list-page-content">{children}</div>
    </div>
  )
}
