import { useLocation } from 'react-router'
import type { NavigationChild } from '../../schema/types'
import { useConsole } from '../ConsoleContext'

/** The navigation.json route being shown, for a page its keys configure (fields, task, tasks). */
export function useNavigationChild(): (NavigationChild & { route: string }) | undefined {
  const { registry } = useConsole()
  const { pathname } = useLocation()
  const path = pathname.replace(/\/+$/, '')
  for (const group of registry.navigation.groups) {
    for (const child of group.children) {
      if (`${group.path}/${child.path}` === path) return { ...child, route: path }
    }
  }
  return undefined
}
