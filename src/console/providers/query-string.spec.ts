import { describe, expect, it } from 'vitest'
import qs from 'qs'
import { toQueryString } from './query-string'

const cases: [string, object][] = [
  ['nothing', {}],
  ['plain values', { page: 1, pageSize: 20, keyword: 'tea', on: true, off: false, zero: 0 }],
  ['nulls and undefined', { a: null, b: undefined, c: '', d: 'x' }],
  ['a site and its port', { domain: '127.0.0.1:3000' }],
  ['characters to encode', { q: "a b&c=d?e/f#g+h%i!j'k(l)m*n~o-p_q.r", 'key with space': 'v', 'ключ': 'значение' }],
  ['CJK and emoji', { name: '短视频控制台', face: '😀 ok' }],
  ['a lone surrogate', { broken: 'a\uD800b', low: '\uDC00' }],
  ['nested', { filters: { status: [1, 2], created_at: ['2026-01-01', '2026-02-01'], owner: { id: 3, name: null } } }],
  ['arrays of objects', { sorters: [{ field: 'id', order: 'desc' }, { field: 'name', order: 'asc' }], empty: [], none: {} }],
  ['arrays with holes of null', { ids: [1, null, 3, undefined] }],
  ['dates', { at: new Date(Date.UTC(2026, 0, 2, 3, 4, 5)), within: [new Date(0)] }],
  ['bigints and numbers', { big: 12345678901234567890n, float: 1.5, neg: -2, nan: NaN, inf: Infinity }],
  ['keys with brackets', { 'a[b]': 'c', '': 'empty key' }],
]

describe('toQueryString', () => {
  it.each(cases)('writes %s as qs.stringify does with skipNulls', (_, query) => {
    expect(toQueryString(query)).toBe(qs.stringify(query, { skipNulls: true }))
  })
})
