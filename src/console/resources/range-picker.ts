import type { RangePickerProps } from 'antd/es/date-picker'
import { lazyPage } from '../lazy-page'

// The date picker is a large part of antd; lists without a date filter never load it.
export const RangePicker = lazyPage<RangePickerProps>(() => import('antd/es/date-picker').then((m) => ({ default: m.default.RangePicker })))
