import { theme, type ThemeConfig } from 'antd'

export type ThemeMode = 'light' | 'dark'

/** Where the chosen mode is remembered (local storage). */
export const THEME_KEY = 'console-theme'

/** Spec §9: the platform's primary colour. */
export const PRIMARY_COLOR = '#165DFF'

/**
 * The antd theme of each mode, built once: antd derives every token from this object, and
 * the build pre-renders the styles of exactly these themes into a CSS file.
 */
export const ANTD_THEMES: Record<ThemeMode, ThemeConfig> = {
  light: { algorithm: theme.defaultAlgorithm, token: { colorPrimary: PRIMARY_COLOR } },
  dark: { algorithm: theme.darkAlgorithm, token: { colorPrimary: PRIMARY_COLOR } },
}
