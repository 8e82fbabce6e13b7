import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { createRegistry } from '../../src/schema/registry'
import { readSchemaFiles } from '../../src/schema/load-files'
import { consoleRoutes, groupAllows, routeAllows, type ConsoleRoute } from '../../src/schema/route-access'
import type { Role } from '../../src/schema/types'
import { resourceAllows } from '../../src/console/providers/accessControlProvider'
import { ROOT } from './harness'

/** The schema files the product runs on, as the console reads them. */
export const registry = createRegistry(readSchemaFiles(join(ROOT, 'schemas')))

/** The demo login of each role (src/server/seed.ts). */
export const LOGINS: Record<Role, string> = { admin: 'admin', partner: 'partner', merchant: 'merchant1', agent: 'agent' }

/** Every console route a role may open, as its menu and guards decide, in menu order. */
export function routesFor(role: Role): ConsoleRoute[] {
  return consoleRoutes(registry).filter((r) => routeAllows(r.roles, role) && groupAllows(registry.navigation, r.group, role))
}

/** The create page of a route's resource, where the role may create one. */
export function createPathOf(route: ConsoleRoute, role: Role): string | undefined {
  const resource = route.resource && registry.resources.get(route.resource)
  return resource && resource.endpoints.create && resourceAllows(registry, resource.name, 'create', role) ? `${route.path}/create` : undefined
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
