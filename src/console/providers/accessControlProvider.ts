import type { AccessControlProvider } from '@refinedev/core'
import type { Registry, Role } from '../../schema/types'
import { groupAllows, routeAllows } from '../../schema/route-access'

type AccessRegistry = Pick<Registry, 'resources' | 'navigation' | 'endpoints'>

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
      return endpointAllows(registry, def.endpoints.create, role)
    case 'edit':
      return endpointAllows(registry, def.endpoints.update, role)
    case 'delete':
      return endpointAllows(registry, def.endpoints.delete, role)
    case 'show':
      return endpointAllows(registry, def.endpoints.get, role)
    default:
      return true
  }
}

/** Whether a role may call an endpoint: a screen offers only the buttons whose calls would be allowed. */
export function endpointAllows(registry: Pick<Registry, 'endpoints'>, id: string | undefined, role: Role): boolean {
  const endpoint = id ? registry.endpoints.get(id) : undefined
  if (!endpoint) return false
  return endpoint.access === 'open' || endpoint.access.includes('*') || endpoint.access.includes(role)
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
