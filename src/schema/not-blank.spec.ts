import { describe, expect, it } from 'vitest'
import { isBlank, NOT_BLANK_KEYWORD, withNotBlank } from './not-blank'

describe('isBlank', () => {
  it.each(['', ' ', '   ', '\t\n\r', '\u3000', '\u00a0', '\u200b', '\ufeff', ' \u200b\u3000 '])('calls %j blank', (value) => {
    expect(isBlank(value)).toBe(true)
  })

  it.each(['a', ' a ', '名', '😀', '0', '.'])('calls %j a value', (value) => {
    expect(isBlank(value)).toBe(false)
  })
})

describe('withNotBlank', () => {
  it('marks every string that must not be empty, wherever it is, and nothing else', () => {
    const marked = withNotBlank({
      type: 'object',
      properties: {
        name: { type: 'string', minLength: 1 },
        code: { type: ['string', 'null'], minLength: 6 },
        note: { type: 'string', maxLength: 10 },
        count: { type: 'integer', minimum: 1 },
        tags: { type: 'array', items: { type: 'string', minLength: 1 } },
        nested: { type: 'object', properties: { title: { type: 'string', minLength: 1 } } },
        either: { oneOf: [{ type: 'string', minLength: 2 }, { type: 'null' }] },
      },
    })
    const props = marked.properties as Record<string, Record<string, unknown>>
    expect(props.name![NOT_BLANK_KEYWORD]).toBe(true)
    expect(props.code![NOT_BLANK_KEYWORD]).toBe(true)
    expect(props.note).not.toHaveProperty(NOT_BLANK_KEYWORD)
    expect(props.count).not.toHaveProperty(NOT_BLANK_KEYWORD)
    expect((props.tags!.items as Record<string, unknown>)[NOT_BLANK_KEYWORD]).toBe(true)
    expect(((props.nested!.properties as Record<string, Record<string, unknown>>).title!)[NOT_BLANK_KEYWORD]).toBe(true)
    expect((props.either!.oneOf as Record<string, unknown>[])[0]![NOT_BLANK_KEYWORD]).toBe(true)
  })

  it('leaves secrets alone, where a space is a character like any other', () => {
    const marked = withNotBlank({
      type: 'object',
      properties: {
        password: { type: 'string', minLength: 8, 'x-widget': 'password' },
        key: { type: 'string', minLength: 1, writeOnly: true },
      },
    })
    for (const field of Object.values(marked.properties as Record<string, object>)) expect(field).not.toHaveProperty(NOT_BLANK_KEYWORD)
  })

  it('changes a copy, not the schema it was given', () => {
    const source = { type: 'object', properties: { name: { type: 'string', minLength: 1 } } }
    withNotBlank(source)
    expect(source.properties.name).toEqual({ type: 'string', minLength: 1 })
  })
})
