import type { I18nProvider } from '@refinedev/core'
import type { Locale } from '../../schema/types'
import { loadLocale, localePack } from '../i18n/locale-packs'

/** The locale is stored in the browser under the original console's key (spec §3). */
export const LOCALE_KEY = 'arco-locale'
export const DEFAULT_LOCALE: Locale = 'zh-CN'
export const LOCALES: readonly Locale[] = ['zh-CN', 'en-US']
/** Each locale named in its own language (its "locale.name"): a list of languages names all, whichever one's words are loaded. */
export const LOCALE_OWN_NAMES: Record<Locale, string> = { 'zh-CN': '简体中文', 'en-US': 'English' }

/** A stored or asked-for locale; anything but zh-CN falls back to English (spec §4). */
export function normalizeLocale(value: string | null | undefined): Locale {
  if (value === null || value === undefined || value === '') return DEFAULT_LOCALE
  return value === 'zh-CN' ? 'zh-CN' : 'en-US'
}

/** One message in a given locale (loaded: loadLocale), whatever the current one is. */
export function messageIn(locale: Locale, key: string): string {
  return lookup(locale, key) ?? lookup('en-US', key) ?? key
}

/** Own keys only, so a key such as "constructor" does not find a member of Object. */
function lookup(locale: Locale, key: string): string | undefined {
  const messages = localePack(locale)?.messages
  return messages && Object.hasOwn(messages, key) ? messages[key] : undefined
}

export interface ConsoleI18n extends I18nProvider {
  getLocale: () => Locale
  /** Settles once the new locale's words are here and it is the current one. */
  changeLocale: (locale: string) => Promise<void>
}

/** The endings of a message's plural forms: "list.total_one" is list.total said of one. */
export const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many'] as const

/**
 * A message said of `count` things in a locale: the plural form the locale's rules choose
 * for the number (key_one for 1 in English), else the key itself, which is the form for every
 * other number (English "4 orders"; Chinese has no other form).
 */
function lookupCounted(locale: Locale, key: string, count: unknown): string | undefined {
  if (typeof count === 'number') {
    const form = new Intl.PluralRules(locale).select(count)
    if (form !== 'other') {
      const text = lookup(locale, `${key}_${form}`)
      if (text !== undefined) return text
    }
  }
  return lookup(locale, key)
}

/**
 * Text lookup with {{name}} interpolation and plural forms by the `count` option: the current
 * locale, then English, then the default the caller gave, then the key itself. The stored
 * locale's words must be loaded first (loadLocale, as main.tsx does); another locale becomes
 * the current one once its words are.
 */
export function createI18nProvider(storage: Storage = localStorage, onChange?: (locale: Locale) => void): ConsoleI18n {
  let locale = normalizeLocale(storage.getItem(LOCALE_KEY))
  return {
    translate(key: string, options?: unknown, defaultMessage?: string) {
      const params = typeof options === 'object' && options !== null ? (options as Record<string, unknown>) : {}
      const fallback = typeof options === 'string' ? options : defaultMessage
      const text = lookupCounted(locale, key, params.count) ?? lookupCounted('en-US', key, params.count) ?? fallback ?? key
      return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''))
    },
    async changeLocale(next: string) {
      const wanted = normalizeLocale(next)
      storage.setItem(LOCALE_KEY, wanted)
      await loadLocale(wanted)
      locale = wanted
      onChange?.(wanted)
    },
    getLocale: () => locale,
  }
}
