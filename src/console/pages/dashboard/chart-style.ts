import type { GlobalToken } from 'antd'

/**
 * The words along a chart's axes: drawn in the tertiary text colour, which holds 4.5:1 on a
 * card in either theme (theme/antd-theme), and with no outline. Recharts fills tick words with
 * the axis line's colour, and a stroke given with the tick props outlines each letter, which
 * made them look bold and smudged.
 */
export function axisTick(token: Pick<GlobalToken, 'colorTextTertiary'>) {
  return { fill: token.colorTextTertiary, stroke: 'none', fontSize: 12 }
}
