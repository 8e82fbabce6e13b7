import { lazy, type ComponentType, type LazyExoticComponent } from 'react'

/**
 * The hand-written pages a navigation.json route may name in "page": screens that are
 * not a resource's table or form. Each loads only when its route is opened.
 */
export const PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  config: lazy(() => import('./config/ConfigPage')),
  dashboard: lazy(() => import('./dashboard/DashboardPage')),
  'system-init': lazy(() => import('./config/SystemInitPage')),
  'exception-403': lazy(() => import('./ExceptionPages').then((m) => ({ default: m.ForbiddenPage }))),
  'exception-404': lazy(() => import('./NotFoundPage')),
  'exception-500': lazy(() => import('./ExceptionPages').then((m) => ({ default: m.ServerErrorPage }))),
  'relation-tree': lazy(() => import('./tree/RelationTreePage')),
  'user-info': lazy(() => import('./UserInfoPage')),
  'user-setting': lazy(() => import('./UserSettingPage')),
}
