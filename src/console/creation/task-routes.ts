import type { Label, Registry } from '../../schema/types'

export interface TaskRoute {
  name: string
  path: string
  label: Label
  hideInMenu: boolean
  /** A submit page's kind. */
  task: string
  /** A list page's kinds. */
  tasks: string[]
}

/** The pages of navigation.json that submit a task of these kinds (page task-submit), those in the menu first. */
export function submitRoutes(registry: Pick<Registry, 'navigation'>, kinds: readonly string[]): TaskRoute[] {
  return routesWhere(registry, (child) => child.page === 'task-submit' && child.task !== undefined && kinds.includes(child.task))
}

/** The pages that list tasks of this kind (page task-list). */
export function listRoutes(registry: Pick<Registry, 'navigation'>, kind: string): TaskRoute[] {
  return routesWhere(registry, (child) => child.page === 'task-list' && (child.tasks ?? []).includes(kind))
}

function routesWhere(registry: Pick<Registry, 'navigation'>, test: (child: Registry['navigation']['groups'][number]['children'][number]) => boolean): TaskRoute[] {
  return registry.navigation.groups
    .flatMap((group) => group.children.filter(test).map((child) => ({ name: child.name, path: `${group.path}/${child.path}`, label: child.label, hideInMenu: child.hideInMenu ?? false, task: child.task ?? '', tasks: child.tasks ?? [], order: child.order ?? 0 })))
    .sort((a, b) => Number(a.hideInMenu) - Number(b.hideInMenu) || a.order - b.order)
    .map(({ order: _order, ...route }) => route)
}
