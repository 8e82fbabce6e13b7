import type { AccessControlProvider } from '@refinedev/core'
import type { Registry, Role } from '../../schema/types'
import { groupAllows, routeAllows } from '../../schema/route-access'

type AccessRegistry = Pick<Registry, 'resources' | 'navigation'>

/**
 * Whether a role may take an action on a resource's screens: the screen's and its group's
 * role lists, and an endpoint for the action. Refine's access control and the list's row
 * buttons both ask this; the server enforces the same lists regardless.
 */
export function resourceAllows(registry: AccessRegistry, resource: string, action: string, role: Role): boolean {
  const def = registry.resources.get(resource)
  if (!def) return false
  if (!routeAllows(def.roles, role) || !groupAllows(registry.navigation, def.group, role)) return false
  switch (action) {
    case 'create':
      return Boolean(def.endpoints.create)
    case 'edit':
      return Boolean(def.endpoints.update)
    case 'delete':
      return Boolean(def.endpoints.delete)
    case 'show':
      return Boolean(def.endpoints.get)
    default:
      return true
  }
}

/** Role lists of the schema files as Refine's access control: the menu, the routes and the buttons ask it. */
export function createAccessControlProvider(registry: AccessRegistry, role: () => Promise<Role | null>): AccessControlProvider {
  return {
    async can({ resource, action }) {
      const current = await role()
      if (!current || !resource) return { can: false, reason: 'Sign in first' }
      // A resource may share its group's name (domain in domain), so the resource's own rules come first.
      if (registry.resources.has(resource)) return { can: resourceAllows(registry, resource, action, current) }
      const group = registry.navigation.groups.find((g) => g.name === resource)
      if (group) return { can: groupAllows(registry.navigation, group.name, current) }
      return { can: true }
    },
    options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
  }
}
