import type { JsonSchema, Label, Locale } from './types'

/**
 * What a record says to people in words the platform wrote (a ledger row's "task Spring sale"),
 * kept as a key of its field's x-messages and the values it names, so it reads in whichever
 * language the reader has: the console's cell and the list export both render it here.
 */
export interface Message {
  key: string
  params?: Record<string, MessageParam>
}

/** Text as it was typed (a title), a number (grouped by the locale), or a message of the same field (a quota's name). */
export type MessageParam = string | number | Message

/** `{name}` in a template: the param of that name. */
const PLACEHOLDER = /\{([a-z][a-z0-9_]*)\}/g

/** Keys of x-messages: words, dots between (quota.digital_voice_count). */
export const MESSAGE_KEY = /^[a-z][a-z0-9_]*(\.[a-z0-9_]+)*$/

/** The templates a field declares, by key. */
export function messagesOf(property: JsonSchema | undefined): Record<string, Label> | undefined {
  return property?.['x-messages'] as Record<string, Label> | undefined
}

/**
 * A message value in the locale: its template with each `{name}` filled. A key the field does not
 * declare, or a value that is no message, answers undefined, for the caller to show plainly; a
 * param the message lacks stays as `{name}`, so a missing value shows rather than vanishing.
 *
 * ```ts
 * messageText({ 'x-messages': { task: { 'zh-CN': '任务「{title}」', 'en-US': 'Task “{title}”' } } }, { key: 'task', params: { title: 'Spring sale' } }, 'zh-CN') // '任务「Spring sale」'
 * ```
 */
export function messageText(property: JsonSchema | undefined, value: unknown, locale: Locale): string | undefined {
  const messages = messagesOf(property)
  if (!messages || !isMessage(value)) return undefined
  return render(messages, value, locale, 0)
}

function render(messages: Record<string, Label>, message: Message, locale: Locale, depth: number): string | undefined {
  const template = messages[message.key]
  if (!template) return undefined
  const params = message.params ?? {}
  return (template[locale] ?? template['en-US']).replace(PLACEHOLDER, (whole, name: string) => {
    const param = params[name]
    if (typeof param === 'number') return new Intl.NumberFormat(locale).format(param)
    if (typeof param === 'string') return param
    // A message inside a message, not deeper: the data cannot make a loop of it.
    if (isMessage(param) && depth < 2) return render(messages, param, locale, depth + 1) ?? whole
    return whole
  })
}

export function isMessage(value: unknown): value is Message {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as Message).key === 'string'
}

/** The placeholders a template names, in order of first use. */
export function placeholdersOf(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1]!))]
}
