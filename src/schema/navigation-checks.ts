import type { EntityDef, Navigation, NavigationChild, ResourceDef, TaskKindDef } from './types'
import type { SchemaProblem } from './SchemaError'
import { joinPointer } from './pointer'
import { didYouMean } from './suggest'

/** Every console route is declared once: group names, group paths and full routes are unique. */
export function checkNavigation(
  navigation: Navigation,
  resources: ReadonlyMap<string, ResourceDef>,
  entities: ReadonlyMap<string, EntityDef>,
  tasks: ReadonlyMap<string, TaskKindDef>,
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
      checkTaskKinds(child, tasks, file, joinPointer('groups', gi, 'children', ci), problems)
      claim(`${group.path}/${child.path}`, `route "${child.name}" in ${file}`, file, joinPointer('groups', gi, 'children', ci, 'path'))
    })
  })
  for (const r of resources.values()) claim(r.route, r.file, r.file, '/path')
  checkActiveMenus(navigation, resources, file, problems)
}

/**
 * A page of long work names task kinds that exist; one that submits a kind is open only to
 * roles that may submit it, so nobody is shown a form whose every submission is refused.
 */
function checkTaskKinds(child: NavigationChild, tasks: ReadonlyMap<string, TaskKindDef>, file: string, at: string, problems: SchemaProblem[]): void {
  const known = [...tasks.keys()]
  const unknown = (kind: string, pointer: string) => {
    if (tasks.has(kind)) return false
    problems.push({ file, pointer, message: `names task kind "${kind}", which schemas/tasks/ does not declare.${didYouMean(kind, known)} Name a file of schemas/tasks/ without .json.` })
    return true
  }
  child.tasks?.forEach((kind, i) => unknown(kind, at + joinPointer('tasks', i)))
  if (child.task === undefined || unknown(child.task, at + joinPointer('task'))) return
  const kind = tasks.get(child.task)!
  const refused = child.roles.filter((role) => role !== 'developer' && (role === '*' || !(kind.roles as string[]).includes(role)))
  if (refused.length > 0) {
    problems.push({ file, pointer: at + joinPointer('roles'), message: `lists ${refused.map((r) => `"${r}"`).join(', ')}, who may not submit task kind "${child.task}" (its roles: ${kind.roles.join(', ')}). List only roles of schemas/tasks/${child.task}.json.` })
  }
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
