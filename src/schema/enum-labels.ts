import type { JsonSchema, Label, Locale } from './types'

/**
 * What an enum value is called (x-enum-labels, in the order of enum) in the locale, else in
 * English, else the value itself.
 *
 * ```ts
 * enumValueLabel({ enum: ['draft'], 'x-enum-labels': [{ 'zh-CN': '草稿', 'en-US': 'Draft' }] }, 'draft', 'zh-CN') // '草稿'
 * ```
 */
export function enumValueLabel(property: JsonSchema | undefined, value: unknown, locale: Locale): string {
  const values = property?.enum as unknown[] | undefined
  const label = (property?.['x-enum-labels'] as Label[] | undefined)?.[values?.indexOf(value) ?? -1]
  return label?.[locale] ?? label?.['en-US'] ?? String(value)
}
