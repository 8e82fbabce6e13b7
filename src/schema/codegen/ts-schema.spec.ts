import { describe, expect, it } from 'vitest'
import { paginator } from '../generic-endpoint'
import type { JsonSchema } from '../types'
import { toTsSchema, type RefScope } from './ts-schema'

const domain: JsonSchema = {
  $id: 'domain',
  title: 'Domain',
  type: 'object',
  properties: {
    host: { type: 'string', maxLength: 253, 'x-label': { 'zh-CN': '域名', 'en-US': 'Host name' }, 'x-unique': true },
    code: { $ref: '#/$defs/code' },
  },
  $defs: { code: { type: 'string', pattern: '^[a-z]+$' } },
}
const scope: RefScope = { schemas: { domain }, self: {} }

describe('toTsSchema', () => {
  it('turns a reference to a whole entity into its type, keeping what the reference adds', () => {
    expect(toTsSchema({ $ref: 'domain' }, scope)).toEqual({ tsType: 'Domain' })
    expect(toTsSchema({ $ref: 'domain#', description: 'The site.' }, scope)).toEqual({ tsType: 'Domain', description: 'The site.' })
  })

  it('inlines a reference into an entity, without its annotations', () => {
    expect(toTsSchema({ $ref: 'domain#/properties/host', description: 'Where.' }, scope)).toEqual({ type: 'string', maxLength: 253, description: 'Where.' })
  })

  it('resolves an entity’s local references against that entity, not the referring file', () => {
    expect(toTsSchema({ $ref: 'domain#/properties/code' }, scope)).toEqual({ type: 'string', pattern: '^[a-z]+$' })
  })

  it('drops title and x- keywords, but not fields that happen to have those names', () => {
    const schema = { title: 'Article', type: 'object', 'x-label': {}, properties: { title: { type: 'string', title: 'Headline' }, 'x-ray': { type: 'integer' } } }
    expect(toTsSchema(schema, scope)).toEqual({ type: 'object', properties: { title: { type: 'string' }, 'x-ray': { type: 'integer' } } })
  })

  it('types money as Money, nullable money as Money | null', () => {
    expect(toTsSchema({ type: 'string', format: 'money' }, scope)).toMatchObject({ tsType: 'Money' })
    expect(toTsSchema({ type: ['string', 'null'], format: 'money' }, scope)).toMatchObject({ tsType: 'Money | null' })
  })

  it('types a closed object with no fields as one that accepts none', () => {
    expect(toTsSchema({ type: 'object', additionalProperties: false }, scope)).toMatchObject({ tsType: 'Record<string, never>' })
  })

  it('reuses Paginator for a page of entities, and only for exactly that shape', () => {
    expect(toTsSchema(paginator({ $ref: 'domain' }), scope)).toEqual({ tsType: 'Paginator<Domain>' })
    const extra = paginator({ $ref: 'domain' })
    ;(extra.properties as JsonSchema).sum = { type: 'integer' }
    expect(toTsSchema(extra, scope)).not.toHaveProperty('tsType')
  })

  it('says which reference goes round in a circle', () => {
    const loop: RefScope = { schemas: {}, self: { a: { $ref: '#/b' }, b: { $ref: '#/a' } } }
    expect(() => toTsSchema({ $ref: '#/a' }, loop)).toThrow(/refers back to itself through #\/a → #\/b/)
  })
})
