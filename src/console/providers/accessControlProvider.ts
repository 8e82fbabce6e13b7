import type { AccessControlProvider } from '@refinedev/core'
import type { Registry, Role } from '../../schema/types'
import { groupAllows, routeAllows } from '../../schema/route-access'

/**
 * Role lists of the schema files as Refine's access control: the menu, the routes and
 * the buttons ask it. It is for comfort; the server enforces the same lists.
 */
export function createAccessControlProvider(registry: Pick<Registry, 'resources' | 'navigation'>, role: () => Promise<Role | null>): AccessControlProvider {
  return {
    async can({ resource, action }) {
      const current = await role()
      if (!current || !resource) return { can: false, reason: 'Sign in first' }
      // A resource may share its group's name (domain in domain), so the resource's own rules come first.
      const def = registry.resources.get(resource)
      if (def) {
        const allowed = routeAllows(def.roles, current) && groupAllows(registry.navigation, def.group, current)
        const hasEndpoint = action === 'list' || action === 'show' ? true : action === 'delete' ? Boolean(def.endpoints.delete) : action === 'create' ? Boolean(def.endpoints.create) : action === 'edit' ? Boolean(def.endpoints.update) : true
        return { can: allowed && hasEndpoint }
      }
      const group = registry.navigation.groups.find((g) => g.name === resource)
      if (group) return { can: groupAllows(registry.navigation, group.name, current) }
      return { can: true }
    },
    options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
  }
}
