import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useGetIdentity } from '@refinedev/core'
import type { Label } from '../../../schema/types'
import { consoleRoutes, defaultRouteFor, routeOf, type ConsoleRoute } from '../../../schema/route-access'
import { useConsole } from '../../ConsoleContext'
import type { Identity } from '../../providers/authProvider'
import { saveTabs, savedTabs } from './saved-tabs'

/** Spec §3's tab entry. `key` is the console route; `fullPath` where in it the tab was last. */
export interface Tab {
  key: string
  title: Label | undefined
  name: string
  fullPath: string
  ignoreCache: boolean
}

interface TabsContextValue {
  tabs: Tab[]
  activeKey?: string
  homeKey?: string
  close(key: string): void
  /** Mounts the tab's page afresh, through /redirect. */
  refresh(key: string): void
  /** Back to the home tab alone. */
  reset(): void
  /** Bumped by refresh: a kept page under a new version mounts afresh. */
  versions: Readonly<Record<string, number>>
}

const TabsContext = createContext<TabsContextValue | null>(null)

export function TabsProvider({ children }: { children: ReactNode }) {
  const { registry } = useConsole()
  const { data: identity } = useGetIdentity<Identity>()
  const location = useLocation()
  const navigate = useNavigate()
  const routes = useMemo(() => consoleRoutes(registry), [registry])
  const tabOf = useCallback((route: ConsoleRoute, fullPath: string): Tab => ({ key: route.path, title: route.label, name: route.name, fullPath, ignoreCache: route.ignoreCache ?? false }), [])

  // The home tab: where `/` leads this role.
  const home = useMemo(() => {
    if (!identity) return undefined
    const path = defaultRouteFor(registry, identity.role)
    const route = path ? routes.find((r) => r.path === path) : undefined
    return route ? tabOf(route, route.path) : undefined
  }, [identity, routes, registry, tabOf])

  const [tabs, setTabs] = useState<Tab[]>([])
  const [versions, setVersions] = useState<Record<string, number>>({})
  // /redirect, not-found and unknown paths belong to no route, so are never tabs (spec §4).
  const active = routeOf(routes, location.pathname)
  const fullPath = location.pathname + location.search

  // Spec §4: every visited route becomes a tab (or updates its own), after the home tab; the
  // first time, after the tabs this account had open in this browser tab before a reload.
  useEffect(() => {
    if (!identity) return
    setTabs((current) => {
      let next = current.length > 0 ? current : savedTabs(sessionStorage, identity.id, routes).map((t) => tabOf(t.route, t.fullPath))
      // The home tab comes first, even when the profile it depends on arrives after the first page.
      if (home && !next.some((t) => t.key === home.key)) next = [home, ...next]
      if (!active) return next
      const existing = next.find((t) => t.key === active.path)
      if (existing) return existing.fullPath === fullPath ? next : next.map((t) => (t.key === active.path ? { ...t, fullPath } : t))
      return [...next, tabOf(active, fullPath)]
    })
  }, [active, fullPath, home, tabOf, identity, routes])

  useEffect(() => {
    if (identity && tabs.length > 0) saveTabs(sessionStorage, identity.id, tabs)
  }, [identity, tabs])

  /**
   * Fewer tabs, and the page to show instead when the one on screen is closed. Both change in
   * one transition, as the router changes the address: were the tabs to change first, the page
   * still on screen would lose its tab, mount afresh outside the tab bar, and a list among them
   * would put its own address back (Refine's syncWithLocation), undoing the navigation.
   */
  const leave = useCallback(
    (rest: Tab[], to: string | undefined) =>
      startTransition(() => {
        setTabs(rest)
        if (to) navigate(to)
      }),
    [navigate],
  )

  const value = useMemo<TabsContextValue>(
    () => ({
      tabs,
      activeKey: active?.path,
      homeKey: home?.key,
      versions,
      close(key) {
        if (key === home?.key) return
        const index = tabs.findIndex((t) => t.key === key)
        const rest = tabs.filter((t) => t.key !== key)
        leave(rest, key === active?.path ? (rest[Math.max(0, index - 1)]?.fullPath ?? '/') : undefined)
      },
      refresh(key) {
        const tab = tabs.find((t) => t.key === key)
        if (!tab) return
        setVersions((v) => ({ ...v, [key]: (v[key] ?? 0) + 1 }))
        navigate(`/redirect${tab.fullPath}`, { replace: true })
      },
      reset() {
        // The home tab as it was left (its filters, its page), not as it first opened.
        const homeTab = tabs.find((t) => t.key === home?.key) ?? home
        leave(homeTab ? [homeTab] : [], homeTab ? homeTab.fullPath : '/')
      },
    }),
    [tabs, active, home, versions, navigate, leave],
  )
  return <TabsContext.Provider value={value}>{children}</TabsContext.Provider>
}

export function useTabs(): TabsContextValue {
  const value = useContext(TabsContext)
  if (!value) throw new Error('useTabs() must be used inside <TabsProvider>.')
  return value
}
