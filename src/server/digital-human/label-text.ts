import type { Label } from '../../schema/types'

/** A reason kept in a record's one text field: both locales, or one when they say the same. */
export function labelText(label: Label): string {
  return label['zh-CN'] === label['en-US'] ? label['en-US'] : `${label['zh-CN']} / ${label['en-US']}`
}
