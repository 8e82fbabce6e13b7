import { theme } from 'antd'
import { describe, expect, it } from 'vitest'
import { ANTD_THEMES } from '../../theme/antd-theme'
import { axisTick } from './chart-style'

/** [r, g, b, a] of #rrggbb or rgb(a)(...). */
function rgba(color: string): [number, number, number, number] {
  const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color)
  if (hex) return [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16), parseInt(hex[3]!, 16), 1]
  const fn = /^rgba?\(([^)]+)\)$/.exec(color.replace(/\s/g, ''))
  if (!fn) throw new Error(`not a colour: ${color}`)
  const [r, g, b, a = 1] = fn[1]!.split(',').map(Number)
  return [r!, g!, b!, a]
}

/** WCAG contrast of a colour (perhaps translucent) drawn on an opaque background. */
function contrast(foreground: string, background: string): number {
  const [br, bg, bb] = rgba(background)
  const [fr, fg, fb, a] = rgba(foreground)
  const mixed = [fr * a + br * (1 - a), fg * a + bg * (1 - a), fb * a + bb * (1 - a)]
  const luminance = ([r, g, b]: number[]) => {
    const [lr, lg, lb] = [r!, g!, b!].map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4))
    return 0.2126 * lr! + 0.7152 * lg! + 0.0722 * lb!
  }
  const [l1, l2] = [luminance(mixed), luminance([br, bg, bb])].sort((x, y) => y - x)
  return (l1! + 0.05) / (l2! + 0.05)
}

describe('chart axis words', () => {
  it.each(Object.entries(ANTD_THEMES))('in the %s theme are filled, not outlined, and read at 4.5:1 on a card', (_, config) => {
    const token = theme.getDesignToken(config)
    const tick = axisTick(token)
    expect(tick.stroke).toBe('none')
    expect(contrast(tick.fill, token.colorBgContainer)).toBeGreaterThanOrEqual(4.5)
  })
})
