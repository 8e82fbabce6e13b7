import { lazy, type ComponentType, type LazyExoticComponent } from 'react'

/** A page whose code loads with its first use, or ahead of it with `preload`. */
export type LazyPage<P = object> = LazyExoticComponent<ComponentType<P>> & { preload(): Promise<void> }

/**
 * React.lazy, plus `preload`. Once the code has arrived, the page renders in the same pass
 * instead of suspending: React holds content that suspended back until 300 ms after its
 * fallback showed, so each lazy page on the way to the first screen would cost up to that.
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let module: { default: ComponentType<P> } | undefined
  let loading: Promise<void> | undefined
  const preload = () => (loading ??= load().then((m) => void (module = m), (error: unknown) => {
    loading = undefined // a later render or preload tries again
    throw error
  }))
  // React.lazy takes any thenable; one that answers at once lets React use the page without suspending.
  const Page = lazy(() => (module ? ({ then: (resolve: (m: { default: ComponentType<P> }) => void) => resolve(module!) } as Promise<{ default: ComponentType<P> }>) : preload().then(() => module!)))
  return Object.assign(Page, { preload })
}
