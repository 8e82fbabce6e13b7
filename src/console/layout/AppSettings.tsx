import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import { App } from 'antd'
import { useTranslate } from '../i18n/translate'
import type { MenuGroup } from '../../schema/route-access'
import { useConsole } from '../ConsoleContext'

/** Spec §3's app-wide settings that the settings drawer changes; theme and locale keep their own keys. */
export interface AppSettings {
  navbar: boolean
  menu: boolean
  topMenu: boolean
  footer: boolean
  tabBar: boolean
  menuFromServer: boolean
  colorWeak: boolean
  menuCollapse: boolean
  menuWidth: number
}

/** Spec §9 and the original console's defaults. */
export const DEFAULT_SETTINGS: AppSettings = {
  navbar: true,
  menu: true,
  topMenu: false,
  footer: true,
  tabBar: false,
  menuFromServer: false,
  colorWeak: false,
  menuCollapse: false,
  menuWidth: 220,
}

export const SETTINGS_KEY = 'console-settings'

interface SettingsContextValue {
  settings: AppSettings
  update: (changes: Partial<AppSettings>) => void
  drawerOpen: boolean
  setDrawerOpen: (open: boolean) => void
  /** With menuFromServer on: the menu the server sent; undefined while it loads, empty if it could not. */
  serverMenu?: MenuGroup[]
}

const MENU_PATH = '/api/user/menu'
const MENU_NOTICE = 'server-menu'

const SettingsContext = createContext<SettingsContextValue | null>(null)

/** Reads what was saved, keeping only known settings of the right type, so an old or edited entry cannot break the layout. */
export function readSettings(storage: Pick<Storage, 'getItem'> = localStorage): AppSettings {
  let saved: Record<string, unknown> = {}
  try {
    saved = JSON.parse(storage.getItem(SETTINGS_KEY) ?? '{}') as Record<string, unknown>
  } catch {
    saved = {}
  }
  const out = { ...DEFAULT_SETTINGS }
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof AppSettings)[]) {
    if (typeof saved[key] === typeof DEFAULT_SETTINGS[key]) (out as Record<string, unknown>)[key] = saved[key]
  }
  out.menuWidth = Math.min(Math.max(Math.round(out.menuWidth), 160), 400)
  return out
}

/** The settings, remembered in the browser; colour-weak mode applies spec §4's 80% invert filter to the page. */
export function AppSettingsProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState<AppSettings>(() => readSettings())
  const [drawerOpen, setDrawerOpen] = useState(false)
  const [serverMenu, setServerMenu] = useState<MenuGroup[]>()
  const { http } = useConsole()
  const { message } = App.useApp()
  const t = useTranslate()

  // Spec §4 and §8: fetching the menu says so, then says how it went.
  const loadServerMenu = useCallback(async () => {
    void message.info({ content: t('settings.serverMenu.loading'), key: MENU_NOTICE })
    try {
      setServerMenu(await http.request<MenuGroup[]>({ method: 'POST', path: MENU_PATH }))
      void message.success({ content: t('settings.serverMenu.loaded'), key: MENU_NOTICE })
    } catch {
      setServerMenu([])
      void message.error({ content: t('settings.serverMenu.failed'), key: MENU_NOTICE })
    }
  }, [http, message, t])

  useEffect(() => {
    if (settings.menuFromServer && serverMenu === undefined) void loadServerMenu()
    if (!settings.menuFromServer) setServerMenu(undefined)
  }, [settings.menuFromServer, serverMenu, loadServerMenu])

  useEffect(() => {
    document.body.style.filter = settings.colorWeak ? 'invert(80%)' : ''
  }, [settings.colorWeak])

  useEffect(() => localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings)), [settings])

  const value = useMemo<SettingsContextValue>(
    () => ({
      settings,
      drawerOpen,
      setDrawerOpen,
      serverMenu,
      update: (changes) =>
        // Spec §4: the top menu is never collapsed.
        setSettings((current) => ({ ...current, ...changes, ...(changes.topMenu ? { menuCollapse: false } : {}) })),
    }),
    [settings, drawerOpen, serverMenu],
  )
  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>
}

export function useAppSettings(): SettingsContextValue {
  const value = useContext(SettingsContext)
  if (!value) throw new Error('useAppSettings() must be used inside <AppSettingsProvider>.')
  return value
}
