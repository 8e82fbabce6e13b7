import { resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { readSchemaFiles } from '../../schema/load-files'
import { createRegistry } from '../../schema/registry'
import type { Registry } from '../../schema/types'
import { fieldOf, recordFields, relationTitle } from '../resources/fields'
import { relationSource } from './RelationWidget'

let registry: Registry
beforeAll(() => {
  registry = createRegistry(readSchemaFiles(resolve(__dirname, '../../../schemas')))
})

describe('relation fields', () => {
  it('are told apart by x-relation, and their titles are not shown as a field of their own', () => {
    const domain = registry.entities.get('domain')!
    expect(fieldOf(registry, domain, 'owner_id').kind).toBe('relation')
    expect(recordFields(registry, domain).map((f) => f.name)).not.toContain('_titles')
    expect(relationTitle({ owner_id: 1, _titles: { owner_id: 'admin' } }, 'owner_id')).toBe('admin')
    expect(relationTitle({ owner_id: 1, _titles: { owner_id: null } }, 'owner_id')).toBeUndefined()
    expect(relationTitle({ owner_id: 1 }, 'owner_id')).toBeUndefined()
  })

  it('offer the records of the first screen listing the entity that the role may open, searchable when it filters on the title', () => {
    expect(relationSource(registry, 'domain', 'admin')).toEqual({ resource: 'domain', titleField: 'name', searchable: true })
    // No screen lists domains or accounts for a merchant: the id is typed instead.
    expect(relationSource(registry, 'domain', 'merchant')).toBeUndefined()
    expect(relationSource(registry, 'user', 'merchant')).toBeUndefined()
  })

  it('offer the screen a field names with x-pick-from, when the role may open it', () => {
    expect(relationSource(registry, 'user', 'admin', 'partner')).toEqual({ resource: 'partner', titleField: 'username', searchable: true })
    expect(relationSource(registry, 'user', 'partner', 'partner')).toEqual({ resource: 'partner', titleField: 'username', searchable: true })
    // all-merchant is admin-only: a partner picks from the next screen listing accounts that it may open.
    expect(relationSource(registry, 'user', 'partner', 'all_merchant')?.resource).not.toBe('all_merchant')
  })
})
