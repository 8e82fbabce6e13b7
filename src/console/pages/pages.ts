import { lazyPage, type LazyPage } from '../lazy-page'

/**
 * The hand-written pages a navigation.json route may name in "page": screens that are
 * not a resource's table or form. Each loads only when its route is opened.
 */
export const PAGES: Record<string, LazyPage> = {
  config: lazyPage(() => import('./config/ConfigPage')),
  dashboard: lazyPage(() => import('./dashboard/DashboardPage')),
  'system-init': lazyPage(() => import('./config/SystemInitPage')),
  'exception-403': lazyPage(() => import('./ExceptionPages').then((m) => ({ default: m.ForbiddenPage }))),
  'exception-404': lazyPage(() => import('./NotFoundPage')),
  'exception-500': lazyPage(() => import('./ExceptionPages').then((m) => ({ default: m.ServerErrorPage }))),
  'relation-tree': lazyPage(() => import('./tree/RelationTreePage')),
  'user-info': lazyPage(() => import('./UserInfoPage')),
  'user-setting': lazyPage(() => import('./UserSettingPage')),
  'task-submit': lazyPage(() => import('../creation/TaskSubmitPage')),
  'task-list': lazyPage(() => import('../creation/TaskListPage')),
  'ai-playground': lazyPage(() => import('../ai/AiPlaygroundPage')),
}
