import type { Label, Navigation, Registry, Role, RouteRole } from './types'

/**
 * Spec §6: a route is open to a role when it lists no roles, lists `*`, or lists the
 * role. The console's menu and guards and the server's menu endpoint all ask this.
 */
export function routeAllows(roles: readonly RouteRole[] | undefined, role: Role): boolean {
  return !roles || roles.length === 0 || roles.includes('*') || roles.includes(role)
}

export interface ConsoleRoute {
  /** Full path, e.g. /domain/domainList. */
  path: string
  name: string
  group: string
  roles: readonly RouteRole[]
  order: number
  hideInMenu: boolean
  /** A hidden route's menu entry: the name of the route highlighted while it is open. */
  activeMenu?: string
  /** The resource behind a generated screen, or the hand-written page. */
  resource?: string
  page?: string
  label?: Label
  /** Shown only to accounts whose profile field of this name is 1 (the server menu applies it). */
  profileFlag?: string
  /** The tab bar does not keep this page alive. */
  ignoreCache?: boolean
}

/** Every console route the schema files declare, in menu order (group order, then child order). */
export function consoleRoutes(registry: Pick<Registry, 'navigation' | 'resources'>): ConsoleRoute[] {
  const out: (ConsoleRoute & { groupOrder: number })[] = []
  for (const group of registry.navigation.groups) {
    for (const child of group.children) {
      out.push({
        path: `${group.path}/${child.path}`, name: child.name, group: group.name, roles: child.roles,
        order: child.order ?? 0, hideInMenu: child.hideInMenu ?? false, page: child.page, groupOrder: group.order, label: child.label,
        ...(child.profileFlag ? { profileFlag: child.profileFlag } : {}),
        ...(child.ignoreCache ? { ignoreCache: true } : {}),
        ...(child.activeMenu ? { activeMenu: child.activeMenu } : {}),
      })
    }
  }
  for (const r of registry.resources.values()) {
    const group = registry.navigation.groups.find((g) => g.name === r.group)
    out.push({
      path: r.route, name: r.name, group: r.group, roles: r.roles, order: r.order, hideInMenu: r.hideInMenu, resource: r.name, groupOrder: group?.order ?? 0, label: r.label,
      ...(r.activeMenu ? { activeMenu: r.activeMenu } : {}),
    })
  }
  // Groups of the same order (protocol and ai-tool, both 60 in spec §2) keep their place in navigation.json.
  const place = (name: string) => registry.navigation.groups.findIndex((g) => g.name === name)
  return out
    .sort((a, b) => a.groupOrder - b.groupOrder || place(a.group) - place(b.group) || a.order - b.order)
    .map(({ groupOrder: _o, ...route }) => route)
}

/** The console route a location belongs to (its own path or one under it); none for /redirect, not-found and unknown paths. */
export function routeOf(routes: ConsoleRoute[], pathname: string): ConsoleRoute | undefined {
  return routes.find((r) => pathname === r.path || pathname.startsWith(`${r.path}/`))
}

/**
 * Where spec §4's permission guard sends a role that may not open a route: the first
 * route of its menu (menu order), or undefined for not-found.
 */
export function firstPermittedRoute(registry: Pick<Registry, 'navigation' | 'resources'>, role: Role = 'admin'): string | undefined {
  const permitted = permittedRoutes(registry, role)
  const inMenu = menuGroups(registry.navigation, permitted)
  return permitted.find((r) => !r.hideInMenu && inMenu(r.group))?.path
}

/**
 * Where `/` leads a role, and its home tab: the default route if the role may open it,
 * else its first permitted route; undefined for not-found.
 */
export function defaultRouteFor(registry: Pick<Registry, 'navigation' | 'resources'>, role: Role): string | undefined {
  const preferred = consoleRoutes(registry).find((r) => r.path === registry.navigation.defaultRoute)
  return preferred && routeAllows(preferred.roles, role) ? preferred.path : firstPermittedRoute(registry, role)
}

/** Groups for `developer` only (exception, user) stay out of the menu; their routes are reached by links (DESIGN §4). */
export function groupInMenu(navigation: Navigation, groupName: string): boolean {
  const roles = navigation.groups.find((g) => g.name === groupName)?.roles
  return !(roles?.length === 1 && roles[0] === 'developer')
}

/**
 * Which groups show in the menu of a role that may open `permitted`. The groups for
 * `developer` only stay out, unless the role may open nothing else: spec §2 lists the agent
 * (salesperson) on no route but the user group's, open to any role, so without this its menu
 * would be empty and `/` would lead to not-found. Such a role sees the first developer group
 * it may open instead (user, by menu order, before exception): it lands on its own profile
 * and reaches its settings from the menu.
 */
