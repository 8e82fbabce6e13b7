import { describe, expect, it } from 'vitest'
import { createAjv } from './ajv'
import { toFieldErrors } from './validation-messages'
import { withNotBlank } from './not-blank'

const ajv = createAjv({ verbose: true })
const validate = ajv.compile({
  type: 'object',
  properties: {
    host: { type: 'string', format: 'hostname', 'x-label': { 'zh-CN': '域名', 'en-US': 'Host name' } },
    name: { type: 'string', minLength: 1, maxLength: 4, 'x-label': { 'zh-CN': '名称', 'en-US': 'Name' } },
    money: { type: 'string', format: 'money' },
    ids: { type: 'array', items: { type: 'integer' } },
    kind: { enum: [0, 1] },
  },
  required: ['host', 'name'],
  additionalProperties: false,
})

function errorsOf(value: unknown, locale: 'en-US' | 'zh-CN' = 'en-US') {
  validate(value)
  return toFieldErrors(validate.errors ?? [], locale)
}

describe('validation messages a person can act on', () => {
  it('names the field by its label, in both locales', () => {
    expect(errorsOf({ name: 'x' })).toEqual([{ path: '/host', message: 'Host name cannot be empty' }])
    expect(errorsOf({ name: 'x' }, 'zh-CN')).toEqual([{ path: '/host', message: '域名不能为空' }])
    expect(errorsOf({ host: 'a.b', name: '' })).toEqual([{ path: '/name', message: 'Name cannot be empty' }])
    expect(errorsOf({ host: 'a.b', name: 'toolong' }, 'zh-CN')).toEqual([{ path: '/name', message: '名称最多 4 个字符' }])
  })

  it('explains formats, enums, unknown fields and array items', () => {
    expect(errorsOf({ host: 'http://x', name: 'a', money: '1.5', kind: 2, ids: [1, 'x'], hots: 1 })).toEqual([
      { path: '/hots', message: 'Unknown field "hots". Did you mean "host"?' },
      { path: '/host', message: 'Host name must be a valid host name, such as console.example.com (no scheme, port or path)' },
      { path: '/money', message: 'money must be an amount in yuan with two decimals, such as 12.50' },
      { path: '/ids/1', message: 'ids[1] must be an integer' },
      { path: '/kind', message: 'kind must be one of: 0, 1' },
    ])
  })

  it('refuses a blank value and an address no browser should open, in both locales', () => {
    const check = createAjv({ verbose: true }).compile(
      withNotBlank({
        type: 'object',
        properties: {
          name: { type: 'string', minLength: 1, 'x-label': { 'zh-CN': '名称', 'en-US': 'Name' } },
          logo: { type: 'string', format: 'media-url', 'x-label': { 'zh-CN': '标志', 'en-US': 'Logo' } },
        },
      }),
    )
    const errorsIn = (locale: 'en-US' | 'zh-CN') => {
      check({ name: ' \u3000\t', logo: 'javascript:alert(1)' })
      return toFieldErrors(check.errors ?? [], locale)
    }
    expect(errorsIn('en-US')).toEqual([
      { path: '/name', message: 'Name cannot be blank: spaces alone are not a value' },
      { path: '/logo', message: 'Logo must be an address starting with https:// or http://, or an uploaded file (/uploads/…), with no spaces' },
    ])
    expect(errorsIn('zh-CN')).toEqual([
      { path: '/name', message: '名称不能只有空格或空白字符' },
      { path: '/logo', message: '标志必须是以 https:// 或 http:// 开头的地址，或已上传的文件（/uploads/…），且不能含空格' },
    ])
    expect(check({ name: ' a ', logo: '/uploads/2026-11/ab.png' })).toBe(true)
  })

  it('says what the whole request should be when it is not an object', () => {
    expect(errorsOf(null)).toEqual([{ path: '', message: 'The request must be an object' }])
  })
})
