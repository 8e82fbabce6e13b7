import { Navigate, Outlet } from 'react-router'
import { useGetIdentity } from '@refinedev/core'
import type { Identity } from '../providers/authProvider'
import { consoleRoutes, firstPermittedRoute, groupAllows, routeAllows } from '../../schema/route-access'
import { useConsole } from '../ConsoleContext'
import { NOT_FOUND_PATH } from './DefaultRoute'

/**
 * Spec §4's permission guard for one console route (a resource's pages or a hand-written
 * page): a role not on its list goes to the first route it may open, or to not-found.
 * The server refuses the calls regardless.
 */
export function RouteGate({ path }: { path: string }) {
  const { registry } = useConsole()
  const { data: identity, isLoading } = useGetIdentity<Identity>()
  if (isLoading || !identity) return null
  const route = consoleRoutes(registry).find((r) => r.path === path)
  if (route && routeAllows(route.roles, identity.role) && groupAllows(registry.navigation, route.group, identity.role)) return <Outlet />
  return <Navigate to={firstPermittedRoute(registry, identity.role) ?? NOT_FOUND_PATH} replace />
}
