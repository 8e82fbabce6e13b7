import { PresetColors } from 'antd/es/theme/interface/presetColors'

/**
 * Rules of antd's pre-built styles (scripts/antd-static-css.tsx) for options the console never
 * sets, by the class antd gives them: a grid column's push, pull, offset and order (of every
 * span at every breakpoint), a button in one of the preset colours (`<Button color="lime">`),
 * right to left (`direction="rtl"`, on a ConfigProvider or a Select), and the filled, underlined
 * and borderless variants of inputs, number inputs, selects, date pickers and mentions (`variant`,
 * or `bordered={false}`). A select's borderless one stays: antd's own colour picker, of the
 * console's colour fields, shows its format in one. The columns and buttons were a third of the
 * login page's styles, the others a further 6 to 7% of each file. antd generates no styles at
 * run time for what the pre-built ones claim to hold, so antd-unused-rules.spec.ts checks that
 * no console source sets these options, nor antd itself but in that select.
 */
export const UNUSED_CLASSES = new RegExp(
  [
    `\\.ant-col-(?:(?:xs|sm|md|lg|xl|xxl)-)?(?:push|pull|offset|order)-\\d+`,
    `\\.ant-btn-color-(?:${PresetColors.join('|')})`,
    `\\.ant-[\\w-]+-rtl`,
    `\\.ant-(?:input(?:-number)?(?:-group-wrapper)?|picker|mentions)-(?:filled|underlined|borderless)`,
    `\\.ant-select-(?:filled|underlined)`,
  ]
    .map((cls) => `${cls}(?![\\w-])`)
    .join('|'),
)

/** `css` without the selectors naming an unused class, nor the rules and at-rule blocks left empty. */
export function withoutUnusedRules(css: string): string {
  let out = ''
  let at = 0
  while (at < css.length) {
    const open = css.indexOf('{', at)
    if (open < 0) return out + css.slice(at)
    const head = css.slice(at, open)
    const close = blockEnd(css, open)
    const body = css.slice(open + 1, close)
    if (head.trimStart().startsWith('@')) {
      // A block of rules (@media, @supports) is filtered inside; @keyframes and @font-face hold none of these classes.
      const inner = /^\s*@(media|supports|layer)\b/.test(head) ? withoutUnusedRules(body) : body
      if (inner.trim() !== '') out += `${head}{${inner}}`
    } else {
      const kept = splitSelectors(head).filter((selector) => !UNUSED_CLASSES.test(selector))
      if (kept.length > 0) out += `${kept.join(',')}{${body}}`
    }
    at = close + 1
  }
  return out
}

/** The index of the brace closing the block opened at `open`. */
function blockEnd(css: string, open: number): number {
  let depth = 0
  for (let i = open; i < css.length; i++) {
    if (css[i] === '{') depth++
    else if (css[i] === '}' && --depth === 0) return i
  }
  throw new Error(`antd-unused-rules: a block opened at ${open} is not closed`)
}

/** A selector list split at its top-level commas (not those inside :where(…) or :not(…)). */
function splitSelectors(list: string): string[] {
  const parts: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < list.length; i++) {
    if (list[i] === '(') depth++
    else if (list[i] === ')') depth--
    else if (list[i] === ',' && depth === 0) {
      parts.push(list.slice(start, i))
      start = i + 1
    }
  }
  parts.push(list.slice(start))
  return parts
}
