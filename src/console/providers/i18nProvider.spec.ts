import { beforeAll, afterEach, describe, expect, it, vi } from 'vitest'
import type { Locale } from '../../schema/types'
import { enUS } from '../i18n/en-US'
import { zhCN } from '../i18n/zh-CN'
import { createI18nProvider, LOCALE_KEY, LOCALE_OWN_NAMES, LOCALES, messageIn, PLURAL_FORMS } from './i18nProvider'
import { loadLocale } from '../i18n/locale-packs'

// The words of both locales, which the console loads as each is first wanted.
beforeAll(() => Promise.all([loadLocale('zh-CN'), loadLocale('en-US')]))

function storageWith(locale?: string): Storage {
  const storage = new Storage()
  if (locale !== undefined) storage.setItem(LOCALE_KEY, locale)
  return storage
}

describe('the stored locale', () => {
  it('is zh-CN by default (spec §9)', () => {
    for (const storage of [storageWith(), storageWith('')]) {
      const i18n = createI18nProvider(storage)
      expect(i18n.getLocale()).toBe('zh-CN')
      expect(i18n.translate('app.title')).toBe('控制台')
    }
  })

  it('is read from arco-locale', () => {
    const i18n = createI18nProvider(storageWith('en-US'))
    expect(i18n.getLocale()).toBe('en-US')
    expect(i18n.translate('app.title')).toBe('Console')
  })

  it.each(['fr-FR', 'zh-TW', 'zh', 'en', 'garbage'])('%s falls back to English (spec §4)', (stored) => {
    const i18n = createI18nProvider(storageWith(stored))
    expect(i18n.getLocale()).toBe('en-US')
    expect(i18n.translate('login.username')).toBe('Username')
  })

  it('is the browser\'s local storage by default', () => {
    localStorage.setItem(LOCALE_KEY, 'en-US')
    try {
      expect(createI18nProvider().getLocale()).toBe('en-US')
    } finally {
      localStorage.removeItem(LOCALE_KEY)
    }
  })
})

describe('changeLocale', () => {
  it('switches the text, stores the choice and tells the console', async () => {
    const storage = storageWith()
    const changes: Locale[] = []
    const i18n = createI18nProvider(storage, (locale) => changes.push(locale))
    await i18n.changeLocale('en-US')
    expect(i18n.getLocale()).toBe('en-US')
    expect(i18n.translate('login.password')).toBe('Password')
    expect(storage.getItem(LOCALE_KEY)).toBe('en-US')
    await i18n.changeLocale('zh-CN')
    expect(i18n.translate('login.password')).toBe('密码')
    expect(storage.getItem(LOCALE_KEY)).toBe('zh-CN')
    expect(changes).toEqual(['en-US', 'zh-CN'])
  })

  it('stores English for any other locale', async () => {
    const storage = storageWith()
    const changes: Locale[] = []
    const i18n = createI18nProvider(storage, (locale) => changes.push(locale))
    await i18n.changeLocale('de-DE')
    expect(i18n.getLocale()).toBe('en-US')
    expect(storage.getItem(LOCALE_KEY)).toBe('en-US')
    expect(changes).toEqual(['en-US'])
    expect(createI18nProvider(storage).getLocale()).toBe('en-US')
  })

  it('speaks the old locale until the new one’s words are in', async () => {
    vi.resetModules()
    const fresh = await import('./i18nProvider')
    const packs = await import('../i18n/locale-packs')
    await packs.loadLocale('zh-CN')
    const changes: Locale[] = []
    const i18n = fresh.createI18nProvider(storageWith('zh-CN'), (locale) => changes.push(locale))
    const switched = i18n.changeLocale('en-US')
    expect(packs.localePack('en-US')).toBeUndefined()
    expect(i18n.getLocale()).toBe('zh-CN')
    expect(i18n.translate('login.password')).toBe('密码')
    await switched
    expect(i18n.translate('login.password')).toBe('Password')
    expect(changes).toEqual(['en-US'])
  })

  it('names each locale in its own language, as its words do', () => {
    for (const locale of LOCALES) expect(LOCALE_OWN_NAMES[locale]).toBe(messageIn(locale, 'locale.name'))
  })
})

