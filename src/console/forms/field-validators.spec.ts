import { describe, expect, it } from 'vitest'
import ucs2length from 'ajv/dist/runtime/ucs2length.js'
import { codePointLength } from './field-validators'

describe('codePointLength', () => {
  it.each(['', 'abc', '名称', '😀🎬', 'é', 'e\u0301', 'x\ud83d', '\ude00y', '\ud83d\ud83d', 'a😀\ud83db'])('counts %j as ajv does', (text) => {
    expect(codePointLength(text)).toBe(ucs2length(text))
  })
})
