import type { EntityDef, Navigation, ResourceDef } from './types'
import type { SchemaProblem } from './SchemaError'
import { joinPointer } from './pointer'
import { didYouMean } from './suggest'

/** Every console route is declared once: group names, group paths and full routes are unique. */
export function checkNavigation(
  navigation: Navigation,
  resources: ReadonlyMap<string, ResourceDef>,
  entities: ReadonlyMap<string, EntityDef>,
  file: string,
  problems: SchemaProblem[],
): void {
  const groupNames = new Set<string>()
  const routes = new Map<string, string>()
  const claim = (route: string, where: string, problemFile: string, pointer: string) => {
    const first = routes.get(route)
    if (first) {
      problems.push({ file: problemFile, pointer, message: `route ${route} is already taken by ${first}. Two screens cannot share a path; change one.` })
    } else {
      routes.set(route, where)
    }
  }
  navigation.groups.forEach((group, gi) => {
    if (groupNames.has(group.name)) {
      problems.push({ file, pointer: joinPointer('groups', gi, 'name'), message: `group "${group.name}" is declared twice.` })
    }
    groupNames.add(group.name)
    claim(group.path, `group "${group.name}" in ${file}`, file, joinPointer('groups', gi, 'path'))
    group.children.forEach((child, ci) => {
      const flag = child.profileFlag && entities.get('user')?.columns.find((c) => c.name === child.profileFlag && !c.private)
      if (child.profileFlag && (!flag || flag.wire !== 'integer')) {
        problems.push({ file, pointer: joinPointer('groups', gi, 'children', ci, 'profileFlag'), message: `names "${child.profileFlag}", which is not an integer field of schemas/entities/user.json. Name a 0/1 profile field such as show_clip_menu.` })
      }
      const profile = Object.keys((entities.get('user')?.schema.properties as object | undefined) ?? {})
      child.fields?.forEach((field, fi) => {
        if (!profile.includes(field)) problems.push({ file, pointer: joinPointer('groups', gi, 'children', ci, 'fields', fi), message: `names "${field}", which is not a public field of schemas/entities/user.json.` })
      })
      claim(`${group.path}/${child.path}`, `route "${child.name}" in ${file}`, file, joinPointer('groups', gi, 'children', ci, 'path'))
    })
  })
  for (const r of resources.values()) claim(r.route, r.file, r.file, '/path')
  checkActiveMenus(navigation, resources, file, problems)
}

/**
 * A hidden route's activeMenu names one route, by its name, that the menu shows: the entry
 * highlighted while the hidden route is open. A route in the menu has its own entry.
 */
function checkActiveMenus(navigation: Navigation, resources: ReadonlyMap<string, ResourceDef>, file: string, problems: SchemaProblem[]): void {
  const routes = [
    ...navigation.groups.flatMap((g, gi) => g.children.map((c, ci) => ({ name: c.name, hideInMenu: c.hideInMenu ?? false, activeMenu: c.activeMenu, file, pointer: joinPointer('groups', gi, 'children', ci, 'activeMenu') }))),
    ...[...resources.values()].map((r) => ({ name: r.name, hideInMenu: r.hideInMenu, activeMenu: r.activeMenu, file: r.file, pointer: '/activeMenu' })),
  ]
  for (const route of routes) {
    if (route.activeMenu === undefined) continue
    const named = routes.filter((r) => r.name === route.activeMenu)
    const problem = (message: string) => problems.push({ file: route.file, pointer: route.pointer, message })
    if (!route.hideInMenu) problem(`is only for a route hidden from the menu ("hideInMenu": true); "${route.name}" has a menu entry of its own. Remove activeMenu or hide the route.`)
    else if (named.length === 0) problem(`names "${route.activeMenu}", which is no route. Name a resource (schemas/resources/NAME.json) or a navigation.json child.${didYouMean(route.activeMenu, routes.map((r) => r.name))}`)
    else if (named.length > 1) problem(`names "${route.activeMenu}", which ${named.length} routes are called. Rename one of them.`)
    else if (named[0]!.hideInMenu) problem(`names "${route.activeMenu}", which is hidden from the menu too. Name a route that has a menu entry.`)
  }
}
