import type { ConsoleRoute } from '../../../schema/route-access'

/** Where a browser tab keeps its open console tabs: session storage, so they outlive a reload and die with the tab. */
export const TABS_KEY = 'console-tabs'

/** What is kept of a tab: its route and where in it the tab was; the rest comes from the route again. */
interface SavedTabs {
  /** The account whose tabs these are: another account signing in in this tab starts afresh. */
  account: number
  tabs: { key: string; fullPath: string }[]
}

/** Keeps the open tabs of an account. */
export function saveTabs(storage: Pick<Storage, 'setItem'>, account: number, tabs: readonly { key: string; fullPath: string }[]): void {
  const saved: SavedTabs = { account, tabs: tabs.map(({ key, fullPath }) => ({ key, fullPath })) }
  storage.setItem(TABS_KEY, JSON.stringify(saved))
}

/**
 * The tabs an account had open in this browser tab before a reload, as routes and addresses,
 * in their order; none for another account, and none whose route no longer exists (the schema
 * files changed) or that sits elsewhere than its route (an address edited by hand).
 */
export function savedTabs(storage: Pick<Storage, 'getItem'>, account: number, routes: readonly ConsoleRoute[]): { route: ConsoleRoute; fullPath: string }[] {
  let saved: Partial<SavedTabs> | null
  try {
    saved = JSON.parse(storage.getItem(TABS_KEY) ?? 'null') as Partial<SavedTabs> | null
  } catch {
    return []
  }
  if (!saved || saved.account !== account || !Array.isArray(saved.tabs)) return []
  return saved.tabs.flatMap((tab) => {
    const route = routes.find((r) => r.path === tab?.key)
    const fullPath = String(tab?.fullPath ?? '')
    const pathname = fullPath.split(/[?#]/)[0]
    return route && (pathname === route.path || pathname?.startsWith(`${route.path}/`)) ? [{ route, fullPath }] : []
  })
}
