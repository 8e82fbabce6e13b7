import { lazyPage, type LazyPage } from '../lazy-page'
import type { HeaderProps } from './header-props'

/**
 * The hand-written panels a resource file may show above its list with "header". Preloaded with
 * the list's own code (ConsoleApp's preloadFirstPage, the list's route), so that the panel is in
 * the list's first frame instead of arriving above the filters and pushing the page down.
 */
export const HEADERS: Record<string, LazyPage<HeaderProps>> = {
  assets: lazyPage(() => import('./AssetsHeader').then((m) => ({ default: m.AssetsHeader }))),
  'material-upload': lazyPage(() => import('../creation/MaterialUploadHeader').then((m) => ({ default: m.MaterialUploadHeader }))),
  'post-stats': lazyPage(() => import('../matrix/PostStatsHeader').then((m) => ({ default: m.PostStatsHeader }))),
}
