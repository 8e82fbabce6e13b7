import type { EntityDef, Navigation, ResourceDef } from './types'
import type { SchemaProblem } from './SchemaError'
import { joinPointer } from './pointer'

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
}
