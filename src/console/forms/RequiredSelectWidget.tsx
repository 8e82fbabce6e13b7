import { Widgets } from '@rjsf/antd'
import type { WidgetProps } from '@rjsf/utils'

const ThemeSelectWidget = Widgets.SelectWidget!

/**
 * antd's select of rjsf offers a blank first option whenever the field has no default, for
 * clearing it; a field the form requires cannot be left blank, so its list starts at its first
 * real choice ("exchange for", a platform, a transfer's kind). The theme decides by the
 * schema's default alone, so a required field's schema says it has one: what the select shows
 * and sends is its value, never that default.
 */
export function RequiredSelectWidget(props: WidgetProps) {
  const first = props.options.enumOptions?.[0]
  if (!props.required || props.multiple || props.schema.default !== undefined || !first) return <ThemeSelectWidget {...props} />
  return <ThemeSelectWidget {...props} schema={{ ...props.schema, default: first.value }} />
}
