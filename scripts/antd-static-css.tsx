// Prints the CSS of antd's components under one console theme (light or dark) as JSON, in two
// parts: `login`, the components the login page opened first shows (scripts/antd-login-specimen.tsx),
// with the map that tells antd at run time which styles are already loaded, so it neither
// generates nor injects them; and `rest`, those of the signed-in frame and its list pages
// (scripts/antd-console-specimen.tsx), which load with the console; both without the rules of options
// the console never sets (scripts/antd-unused-rules.ts). Every other component's
// styles antd generates in the browser when it first shows, so no page loads styles it does not show.
// Both are minified: antd writes its colours, zeros and shadows out in full.
// Run with NODE_ENV=production: the class hashes must be the production ones.
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs'
import { transform } from 'lightningcss'
import * as antd from 'antd'
import { ANTD_THEMES, type ThemeMode } from '../src/console/theme/antd-theme'
import { LoginSpecimen } from './antd-login-specimen'
import { ConsoleSpecimen } from './antd-console-specimen'
import { withoutUnusedRules } from './antd-unused-rules'

const mode = process.argv[2] as ThemeMode
if (!ANTD_THEMES[mode]) throw new Error(`usage: antd-static-css.tsx ${Object.keys(ANTD_THEMES).join('|')}`)

const MAP_RULE = /\.data-ant-cssinjs-cache-path\{content:"[^"]*";\}$/
const cache = createCache()
const render = (node: ReactNode) => renderToString(<StyleProvider cache={cache}><antd.ConfigProvider theme={ANTD_THEMES[mode]}>{node}</antd.ConfigProvider></StyleProvider>)
// `once`: each extraction holds only styles no earlier one did.
const part = () => withoutUnusedRules(extractStyle(cache, { plain: true, once: true }).replace(MAP_RULE, ''))

render(<LoginSpecimen />)
const login = part()
render(<ConsoleSpecimen />)
const rest = part()
const map = MAP_RULE.exec(extractStyle(cache, { plain: true }))?.[0]
if (!map) throw new Error('antd-static-css: @ant-design/cssinjs wrote no cache path map')
// No targets: nothing is rewritten for older browsers, only written shorter.
const minified = (css: string) => transform({ filename: `antd-${mode}.css`, code: Buffer.from(css), minify: true }).code.toString()
process.stdout.write(JSON.stringify({ login: minified(login + map), rest: minified(rest) }))
