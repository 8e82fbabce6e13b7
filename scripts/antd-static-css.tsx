// Prints the CSS of every antd component under one console theme (light or dark) as JSON, in
// two parts: `login`, the components the login page opened first shows (scripts/antd-login-specimen.tsx),
// with the map that tells antd at run time which styles are already loaded, so it neither
// generates nor injects them, for every component; and `rest`, all others, which load with the
// console. Run with NODE_ENV=production: the class hashes must be the production ones.
import { Fragment, type ComponentType, type ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs'
import * as antd from 'antd'
import { ANTD_THEMES, type ThemeMode } from '../src/console/theme/antd-theme'
import { LoginSpecimen } from './antd-login-specimen'

const mode = process.argv[2] as ThemeMode
if (!ANTD_THEMES[mode]) throw new Error(`usage: antd-static-css.tsx ${Object.keys(ANTD_THEMES).join('|')}`)

// What @ant-design/static-style-extract renders: every component, some with what they need to render at all.
const SKIPPED = ['ConfigProvider', 'Drawer', 'Grid', 'Modal', 'Popconfirm', 'Popover', 'Tooltip', 'Tour']
const components = antd as unknown as Record<string, ComponentType<Record<string, unknown>>>
const CUSTOM: Record<string, (C: ComponentType<Record<string, unknown>>) => ReactNode> = {
  Affix: (C) => <C><div /></C>,
  BackTop: () => <antd.FloatButton.BackTop />,
  Dropdown: (C) => <C menu={{ items: [] }}><div /></C>,
  Menu: (C) => <C items={[]} />,
  QRCode: (C) => <C value="https://ant.design" />,
  Tree: (C) => <C treeData={[]} />,
}
const every = Object.keys(components)
  .filter((name) => /^[A-Z]/.test(name) && !SKIPPED.includes(name))
  .map((name) => {
    const Component = components[name]!
    return <Fragment key={name}>{CUSTOM[name] ? CUSTOM[name](Component) : <Component />}</Fragment>
  })

const MAP_RULE = /\.data-ant-cssinjs-cache-path\{content:"[^"]*";\}$/
const cache = createCache()
const render = (node: ReactNode) => renderToString(<StyleProvider cache={cache}><antd.ConfigProvider theme={ANTD_THEMES[mode]}>{node}</antd.ConfigProvider></StyleProvider>)
// `once`: each extraction holds only styles no earlier one did.
const part = () => extractStyle(cache, { plain: true, once: true }).replace(MAP_RULE, '')

render(<LoginSpecimen />)
const login = part()
render(<>{every}</>)
const rest = part()
const map = MAP_RULE.exec(extractStyle(cache, { plain: true }))?.[0]
if (!map) throw new Error('antd-static-css: @ant-design/cssinjs wrote no cache path map')
process.stdout.write(JSON.stringify({ login: login + map, rest }))
