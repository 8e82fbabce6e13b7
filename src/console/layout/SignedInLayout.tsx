import { Suspense } from 'react'
import { Outlet } from 'react-router'
import { ThemedLayout } from '@refinedev/antd'
import { ProgressFallback } from './RouteProgress'
import { ConsoleSider } from './ConsoleSider'
import { ConsoleHeader } from './ConsoleHeader'

/** The frame of every signed-in page: menu, header, and the page itself. Loaded after sign-in. */
export default function SignedInLayout() {
  return (
    <ThemedLayout Sider={ConsoleSider} Header={ConsoleHeader}>
      <Suspense fallback={<ProgressFallback />}>
        <Outlet />
      </Suspense>
    </ThemedLayout>
  )
}
