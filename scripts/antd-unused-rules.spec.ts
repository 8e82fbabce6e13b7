import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PresetColors } from 'antd/es/theme/interface/presetColors'
import { withoutUnusedRules } from './antd-unused-rules'

const CONSOLE = resolve(__dirname, '../src/console')

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
  )
}

/** Each JSX element `<Name …>` in the console's sources, with its attributes. */
function elements(name: string): string[] {
  return sources(CONSOLE).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(new RegExp(`<${name}\\b[^>]*>`, 'g'))].map(([tag]) => tag))
}

describe('the rules left out of antd’s pre-built styles', () => {
  it('are for options no console source sets: a column’s push, pull, offset or order, a button’s preset colour', () => {
    expect(elements('Col').length).toBeGreaterThan(5)
    expect(elements('Col').filter((tag) => /\b(push|pull|offset|order)=|\b(xs|sm|md|lg|xl|xxl)=\{\{/.test(tag))).toEqual([])
    expect(elements('Button').length).toBeGreaterThan(20)
    expect(elements('Button').filter((tag) => /\bcolor=/.test(tag) && !/\bcolor="(default|primary|danger)"/.test(tag))).toEqual([])
    expect(PresetColors).toContain('lime')
  })

  it('drops only those selectors, inside media blocks too, and the blocks left empty', () => {
    const css =
      ':where(.css-x).ant-col-push-3{left:12.5%;}:where(.css-x).ant-col-3{flex:0 0 12.5%;}' +
      '@media (min-width: 576px){:where(.css-x).ant-col-sm-offset-2{margin-inline-start:8.3%;}:where(.css-x).ant-col-sm-12{display:block;}}' +
      '@media (min-width: 768px){:where(.css-x).ant-col-md-order-1{order:1;}}' +
      ':where(.css-x).ant-btn-color-lime,:where(.css-x).ant-btn-color-primary{color:#fff;}' +
      ':where(.css-x).ant-btn-color-limey{color:red;}@keyframes spin{to{transform:rotate(360deg);}}'
    expect(withoutUnusedRules(css)).toBe(
      ':where(.css-x).ant-col-3{flex:0 0 12.5%;}' +
        '@media (min-width: 576px){:where(.css-x).ant-col-sm-12{display:block;}}' +
        ':where(.css-x).ant-btn-color-primary{color:#fff;}' +
        ':where(.css-x).ant-btn-color-limey{color:red;}@keyframes spin{to{transform:rotate(360deg);}}',
    )
  })
})
