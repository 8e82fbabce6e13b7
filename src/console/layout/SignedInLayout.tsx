import { Suspense, useEffect } from 'react'
import { Outlet } from 'react-router'
import { FloatButton, Layout } from 'antd'
import { SettingOutlined } from '@ant-design/icons'
import { useTranslate } from '@refinedev/core'
import { ProgressFallback } from './RouteProgress'
import { useConsole } from '../ConsoleContext'
import { ConsoleSider } from './ConsoleSider'
import { ConsoleHeader } from './ConsoleHeader'
import { ConsoleFooter } from './ConsoleFooter'
import { SettingsDrawer } from './SettingsDrawer'
import { AppSettingsProvider, useAppSettings } from './AppSettings'
import { TabsProvider } from './tabs/TabsContext'
import { TabBar } from './tabs/TabBar'
import { KeepAliveOutlet } from './tabs/KeepAliveOutlet'

/** The frame of every signed-in page, arranged as the settings drawer says. Loaded after sign-in. */
export default function SignedInLayout() {
  const { fieldValidators } = useConsole()
  // The forms' validators come while the first page shows, so that its forms are ready to check themselves.
  useEffect(() => {
    fieldValidators().catch(() => undefined)
  }, [fieldValidators])
  return (
    <AppSettingsProvider>
      <TabsProvider>
        <Frame />
      </TabsProvider>
    </AppSettingsProvider>
  )
}

function Frame() {
  const t = useTranslate()
  const { settings, setDrawerOpen } = useAppSettings()
  return (
    <Layout style={{ minHeight: '100vh' }}>
      {settings.menu && !settings.topMenu && <ConsoleSider />}
      <Layout>
        {settings.navbar && <ConsoleHeader />}
        {settings.tabBar && <TabBar />}
        <Layout.Content style={{ padding: 24 }}>
          <Suspense fallback={<ProgressFallback />}>{settings.tabBar ? <KeepAliveOutlet /> : <Outlet />}</Suspense>
        </Layout.Content>
        {settings.footer && <ConsoleFooter />}
      </Layout>
      {/* Without the navbar, this is the way to the settings (spec §2). */}
      {!settings.navbar && <FloatButton icon={<SettingOutlined />} tooltip={t('settings.title')} aria-label={t('settings.title')} onClick={() => setDrawerOpen(true)} />}
      <SettingsDrawer />
    </Layout>
  )
}
