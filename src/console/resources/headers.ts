import { lazy, type ComponentType, type LazyExoticComponent } from 'react'

/** The hand-written panels a resource file may show above its list with "header". */
export const HEADERS: Record<string, LazyExoticComponent<ComponentType>> = {
  assets: lazy(() => import('./AssetsHeader').then((m) => ({ default: m.AssetsHeader }))),
}
