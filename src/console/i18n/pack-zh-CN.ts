import antd from 'antd/es/locale/zh_CN'
import { zhCN } from './zh-CN'
import type { LocalePack } from './locale-packs'

export const pack: LocalePack = { messages: zhCN, antd }
