import type { ErrorObject } from 'ajv'
import type { JsonSchema, Label, Locale } from './types'
import { didYouMean } from './suggest'
import { escapePointerToken } from './pointer'
import { MEDIA_URL_FORMAT } from './media-url'
import { NOT_BLANK_KEYWORD } from './not-blank'

/** A validation failure as the API sends it in data.errors: a JSON pointer into the request and a sentence. */
export interface FieldError {
  path: string
  message: string
}

type Words = Record<Locale, (label: string, p: Record<string, unknown>) => string>

const MESSAGES: Record<string, Words> = {
  empty: { 'en-US': (l) => `${l} cannot be empty`, 'zh-CN': (l) => `${l}不能为空` },
  minLength: { 'en-US': (l, p) => `${l} must be at least ${p.limit} characters`, 'zh-CN': (l, p) => `${l}至少需要 ${p.limit} 个字符` },
  maxLength: { 'en-US': (l, p) => `${l} must be at most ${p.limit} characters`, 'zh-CN': (l, p) => `${l}最多 ${p.limit} 个字符` },
  type: {
    'en-US': (l, p) => `${l} must be ${String(p.type).split(',').map(article).join(' or ')}`,
    'zh-CN': (l, p) => `${l}必须是${String(p.type).split(',').map((t) => TYPE_ZH[t] ?? t).join('或')}`,
  },
  hostname: { 'en-US': (l) => `${l} must be a valid host name, such as console.example.com (no scheme, port or path)`, 'zh-CN': (l) => `${l}必须是有效的域名，例如 console.example.com（不含协议、端口和路径）` },
  format: { 'en-US': (l, p) => `${l} must be a valid ${p.format}`, 'zh-CN': (l, p) => `${l}必须是有效的 ${p.format}` },
  money: { 'en-US': (l) => `${l} must be an amount in yuan with two decimals, such as 12.50`, 'zh-CN': (l) => `${l}必须是保留两位小数的金额，例如 12.50` },
  [MEDIA_URL_FORMAT]: {
    'en-US': (l) => `${l} must be an address starting with https:// or http://, or an uploaded file (/uploads/…), with no spaces`,
    'zh-CN': (l) => `${l}必须是以 https:// 或 http:// 开头的地址，或已上传的文件（/uploads/…），且不能含空格`,
  },
  [NOT_BLANK_KEYWORD]: { 'en-US': (l) => `${l} cannot be blank: spaces alone are not a value`, 'zh-CN': (l) => `${l}不能只有空格或空白字符` },
  enum: { 'en-US': (l, p) => `${l} must be one of: ${list(p.allowedValues)}`, 'zh-CN': (l, p) => `${l}必须是以下之一：${list(p.allowedValues)}` },
  // A checkbox that must be ticked (a consent) is asked for, not explained as a value.
  const: {
    'en-US': (l, p) => (p.allowedValue === true ? `Tick “${l}” to go on` : `${l} must be ${JSON.stringify(p.allowedValue)}`),
    'zh-CN': (l, p) => (p.allowedValue === true ? `请勾选“${l}”后继续` : `${l}必须是 ${JSON.stringify(p.allowedValue)}`),
  },
  pattern: { 'en-US': (l) => `${l} contains characters that are not allowed`, 'zh-CN': (l) => `${l}包含不允许的字符` },
  minimum: { 'en-US': (l, p) => `${l} must be at least ${p.limit}`, 'zh-CN': (l, p) => `${l}不能小于 ${p.limit}` },
  maximum: { 'en-US': (l, p) => `${l} must be at most ${p.limit}`, 'zh-CN': (l, p) => `${l}不能大于 ${p.limit}` },
  minItems: { 'en-US': (l, p) => `${l} needs at least ${p.limit} item(s)`, 'zh-CN': (l, p) => `${l}至少需要 ${p.limit} 项` },
  maxItems: { 'en-US': (l, p) => `${l} allows at most ${p.limit} items`, 'zh-CN': (l, p) => `${l}最多 ${p.limit} 项` },
  uniqueItems: { 'en-US': (l) => `${l} must not repeat a value`, 'zh-CN': (l) => `${l}不能有重复值` },
  additionalProperties: { 'en-US': (l) => `Unknown field "${l}".`, 'zh-CN': (l) => `未知字段“${l}”。` },
  fileSize: { 'en-US': (l, p) => `${l} is larger than ${p.limit}`, 'zh-CN': (l, p) => `${l}不能超过 ${p.limit}` },
  fileType: { 'en-US': (l, p) => `${l} must be one of: ${p.types}`, 'zh-CN': (l, p) => `${l}只能是：${p.types}` },
}

