import { describe, expect, it } from 'vitest'
import { resolve } from 'node:path'
import { createRegistry } from '../../schema/registry'
import { readSchemaFiles } from '../../schema/load-files'
import { actionsFor, appliesTo } from './actions'

const registry = createRegistry(readSchemaFiles(resolve(__dirname, '../../../schemas')))
const orders = registry.resources.get('recharge_order')!
const names = (role: Parameters<typeof actionsFor>[2]) => actionsFor(registry, orders, role).map((a) => a.name)

describe('actionsFor', () => {
  it('offers an endpoint action to the roles that may call it, narrowed by its own roles', () => {
    // create is callable by both; "buy" is the partner's, "order-for" the admin's. Confirming is the admin's call alone.
    expect(names('admin')).toEqual(['order-for', 'confirm-paid', 'cancel'])
    expect(names('partner')).toEqual(['buy', 'cancel'])
    expect(names('merchant')).toEqual([])
    expect(names(undefined)).toEqual([])
  })

  it('keeps a link action to its roles', () => {
    const partners = registry.resources.get('partner')!
    expect(actionsFor(registry, partners, 'admin').map((a) => a.name)).toContain('merchants')
    expect(actionsFor(registry, partners, 'partner').map((a) => a.name)).not.toContain('merchants')
  })
})

describe('appliesTo', () => {
  it('shows confirm and cancel only on orders awaiting payment', () => {
    const confirm = orders.actions.find((a) => a.name === 'confirm-paid')!
    expect(['created', 'paid', 'credited', 'cancelled'].filter((status) => appliesTo(confirm, { status }))).toEqual(['created'])
  })
})
