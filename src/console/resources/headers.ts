import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import type { HeaderProps } from './header-props'

/** The hand-written panels a resource file may show above its list with "header". */
export const HEADERS: Record<string, LazyExoticComponent<ComponentType<HeaderProps>>> = {
  assets: lazy(() => import('./AssetsHeader').then((m) => ({ default: m.AssetsHeader }))),
  'material-upload': lazy(() => import('../creation/MaterialUploadHeader').then((m) => ({ default: m.MaterialUploadHeader }))),
  'post-stats': lazy(() => import('../matrix/PostStatsHeader').then((m) => ({ default: m.PostStatsHeader }))),
}
