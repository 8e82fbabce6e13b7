import antd from 'antd/es/locale/en_US'
import { enUS } from './en-US'
import type { LocalePack } from './locale-packs'

export const pack: LocalePack = { messages: enUS, antd }
