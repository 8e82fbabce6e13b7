import { describe, expect, it } from 'vitest'
import { readSchemaFiles } from '../schema/load-files'
import { buildRegistry } from '../schema/registry'
import { SchemaError } from '../schema/SchemaError'
import { checkedRegistry } from './checked-schemas'

const files = readSchemaFiles('schemas')
const asJson = (value: unknown) => JSON.stringify(value, (_key, v: unknown) => (v instanceof Map ? [...v] : v))

describe('checkedRegistry', () => {
  it('gives, for files already checked, the registry every check gives', () => {
    const full = buildRegistry(files)
    expect(full.problems).toEqual([])
    checkedRegistry(files)
    expect(asJson(checkedRegistry(files))).toBe(asJson(full.registry))
  })

  it('never notes broken files as checked: a schema ajv refuses is refused at every start', () => {
    const broken = files.map((f) => (f.path === 'entities/recharge_package.json' ? { ...f, text: f.text.replace('"maxLength": 255', '"maxLenght": 255') } : f))
    expect(broken).not.toEqual(files)
    for (let start = 0; start < 2; start++) expect(() => checkedRegistry(broken)).toThrow(SchemaError)
  })
})
