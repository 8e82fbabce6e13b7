import type { Locale as AntdLocale } from 'antd/es/locale'
import type { Locale } from '../../schema/types'

/** A locale's words: the console's own messages and antd's (its pagination, pickers, dialogs). */
export interface LocalePack {
  messages: Readonly<Record<string, string>>
  antd: AntdLocale
}

// One file each, loaded as a locale is first wanted: a page speaks one language at a time.
const LOADERS: Record<Locale, () => Promise<LocalePack>> = {
  'zh-CN': () => import('./pack-zh-CN').then((m) => m.pack),
  'en-US': () => import('./pack-en-US').then((m) => m.pack),
}

const packs: Partial<Record<Locale, LocalePack>> = {}
const loading: Partial<Record<Locale, Promise<LocalePack>>> = {}

/** Settles once `locale`'s pack is here (localePack answers it); a failed load is tried again by the next call. */
export function loadLocale(locale: Locale): Promise<LocalePack> {
  return (loading[locale] ??= LOADERS[locale]().then(
    (pack) => (packs[locale] = pack),
    (error: unknown) => {
      loading[locale] = undefined
      throw error
    },
  ))
}

/** The pack of a locale loaded already (loadLocale), else undefined. */
export function localePack(locale: Locale): LocalePack | undefined {
  return packs[locale]
}
