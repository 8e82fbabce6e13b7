import { createContext, useContext, useMemo, useState, type ReactNode } from 'react'

export type ThemeMode = 'light' | 'dark'
export const THEME_KEY = 'console-theme'
/** Spec §9: the platform's primary colour. */
export const PRIMARY_COLOR = '#165DFF'

const ThemeModeContext = createContext<{ mode: ThemeMode; toggle: () => void }>({ mode: 'light', toggle: () => undefined })

/** Light or dark, remembered in the browser; light by default (spec §9). */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<ThemeMode>(() => (localStorage.getItem(THEME_KEY) === 'dark' ? 'dark' : 'light'))
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
