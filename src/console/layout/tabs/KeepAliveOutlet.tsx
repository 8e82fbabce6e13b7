import { Activity, useRef, type ReactElement } from 'react'
import { NavigationType, UNSAFE_LocationContext as LocationContext, useLocation, useOutlet, type Location } from 'react-router'
import { useTabs } from './TabsContext'

/**
 * The page of every open tab stays mounted, hidden while another tab is shown, so switching
 * tabs keeps what was typed, scrolled and filtered (spec §4: pages not marked ignoreCache are
 * kept). A hidden page keeps seeing the address it was last at, not the current one.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet()
  const location = useLocation()
  const { tabs, activeKey, versions } = useTabs()
  const kept = useRef(new Map<string, { element: ReactElement; location: Location }>())

  for (const key of [...kept.current.keys()]) if (!tabs.some((t) => t.key === key && !t.ignoreCache)) kept.current.delete(key)
  const activeTab = tabs.find((t) => t.key === activeKey)
  if (activeKey && outlet && activeTab && !activeTab.ignoreCache) kept.current.set(activeKey, { element: outlet, location })

  return (
    <>
      {/* Pages that are not tabs (redirect, not-found) or not kept. */}
      {(!activeKey || !kept.current.has(activeKey)) && outlet}
      {[...kept.current].map(([key, page]) => (
        <Activity key={`${key}#${versions[key] ?? 0}`} mode={key === activeKey ? 'visible' : 'hidden'}>
          <LocationContext.Provider value={{ location: page.location, navigationType: NavigationType.Pop }}>{page.element}</LocationContext.Provider>
        </Activity>
      ))}
    </>
  )
}
