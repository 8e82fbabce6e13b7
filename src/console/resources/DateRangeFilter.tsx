import { lazy, Suspense } from 'react'
import { Input } from 'antd'
import type { RangePickerProps } from 'antd/es/date-picker'

// The date picker is a large part of antd; lists without a date filter never load it.
const RangePicker = lazy(() => import('antd/es/date-picker').then((m) => ({ default: m.default.RangePicker })))

/** A date range filter; antd's Form.Item hands it value and onChange like any control. */
export function DateRangeFilter(props: RangePickerProps) {
  return (
    <Suspense fallback={<Input disabled style={{ width: 256 }} placeholder={props.placeholder?.join(' ~ ')} />}>
      <RangePicker {...props} />
    </Suspense>
  )
}
