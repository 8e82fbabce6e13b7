import { Button, Dropdown } from 'antd'
import { EllipsisOutlined, MoonOutlined, SettingOutlined, SunOutlined } from '@ant-design/icons'
import { useTranslate } from '../i18n/translate'
import { LOCALE_OWN_NAMES, LOCALES } from '../providers/i18nProvider'
import { useConsole } from '../ConsoleContext'
import { useThemeMode } from '../theme/ThemeMode'
import { useAppSettings } from './AppSettings'
import { useSwitchLocale } from './LocaleSwitch'

/** The compact header's overflow: language, light or dark, and the page settings, which the wide header shows in a row. */
export function HeaderMoreMenu() {
  const t = useTranslate()
  const { locale } = useConsole()
  const switchLocale = useSwitchLocale()
  const { mode, toggle } = useThemeMode()
  const { setDrawerOpen } = useAppSettings()
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectedKeys: [locale],
        items: [
          {
            type: 'group',
            label: t('header.language'),
            // Each language named in itself, and marked so a screen reader says it so.
            children: LOCALES.map((l) => ({ key: l, label: <span lang={l}>{LOCALE_OWN_NAMES[l]}</span>, onClick: () => l !== locale && switchLocale(l) })),
          },
          { type: 'divider' },
          { key: 'theme', icon: mode === 'dark' ? <SunOutlined /> : <MoonOutlined />, label: t(mode === 'dark' ? 'theme.light' : 'theme.dark'), onClick: toggle },
          { key: 'settings', icon: <SettingOutlined />, label: t('settings.title'), onClick: () => setDrawerOpen(true) },
        ],
      }}
    >
      <Button type="text" icon={<EllipsisOutlined />} aria-label={t('header.more')} />
    </Dropdown>
  )
}
