import { Suspense, useState } from 'react'
import { Input } from 'antd'
import type { RangePickerProps } from 'antd/es/date-picker'
import { RangePicker } from './range-picker'

/**
 * The picker's width, and its stand-in's: what antd's range picker takes for a date (two inputs
 * of 12 characters, the separator and the icon). Set on both, so the filter bar does not widen,
 * and wrap differently, as the picker replaces the stand-in.
 */
const WIDTH = 292

/** Once one list has wanted the picker, its code is here: later filters show it at once. */
let pickerWanted = false

/**
 * A date range filter; antd's Form.Item hands it value and onChange like any control. Until it
 * is wanted (focused, or a link set its dates) it is a field of the picker's size that loads the
 * picker's code (rc-picker, a twentieth of a list page) as the pointer comes near, and becomes
 * the picker, focused (and open, when clicked), as it takes focus: most visits to a list never
 * open the calendar.
 */
export function DateRangeFilter(props: RangePickerProps) {
  const [wanted, setWanted] = useState(() => pickerWanted || Boolean(props.value?.some(Boolean)))
  const [focus, setFocus] = useState(false)
  // A click opens the calendar, as it does on the picker; focus by keyboard only moves into it.
  const [clicked, setClicked] = useState(false)
  const standIn = (interactive: boolean) => (
    <Input
      id={typeof props.id === 'string' ? props.id : props.id?.start}
      readOnly
      disabled={!interactive}
      style={{ width: WIDTH }}
      placeholder={props.placeholder?.join(' ~ ')}
      onPointerEnter={() => void RangePicker.preload().catch(() => undefined)}
      onMouseDown={() => setClicked(true)}
      onFocus={() => {
        pickerWanted = true
        setFocus(true)
        setWanted(true)
      }}
    />
  )
  if (!wanted) return standIn(true)
  return (
    <Suspense fallback={standIn(false)}>
      <RangePicker {...props} autoFocus={focus || props.autoFocus} defaultOpen={clicked || props.defaultOpen} style={{ width: WIDTH, ...props.style }} />
    </Suspense>
  )
}