describe('translate', () => {
  it('fills {{name}} placeholders from the options', () => {
    expect(createI18nProvider(storageWith('en-US')).translate('list.total', { total: 25 })).toBe('25 in all')
    expect(createI18nProvider(storageWith('zh-CN')).translate('list.total', { total: 25 })).toBe(zhCN['list.total']!.replace('{{total}}', '25'))
    expect(createI18nProvider(storageWith('en-US')).translate('notifications.createError', { resource: 'Domain', statusCode: 200 })).toBe('Could not create Domain')
  })

  it('falls back to the default message, then to the key', () => {
    const i18n = createI18nProvider(storageWith('zh-CN'))
    expect(i18n.translate('domain.fields.host', 'Host name')).toBe('Host name')
    expect(i18n.translate('domain.titles.list', { count: 3 }, '{{ count }} domains')).toBe('3 domains')
    expect(i18n.translate('domain.titles.list')).toBe('domain.titles.list')
  })

  it('says a count in the plural form the locale gives the number', () => {
    const en = createI18nProvider(storageWith('en-US'))
    expect(en.translate('dashboard.ordersCount', { count: 1 })).toBe('1 order')
    expect(en.translate('dashboard.ordersCount', { count: 4 })).toBe('4 orders')
    expect(en.translate('dashboard.ordersCount', { count: 0 })).toBe('0 orders')
    expect(en.translate('list.bulkDeleteConfirm', { count: 1 })).toBe('Delete 1 record? This cannot be undone.')
    expect(en.translate('list.bulkDeleteConfirm', { count: 3 })).toBe('Delete 3 records? This cannot be undone.')
    const zh = createI18nProvider(storageWith('zh-CN'))
    expect(zh.translate('dashboard.ordersCount', { count: 1 })).toBe(zhCN['dashboard.ordersCount']!.replace('{{count}}', '1'))
  })

  it('answers the key for a key named like an Object member', () => {
    const i18n = createI18nProvider(storageWith('en-US'))
    for (const key of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(i18n.translate(key)).toBe(key)
      expect(messageIn('zh-CN', key)).toBe(key)
    }
  })

  it('messageIn reads one locale whatever the current one is', () => {
    expect(messageIn('zh-CN', 'locale.switched')).toBe(zhCN['locale.switched'])
    expect(messageIn('en-US', 'locale.switched')).toBe('Language switched to English')
    expect(messageIn('en-US', 'no.such.key')).toBe('no.such.key')
  })

  describe('with a Chinese text missing', () => {
    afterEach(() => {
      vi.doUnmock('../i18n/zh-CN')
      vi.resetModules()
    })

    it('shows the English text before the default message', async () => {
      vi.resetModules()
      vi.doMock('../i18n/zh-CN', () => ({ zhCN: { 'app.title': '控制台' } }))
      const partial = await import('./i18nProvider')
      const packs = await import('../i18n/locale-packs')
      await Promise.all([packs.loadLocale('zh-CN'), packs.loadLocale('en-US')])
      const i18n = partial.createI18nProvider(storageWith('zh-CN'))
      expect(i18n.translate('app.title')).toBe('控制台')
      expect(i18n.translate('login.username', 'User')).toBe('Username')
      expect(i18n.translate('list.total', { total: 2 })).toBe('2 in all')
      expect(partial.messageIn('zh-CN', 'login.username')).toBe('Username')
    })
  })
})

describe('the message files', () => {
  const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort()

  const pluralForm = new RegExp(`_(${PLURAL_FORMS.join('|')})$`)
  const messages: Record<Locale, Record<string, string>> = { 'zh-CN': zhCN, 'en-US': enUS }

  it('zh-CN and en-US have exactly the same keys, leaving aside plural forms', () => {
    const zh = Object.keys(zhCN).filter((k) => !pluralForm.test(k))
    const en = Object.keys(enUS).filter((k) => !pluralForm.test(k))
    expect(zh.filter((k) => !en.includes(k)), 'only in zh-CN').toEqual([])
    expect(en.filter((k) => !zh.includes(k)), 'only in en-US').toEqual([])
  })

  it('have plural forms only of their own messages, in forms the language has, with a count to choose by', () => {
    for (const [locale, texts] of Object.entries(messages) as [Locale, Record<string, string>][]) {
      const forms: readonly string[] = new Intl.PluralRules(locale).resolvedOptions().pluralCategories
      for (const [key, text] of Object.entries(texts)) {
        const form = pluralForm.exec(key)?.[1]
        if (!form) continue
        const base = key.slice(0, -form.length - 1)
        expect(texts[base], `${locale} ${key} without ${base}`).toBeDefined()
        expect(forms, `${locale} ${key}`).toContain(form)
        expect(placeholders(text), `${locale} ${key}`).toContain('count')
      }
    }
  })

  it('fill the same placeholders, and leave no text empty', () => {
    for (const [key, en] of Object.entries(enUS)) {
      const zh = zhCN[key.replace(pluralForm, '')]!
      expect(placeholders(zh), key).toEqual(placeholders(en))
      expect(en.trim(), `en-US ${key}`).not.toBe('')
      expect(zh.trim(), `zh-CN ${key}`).not.toBe('')
    }
  })

  it('say a count in the form of the number (1 order, 4 orders), not as order(s)', () => {
    for (const [key, en] of Object.entries(enUS)) expect(en, key).not.toMatch(/\w\(s\)/)
  })
})
