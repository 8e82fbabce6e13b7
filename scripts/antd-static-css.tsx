// Prints the CSS of every antd component under one console theme (light or dark), with the
// map that tells antd at run time which styles are already loaded, so it neither generates
// nor injects them. Run with NODE_ENV=production: the class hashes must be the production ones.
import { extractStyle } from '@ant-design/static-style-extract'
import { ConfigProvider } from 'antd'
import { ANTD_THEMES, type ThemeMode } from '../src/console/theme/antd-theme'

const mode = process.argv[2] as ThemeMode
if (!ANTD_THEMES[mode]) throw new Error(`usage: antd-static-css.tsx ${Object.keys(ANTD_THEMES).join('|')}`)
process.stdout.write(extractStyle((node) => <ConfigProvider theme={ANTD_THEMES[mode]}>{node}</ConfigProvider>))
