import { describe, expect, it } from 'vitest'
import Fastify from 'fastify'
import { answerSerializer } from './answer-serializer'
import { paginator } from '../../schema/generic-endpoint'
import type { EndpointDef, Registry } from '../../schema/types'

const note = {
  $id: 'note',
  type: 'object',
  properties: {
    id: { type: 'integer' },
    title: { type: 'string', default: '' },
    price: { type: 'string', format: 'money' },
    done: { type: 'boolean' },
    due: { type: ['string', 'null'], format: 'date-time' },
    extra: { type: 'object', description: 'Free-form JSON.' },
    tags: { type: 'array', items: { type: 'string' } },
    owner_id: { type: 'integer', 'x-relation': 'user' },
    _titles: { type: 'object', properties: { owner_id: { type: ['string', 'null'] } }, additionalProperties: false },
  },
  required: ['id', 'title'],
  additionalProperties: false,
}
const registry = { schemas: { note } } as unknown as Registry
const endpoint = { file: 'endpoints/note/list.json', response: paginator({ $ref: 'note' }) } as unknown as EndpointDef

async function answer(data: unknown, check: boolean) {
  const app = Fastify()
  const serialize = answerSerializer(registry, endpoint, check)
  app.get('/', async (_request, reply) => serialize(reply, { code: 1, msg: 'ok', time: 1700000000, data } as never))
  const res = await app.inject('/')
  await app.close()
  return res
}

const page = (records: unknown[]) => ({ total: records.length, per_page: 20, current_page: 1, last_page: 1, data: records })

describe('answerSerializer', () => {
  it('writes what JSON.stringify writes: titles, nulls, free-form JSON, missing optional fields, escapes', async () => {
    const records = [
      { id: 1, title: 'a "quoted" © line\nbreak', price: '12.50', done: true, due: null, extra: { any: [1, { deep: 'x' }] }, tags: ['t'], owner_id: 3, _titles: { owner_id: 'bob' } },
      { id: 2, title: '', done: false, due: '2024-03-01T00:00:00.000Z', owner_id: 4, _titles: { owner_id: null } },
    ]
    const data = page(records)
    const res = await answer(data, true)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(JSON.parse(res.body)).toEqual({ code: 1, msg: 'ok', time: 1700000000, data })
  })

  it('outside production fails an answer holding a key its schema does not declare, which the serializer would drop', async () => {
    const data = page([{ id: 1, title: 'a', owner_id: 3, _titles: { owner_id: 'bob' }, secret: 'x' }])
    expect((await answer(data, true)).statusCode).toBe(500)
    expect(JSON.parse((await answer(data, false)).body).data.data[0]).not.toHaveProperty('secret')
  })
})
