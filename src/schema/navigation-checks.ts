import type { Navigation, ResourceDef } from './types'
import type { SchemaProblem } from './SchemaError'
import { joinPointer } from './pointer'

/** Every console route is declared once: group names, group paths and full routes are unique. */
export function checkNavigation(
  navigation: Navigation,
  resources: ReadonlyMap<string, ResourceDef>,
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
      claim(`${group.path}/${child.path}`, `route "${child.name}" in ${file}`, file, joinPointer('groups', gi, 'children', ci, 'path'))
    })
  })
  for (const r of resources.values()) claim(r.route, r.file, r.file, '/path')
}
