import { Suspense } from 'react'
import { Input } from 'antd'
import type { RangePickerProps } from 'antd/es/date-picker'
import { RangePicker } from './range-picker'

/**
 * The picker's width, and its stand-in's while its code loads: what antd's range picker takes
 * for a date (two inputs of 12 characters, the separator and the icon). Set on both, so the
 * filter bar does not widen, and wrap differently, as the picker replaces the stand-in.
 */
const WIDTH = 292

/** A date range filter; antd's Form.Item hands it value and onChange like any control. */
export function DateRangeFilter(props: RangePickerProps) {
  return (
    <Suspense fallback={<Input disabled style={{ width: WIDTH }} placeholder={props.placeholder?.join(' ~ ')} />}>
      <RangePicker {...props} style={{ width: WIDTH, ...props.style }} />
    </Suspense>
  )
}
