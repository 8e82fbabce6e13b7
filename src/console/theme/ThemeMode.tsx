import { createContext, useContext, useMemo, useState, type ReactNode } from 'react'
import { THEME_KEY, type ThemeMode } from './antd-theme'

export type { ThemeMode }

/** The remembered mode; light by default (spec §9). */
export function readThemeMode(): ThemeMode {
  return localStorage.getItem(THEME_KEY) === 'dark' ? 'dark' : 'light'
}

const ThemeModeContext = createContext<{ mode: ThemeMode; toggle: () => void }>({ mode: 'light', toggle: () => undefined })

/** Light or dark, remembered in the browser. */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<ThemeMode>(readThemeMode)
  const value = useMemo(
    () => ({
      mode,
      toggle: () =>
        setMode((current) => {
          const next = current === 'dark' ? 'light' : 'dark'
          localStorage.setItem(THEME_KEY, next)
          return next
        }),
    }),
    [mode],
  )
  return <ThemeModeContext.Provider value={value}>{children}</ThemeModeContext.Provider>
}

export function useThemeMode() {
  return useContext(ThemeModeContext)
}
