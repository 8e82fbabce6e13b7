import { Navigate, Outlet } from 'react-router'
import { useGetIdentity } from '@refinedev/core'
import type { Identity } from '../providers/authProvider'
import { firstPermittedRoute, groupAllows, routeAllows } from '../../schema/route-access'
import { useConsole } from '../ConsoleContext'
import { NOT_FOUND_PATH } from './DefaultRoute'

/**
 * Spec §4's permission guard for a resource's pages: a role not on the list goes to the
 * first route it may open, or to not-found. The server refuses the calls regardless.
 */
export function RoleGate({ resource }: { resource: string }) {
  const { registry } = useConsole()
  const { data: identity, isLoading } = useGetIdentity<Identity>()
  if (isLoading || !identity) return null
  const def = registry.resources.get(resource)!
  if (routeAllows(def.roles, identity.role) && groupAllows(registry.navigation, def.group, identity.role)) return <Outlet />
  return <Navigate to={firstPermittedRoute(registry, identity.role) ?? NOT_FOUND_PATH} replace />
}
