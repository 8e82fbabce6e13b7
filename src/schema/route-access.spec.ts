import { describe, expect, it } from 'vitest'
import { resolve } from 'node:path'
import { createRegistry } from './registry'
import { readSchemaFiles } from './load-files'
import { consoleRoutes, defaultRouteFor, firstPermittedRoute, menuFor, menuSelection, routeAllows, routeOf } from './route-access'
import type { Navigation, Registry, Role } from './types'

/** The repository's schema files, built once for the whole file. */
const repository = createRegistry(readSchemaFiles(resolve(__dirname, '../../schemas')))

describe('routeAllows (spec §6)', () => {
  it.each([
    [undefined, 'merchant', true],
    [[], 'merchant', true],
    [['*'], 'agent', true],
    [['admin', 'partner'], 'partner', true],
    [['admin'], 'merchant', false],
    [['developer'], 'admin', false],
  ] as const)('roles %j, role %s → %s', (roles, role, allowed) => {
    expect(routeAllows(roles as never, role)).toBe(allowed)
  })
})

describe('firstPermittedRoute (spec §4 permission guard)', () => {
  const registry = repository
  const withNavigation = (navigation: Navigation): Pick<Registry, 'navigation' | 'resources'> => ({ navigation, resources: registry.resources })

  it('sends a role to the first route it may open, in menu order, skipping hidden ones', () => {
    // A hidden route placed first in the dashboard group: spec §2's to-create-video.
    const navigation: Navigation = registry.navigation
    expect(navigation.groups.find((g) => g.name === 'dashboard')!.children[0]).toMatchObject({ path: 'to-create-video', hideInMenu: true, order: 0 })
    expect(consoleRoutes(withNavigation(navigation)).map((r) => r.path)).toEqual([
      '/home/index', '/dashboard/to-create-video', '/dashboard/workBench', '/digital-human/image-clone-new', '/digital-human/image-clone', '/digital-human/high-image-clone', '/digital-human/sound-clone-new', '/digital-human/sound-clone', '/digital-human/digital-video', '/digital-human/create-video', '/digital-human/clone-task', '/digital-human/my-creation', '/digital-human/video-template', '/creation/resource', '/creation/clip', '/creation/folders', '/creation/mixed-task', '/creation/mixedshear', '/creation/task', '/matrix-distribution/accounts', '/matrix-distribution/authorization', '/matrix-distribution/links', '/matrix-distribution/release-plan', '/matrix-distribution/video-data', '/promotion/all-merchant', '/promotion/merchant', '/promotion/partner', '/promotion/agent', '/promotion/tree', '/promotion/card-password', '/promotion/overstep-log', '/protocol/article', '/protocol/agreement', '/ai-tool/ai-tool-index', '/ai-tool/playground', '/ai-tool/ai-call', '/domain/domainList', '/account/property', '/account/quota-log', '/account/transfer-record', '/account/settings', '/account/industry', '/account/script', '/account/voice-record', '/account/recharge', '/account/recharge-offer', '/account/recharge-order', '/account/system-init', '/user/info', '/user/setting', '/exception/403', '/exception/404', '/exception/500',
    ])
    expect(firstPermittedRoute(withNavigation(navigation), 'merchant')).toBe('/dashboard/workBench')
    expect(firstPermittedRoute(withNavigation(navigation), 'partner')).toBe('/dashboard/workBench')
    expect(firstPermittedRoute(withNavigation(navigation), 'admin')).toBe('/home/index')
    expect(firstPermittedRoute(withNavigation(navigation))).toBe('/home/index')
    // Without the home page, the next group's first route the admin may open.
    const homeless = { ...registry.navigation, groups: registry.navigation.groups.filter((g) => g.name !== 'home') }
    expect(firstPermittedRoute(withNavigation(homeless), 'admin')).toBe('/creation/resource')
  })

  it("lands a role that may open only the user pages on its profile: the user group is its menu then", () => {
    // Spec §2 lists the agent on no route but /user/info and /user/setting (any role).
    expect(firstPermittedRoute(registry, 'agent')).toBe('/user/info')
    expect(defaultRouteFor(registry, 'agent')).toBe('/user/info')
    const shown = (role: Role) => menuFor(registry, role).flatMap((g) => g.children.filter((c) => !c.hideInMenu).map((c) => c.path))
    expect(shown('agent')).toEqual(['/user/info', '/user/setting'])
    // Any other role keeps the developer groups out of its menu.
    for (const role of ['admin', 'partner', 'merchant'] as const) expect(shown(role).filter((path) => /^\/(user|exception)\//.test(path))).toEqual([])
  })

  it('answers undefined (not found) when the role may open nothing at all', () => {
    const userless = { ...registry.navigation, groups: registry.navigation.groups.filter((g) => g.name !== 'user' && g.name !== 'exception') }
    expect(firstPermittedRoute(withNavigation(userless), 'agent')).toBeUndefined()
  })
})

describe('routeOf', () => {
  const routes = consoleRoutes(repository)

  it.each([
    ['/domain/domainList', '/domain/domainList'],
    ['/domain/domainList/edit/3', '/domain/domainList'],
    ['/domain/domainListing', undefined],
    ['/redirect/domain/domainList', undefined],
    ['/nowhere', undefined],
  ])('%s belongs to %s', (pathname, path) => {
    expect(routeOf(routes, pathname)?.path).toBe(path)
  })
})

describe('menuSelection: the entry highlighted and the group open for a location', () => {
  const registry = repository

  it('highlights the page in the menu, and the one under it, in its open group', () => {
    const menu = menuFor(registry, 'admin')
    expect(menuSelection(menu, '/promotion/merchant')).toEqual({ selected: '/promotion/merchant', open: ['/promotion'] })
    expect(menuSelection(menu, '/promotion/merchant/edit/4')).toEqual({ selected: '/promotion/merchant', open: ['/promotion'] })
    expect(menuSelection(menu, '/account/recharge')).toEqual({ selected: '/account/recharge', open: ['/account'] })
    expect(menuSelection(menu, '/no/such/page')).toEqual({ open: [] })
  })

  it("highlights a hidden page's activeMenu entry: all merchants under merchants, packages on sale under recharge orders, for each role that opens them", () => {
    for (const role of ['admin', 'partner'] as const) {
      const menu = menuFor(registry, role)
      expect(menuSelection(menu, '/account/recharge-offer')).toEqual({ selected: '/account/recharge-order', open: ['/account'] })
    }
    expect(menuSelection(menuFor(registry, 'admin'), '/promotion/all-merchant')).toEqual({ selected: '/promotion/merchant', open: ['/promotion'] })
    // The menu the server sends carries the entry's path.
    expect(menuFor(registry, 'admin').flatMap((g) => g.children).find((c) => c.name === 'all_merchant')).toMatchObject({ hideInMenu: true, activeMenu: '/promotion/merchant' })
  })

  it('opens the group of a hidden page without an entry to highlight', () => {
    const menu = menuFor(registry, 'admin').map((group) => ({ ...group, children: group.children.map(({ activeMenu: _, ...child }) => child) }))
    expect(menuSelection(menu, '/promotion/all-merchant')).toEqual({ open: ['/promotion'] })
  })
})
