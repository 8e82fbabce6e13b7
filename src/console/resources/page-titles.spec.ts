import { resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { readSchemaFiles } from '../../schema/load-files'
import { createRegistry } from '../../schema/registry'
import type { Locale } from '../../schema/types'
import { createI18nProvider, LOCALE_KEY } from '../providers/i18nProvider'
import { detailFields } from './fields'
import { titleParams, type RecordPage } from './page-titles'
import { loadLocale } from '../i18n/locale-packs'

// The words of both locales, which the console loads as each is first wanted.
beforeAll(() => Promise.all([loadLocale('zh-CN'), loadLocale('en-US')]))

const registry = createRegistry(readSchemaFiles(resolve(__dirname, '../../../schemas')))

function title(resource: string, page: RecordPage, locale: Locale): string {
  const storage = new Map([[LOCALE_KEY, locale]])
  const i18n = createI18nProvider({ getItem: (k: string) => storage.get(k) ?? null, setItem: () => undefined } as unknown as Storage)
  const def = registry.resources.get(resource)!
  return i18n.translate(`page.${page}`, titleParams(def, registry.entities.get(def.entity), locale))
}

describe('the titles of a record\'s pages', () => {
  it('read as English, naming one record: the screen\'s record, else its entity', () => {
    expect(title('merchant', 'show', 'en-US')).toBe('Merchant details')
    expect(title('all_merchant', 'show', 'en-US')).toBe('Merchant details')
    expect(title('partner', 'edit', 'en-US')).toBe('Edit partner')
    expect(title('agent', 'create', 'en-US')).toBe('New agent')
    expect(title('domain', 'create', 'en-US')).toBe('New domain')
    expect(title('recharge_order', 'show', 'en-US')).toBe('Recharge order details')
    expect(title('agreement', 'show', 'en-US')).toBe('Agreement details')
  })

  it('name one record in Chinese too, not the screen', () => {
    expect(title('merchant', 'show', 'zh-CN')).toBe('商户详情')
    expect(title('domain', 'create', 'zh-CN')).toBe('新建域名')
    expect(title('partner', 'edit', 'zh-CN')).toBe('编辑服务商')
  })

  it('keep an acronym in a sentence as written', () => {
    const def = { name: 'icp', label: { 'zh-CN': '备案', 'en-US': 'ICP filings' }, record: { 'zh-CN': '备案', 'en-US': 'ICP filing' } }
    expect(titleParams(def, undefined, 'en-US')).toEqual({ screen: 'ICP filings', record: 'ICP filing', recordInSentence: 'ICP filing' })
  })
})

describe('the detail pages of accounts', () => {
  it('show the fields their resource names, each labelled in both locales', () => {
    for (const name of ['merchant', 'all_merchant', 'partner', 'agent']) {
      const def = registry.resources.get(name)!
      const fields = detailFields(registry, def, registry.entities.get('user')!)
      expect(fields.map((f) => f.name)).toEqual(def.show!.fields)
      expect(fields.filter((f) => !f.label?.['zh-CN'] || !f.label?.['en-US']).map((f) => f.name)).toEqual([])
      // Codes and per-account numbers the platform's settings decide mean nothing on this page.
      expect(fields.map((f) => f.name)).not.toContain('job')
      expect(fields.map((f) => f.name)).not.toContain('digital_man_money_exchange_num')
    }
  })
})
