import type { ReactNode } from 'react'
import { Button } from 'antd'
import { ArrowLeftOutlined } from '@ant-design/icons'
import { useBack } from '@refinedev/core'
import { useTranslate } from '../i18n/translate'
import './page-heading.css'

/**
 * A page's title: its one h1, which focus moves to when the page opens (useFocusPageOnNavigate).
 * With `back`, a button before it returns to the page before. The form pages use it with
 * Refine's `goBack={false}`: Refine's back button sits inside pro-layout's own
 * `role="button"`, one control inside another, which screen readers cannot tell apart.
 */
export function PageTitle({ children, back }: { children: ReactNode; back?: boolean }) {
  const t = useTranslate()
  const goBack = useBack()
  return (
    <span className="page-title">
      {back ? <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('actions.back')} onClick={goBack} /> : null}
      <h1 className="page-title-text">{children}</h1>
    </span>
  )
}

/**
 * The title of a page and its buttons on the right, drawn in plain elements: pro-layout's
 * PageHeader renders its own theme providers and breadcrumb hooks for a line of text.
 */
export function PageHeading({ title, extra }: { title: ReactNode; extra?: ReactNode }) {
  return (
    <div className="page-heading">
      <PageTitle>{title}</PageTitle>
      {extra ? <div className="page-heading-extra">{extra}</div> : null}
    </div>
  )
}
