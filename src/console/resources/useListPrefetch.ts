import { useCallback } from 'react'
import { useLocation } from 'react-router'
import { useGetIdentity } from '@refinedev/core'
import type { Identity } from '../providers/authProvider'
import { createDataProvider } from '../providers/dataProvider'
import { useConsole } from '../ConsoleContext'
import { preloadListCode } from './list-code'

/**
 * Starts what a list page needs as a link to it is followed: its first page of rows (through
 * the first-page cache the list takes it from) and its code beyond the list's own. The rows
 * are then on their way while the page renders, instead of asked for once it has. A path that
 * is not a list, one the role may not open, or the page on screen, starts nothing.
 */
export function useListPrefetch(): (path: string) => void {
  const { registry, http, firstPage } = useConsole()
  const role = useGetIdentity<Identity>().data?.role
  const { pathname } = useLocation()
  return useCallback(
    (path: string) => {
      const def = [...registry.resources.values()].find((r) => r.route === path && r.endpoints.list)
      // The list on screen already has its rows; a click on its own entry changes nothing.
      if (!def || !role || path === pathname) return
      preloadListCode(registry, def.name).catch(() => undefined)
      // A provider of its own: the console's takes prefetched pages, and would take this one as it asks.
      firstPage?.prefetch(registry, createDataProvider(registry, http), { pathname: path, search: '' }, role)
    },
    [registry, http, firstPage, role, pathname],
  )
}
