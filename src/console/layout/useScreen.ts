import { useSyncExternalStore } from 'react'
import { theme } from 'antd'

type Breakpoint = 'sm' | 'md' | 'lg' | 'xl' | 'xxl'

/**
 * Whether the window is at least antd's `breakpoint` wide (its screen tokens, as antd's grid
 * reads them), right in the first render. antd's Grid.useBreakpoint answers nothing until a
 * layout effect after that render, and then draws its caller again before the paint: for the
 * frame and a list page, a second build in one task (on a phone's CPU, most of a second).
 */
export function useScreenAtLeast(breakpoint: Breakpoint): boolean {
  const { token } = theme.useToken()
  const watched = watch(`(min-width: ${TOKEN_OF[breakpoint](token)}px)`)
  return useSyncExternalStore(watched.subscribe, watched.matches, watched.matches)
}

/**
 * Whether the window is narrower than antd's `md` breakpoint (768 px), where the console is
 * laid out for a phone: the menu in a drawer, a compact header, one column.
 */
export function useCompactLayout(): boolean {
  return !useScreenAtLeast('md')
}

type Token = ReturnType<typeof theme.useToken>['token']
const TOKEN_OF: Record<Breakpoint, (token: Token) => number> = {
  sm: (token) => token.screenSM,
  md: (token) => token.screenMD,
  lg: (token) => token.screenLG,
  xl: (token) => token.screenXL,
  xxl: (token) => token.screenXXL,
}

interface Watched {
  subscribe(onChange: () => void): () => void
  matches(): boolean
}

/** One watcher per media query, so the store's subscribe is the same function in every render. */
const watchers = new Map<string, Watched>()

function watch(query: string): Watched {
  let watched = watchers.get(query)
  if (!watched) {
    const list = window.matchMedia(query)
    watched = {
      subscribe(onChange) {
        list.addEventListener('change', onChange)
        return () => list.removeEventListener('change', onChange)
      },
      matches: () => list.matches,
    }
    watchers.set(query, watched)
  }
  return watched
}
