import { lazy, Suspense } from 'react'
import { Skeleton } from 'antd'
import type { WidgetProps } from '@rjsf/utils'

// Quill and its stylesheet load with the first form that has rich text, not with the console.
const RichTextEditor = lazy(() => import('../rich-text/RichTextEditor'))

/** A "contentMediaType": "text/html" field: formatted text, written in a rich-text editor. */
export function RichTextWidget({ id, value, onChange, disabled, readonly }: WidgetProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <RichTextEditor id={id} value={typeof value === 'string' ? value : ''} readOnly={disabled || readonly} onChange={(html) => onChange(html)} />
    </Suspense>
  )
}
