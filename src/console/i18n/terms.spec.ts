import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Locale } from '../../schema/types'
import { enUS } from './en-US'
import { zhCN } from './zh-CN'

const SCHEMAS = join(__dirname, '../../../schemas')

interface Text {
  where: string
  locale: Locale
  text: string
  /** The schema of the field the text labels, for a field's x-label. */
  field?: Record<string, unknown>
}

/** Every text a person reads: the console's messages and each label of the schema files ({ "zh-CN": ..., "en-US": ... }). */
function texts(): Text[] {
  const found: Text[] = []
  for (const [locale, messages] of [['en-US', enUS], ['zh-CN', zhCN]] as const) {
    for (const [key, text] of Object.entries(messages)) found.push({ where: `i18n ${key}`, locale, text })
  }
  const visit = (node: unknown, where: string, field?: Record<string, unknown>) => {
    if (Array.isArray(node)) return node.forEach((item, i) => visit(item, `${where}/${i}`))
    if (node === null || typeof node !== 'object') return
    const object = node as Record<string, unknown>
    if (typeof object['en-US'] === 'string' && typeof object['zh-CN'] === 'string') {
      for (const locale of ['en-US', 'zh-CN'] as const) found.push({ where, locale, text: object[locale] as string, field })
      return
    }
    for (const [key, value] of Object.entries(object)) visit(value, `${where}/${key}`, key === 'x-label' ? object : undefined)
  }
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) {
        if (name !== 'meta') walk(path)
      } else if (name.endsWith('.json')) visit(JSON.parse(readFileSync(path, 'utf8')), relative(SCHEMAS, path))
    }
  }
  walk(SCHEMAS)
  return found
}

/** One word for one thing in each language; the words to the right are the ones not used. */
const TERMS: { locale: Locale; use: string; not: RegExp }[] = [
  // The console shows every amount with CNY (money.currency).
  { locale: 'en-US', use: 'CNY', not: /\byuan\b/i },
  // 备案: a site's filing (公安备案 with the public security bureau, ICP 备案), as the settings say; a police record is a person's.
  { locale: 'en-US', use: 'filing', not: /\b(police|ICP) record/i },
  // The agent role is a salesperson (spec §2, "agent (salesperson) management"), as the header's role says.
  { locale: 'zh-CN', use: '业务员', not: /代理/ },
]

describe('the words the console uses', () => {
  const all = texts()

  it.each(TERMS)('$locale says $use, never $not', ({ locale, not }) => {
    expect(all.filter((t) => t.locale === locale && not.test(t.text)).map((t) => `${t.where}: ${t.text}`)).toEqual([])
  })

  it('name no currency in an amount field\'s label, as every amount is shown with its currency', () => {
    const unit = /元|\byuan\b|\bCNY\b|\bRMB\b/i
    const labels = all.filter((t) => t.field?.format === 'money' && unit.test(t.text))
    expect(labels.map((t) => `${t.where}: ${t.text}`)).toEqual([])
  })
})
