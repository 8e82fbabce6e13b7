import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { createRegistry } from '../../src/schema/registry'
import { readSchemaFiles } from '../../src/schema/load-files'
import { consoleRoutes, groupAllows, routeAllows, type ConsoleRoute } from '../../src/schema/route-access'
import { ROLES, type Role } from '../../src/schema/types'
import { resourceAllows } from '../../src/console/providers/accessControlProvider'
import { ROOT } from './harness'

/** The schema files the product runs on, as the console reads them. */
export const registry = createRegistry(readSchemaFiles(join(ROOT, 'schemas')))

/**
 * Whether the sweeps over many pages walk them in every variant they know (every width, theme
 * and language), as `npm run screens` asks. Without it each rule is walked over every page once,
 * in its cheapest variant, and the other variants over one page of each kind (walkRoutes).
 */
export const EVERY_VARIANT = process.env.E2E_FULL === '1'

/** The demo login of each role (src/server/seed.ts). */
export const LOGINS: Record<Role, string> = { admin: 'admin', partner: 'partner', merchant: 'merchant1', agent: 'agent' }

/** Every console route a role may open, as its menu and guards decide, in menu order. */
export function routesFor(role: Role): ConsoleRoute[] {
  return consoleRoutes(registry).filter((r) => routeAllows(r.roles, role) && groupAllows(registry.navigation, r.group, role))
}

/**
 * The routes of a role that show a page of their own (a dashboard, the tree, a wizard, the
 * settings), leaving out those a role before it in ROLES has. With one list and its create, edit
 * and detail pages (every resource screen draws the same components), one page of each kind.
 */
export function ownPagesFirstSeenBy(role: Role): ConsoleRoute[] {
  return routesFirstOpenedBy(role).filter((route) => !route.resource)
}

/** The create page of a route's resource, where the role may create one. */
export function createPathOf(route: ConsoleRoute, role: Role): string | undefined {
  const resource = route.resource && registry.resources.get(route.resource)
  return resource && resource.endpoints.create && resourceAllows(registry, resource.name, 'create', role) ? `${route.path}/create` : undefined
}

/** The routes of a role that no role before it in ROLES may open. */
export function routesFirstOpenedBy(role: Role): ConsoleRoute[] {
  const earlier = new Set(ROLES.slice(0, ROLES.indexOf(role)).flatMap((r) => routesFor(r).map((route) => route.path)))
  return routesFor(role).filter((route) => !earlier.has(route.path))
}

/**
 * Opens, as `role`, pages it may open, calling `visit` on each:
 * - `every`: every route, and the create, edit and detail pages of its lists;
 * - `unseen`: the same for the routes no role before it may open (routesFirstOpenedBy), so that a
 *   walk over all roles opens each page once;
 * - `oneOfEachKind`: the pages of its own no role before it has (ownPagesFirstSeenBy) and, for the
 *   first role in ROLES, one list with a form to fill and a row to open, with those pages: the kinds
 *   of page a walk over all roles meets.
 */
export async function walkRoutes(page: Page, role: Role, options: { pages: 'every' | 'unseen' | 'oneOfEachKind' }, visit: () => Promise<void>): Promise<void> {
  const own = new Set(ownPagesFirstSeenBy(role).map((route) => route.path))
  const unseen = new Set(routesFirstOpenedBy(role).map((route) => route.path))
  let listWalked = role !== ROLES[0]
  for (const route of routesFor(role)) {
    if (options.pages === 'unseen' && !unseen.has(route.path)) continue
    if (options.pages === 'oneOfEachKind' && (route.resource ? listWalked : !own.has(route.path))) continue
    await goTo(page, route.path)
    await visit()
    if (!route.resource) continue
    const create = createPathOf(route, role)
    const edit = resourceAllows(registry, route.resource, 'edit', role) ? await firstRowLink(page, '/edit/') : undefined
    const show = resourceAllows(registry, route.resource, 'show', role) ? await firstRowLink(page, '/show/') : undefined
    listWalked = Boolean(create && (edit || show))
    for (const path of [create, edit, show]) {
      if (!path) continue
      await goTo(page, path)
      await visit()
    }
  }
}

/** Whether walkRoutes finds, one of each kind, a page for `role`: the first role's, and those with pages of their own no role before has. */
export function hasPagesOfItsOwn(role: Role): boolean {
  return role === ROLES[0] || ownPagesFirstSeenBy(role).length > 0
}

/** Opens a path inside the console as its own links do, without loading the page again. */
export async function goTo(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to)
    dispatchEvent(new PopStateEvent('popstate'))
  }, path)
  await page.waitForURL((url) => url.pathname === path)
}

/** The first row link of the list shown whose address has this part ("/edit/", "/show/"), if there is one. */
export async function firstRowLink(page: Page, part: string): Promise<string | undefined> {
  const link = page.locator(`.resource-table a.row-action[href*="${part}"]`).first()
  return (await link.count()) > 0 ? ((await link.getAttribute('href')) ?? undefined) : undefined
}
