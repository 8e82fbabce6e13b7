import { theme, type ThemeConfig } from 'antd'

export type ThemeMode = 'light' | 'dark'

/** Where the chosen mode is remembered (local storage). */
export const THEME_KEY = 'console-theme'

/** Spec §9: the platform's primary colour. */
export const PRIMARY_COLOR = '#165DFF'

/**
 * Colours of text that antd draws lighter than WCAG AA's 4.5:1 allows on the backgrounds it
 * draws them on (light: white, #f5f5f5 and the pale tints of status tags; dark: #000, #141414,
 * #1f1f1f and those tints). antd's defaults measured 3.4:1 for secondary text, 4.1:1 for links,
 * 2.3:1 for success green on white, and 2.9:1 for the primary blue as text in dark mode.
 */
const TEXT_COLORS: Record<ThemeMode, { link: string; tertiary: string; success: string; warning: string; error: string; info: string }> = {
  light: { link: PRIMARY_COLOR, tertiary: 'rgba(0,0,0,0.56)', success: '#237804', warning: '#ad4e00', error: '#cf1322', info: '#0e49d1' },
  dark: { link: '#6aa1ff', tertiary: 'rgba(255,255,255,0.55)', success: '#6abe39', warning: '#e8b339', error: '#f37370', info: '#6aa1ff' },
}

/**
 * The 2 px ring around a focused input, select or picker. antd draws it at 10% opacity, which
 * a keyboard user cannot find; this strong it stands 3:1 from the page (white or #f5f5f5, or dark
 * mode's greys), as WCAG asks of a focus mark.
 */
const FOCUS_RING: Record<ThemeMode, string> = { light: 'rgba(22,93,255,0.8)', dark: 'rgba(106,161,255,0.7)' }

/**
 * A primary button under the pointer. antd lightens it, and white words on the lighter blue
 * read at 3.7:1 (light) and 4.3:1 (dark); these hold 4.5:1, darker in light mode, as the
 * primary blue itself (5.2:1) leaves no room to lighten.
 */
const PRIMARY_HOVER: Record<ThemeMode, string> = { light: '#0e42d2', dark: '#2a63e8' }

/**
 * A preset-coloured tag (`<Tag color="green">`) writes its word in the colour's 7th shade on
 * its 1st; in light mode these 7th shades fall short of 4.5:1 there, and the 8th or 9th is used.
 */
/** In dark mode purple's 7th shade reads at 3.4:1 on its 1st; its 8th reads at 5:1. */
const DARK_TAG_TEXT = { purple7: '#ab7ae0' }

const LIGHT_TAG_TEXT = { cyan7: '#006d75', green7: '#237804', orange7: '#ad4e00', yellow7: '#876800', volcano7: '#ad2102', lime7: '#3f6600', gold7: '#874d00' }

function themeOf(mode: ThemeMode): ThemeConfig {
  const text = TEXT_COLORS[mode]
  return {
    algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      colorPrimary: PRIMARY_COLOR,
      colorPrimaryHover: PRIMARY_HOVER[mode],
      colorLink: text.link,
      // Red is text too (a danger button's word, a field's error), so the seed itself reads at 4.5:1.
      colorError: text.error,
      colorTextTertiary: text.tertiary,
      colorTextDescription: text.tertiary,
      colorSuccessText: text.success,
      colorWarningText: text.warning,
      colorErrorText: text.error,
      controlOutline: FOCUS_RING[mode],
    },
    components: {
      // A status tag writes its word in the status colour itself, on that colour's tint.
      Tag: { colorSuccess: text.success, colorWarning: text.warning, colorError: text.error, colorInfo: text.info, ...(mode === 'light' ? LIGHT_TAG_TEXT : DARK_TAG_TEXT) },
      // Dark mode: the menu and tabs mark the open item with primary text, darkened there below 3:1;
      // a red light enough to read on black is too light for white words on it.
      ...(mode === 'dark'
        ? {
            Menu: { itemSelectedColor: text.link, subMenuItemSelectedColor: text.link, horizontalItemSelectedColor: text.link },
            Tabs: { itemSelectedColor: text.link },
            Button: { dangerColor: 'rgba(0,0,0,0.88)' },
          }
        : {}),
    },
  }
}

/**
 * The antd theme of each mode, built once: antd derives every token from this object, and
 * the build pre-renders the styles of exactly these themes into a CSS file.
 */
export const ANTD_THEMES: Record<ThemeMode, ThemeConfig> = { light: themeOf('light'), dark: themeOf('dark') }
