import { lazy, Suspense, useRef, useState, type CSSProperties } from 'react'
import { Outlet } from 'react-router'
import { Layout } from 'antd'
import { ProgressFallback } from './RouteProgress'
import { ConsoleSider } from './ConsoleSider'
import { ConsoleHeader, HEADER_HEIGHT } from './ConsoleHeader'
import { ConsoleFooter } from './ConsoleFooter'
import { AppSettingsProvider, readSettings, useAppSettings } from './AppSettings'
import { TabsProvider } from './tabs/TabsContext'
import { KeepAliveOutlet } from './tabs/KeepAliveOutlet'
import { CONTENT_ID } from './SkipLink'
import { useCompactLayout } from './useScreen'
import { useFocusPageOnNavigate } from './useFocusPageOnNavigate'
import { lazyPage } from '../lazy-page'

// Their code (antd's Drawer, the settings' switches and number input) loads when first opened, not with every page.
const SettingsDrawer = lazy(() => import('./SettingsDrawer').then((m) => ({ default: m.SettingsDrawer })))
const MenuDrawer = lazy(() => import('./MenuDrawer').then((m) => ({ default: m.MenuDrawer })))
// Shown only without the navbar (not the default), so their code (antd's FloatButton, Badge, Switch) is not every page's.
const FloatButtons = lazy(() => import('./FloatButtons'))
// The tab bar is off unless the settings turn it on, so its code (antd's Tabs) is not every page's either.
const TabBar = lazyPage<object>(() => import('./tabs/TabBar').then((m) => ({ default: m.TabBar })))

/**
 * What the frame needs before its first render besides its own code: the tab bar's, when the
 * stored settings show it, so that the bar is there in the first frame rather than arriving
 * later and pushing the page down. Failing to fetch it does not hold the frame back: the bar
 * asks again as it renders.
 */
export function preloadFrame(): Promise<void> {
  return readSettings().tabBar ? TabBar.preload().catch(() => undefined) : Promise.resolve()
}

/** The frame of every signed-in page, arranged as the settings drawer says. Loaded after sign-in. */
export default function SignedInLayout() {
  return (
    <AppSettingsProvider>
      <TabsProvider>
        <Frame />
      </TabsProvider>
    </AppSettingsProvider>
  )
}

function Frame() {
  const { settings, drawerOpen, setDrawerOpen } = useAppSettings()
  // On a phone the menu is a drawer, wherever the settings put it on a wide screen.
  const compact = useCompactLayout()
  const [menuOpen, setMenuOpen] = useState(false)
  const openMenu = settings.menu && compact ? () => setMenuOpen(true) : undefined
  const content = useRef<HTMLElement>(null)
  useFocusPageOnNavigate(content)
  // Once open, a drawer stays mounted, so it animates closed.
  const settingsOpened = useOpenedOnce(drawerOpen)
  const menuOpened = useOpenedOnce(menuOpen)
  const sider = settings.menu && !settings.topMenu && !compact
  return (
    // Said, not left to antd: its Layout learns of a Sider in an effect, after a first render laid out without it.
    <Layout style={{ minHeight: '100vh' }} hasSider={sider}>
      {sider && <ConsoleSider />}
      {openMenu && menuOpened && (
        <Suspense fallback={null}>
          <MenuDrawer open={menuOpen} onClose={() => setMenuOpen(false)} />
        </Suspense>
      )}
      {/* --sticky-top: how much of the window's top the header covers, for what a page keeps in sight below it;
          --page-padding: the page's margin inside its area, for a page that fills the window (layout/list-page.css). */}
      <Layout style={{ '--sticky-top': `${settings.navbar ? HEADER_HEIGHT : 0}px`, '--page-padding': `${compact ? 12 : 24}px` } as CSSProperties}>
        {settings.navbar && <ConsoleHeader onOpenMenu={openMenu} />}
        {settings.tabBar && (
          <Suspense fallback={null}>
            <TabBar />
          </Suspense>
        )}
        <Layout.Content ref={content} id={CONTENT_ID} tabIndex={-1} className="page-content" style={{ padding: 'var(--page-padding)' }}>
          <Suspense fallback={<ProgressFallback />}>{settings.tabBar ? <KeepAliveOutlet /> : <Outlet />}</Suspense>
        </Layout.Content>
        {settings.footer && <ConsoleFooter />}
      </Layout>
      {!settings.navbar && (
        <Suspense fallback={null}>
          <FloatButtons openSettings={() => setDrawerOpen(true)} openMenu={openMenu} />
        </Suspense>
      )}
      {settingsOpened && (
        <Suspense fallback={null}>
          <SettingsDrawer />
        </Suspense>
      )}
    </Layout>
  )
}

/** Whether `open` has been true since this mounted. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open)
  if (open && !opened) setOpened(true)
  return opened || open
}
