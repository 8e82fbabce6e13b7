import { describe, expect, it } from 'vitest'
import { relatedEntities, relationsIn } from './relations-in'

const input = {
  type: 'object',
  properties: {
    title: { type: 'string' },
    slots: { type: 'array', items: { type: 'object', properties: { clips: { type: 'array', items: { type: 'integer', 'x-relation': 'material' } } } } },
    bgm_material_id: { type: ['integer', 'null'], 'x-relation': 'material' },
    voice_id: { type: 'integer', 'x-relation': 'voice_clone' },
  },
}

describe('records named through x-relation fields', () => {
  it('finds every id at any depth with its pointer, and nothing where the value is empty', () => {
    expect(relationsIn(input, { title: 'x', slots: [{ clips: [3, 4] }, { clips: [3] }], bgm_material_id: null, voice_id: 9 })).toEqual([
      { entity: 'material', id: 3, path: '/slots/0/clips/0' },
      { entity: 'material', id: 4, path: '/slots/0/clips/1' },
      { entity: 'material', id: 3, path: '/slots/1/clips/0' },
      { entity: 'voice_clone', id: 9, path: '/voice_id' },
    ])
    expect(relationsIn(input, { title: 'x' })).toEqual([])
  })

  it('names the entities a schema can point to', () => {
    expect(relatedEntities(input).sort()).toEqual(['material', 'voice_clone'])
    expect(relatedEntities({ type: 'object', properties: { a: { type: 'string' } } })).toEqual([])
  })
})
