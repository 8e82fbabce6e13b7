import { useLocation } from 'react-router'
import { consoleRoutes, routeOf } from '../../schema/route-access'
import { useConsole, useLabel } from '../ConsoleContext'

/** The label navigation.json gives the route being shown, for the heading of a hand-written page. */
export function useRouteTitle(): string {
  const { registry } = useConsole()
  const label = useLabel()
  const { pathname } = useLocation()
  const route = routeOf(consoleRoutes(registry), pathname)
  return route ? label(route.label, route.name) : ''
}
