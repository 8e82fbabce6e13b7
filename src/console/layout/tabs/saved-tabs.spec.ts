import { describe, expect, it } from 'vitest'
import type { ConsoleRoute } from '../../../schema/route-access'
import { TABS_KEY, saveTabs, savedTabs } from './saved-tabs'

const route = (path: string): ConsoleRoute => ({ path, name: path, group: 'g', roles: ['*'], order: 0, hideInMenu: false })
const ROUTES = [route('/home/index'), route('/promotion/merchant'), route('/user/info')]

function storage(): Storage {
  const items = new Map<string, string>()
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) } as Storage
}

describe('saved tabs', () => {
  it("gives an account back its tabs, in order, where each was", () => {
    const store = storage()
    saveTabs(store, 7, [
      { key: '/home/index', fullPath: '/home/index' },
      { key: '/promotion/merchant', fullPath: '/promotion/merchant/edit/3' },
      { key: '/user/info', fullPath: '/user/info' },
    ])
    expect(savedTabs(store, 7, ROUTES).map((t) => [t.route.path, t.fullPath])).toEqual([
      ['/home/index', '/home/index'],
      ['/promotion/merchant', '/promotion/merchant/edit/3'],
      ['/user/info', '/user/info'],
    ])
  })

  it('gives another account nothing', () => {
    const store = storage()
    saveTabs(store, 7, [{ key: '/user/info', fullPath: '/user/info' }])
    expect(savedTabs(store, 8, ROUTES)).toEqual([])
  })

  it('drops tabs of routes that are gone or addresses outside their route, and survives what it cannot read', () => {
    const store = storage()
    store.setItem(TABS_KEY, JSON.stringify({ account: 7, tabs: [{ key: '/gone', fullPath: '/gone' }, { key: '/user/info', fullPath: '/domain/domainList' }, null, { key: '/user/info', fullPath: '/user/info?x=1' }] }))
    expect(savedTabs(store, 7, ROUTES).map((t) => t.fullPath)).toEqual(['/user/info?x=1'])
    store.setItem(TABS_KEY, '{not json')
    expect(savedTabs(store, 7, ROUTES)).toEqual([])
    expect(savedTabs(storage(), 7, ROUTES)).toEqual([])
  })
})