/** One of the messages above by name, for checks made outside a JSON Schema (file parts of a multipart call). */
export function fieldMessage(key: 'empty' | 'additionalProperties' | 'fileSize' | 'fileType', label: string, params: Record<string, unknown>, locale: Locale): string {
  return MESSAGES[key]![locale](label, params)
}

const TYPE_ZH: Record<string, string> = { string: '文本', integer: '整数', number: '数字', boolean: '布尔值', object: '对象', array: '数组', null: '空值' }

function article(type: string): string {
  return type === 'integer' || type === 'array' || type === 'object' ? `an ${type}` : `a ${type}`
}

function list(values: unknown): string {
  return (values as unknown[]).map((v) => JSON.stringify(v)).join(', ')
}

/**
 * Turn ajv errors into field errors a person can act on, labelled with the schema's
 * x-label in the caller's locale. Requires ajv's `verbose` option (for parentSchema).
 */
export function toFieldErrors(errors: readonly ErrorObject[], locale: Locale = 'en-US'): FieldError[] {
  const out: FieldError[] = []
  const seen = new Set<string>()
  for (const error of errors) {
    const fieldError = toFieldError(error, locale)
    if (!fieldError) continue
    const key = fieldError.path + '\n' + fieldError.message
    if (seen.has(key)) continue
    seen.add(key)
    out.push(fieldError)
  }
  return out
}

function toFieldError(error: ErrorObject, locale: Locale): FieldError | undefined {
  const params = error.params as Record<string, unknown>
  const parent = (error.parentSchema ?? {}) as JsonSchema
  const name = lastToken(error.instancePath)
  const say = (key: string, label: string) => MESSAGES[key]![locale](label, params)
  switch (error.keyword) {
    case 'required': {
      const field = String(params.missingProperty)
      return { path: `${error.instancePath}/${escapePointerToken(field)}`, message: say('empty', labelOf(propertySchema(parent, field), field, locale)) }
    }
    case 'additionalProperties': {
      const field = String(params.additionalProperty)
      const known = Object.keys((parent.properties as object | undefined) ?? {})
      return { path: `${error.instancePath}/${escapePointerToken(field)}`, message: say('additionalProperties', field) + (locale === 'en-US' ? didYouMean(field, known) : '') }
    }
    case 'if':
    case 'anyOf':
    case 'oneOf':
      return undefined
  }
  const label = labelOf(parent, name, locale)
  if (error.keyword === 'minLength' && params.limit === 1) return { path: error.instancePath, message: say('empty', label) }
  if (error.keyword === 'format') {
    const key = params.format === 'hostname' || params.format === 'money' || params.format === MEDIA_URL_FORMAT ? String(params.format) : 'format'
    return { path: error.instancePath, message: say(key, label) }
  }
  const hint = parent['x-pattern-hint'] as Label | undefined
  if (error.keyword === 'pattern' && hint) return { path: error.instancePath, message: `${label}${locale === 'zh-CN' ? '：' : ': '}${hint[locale]}` }
  if (MESSAGES[error.keyword]) return { path: error.instancePath, message: say(error.keyword, label) }
  return { path: error.instancePath, message: `${label} ${error.message ?? 'is not valid'}` }
}

function propertySchema(parent: JsonSchema, field: string): JsonSchema {
  return ((parent.properties as Record<string, JsonSchema> | undefined) ?? {})[field] ?? {}
}

function labelOf(schema: JsonSchema, fallback: string, locale: Locale): string {
  const label = schema['x-label'] as Label | undefined
  return label?.[locale] ?? (fallback || (locale === 'zh-CN' ? '请求' : 'The request'))
}

/** The field a pointer ends at; an array item is named by its array: /ids/0 → ids[0]. */
function lastToken(pointer: string): string {
  const tokens = pointer.split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'))
  const last = tokens[tokens.length - 1] ?? ''
  return /^\d+$/.test(last) && tokens.length > 2 ? `${tokens[tokens.length - 2]}[${last}]` : last
}
