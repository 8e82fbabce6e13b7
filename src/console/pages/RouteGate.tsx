import { Navigate, Outlet } from 'react-router'
import { useGetIdentity } from '@refinedev/core'
import type { Identity } from '../providers/authProvider'
import { consoleRoutes, firstPermittedRoute, groupAllows, routeAllows } from '../../schema/route-access'
import { useConsole } from '../ConsoleContext'
import { NOT_FOUND_PATH } from './DefaultRoute'
import { useAppSettings } from '../layout/AppSettings'
import { DeferredMount } from '../layout/DeferredMount'

/**
 * Spec §4's permission guard for one console route (a resource's pages or a hand-written
 * page). By role lists: a role not on the list goes to the first route it may open, or to
 * not-found. With the menu from the server: only routes in that menu, and permitted by
 * role, open; anything else is not-found. The server refuses the calls regardless.
 */
export function RouteGate({ path }: { path: string }) {
  const { registry } = useConsole()
  const { settings, serverMenu } = useAppSettings()
  const { data: identity, isLoading } = useGetIdentity<Identity>()
  if (isLoading || !identity) return null
  const route = consoleRoutes(registry).find((r) => r.path === path)
  const roleAllows = Boolean(route && routeAllows(route.roles, identity.role) && groupAllows(registry.navigation, route.group, identity.role))
  if (settings.menuFromServer) {
    if (serverMenu === undefined) return null
    const inMenu = serverMenu.some((group) => group.children.some((child) => child.path === path))
    return inMenu && roleAllows ? <DeferredMount><Outlet /></DeferredMount> : <Navigate to={NOT_FOUND_PATH} replace />
  }
  if (roleAllows) return <DeferredMount><Outlet /></DeferredMount>
  return <Navigate to={firstPermittedRoute(registry, identity.role) ?? NOT_FOUND_PATH} replace />
}
