import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PresetColors } from 'antd/es/theme/interface/presetColors'
import { withoutUnusedRules } from './antd-unused-rules'

const CONSOLE = resolve(__dirname, '../src/console')
const ANTD = resolve(__dirname, '../node_modules/antd/es')

function sources(dir: string, ext = /\.tsx?$/): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name), ext) : ext.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [],
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

  it('are for options no console source sets: right-to-left layout', () => {
    const providers = elements('ConfigProvider')
    expect(providers.length).toBeGreaterThanOrEqual(3)
    expect(providers.filter((tag) => /\bdirection=|\{\.\.\./.test(tag))).toEqual([])
    // Select and Cascader take a direction of their own; Space's is its axis, not this one.
    expect(elements('(?:Select|Cascader|TreeSelect)').filter((tag) => /\bdirection=/.test(tag))).toEqual([])
    expect(sources(CONSOLE).filter((file) => /\brtl\b/i.test(readFileSync(file, 'utf8')))).toEqual([])
  })

  it('are for options no console source sets, nor antd but in its colour picker: an input’s, select’s or picker’s filled, underlined or borderless variant', () => {
    const inputs = elements('(?:Input|InputNumber|Select|AutoComplete|Cascader|TreeSelect|DatePicker|RangePicker|TimePicker|Mentions|Form)')
    expect(inputs.length).toBeGreaterThan(30)
    expect(inputs.filter((tag) => /\b(variant|bordered)=/.test(tag))).toEqual([])
    // A ConfigProvider's variant, or one in its settings for a component, is every such field's.
    const settings = /\b(variant|input|textArea|inputNumber|select|cascader|treeSelect|datePicker|rangePicker|timePicker|mentions|form)=/
    expect(elements('ConfigProvider').filter((tag) => settings.test(tag))).toEqual([])
    const named = /(['"`])(filled|underlined|borderless)\1/
    expect(sources(CONSOLE).filter((file) => named.test(readFileSync(file, 'utf8')))).toEqual([])
    const inAntd = sources(ANTD, /\.js$/).filter((file) => !file.includes('/style/') && /\bvariant: (['"])(filled|underlined|borderless)\1|\bbordered: false\b/.test(readFileSync(file, 'utf8')))
    expect(inAntd.map((file) => file.slice(ANTD.length + 1))).toEqual(['color-picker/components/ColorInput.js'])
    expect(readFileSync(join(ANTD, 'color-picker/components/ColorInput.js'), 'utf8')).toMatch(/createElement\(Select, \{[^}]*variant: "borderless"/)
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

  it('drops right-to-left and variant selectors, not those of classes they begin, nor a select’s or tag’s borderless', () => {
    const css =
      ':where(.css-x).ant-input-rtl,:where(.css-x).ant-input{direction:ltr;}' +
      ':where(.css-x).ant-table-wrapper-rtl .ant-table-pagination-left{justify-content:flex-end;}' +
      ':where(.css-x).ant-input-filled.ant-input-status-error,:where(.css-x).ant-input-outlined.ant-input-status-error{border-color:red;}' +
      ':where(.css-x).ant-input-number-group-wrapper-borderless .ant-input-number-group-addon,:where(.css-x).ant-picker-underlined{border:0;}' +
      ':where(.css-x).ant-select-filled,:where(.css-x).ant-select-underlined,:where(.css-x).ant-select-borderless{border:0;}' +
      ':where(.css-x).ant-tag-borderless,:where(.css-x).ant-btn-variant-filled,:where(.css-x).ant-input-filled-x,:where(.css-x).ant-rtl-x{border:0;}'
    expect(withoutUnusedRules(css)).toBe(
      ':where(.css-x).ant-input{direction:ltr;}' +
        ':where(.css-x).ant-input-outlined.ant-input-status-error{border-color:red;}' +
        ':where(.css-x).ant-select-borderless{border:0;}' +
        ':where(.css-x).ant-tag-borderless,:where(.css-x).ant-btn-variant-filled,:where(.css-x).ant-input-filled-x,:where(.css-x).ant-rtl-x{border:0;}',
    )
  })
})
