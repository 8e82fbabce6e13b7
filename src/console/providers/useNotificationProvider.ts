import { App } from 'antd'
import type { NotificationProvider } from '@refinedev/core'

/**
 * Refine's notifications shown with antd's notification API. Written here rather than
 * taken from @refinedev/antd so the login page does not load that package (its layout,
 * markdown and page-header dependencies) before anyone has signed in.
 */
export function useNotificationProvider(): NotificationProvider {
  const { notification } = App.useApp()
  return {
    open({ key, message, description, type }) {
      // A failed call is already shown as spec §8 says (layout/ApiErrorNotices; a failed sign-in by the login page);
      // Refine's notice would repeat it.
      if (type === 'error') return
      const show = type === 'success' ? notification.success : notification.info
      show({ key, message, description, placement: 'topRight' })
    },
    close(key) {
      notification.destroy(key)
    },
  }
}
