import { lazy, type ComponentType, type LazyExoticComponent } from 'react'

/**
 * A header's queries start with this key, so an action that changed the list's records
 * (a redeemed card, an exchange) refreshes the panel above it too.
 */
export function headerQueryKey(resource: string, ...rest: unknown[]): unknown[] {
  return ['resource-header', resource, ...rest]
}

export interface HeaderProps {
  /** The resource whose list the panel is above. */
  resource: string
}

/** The hand-written panels a resource file may show above its list with "header". */
export const HEADERS: Record<string, LazyExoticComponent<ComponentType<HeaderProps>>> = {
  assets: lazy(() => import('./AssetsHeader').then((m) => ({ default: m.AssetsHeader }))),
  'material-upload': lazy(() => import('../creation/MaterialUploadHeader').then((m) => ({ default: m.MaterialUploadHeader }))),
  'post-stats': lazy(() => import('../matrix/PostStatsHeader').then((m) => ({ default: m.PostStatsHeader }))),
}