function menuGroups(navigation: Navigation, permitted: readonly ConsoleRoute[]): (groupName: string) => boolean {
  const listed = permitted.filter((r) => !r.hideInMenu)
  if (listed.some((r) => groupInMenu(navigation, r.group))) return (groupName) => groupInMenu(navigation, groupName)
  const fallback = listed[0]?.group
  return (groupName) => groupName === fallback
}

/** The routes a role may open, by their own role lists and their groups', in menu order. */
function permittedRoutes(registry: Pick<Registry, 'navigation' | 'resources'>, role: Role): ConsoleRoute[] {
  return consoleRoutes(registry).filter((r) => routeAllows(r.roles, role) && groupAllows(registry.navigation, r.group, role))
}

/** A group's own role list gates its children, except `developer`-only groups, which only hide from the menu (DESIGN §4). */
export function groupAllows(navigation: Navigation, groupName: string, role: Role): boolean {
  const group = navigation.groups.find((g) => g.name === groupName)
  if (!group?.roles || group.roles.includes('developer')) return true
  return routeAllows(group.roles, role)
}

/** One group of the menu: the routes an account may open in it (also what `POST /api/user/menu` sends). */
export interface MenuGroup {
  name: string
  path: string
  label: Label
  icon?: string
  order: number
  /** One menu entry for the whole group, leading to its first shown route. */
  hideChildrenInMenu?: true
  /** A hidden route's activeMenu is the path of the entry highlighted while it is open. */
  children: { name: string; path: string; label: Label; hideInMenu: boolean; activeMenu?: string }[]
}

/**
 * The menu for one account: every route its role may open and its profile flags allow
 * (flags apply only when a profile is given),
 * grouped, in menu order. Routes reachable but not shown (developer groups, but for a role
 * that may open nothing else; hidden
 * routes) are included with hideInMenu, so the console's server-menu guard lets them in.
 */
export function menuFor(registry: Pick<Registry, 'navigation' | 'resources'>, role: Role, profile?: Record<string, unknown>): MenuGroup[] {
  // Without a profile (the console's role-list mode, spec §4) only the role lists count.
  const routes = permittedRoutes(registry, role).filter((r) => !profile || !r.profileFlag || Number(profile[r.profileFlag]) === 1)
  const inMenu = menuGroups(registry.navigation, routes)
  const pathOf = (name: string) => consoleRoutes(registry).find((r) => r.name === name)?.path
  return registry.navigation.groups
    .map((group) => ({
      name: group.name,
      path: group.path,
      label: group.label,
      ...(group.icon ? { icon: group.icon } : {}),
      order: group.order,
      ...(group.hideChildrenInMenu ? { hideChildrenInMenu: true as const } : {}),
      children: routes
        .filter((r) => r.group === group.name)
        .map((r) => {
          const activeMenu = r.activeMenu ? pathOf(r.activeMenu) : undefined
          return { name: r.name, path: r.path, label: r.label ?? { 'zh-CN': r.name, 'en-US': r.name }, hideInMenu: r.hideInMenu || !inMenu(group.name), ...(activeMenu ? { activeMenu } : {}) }
        }),
    }))
    .filter((group) => group.children.length > 0)
    .sort((a, b) => a.order - b.order)
}

/**
 * What the menu shows for a location: the entry selected and the groups open. A route hidden
 * from the menu highlights its activeMenu entry (Arco Design Pro's `hideInMenu` with
 * `activeMenu`); one without, or whose entry this account does not see, opens its own group.
 */
export function menuSelection(menu: readonly MenuGroup[], pathname: string): { selected?: string; open: string[] } {
  const at = (path: string) => pathname === path || pathname.startsWith(`${path}/`)
  const shown = (c: MenuGroup['children'][number]) => !c.hideInMenu
  const groupOf = (path: string) => menu.find((g) => g.children.some((c) => c.path === path))
  // The longest path that holds the location: its own route, not one whose path begins its own.
  const route = menu.flatMap((g) => g.children).filter((c) => at(c.path)).sort((a, b) => b.path.length - a.path.length)[0]
  if (!route) return { open: [] }
  const entry = shown(route) ? route.path : menu.flatMap((g) => g.children).find((c) => shown(c) && c.path === route.activeMenu)?.path
  const group = groupOf(entry ?? route.path)
  return { ...(entry ? { selected: entry } : {}), open: group && group.children.some(shown) ? [group.path] : [] }
}
