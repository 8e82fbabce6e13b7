import { describe, expect, it } from 'vitest'
import { createAjv } from './ajv'
import { toFieldErrors } from './validation-messages'

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

  it('says what the whole request should be when it is not an object', () => {
    expect(errorsOf(null)).toEqual([{ path: '', message: 'The request must be an object' }])
  })
})
