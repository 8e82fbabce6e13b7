import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readSchemaFiles } from '../../schema/load-files'
import { createRegistry } from '../../schema/registry'
import { PAGES } from './pages'
import { HEADERS } from '../resources/headers'

describe('hand-written pages', () => {
  it('exist for every page a navigation.json route names', () => {
    const registry = createRegistry(readSchemaFiles(resolve(__dirname, '../../../schemas')))
    const named = registry.navigation.groups.flatMap((g) => g.children.map((c) => c.page))
    expect(named.filter((page) => !(page in PAGES))).toEqual([])
  })

  it('exist for every list header a resource file names', () => {
    const registry = createRegistry(readSchemaFiles(resolve(__dirname, '../../../schemas')))
    const named = [...registry.resources.values()].flatMap((r) => (r.header ? [r.header] : []))
    expect(named).toContain('assets')
    expect(named.filter((header) => !(header in HEADERS))).toEqual([])
  })
})
